package people

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"gerege/app/platform/authn"
	"gerege/app/platform/authz"
	"gerege/app/platform/web"
	"gerege/db"
)

// MaxName is the longest first or last name (the account forms' limit).
const MaxName = 100

func caller(r *http.Request) *db.User { return authn.UserOf(r) }

// badQuery turns the checker's field errors about a query string into a 400 on those fields.
func badQuery(err error) error {
	if e := web.AsError(err); e != nil && e.Status == 422 {
		return &web.Error{Status: 400, Code: "bad_query", Message: web.M("errors.validation"), Fields: e.Fields}
	}
	return err
}

// List is GET /api/people.
func (h *Handlers) List(w http.ResponseWriter, r *http.Request) error {
	me := caller(r)
	q := r.URL.Query()
	f := db.PeopleFilter{Query: q.Get("q"), Role: q.Get("role"), Verified: q.Get("verified"), Status: q.Get("status"),
		Sort: q.Get("sort"), Limit: 20}
	c := &web.Checker{}
	c.Text("q", f.Query, false, 200)
	c.OneOf("role", f.Role, false, "individual", "owner", "manager", "counselor", "staff", "admin")
	c.OneOf("verified", f.Verified, false, "email", "id")
	c.OneOf("status", f.Status, false, "active", "suspended")
	c.OneOf("sort", f.Sort, false, "name", "created", "lastSignIn")
	if v := q.Get("org"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			c.Add("org", web.M("validation.choice"))
		}
		f.OrgID = n
	}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 100 {
			c.Add("limit", web.M("validation.choice"))
		}
		f.Limit = n
	}
	if err := c.Err(); err != nil {
		return badQuery(err)
	}
	if (f.Sort == "" || f.Sort == "name") && web.Lang(r) == "mn" {
		f.Sort = "surname" // names are written surname first in Mongolian: the list is in that order
	}
	if v := q.Get("after"); v != "" {
		var cur db.PeopleCursor
		if err := web.DecodeCursor(v, &cur); err != nil {
			return err
		}
		if cur.ID <= 0 {
			return web.BadCursor()
		}
		f.After = &cur
	}
	if !authz.Can(me, authz.PeopleManage) {
		// An owner sees their organisation's members and nobody else.
		if f.OrgID != 0 && f.OrgID != me.OrgID {
			web.JSON(w, http.StatusOK, PeoplePage{Items: []PersonView{}})
			return nil
		}
		f.OrgID = me.OrgID
	}
	page, err := h.Store.People(r.Context(), f)
	if err != nil {
		return err
	}
	admins, err := h.Store.ActiveAdmins(r.Context())
	if err != nil {
		return err
	}
	lang := web.Lang(r)
	out := PeoplePage{Items: make([]PersonView, 0, len(page.Items))}
	for i := range page.Items {
		p := &page.Items[i]
		if Decide(me, asUser(p), View, admins) != nil {
			continue // never: the filter keeps owners inside their organisation
		}
		out.Items = append(out.Items, personView(lang, p, rightsOf(me, asUser(p), admins)))
	}
	if page.Next != nil {
		out.Next = web.EncodeCursor(page.Next)
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// Options is GET /api/people/options.
func (h *Handlers) Options(w http.ResponseWriter, r *http.Request) error {
	me := caller(r)
	all := authz.Can(me, authz.PeopleManage)
	var orgs []db.OrgOption
	var err error
	switch {
	case all:
		orgs, err = h.Store.Organizations(r.Context(), 0, 500)
	case me.OrgID != 0:
		orgs, err = h.Store.Organizations(r.Context(), me.OrgID, 1)
	}
	if err != nil {
		return err
	}
	out := Options{All: all, Organizations: make([]OrgOption, 0, len(orgs)), InviteRoles: staffRoles,
		Roles: []string{"owner", "manager", "counselor"}, DeskLevels: deskLevels}
	if all {
		out.Roles = []string{"individual", "owner", "manager", "counselor", "staff", "admin"}
	}
	for _, o := range orgs {
		out.Organizations = append(out.Organizations, OrgOption{ID: o.ID, Name: o.Name})
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

func personID(r *http.Request) int64 {
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil || id <= 0 {
		return 0
	}
	return id
}

// load reads the account the path names as the rule sees it, through s (the transaction's
// store for changes), with the number of active admins; 404 when the caller may not see it.
func (h *Handlers) load(r *http.Request, s *db.Store) (*db.ManagedUser, int, error) {
	id := personID(r)
	if id == 0 {
		return nil, 0, web.NotFound()
	}
	p, err := s.ManagedUserByID(r.Context(), id)
	if db.IsNotFound(err) {
		return nil, 0, web.NotFound()
	}
	if err != nil {
		return nil, 0, err
	}
	admins, err := s.ActiveAdmins(r.Context())
	if err != nil {
		return nil, 0, err
	}
	if err := Decide(caller(r), asUser(p), View, admins); err != nil {
		return nil, 0, err
	}
	return p, admins, nil
}

// answer writes the account as it is now.
func (h *Handlers) answer(w http.ResponseWriter, r *http.Request) error {
	p, admins, err := h.load(r, h.Store)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, personView(web.Lang(r), p, rightsOf(caller(r), asUser(p), admins)))
	return nil
}

// Get is GET /api/people/{id}.
func (h *Handlers) Get(w http.ResponseWriter, r *http.Request) error { return h.answer(w, r) }

// change runs fn in one transaction with the account loaded in it (so the rule sees what the
// change will change, and two admins cannot both demote the other last admin).
func (h *Handlers) change(w http.ResponseWriter, r *http.Request, fn func(tx *db.Store, p *db.ManagedUser, admins int) error) error {
	err := h.Store.InTx(r.Context(), func(tx *db.Store) error {
		p, admins, err := h.load(r, tx)
		if err != nil {
			return err
		}
		return fn(tx, p, admins)
	})
	if err != nil {
		return err
	}
	return h.answer(w, r)
}

// Update is PATCH /api/people/{id}: name and organisation role.
func (h *Handlers) Update(w http.ResponseWriter, r *http.Request) error {
	var req UpdateRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	c := &web.Checker{}
	trim := func(field string, v *string) {
		if v != nil {
			*v = strings.TrimSpace(*v)
			c.Text(field, *v, true, MaxName)
		}
	}
	trim("firstName", req.FirstName)
	trim("lastName", req.LastName)
	if req.OrgRole != nil {
		c.OneOf("orgRole", *req.OrgRole, true, staffRoles...)
	}
	if err := c.Err(); err != nil {
		return err
	}
	me := caller(r)
	return h.change(w, r, func(tx *db.Store, p *db.ManagedUser, admins int) error {
		t, ctx, now := asUser(p), r.Context(), h.Now()
		first, last := p.FirstName, p.LastName
		if req.FirstName != nil {
			first = *req.FirstName
		}
		if req.LastName != nil {
			last = *req.LastName
		}
		if first != p.FirstName || last != p.LastName {
			if err := Decide(me, t, Rename, admins); err != nil {
				return err
			}
			if err := tx.SetName(ctx, p.ID, first, last, now); err != nil {
				return err
			}
			if err := h.auditIn(tx, r, "person.updated", me.ID, p.ID, db.DetailRenamed); err != nil {
				return err
			}
		}
		if req.OrgRole != nil && *req.OrgRole != p.OrgRole {
			if err := Decide(me, t, SetOrgRole, admins); err != nil {
				return err
			}
			if err := tx.SetOrgRole(ctx, p.ID, p.OrgID, *req.OrgRole); err != nil {
				return err
			}
			if err := h.auditIn(tx, r, "role.changed", me.ID, p.ID, orgRoleDetail(*req.OrgRole)); err != nil {
				return err
			}
		}
		return nil
	})
}

func orgRoleDetail(role string) string {
	if role == "manager" {
		return db.DetailOrgRoleManager
	}
	return db.DetailOrgRoleCounselor
}

// SetRoles is PUT /api/people/{id}/roles (admins): platform administration, the forms desk
// and the organisation. Grants go through the same store calls and audit details as the
// admin settings page (app/admin), here with the rule's checks.
func (h *Handlers) SetRoles(w http.ResponseWriter, r *http.Request) error {
	var req RolesRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	c := &web.Checker{}
	if req.DeskLevel != nil {
		c.OneOf("deskLevel", *req.DeskLevel, true, deskLevels...)
	}
	if req.OrgRole != nil {
		c.OneOf("orgRole", *req.OrgRole, true, staffRoles...)
	}
	if req.OrganizationID != nil && *req.OrganizationID < 0 {
		c.Add("organizationId", web.M("validation.choice"))
	}
	if err := c.Err(); err != nil {
		return err
	}
	me := caller(r)
	return h.change(w, r, func(tx *db.Store, p *db.ManagedUser, admins int) error {
		t, ctx, now := asUser(p), r.Context(), h.Now()
		if req.Admin != nil && *req.Admin != p.IsAdmin {
			action, detail := RevokeAdmin, db.DetailAdminRevoked
			if *req.Admin {
				action, detail = GrantAdmin, db.DetailAdminGranted
			}
			if err := Decide(me, t, action, admins); err != nil {
				return err
			}
			if err := tx.SetAdmin(ctx, p.ID, *req.Admin, now); err != nil {
				return err
			}
			if err := h.auditIn(tx, r, "role.changed", me.ID, p.ID, detail); err != nil {
				return err
			}
		}
		if req.DeskLevel != nil && *req.DeskLevel != deskLevel(p.Staff) {
			if err := Decide(me, t, SetDesk, admins); err != nil {
				return err
			}
			level := map[string]int{"none": 0, "desk": 1, "sensitive": 2}[*req.DeskLevel]
			if err := tx.SetStaff(ctx, p.ID, level, now); err != nil {
				return err
			}
			if err := h.auditIn(tx, r, "role.changed", me.ID, p.ID, db.Detail(db.DetailStaff, *req.DeskLevel)); err != nil {
				return err
			}
		}
		if req.OrganizationID != nil && *req.OrganizationID != p.OrgID {
			if err := Decide(me, t, SetOrg, admins); err != nil {
				return err
			}
			org, role := *req.OrganizationID, "counselor"
			if req.OrgRole != nil {
				role = *req.OrgRole
			}
			detail := db.DetailOrgLeft
			if org != 0 {
				detail = db.DetailOrgMoved
				if found, err := tx.Organizations(ctx, org, 1); err != nil {
					return err
				} else if len(found) == 0 {
					return web.Invalid(map[string]web.Msg{"organizationId": web.M("validation.choice")})
				}
			}
			if err := tx.MoveToOrg(ctx, p.ID, org, role, now); err != nil {
				return err
			}
			if err := h.auditIn(tx, r, "role.changed", me.ID, p.ID, detail); err != nil {
				return err
			}
		}
		return nil
	})
}

// Suspend is POST /api/people/{id}/suspend: the account, its sessions and tokens end at once.
func (h *Handlers) Suspend(w http.ResponseWriter, r *http.Request) error {
	me := caller(r)
	return h.change(w, r, func(tx *db.Store, p *db.ManagedUser, admins int) error {
		if err := Decide(me, asUser(p), Suspend, admins); err != nil {
			return err
		}
		if !p.SuspendedAt.IsZero() {
			return nil // already
		}
		if err := tx.SetSuspended(r.Context(), p.ID, true, h.Now()); err != nil {
			return err
		}
		return h.auditIn(tx, r, "person.suspended", me.ID, p.ID, db.DetailSuspended)
	})
}

// Reactivate is POST /api/people/{id}/reactivate.
func (h *Handlers) Reactivate(w http.ResponseWriter, r *http.Request) error {
	me := caller(r)
	return h.change(w, r, func(tx *db.Store, p *db.ManagedUser, admins int) error {
		if err := Decide(me, asUser(p), Reactivate, admins); err != nil {
			return err
		}
		if p.SuspendedAt.IsZero() {
			return nil
		}
		if err := tx.SetSuspended(r.Context(), p.ID, false, h.Now()); err != nil {
			return err
		}
		return h.auditIn(tx, r, "person.reactivated", me.ID, p.ID, db.DetailReactivated)
	})
}

// SignOut is POST /api/people/{id}/sign-out: every session and refresh token ends.
func (h *Handlers) SignOut(w http.ResponseWriter, r *http.Request) error {
	me := caller(r)
	return h.change(w, r, func(tx *db.Store, p *db.ManagedUser, admins int) error {
		if err := Decide(me, asUser(p), SignOut, admins); err != nil {
			return err
		}
		if _, err := tx.RevokeUserSessions(r.Context(), p.ID, "", h.Now()); err != nil {
			return err
		}
		return h.auditIn(tx, r, "person.signed_out", me.ID, p.ID, db.DetailForcedSignOut)
	})
}

// Invite is POST /api/people/invitations: through the accounts' invitation (its email holds
// the link that accepts it; nobody's password is ever sent).
func (h *Handlers) Invite(w http.ResponseWriter, r *http.Request) error {
	var req InviteRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	me := caller(r)
	req.Email = strings.ToLower(strings.TrimSpace(req.Email))
	c := &web.Checker{}
	c.Email("email", req.Email)
	c.OneOf("role", req.Role, true, staffRoles...)
	all := authz.Can(me, authz.PeopleManage)
	org := req.OrganizationID
	if !all {
		if org != 0 && org != me.OrgID {
			c.Add("organizationId", web.M("validation.choice"))
		}
		org = me.OrgID
	}
	if org <= 0 {
		c.Add("organizationId", web.M("validation.required"))
	}
	if err := c.Err(); err != nil {
		return err
	}
	orgs, err := h.Store.Organizations(r.Context(), org, 1)
	if err != nil {
		return err
	}
	if len(orgs) == 0 {
		return web.Invalid(map[string]web.Msg{"organizationId": web.M("validation.choice")})
	}
	if h.InviteRate.N > 0 {
		if err := h.Limiter.Limit("people:invite:"+me.Email, h.InviteRate); err != nil {
			return err
		}
	}
	if err := h.Invites.SendInvitation(r, me, orgs[0].ID, orgs[0].Name, req.Email, req.Role); err != nil {
		return err
	}
	web.JSON(w, http.StatusCreated, InvitationView{Email: req.Email, Role: req.Role, Organization: orgs[0].Name})
	return nil
}
