package communities

// Membership: joining and leaving, the members list, roles, and requests to join.

import (
	"net/http"
	"strconv"

	"gerege/app/platform/notify"
	"gerege/app/platform/web"
	"gerege/db"
)

const memberPage = 50

// Join is PUT /api/communities/{slug}/membership.
func (h *Handlers) Join(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	c, a, err := h.community(r, u)
	if err != nil {
		return err
	}
	if c.Status != "active" {
		return &web.Error{Status: 409, Code: "not_active", Message: web.M("communities.errors.notActive")}
	}
	if m := a.Member; m != nil {
		switch m.Status {
		case "banned":
			return &web.Error{Status: 403, Code: "banned", Message: web.M("communities.errors.banned")}
		case "pending":
			return &web.Error{Status: 409, Code: "pending", Message: web.M("communities.errors.alreadyPending")}
		}
		return h.detailOf(w, r, u, c.ID, http.StatusOK) // already a member
	}
	if err := h.limit(u, "join"); err != nil {
		return err
	}
	ctx, now := r.Context(), h.Now()
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		if _, err := h.ensureProfile(ctx, tx, u); err != nil {
			return err
		}
		if c.JoinPolicy == "open" {
			return tx.PutMember(ctx, c.ID, u.ID, "member", "active", now)
		}
		if err := tx.PutMember(ctx, c.ID, u.ID, "member", "pending", now); err != nil {
			return err
		}
		admins, err := tx.CommunityStaff(ctx, c.ID, "admin")
		if err != nil {
			return err
		}
		for _, id := range admins {
			if err := notify.Send(ctx, tx, notify.Notification{UserID: id, Kind: JoinRequested.Name,
				Params: map[string]string{"name.en": c.NameEn, "name.mn": c.NameMn, "person": u.FirstName + " " + u.LastName},
				Link:   "/dashboard/communities/" + c.Slug, At: now}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return h.detailOf(w, r, u, c.ID, http.StatusOK)
}

// Leave is DELETE /api/communities/{slug}/membership.
func (h *Handlers) Leave(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	c, a, err := h.community(r, u)
	if err != nil {
		return err
	}
	m := a.Member
	if m == nil {
		return h.detailOf(w, r, u, c.ID, http.StatusOK)
	}
	if m.Status == "banned" || m.Status == "suspended" {
		return &web.Error{Status: 409, Code: "cannot_leave", Message: web.M("communities.errors.cannotLeave")}
	}
	ctx := r.Context()
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		if m.Role == "admin" && m.Status == "active" {
			n, err := tx.CountAdmins(ctx, c.ID)
			if err != nil {
				return err
			}
			if n <= 1 {
				return lastAdminError()
			}
		}
		return tx.RemoveMember(ctx, c.ID, u.ID)
	})
	if err != nil {
		return err
	}
	return h.detailOf(w, r, u, c.ID, http.StatusOK)
}

// Members is GET /api/communities/{slug}/members.
func (h *Handlers) Members(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	c, a, err := h.community(r, u)
	if err != nil {
		return err
	}
	if !a.Read {
		return &web.Error{Status: 403, Code: "members_only", Message: web.M("communities.errors.membersOnly")}
	}
	q := r.URL.Query()
	f := db.MemberFilter{CommunityID: c.ID, Limit: memberPage}
	switch st := q.Get("status"); st {
	case "", "active":
	case "pending", "banned":
		if !a.Moderate {
			return web.Forbidden()
		}
		f.Statuses = []string{st}
	default:
		return web.Invalid(map[string]web.Msg{"status": web.M("validation.choice")})
	}
	if u != nil {
		f.Viewer = u.ID
	}
	if s := q.Get("after"); s != "" {
		var after int64
		if err := web.DecodeCursor(s, &after); err != nil {
			return err
		}
		f.After = after
	}
	list, more, err := h.Store.CommunityMembers(r.Context(), f)
	if err != nil {
		return err
	}
	out := MemberList{Items: make([]MemberView, 0, len(list))}
	for _, m := range list {
		out.Items = append(out.Items, memberViewOf(m))
	}
	if more {
		out.Next = web.EncodeCursor(list[len(list)-1].UserID)
	}
	if a.Moderate {
		if out.PendingCount, err = h.Store.CountPendingMembers(r.Context(), c.ID); err != nil {
			return err
		}
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// memberOf is the member of the path's {user} in community c.
func (h *Handlers) memberOf(r *http.Request, c *db.Community) (*db.CommunityMember, error) {
	id, err := pathInt(r, "user")
	if err != nil {
		return nil, err
	}
	m, err := h.Store.CommunityMemberOf(r.Context(), c.ID, id)
	if db.IsNotFound(err) {
		return nil, web.NotFound()
	}
	return m, err
}

// memberView reads one member back for the answer.
func (h *Handlers) memberView(r *http.Request, communityID, userID int64) (*MemberView, error) {
	list, _, err := h.Store.CommunityMembers(r.Context(), db.MemberFilter{CommunityID: communityID, After: userID - 1, Limit: 1,
		Statuses: []string{"pending", "active", "suspended", "banned"}})
	if err != nil {
		return nil, err
	}
	if len(list) == 0 || list[0].UserID != userID {
		return nil, web.NotFound()
	}
	v := memberViewOf(list[0])
	return &v, nil
}

// SetRole is PUT /api/communities/{slug}/members/{user}/role.
func (h *Handlers) SetRole(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	c, a, err := h.community(r, u)
	if err != nil {
		return err
	}
	if !a.Admin || c.Status != "active" {
		return web.Forbidden()
	}
	m, err := h.memberOf(r, c)
	if err != nil {
		return err
	}
	var req RoleRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	ch := &web.Checker{}
	ch.OneOf("role", req.Role, true, CommunityRoles...)
	if err := ch.Err(); err != nil {
		return err
	}
	if m.Status != "active" {
		return &web.Error{Status: 409, Code: "not_member", Message: web.M("communities.errors.notMember")}
	}
	ctx := r.Context()
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		if m.Role == "admin" && req.Role != "admin" {
			n, err := tx.CountAdmins(ctx, c.ID)
			if err != nil {
				return err
			}
			if n <= 1 {
				return lastAdminError()
			}
		}
		return tx.SetMemberRole(ctx, c.ID, m.UserID, req.Role)
	})
	if err != nil {
		return err
	}
	v, err := h.memberView(r, c.ID, m.UserID)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, v)
	return nil
}

// DecideJoin is POST /api/communities/{slug}/members/{user}/decision.
func (h *Handlers) DecideJoin(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	c, a, err := h.community(r, u)
	if err != nil {
		return err
	}
	if !a.Admin || c.Status != "active" {
		return web.Forbidden()
	}
	m, err := h.memberOf(r, c)
	if err != nil {
		return err
	}
	var req JoinDecision
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	if m.Status != "pending" {
		return &web.Error{Status: 409, Code: "not_pending", Message: web.M("communities.errors.notPending")}
	}
	ctx, now := r.Context(), h.Now()
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		if req.Approve {
			if err := tx.SetMemberStatus(ctx, c.ID, m.UserID, "active", now); err != nil {
				return err
			}
		} else if err := tx.RemoveMember(ctx, c.ID, m.UserID); err != nil {
			return err
		}
		return notify.Send(ctx, tx, notify.Notification{UserID: m.UserID, Kind: JoinDecided.Name,
			Params: map[string]string{"name.en": c.NameEn, "name.mn": c.NameMn, "decision": strconv.FormatBool(req.Approve)},
			Link:   "/forums/" + c.Slug, At: now})
	})
	if err != nil {
		return err
	}
	out := JoinResult{Approved: req.Approve}
	if req.Approve {
		if out.Member, err = h.memberView(r, c.ID, m.UserID); err != nil {
			return err
		}
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}
