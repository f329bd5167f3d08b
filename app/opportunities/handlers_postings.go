package opportunities

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"gerege/app/platform/markdown"
	"gerege/app/platform/notify"
	"gerege/app/platform/plans"
	"gerege/app/platform/search"
	"gerege/app/platform/web"
	"gerege/db"
)

// OrgListQuery filters the organisation's own postings.
type OrgListQuery struct {
	Status string `query:"status" enum:"draft,submitted,returned,published,closed,archived"`
	Kind   string `query:"kind" enum:"job,career,education,development,exchange,recruitment,travel"`
	Kinds  string `query:"kinds" description:"any of these kinds, comma-separated (the dashboard's jobs or tours)"`
	Q      string `query:"q" maxLength:"200"`
	After  string `query:"after"`
}

// OrgSummary is a posting in the organisation's list, with its number of applications.
type OrgSummary struct {
	Summary
	Applications int `json:"applications" description:"applications in every status"`
}

// OrgPage is a page of the organisation's postings; next is the cursor of the following page ("" at the end).
type OrgPage struct {
	Items []OrgSummary `json:"items"`
	Next  string       `json:"next"`
	// Usage is the organisation's open postings against its plan's limit (max -1: no limit).
	Usage plans.Usage `json:"usage"`
}

// OrgList is GET /api/org/opportunities: every status, most recently changed first.
func (h *Handlers) OrgList(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	q := r.URL.Query()
	c := &web.Checker{}
	c.OneOf("status", q.Get("status"), false, Statuses...)
	c.OneOf("kind", q.Get("kind"), false, Kinds...)
	var kinds []string
	if k := q.Get("kinds"); k != "" {
		kinds = strings.Split(k, ",")
		if len(kinds) > len(Kinds) {
			kinds = kinds[:len(Kinds)+1] // one too many is enough to refuse (and bounds the work)
			c.Add("kinds", web.M("validation.choice"))
		}
		for _, one := range kinds {
			c.OneOf("kinds", one, true, Kinds...)
		}
	}
	c.Text("q", q.Get("q"), false, 200)
	if err := c.Err(); err != nil {
		return err
	}
	f := db.OppFilter{OrgID: u.OrgID, Statuses: Statuses, Kind: q.Get("kind"), Kinds: kinds, Sort: "updated", Limit: 50}
	if s := q.Get("status"); s != "" {
		f.Statuses = []string{s}
	}
	if m, ok := search.Match(q.Get("q")); ok {
		f.Match = m
	}
	if a := q.Get("after"); a != "" {
		var cur db.OppCursor
		if err := decodeCursor(a, &cur); err != nil {
			return err
		}
		f.After = &cur
	}
	page, err := h.Store.SearchOpportunities(r.Context(), f)
	if err != nil {
		return err
	}
	list, err := h.page(r, page)
	if err != nil {
		return err
	}
	ids := make([]int64, len(list.Items))
	for i, s := range list.Items {
		ids[i] = s.ID
	}
	totals, err := h.Store.ApplicationTotals(r.Context(), ids)
	if err != nil {
		return err
	}
	usage, err := plans.Of(r.Context(), h.Store, u.OrgID, plans.Postings, h.Now())
	if err != nil {
		return err
	}
	out := OrgPage{Items: make([]OrgSummary, len(list.Items)), Next: list.Next, Usage: usage}
	for i, s := range list.Items {
		out.Items[i] = OrgSummary{Summary: s, Applications: totals[s.ID]}
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// own loads a posting of the caller's organisation; another organisation's is 404 (its
// existence is not theirs to know).
func (h *Handlers) own(r *http.Request) (*db.Opportunity, error) {
	id, err := pathID(r)
	if err != nil {
		return nil, err
	}
	o, err := h.Store.OpportunityByID(r.Context(), id)
	if db.IsNotFound(err) || (err == nil && o.OrgID != h.user(r).OrgID) {
		return nil, web.NotFound()
	}
	return o, err
}

func (h *Handlers) editor(ctx context.Context, u *db.User, o *db.Opportunity) (Editor, error) {
	evs, err := h.Store.OpportunityEvents(ctx, o.ID)
	if err != nil {
		return Editor{}, err
	}
	counts, err := h.Store.ApplicationCounts(ctx, o.ID)
	if err != nil {
		return Editor{}, err
	}
	e := Editor{ID: o.ID, Slug: o.Slug, Status: o.Status, ReturnReason: o.ReturnReason, CloseReason: o.CloseReason,
		Hired: o.Hired, Posting: postingOf(o), Organization: OrgRef{Name: o.OrgName, Slug: o.OrgSlug, Verified: o.OrgStatus == "verified"},
		History: eventsOf(evs), Applications: counts, CreatedAt: o.CreatedAt, UpdatedAt: o.UpdatedAt,
		SubmittedAt: ptime(o.SubmittedAt), PublishedAt: ptime(o.PublishedAt), Next: []string{}}
	manage := u != nil && (u.OrgRole == "owner" || u.OrgRole == "manager") && u.OrgID == o.OrgID
	e.Editable = manage && editable(o.Status)
	for k, who := range transitions {
		if k[0] == o.Status && ((who == "org" && manage) || (who == "admin" && u != nil && u.IsAdmin)) {
			e.Next = append(e.Next, k[1])
		}
	}
	sortByList(e.Next, Statuses)
	return e, nil
}

func sortByList(v []string, order []string) {
	idx := func(s string) int {
		for i, o := range order {
			if o == s {
				return i
			}
		}
		return len(order)
	}
	for i := 1; i < len(v); i++ {
		for j := i; j > 0 && idx(v[j]) < idx(v[j-1]); j-- {
			v[j], v[j-1] = v[j-1], v[j]
		}
	}
}

func (h *Handlers) writeEditor(w http.ResponseWriter, r *http.Request, status int, id int64) error {
	o, err := h.Store.OpportunityByID(r.Context(), id)
	if err != nil {
		return err
	}
	e, err := h.editor(r.Context(), h.user(r), o)
	if err != nil {
		return err
	}
	web.JSON(w, status, e)
	return nil
}

// searchText is what a posting is found by: both titles, both descriptions (as text), the
// organisation's name and the city.
func searchText(o *db.Opportunity) string {
	return search.Doc(o.TitleEn, o.TitleMn, o.OrgName, o.City, markdown.Plain(o.DescriptionEn), markdown.Plain(o.DescriptionMn))
}

// Create is POST /api/org/opportunities: a new draft.
func (h *Handlers) Create(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	var p Posting
	if err := web.Decode(r, &p); err != nil {
		return err
	}
	p.normalize()
	if err := p.check(false, ubDay(h.Now())); err != nil {
		return err
	}
	if err := h.rate(u, "create"); err != nil {
		return err
	}
	ctx, now := r.Context(), h.Now()
	var id int64
	err := h.Store.InTx(ctx, func(tx *db.Store) error {
		title := p.TitleEn
		if title == "" {
			title = p.TitleMn
		}
		slug, err := search.UniqueSlug(search.Slug(title), func(s string) (bool, error) { return tx.SlugTaken(ctx, "opportunities", s) })
		if err != nil {
			return err
		}
		o := &db.Opportunity{OrgID: u.OrgID, Slug: slug, CreatedBy: u.ID}
		p.toRow(o)
		id, err = tx.InsertOpportunity(ctx, o, now)
		return err
	})
	if err != nil {
		return err
	}
	return h.writeEditor(w, r, http.StatusCreated, id)
}

// Get is GET /api/org/opportunities/{id}.
func (h *Handlers) Get(w http.ResponseWriter, r *http.Request) error {
	o, err := h.own(r)
	if err != nil {
		return err
	}
	e, err := h.editor(r.Context(), h.user(r), o)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, e)
	return nil
}

// Update is PUT /api/org/opportunities/{id}: only drafts and postings sent back are edited;
// a published posting is closed and posted again.
func (h *Handlers) Update(w http.ResponseWriter, r *http.Request) error {
	o, err := h.own(r)
	if err != nil {
		return err
	}
	var p Posting
	if err := web.Decode(r, &p); err != nil {
		return err
	}
	p.normalize()
	if err := p.check(false, ubDay(h.Now())); err != nil {
		return err
	}
	if !editable(o.Status) {
		return &web.Error{Status: 409, Code: "not_editable", Message: web.M("opportunities.errors.notEditable")}
	}
	p.toRow(o)
	ctx := r.Context()
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		// Only while it is still editable: a concurrent submit wins.
		cur, err := tx.OpportunityByID(ctx, o.ID)
		if err != nil {
			return err
		}
		if !editable(cur.Status) {
			return db.ErrConflict
		}
		return tx.UpdateOpportunity(ctx, o, h.Now())
	})
	if errors.Is(err, db.ErrConflict) {
		return &web.Error{Status: 409, Code: "not_editable", Message: web.M("opportunities.errors.notEditable")}
	}
	if err != nil {
		return err
	}
	return h.writeEditor(w, r, http.StatusOK, o.ID)
}

// StatusRequest is POST /api/org/opportunities/{id}/status.
type StatusRequest struct {
	Status string `json:"status" enum:"submitted,draft,closed,archived"`
}

// SetStatus moves a posting on behalf of its organisation.
func (h *Handlers) SetStatus(w http.ResponseWriter, r *http.Request) error {
	o, err := h.own(r)
	if err != nil {
		return err
	}
	var req StatusRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	c := &web.Checker{}
	c.OneOf("status", req.Status, true, []string{"submitted", "draft", "closed", "archived"}...)
	if err := c.Err(); err != nil {
		return err
	}
	if transitions[[2]string{o.Status, req.Status}] != "org" {
		return &web.Error{Status: 409, Code: "bad_transition", Message: web.M("opportunities.errors.transition")}
	}
	u, now := h.user(r), h.Now()
	if req.Status == "submitted" {
		// Everything publishing needs, and the fee rule.
		if err := h.idVerified(r, u); err != nil {
			return err
		}
		p := postingOf(o)
		if err := p.check(true, ubDay(now)); err != nil {
			return err
		}
	}
	ctx := r.Context()
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		if req.Status == "submitted" {
			// The plan's open postings, counted in the transaction that opens one more.
			if err := plans.Check(ctx, tx, o.OrgID, plans.Postings, now); err != nil {
				return err
			}
		}
		ch := db.StatusChange{ID: o.ID, From: o.Status, To: req.Status, Actor: u.ID, At: now}
		if req.Status == "closed" {
			ch.CloseReason = "owner"
		}
		if err := tx.SetOpportunityStatus(ctx, ch); err != nil {
			return err
		}
		if req.Status == "closed" || req.Status == "archived" {
			return tx.IndexOpportunity(ctx, o.ID, "")
		}
		return nil
	})
	if errors.Is(err, db.ErrConflict) {
		return web.Conflict(web.M("opportunities.errors.changed"))
	}
	if err != nil {
		return err
	}
	return h.writeEditor(w, r, http.StatusOK, o.ID)
}

// Queue is GET /api/admin/opportunities/queue.
func (h *Handlers) Queue(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	ps, err := h.Store.SubmittedStats(ctx)
	if err != nil {
		return err
	}
	os, err := h.Store.PendingOrgStats(ctx)
	if err != nil {
		return err
	}
	out := Queue{Postings: []Editor{}, Organizations: []OrgView{}, PostingsWaiting: ps.Count, OldestPosting: ptime(ps.Oldest),
		OrganizationsWaiting: os.Count, OldestOrganization: ptime(os.Oldest)}
	page, err := h.Store.SearchOpportunities(ctx, db.OppFilter{Statuses: []string{"submitted"}, Sort: "updated", Limit: 100})
	if err != nil {
		return err
	}
	u := h.user(r)
	for _, o := range page.Items {
		e, err := h.editor(ctx, u, o)
		if err != nil {
			return err
		}
		out.Postings = append(out.Postings, e)
	}
	orgs, err := h.Store.OrgsByStatus(ctx, "pending", 100)
	if err != nil {
		return err
	}
	for _, p := range orgs {
		out.Organizations = append(out.Organizations, orgViewOf(p))
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// DecisionRequest is POST /api/admin/opportunities/decisions.
type DecisionRequest struct {
	IDs      []int64 `json:"ids" minItems:"1" maxItems:"100"`
	Decision string  `json:"decision" enum:"approve,return"`
	Reason   string  `json:"reason" description:"required to send back"`
}

// DecisionResult says what happened to each posting.
type DecisionResult struct {
	Done    []int64           `json:"done"`
	Refused map[string]string `json:"refused" description:"id → why it was not done, in the request's language"`
}

// Decide approves or sends back postings (one or many). A posting whose organisation is not
// verified, or that breaks a rule publishing needs, is refused with the reason.
func (h *Handlers) Decide(w http.ResponseWriter, r *http.Request) error {
	var req DecisionRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	req.Reason = strings.TrimSpace(req.Reason)
	c := &web.Checker{}
	c.OneOf("decision", req.Decision, true, []string{"approve", "return"}...)
	c.Text("reason", req.Reason, req.Decision == "return", maxReason)
	if len(req.IDs) == 0 || len(req.IDs) > 100 {
		c.Add("ids", web.M("opportunities.errors.range", "min", 1, "max", 100))
	}
	if err := c.Err(); err != nil {
		return err
	}
	ctx, now, admin, lang := r.Context(), h.Now(), h.user(r), web.Lang(r)
	out := DecisionResult{Done: []int64{}, Refused: map[string]string{}}
	refuse := func(id int64, key string) { out.Refused[itoa64(id)] = web.TLang(lang, key) }
	for _, id := range req.IDs {
		o, err := h.Store.OpportunityByID(ctx, id)
		if db.IsNotFound(err) {
			refuse(id, "errors.notFound")
			continue
		}
		if err != nil {
			return err
		}
		if o.Status != "submitted" {
			refuse(id, "opportunities.errors.transition")
			continue
		}
		to := "returned"
		if req.Decision == "approve" {
			to = "published"
			if o.OrgStatus != "verified" {
				refuse(id, "opportunities.errors.orgNotVerified")
				continue
			}
			p := postingOf(o)
			if err := p.check(true, ubDay(now)); err != nil {
				refuse(id, "opportunities.errors.incomplete")
				continue
			}
		}
		err = h.Store.InTx(ctx, func(tx *db.Store) error {
			if err := tx.SetOpportunityStatus(ctx, db.StatusChange{ID: id, From: "submitted", To: to, Actor: admin.ID,
				Note: req.Reason, At: now}); err != nil {
				return err
			}
			if to == "published" {
				if err := tx.IndexOpportunity(ctx, id, searchText(o)); err != nil {
					return err
				}
			}
			if err := notifyStaff(ctx, tx, o.OrgID, notify.Notification{Kind: PostingDecided.Name, At: now,
				Params: map[string]string{"title.en": o.TitleEn, "title.mn": o.TitleMn, "status": to, "reason": req.Reason},
				Link:   "/dashboard/job/" + itoa64(id)}, "owner", "manager"); err != nil {
				return err
			}
			return nil
		})
		if errors.Is(err, db.ErrConflict) {
			refuse(id, "opportunities.errors.changed")
			continue
		}
		if err != nil {
			return err
		}
		out.Done = append(out.Done, id)
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

func itoa64(i int64) string { return itoa(int(i)) }

// closeExpired closes published postings whose deadline has passed (Ulaanbaatar time).
func (h *Handlers) closeExpired(ctx context.Context, now time.Time) error {
	for {
		ids, err := h.Store.ExpiredOpportunities(ctx, ubDay(now), 200)
		if err != nil || len(ids) == 0 {
			return err
		}
		for _, id := range ids {
			err := h.Store.InTx(ctx, func(tx *db.Store) error {
				if err := tx.SetOpportunityStatus(ctx, db.StatusChange{ID: id, From: "published", To: "closed",
					CloseReason: "deadline", At: now}); err != nil {
					return err
				}
				return tx.IndexOpportunity(ctx, id, "")
			})
			if err != nil && !errors.Is(err, db.ErrConflict) {
				return err
			}
		}
	}
}
