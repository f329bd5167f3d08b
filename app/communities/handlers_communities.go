package communities

// Communities: the list, one community, creating and requesting one, the platform admins'
// decisions, and the settings its admins edit.

import (
	"context"
	"net/http"
	"slices"
	"strings"

	"gerege/app/platform/authz"
	"gerege/app/platform/markdown"
	"gerege/app/platform/notify"
	"gerege/app/platform/plans"
	"gerege/app/platform/search"
	"gerege/app/platform/web"
	"gerege/db"
)

const communityPage = 20

// ListCommunities is GET /api/communities.
func (h *Handlers) ListCommunities(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	q := r.URL.Query()
	f := db.CommunityFilter{Limit: communityPage}
	if u != nil {
		f.Viewer = u.ID
	}
	if m, ok := search.Match(q.Get("q")); ok {
		f.Match = m
	}
	if a := q.Get("after"); a != "" {
		var c db.CommunityCursor
		if err := web.DecodeCursor(a, &c); err != nil {
			return err
		}
		f.After = &c
	}
	list, next, err := h.Store.ListCommunities(r.Context(), f)
	if err != nil {
		return err
	}
	out, err := h.communityList(r.Context(), web.Lang(r), u, list)
	if err != nil {
		return err
	}
	if next != nil {
		out.Next = web.EncodeCursor(next)
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

func (h *Handlers) communityList(ctx context.Context, lang string, u *db.User, list []*db.Community) (CommunityList, error) {
	out := CommunityList{Items: make([]CommunitySummary, 0, len(list))}
	for _, c := range list {
		var m *db.CommunityMember
		if u != nil {
			var err error
			m, err = h.Store.CommunityMemberOf(ctx, c.ID, u.ID)
			if err != nil && !db.IsNotFound(err) {
				return out, err
			}
		}
		out.Items = append(out.Items, summaryOfCommunity(lang, c, m))
	}
	return out, nil
}

// GetCommunity is GET /api/communities/{slug}.
func (h *Handlers) GetCommunity(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	c, a, err := h.community(r, u)
	if err != nil {
		return err
	}
	d, err := h.detail(r.Context(), web.Lang(r), u, c, a)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, d)
	return nil
}

// can is what u may do in c with access a.
func (h *Handlers) can(u *db.User, c *db.Community, a Access) Can {
	signedIn := u != nil && canParticipate(u)
	member := a.Member != nil
	return Can{
		Read:        a.Read,
		Join:        signedIn && c.Status == "active" && !member,
		Leave:       member && a.Member.Status != "banned" && a.Member.Status != "suspended",
		Participate: a.Participate,
		Moderate:    a.Moderate,
		Admin:       a.Admin,
		Follow:      signedIn && a.Read && c.Status == "active",
	}
}

// detail is the view of community c for u. People who may not read it get only its names,
// descriptions and rules.
func (h *Handlers) detail(ctx context.Context, lang string, u *db.User, c *db.Community, a Access) (CommunityDetail, error) {
	d := CommunityDetail{CommunitySummary: summaryOfCommunity(lang, c, a.Member),
		NameEn: c.NameEn, NameMn: c.NameMn, DescriptionEn: c.DescriptionEn, DescriptionMn: c.DescriptionMn,
		RulesEn: c.RulesEn, RulesMn: c.RulesMn,
		DescriptionHTML: string(markdown.HTML(commPick(lang, c.DescriptionEn, c.DescriptionMn))),
		RulesHTML:       string(markdown.HTML(commPick(lang, c.RulesEn, c.RulesMn))),
		Forums:          []ForumView{}, Can: h.can(u, c, a)}
	if !a.Read {
		return d, nil
	}
	d.PostCount = c.PostCount
	if a.Admin || a.Moderate {
		d.AutoHide = c.AutoHide
	}
	if a.Admin {
		d.Reason = c.Reason
	}
	forums, err := h.Store.ForumsOf(ctx, c.ID)
	if err != nil {
		return d, err
	}
	for _, f := range forums {
		fv := forumViewOf(lang, f)
		if u != nil {
			fv.Follow.Following, fv.Follow.Email, err = h.Store.FollowOf(ctx, u.ID, "forum", f.ID)
			if err != nil {
				return d, err
			}
		}
		d.Forums = append(d.Forums, fv)
	}
	if u != nil {
		d.Follow.Following, d.Follow.Email, err = h.Store.FollowOf(ctx, u.ID, "community", c.ID)
		if err != nil {
			return d, err
		}
	}
	if a.Moderate {
		if d.PendingCount, err = h.Store.CountPendingMembers(ctx, c.ID); err != nil {
			return d, err
		}
	}
	return d, nil
}

// detailOf re-reads the community and answers its view.
func (h *Handlers) detailOf(w http.ResponseWriter, r *http.Request, u *db.User, id int64, status int) error {
	c, err := h.Store.CommunityByID(r.Context(), id)
	if err != nil {
		return err
	}
	a, err := h.access(r.Context(), u, id)
	if err != nil {
		return err
	}
	d, err := h.detail(r.Context(), web.Lang(r), u, c, a)
	if err != nil {
		return err
	}
	web.JSON(w, status, d)
	return nil
}

// communitySlug is a new community's slug: from its English name, else its Mongolian one.
func communityBase(req *CommunityRequest) string {
	base := search.Slug(req.NameEn)
	if base == "" {
		base = search.Slug(req.NameMn)
	}
	if base == "" {
		base = "community"
	}
	return base
}

func searchDoc(c *db.Community) string {
	return search.Doc(c.NameEn, c.NameMn, markdown.Plain(c.DescriptionEn), markdown.Plain(c.DescriptionMn))
}

// create stores a new community with u as its admin.
func (h *Handlers) create(ctx context.Context, u *db.User, req *CommunityRequest, status string, orgID int64) (int64, error) {
	var id int64
	now := h.Now()
	err := h.Store.InTx(ctx, func(tx *db.Store) error {
		if orgID != 0 {
			// An organisation's communities count against its plan (counted in this
			// transaction); platform admins creating one themselves are not limited.
			if err := plans.Check(ctx, tx, orgID, plans.Communities, now); err != nil {
				return err
			}
		}
		c := &db.Community{Status: status, OrganizationID: orgID, CreatedBy: u.ID}
		req.toRow(c)
		slug, err := search.UniqueSlug(communityBase(req), func(s string) (bool, error) { return tx.CommunitySlugTaken(ctx, s) })
		if err != nil {
			return err
		}
		c.Slug = slug
		if id, err = tx.CreateCommunity(ctx, c, now); err != nil {
			return err
		}
		c.ID = id
		if err := tx.PutMember(ctx, id, u.ID, "admin", "active", now); err != nil {
			return err
		}
		if _, err := h.ensureProfile(ctx, tx, u); err != nil {
			return err
		}
		if status == "requested" {
			admins, err := tx.PlatformAdmins(ctx)
			if err != nil {
				return err
			}
			for _, a := range admins {
				if err := notify.Send(ctx, tx, notify.Notification{UserID: a, Kind: CommunityRequested.Name,
					Params: map[string]string{"name.en": c.NameEn, "name.mn": c.NameMn, "organization": u.OrgName},
					Link:   "/dashboard/communities", At: now}); err != nil {
					return err
				}
			}
			return nil
		}
		return tx.IndexCommunity(ctx, id, searchDoc(c))
	})
	return id, err
}

// CreateCommunity is POST /api/communities: a platform admin creates an active community.
func (h *Handlers) CreateCommunity(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	var req CommunityRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	if err := req.check(); err != nil {
		return err
	}
	if err := h.limit(u, "community"); err != nil {
		return err
	}
	id, err := h.create(r.Context(), u, &req, "active", 0)
	if err != nil {
		return err
	}
	return h.detailOf(w, r, u, id, http.StatusCreated)
}

// RequestCommunity is POST /api/communities/requests: an enterprise owner or manager asks for
// a community of their organisation.
func (h *Handlers) RequestCommunity(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	var req CommunityRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	if err := req.check(); err != nil {
		return err
	}
	if err := h.idVerified(r.Context(), u); err != nil {
		return err
	}
	if err := h.limit(u, "community"); err != nil {
		return err
	}
	id, err := h.create(r.Context(), u, &req, "requested", u.OrgID)
	if err != nil {
		return err
	}
	return h.detailOf(w, r, u, id, http.StatusCreated)
}

// UpdateCommunity is PUT /api/communities/{slug}: its admins edit it (a request can be
// edited by its requester while it waits).
func (h *Handlers) UpdateCommunity(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	c, _, err := h.adminOf(r, u)
	if err != nil {
		return err
	}
	var req CommunityRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	if err := req.check(); err != nil {
		return err
	}
	ctx := r.Context()
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		req.toRow(c)
		if err := tx.UpdateCommunity(ctx, c, h.Now()); err != nil {
			return err
		}
		if c.Status != "active" {
			return tx.IndexCommunity(ctx, c.ID, "")
		}
		return tx.IndexCommunity(ctx, c.ID, searchDoc(c))
	})
	if err != nil {
		return err
	}
	return h.detailOf(w, r, u, c.ID, http.StatusOK)
}

func myCommunityOf(lang string, mc db.MyCommunity) MyCommunity {
	var m *db.CommunityMember
	if mc.Role != "" {
		m = &db.CommunityMember{Role: mc.Role, Status: mc.Status}
	}
	return MyCommunity{CommunitySummary: summaryOfCommunity(lang, mc.Community, m), Reason: mc.Community.Reason,
		CreatedAt: mc.Community.CreatedAt}
}

// MyCommunities is GET /api/me/communities.
func (h *Handlers) MyCommunities(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	list, err := h.Store.CommunitiesOf(r.Context(), u.ID)
	if err != nil {
		return err
	}
	lang := web.Lang(r)
	out := MyCommunities{Items: []MyCommunity{}, CanCreate: authz.Can(u, authz.CommunitiesAdmin),
		CanRequest: authz.Can(u, authz.CommunitiesRequest)}
	for _, mc := range list {
		out.Items = append(out.Items, myCommunityOf(lang, mc))
	}
	if out.CanRequest && u.OrgID != 0 {
		usage, err := plans.Of(r.Context(), h.Store, u.OrgID, plans.Communities, h.Now())
		if err != nil {
			return err
		}
		out.Usage = &usage
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// CommunityQueue is GET /api/admin/communities.
func (h *Handlers) CommunityQueue(w http.ResponseWriter, r *http.Request) error {
	status := r.URL.Query().Get("status")
	if status == "" {
		status = "requested"
	}
	if !slices.Contains(CommunityStates, status) {
		return web.Invalid(map[string]web.Msg{"status": web.M("validation.choice")})
	}
	ctx := r.Context()
	list, err := h.Store.CommunitiesByStatus(ctx, []string{status}, 200)
	if err != nil {
		return err
	}
	counts, err := h.Store.CountCommunitiesByStatus(ctx)
	if err != nil {
		return err
	}
	lang := web.Lang(r)
	out := CommunityQueue{Items: []QueuedCommunity{}, Counts: map[string]int{}}
	for _, st := range CommunityStates {
		out.Counts[st] = counts[st]
	}
	for _, c := range list {
		out.Items = append(out.Items, QueuedCommunity{CommunitySummary: summaryOfCommunity(lang, c, nil),
			Requester: strings.TrimSpace(c.CreatorName), Reason: c.Reason, CreatedAt: c.CreatedAt})
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// DecideCommunity is POST /api/admin/communities/{id}/status.
func (h *Handlers) DecideCommunity(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	id, err := pathInt(r, "id")
	if err != nil {
		return err
	}
	var req CommunityDecision
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	ctx, now := r.Context(), h.Now()
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		c, err := tx.CommunityByID(ctx, id)
		if db.IsNotFound(err) {
			return web.NotFound()
		}
		if err != nil {
			return err
		}
		if err := req.check(c.Status); err != nil {
			return err
		}
		from := c.Status
		if err := tx.SetCommunityStatus(ctx, id, req.Status, req.Reason, u.ID, now); err != nil {
			return err
		}
		c.Status = req.Status
		doc := ""
		if req.Status == "active" {
			doc = searchDoc(c)
		}
		if err := tx.IndexCommunity(ctx, id, doc); err != nil {
			return err
		}
		// Approving a request: the requester runs the community as its admin.
		if from == "requested" && req.Status == "active" && c.CreatedBy != 0 {
			if err := tx.PutMember(ctx, id, c.CreatedBy, "admin", "active", now); err != nil {
				return err
			}
		}
		// The requester (or, for a running community, its admins) hear the decision.
		to := []int64{}
		if from == "requested" && c.CreatedBy != 0 {
			to = append(to, c.CreatedBy)
		} else {
			if to, err = tx.CommunityStaff(ctx, id, "admin"); err != nil {
				return err
			}
		}
		for _, uid := range to {
			if uid == u.ID {
				continue
			}
			if err := notify.Send(ctx, tx, notify.Notification{UserID: uid, Kind: CommunityDecided.Name,
				Params: map[string]string{"name.en": c.NameEn, "name.mn": c.NameMn, "status": req.Status, "reason": req.Reason},
				Link:   "/dashboard/communities", At: now}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return h.detailOf(w, r, u, id, http.StatusOK)
}
