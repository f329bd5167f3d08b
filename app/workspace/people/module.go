// Package people is the workspace's account management (/dashboard/user/list, cards, new,
// {id}/edit): platform admins manage every account, organisation owners their organisation's
// staff. One rule decides who may do what (Decide, rules.go); every change is one transaction
// with its audit entry; suspending an account ends its sessions and refresh tokens at once.
package people

import (
	"net/http"
	"time"

	"gerege/app/platform/authz"
	"gerege/app/platform/web"
	"gerege/db"
)

// Inviter sends an invitation to join an organisation (app/accounts: the invitation, its
// email with the accepting link and the audit entry, in one transaction).
type Inviter interface {
	SendInvitation(r *http.Request, inviter *db.User, orgID int64, orgName, email, role string) error
}

// Handlers serves the people pages' API. Its dependencies are explicit.
type Handlers struct {
	Store   *db.Store
	Invites Inviter
	Limiter *web.Limiter
	Now     func() time.Time
	// InviteRate bounds how many invitations (emails) one account sends; zero: no limit.
	InviteRate web.Rate
}

// Mount declares the people routes and dashboard pages.
func (h *Handlers) Mount(r *authz.Router, reg *authz.Registry) {
	type none = struct{}
	p := authz.PeopleStaffManage
	r.Get("/people", p, h.List, authz.Doc{ID: "listPeople", Query: ListQuery{}, Resp: PeoplePage{},
		Summary: "Accounts the caller manages (admins: every account; owners: their organisation's members): search, filters, sort, keyset paging"})
	r.Get("/people/options", p, h.Options, authz.Doc{ID: "getPeopleOptions", Resp: Options{},
		Summary: "Organisations, roles and levels the caller may choose"})
	r.Post("/people/invitations", p, h.Invite, authz.Doc{ID: "invitePerson", Req: InviteRequest{}, Resp: InvitationView{}, Status: 201,
		Summary: "Invite someone by email to an organisation as manager or counselor (an emailed link, never a password)"})
	r.Get("/people/{id}", p, h.Get, authz.Doc{ID: "getPerson", Resp: PersonView{},
		Summary: "One account (404 when the caller may not manage it)"})
	r.Patch("/people/{id}", p, h.Update, authz.Doc{ID: "updatePerson", Req: UpdateRequest{}, Resp: PersonView{},
		Summary: "Change the name or the organisation role (manager, counselor); one transaction with its audit entries"})
	r.Put("/people/{id}/roles", authz.PeopleManage, h.SetRoles, authz.Doc{ID: "setPersonRoles", Req: RolesRequest{}, Resp: PersonView{},
		Summary: "Admins: platform administration, forms-desk level, organisation; one transaction with its audit entries"})
	r.Post("/people/{id}/suspend", p, h.Suspend, authz.Doc{ID: "suspendPerson", Req: none{}, Resp: PersonView{},
		Summary: "Suspend: the account can no longer sign in, its sessions and refresh tokens end at once"})
	r.Post("/people/{id}/reactivate", p, h.Reactivate, authz.Doc{ID: "reactivatePerson", Req: none{}, Resp: PersonView{},
		Summary: "Lift a suspension (the person signs in again)"})
	r.Post("/people/{id}/sign-out", p, h.SignOut, authz.Doc{ID: "signOutPerson", Req: none{}, Resp: PersonView{},
		Summary: "End every session and refresh token of the account"})

	// One page for /dashboard/user/list, /cards, /new and /{id}/edit (the account's own
	// /dashboard/user/profile and /account come first in the registry's order).
	reg.AddPage(authz.Page{Key: "people", Path: "/dashboard/user", Perm: p, Order: 45, Sub: true})
}

// auditIn records an event through tx, as part of the change it describes.
func (h *Handlers) auditIn(tx *db.Store, r *http.Request, event string, actor, subject int64, detail string) error {
	return tx.Audit(r.Context(), db.AuditEvent{At: h.Now(), Event: event, ActorID: actor, SubjectID: subject,
		IP: web.ClientIP(r), Detail: detail})
}
