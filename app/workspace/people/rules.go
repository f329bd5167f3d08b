package people

import (
	"gerege/app/platform/authz"
	"gerege/app/platform/web"
	"gerege/db"
)

// Action is what someone does to an account on the people pages.
type Action string

const (
	View        Action = "view"        // see the account in the list and open it
	Rename      Action = "rename"      // change the first and last name
	SetOrgRole  Action = "orgRole"     // manager ↔ counselor inside the organisation
	GrantAdmin  Action = "grantAdmin"  // make a platform administrator
	RevokeAdmin Action = "revokeAdmin" // take platform administration away
	SetDesk     Action = "desk"        // the forms-desk level
	SetOrg      Action = "organization"
	Suspend     Action = "suspend"
	Reactivate  Action = "reactivate"
	SignOut     Action = "signOut" // end every session and token
)

// Actions lists every action (the rights of a person view are computed for each).
var Actions = []Action{View, Rename, SetOrgRole, GrantAdmin, RevokeAdmin, SetDesk, SetOrg, Suspend, Reactivate, SignOut}

// The answers of Decide other than nil.
var (
	// ErrHidden: the actor may not even know the account exists (another organisation's
	// people, individuals, for an owner): 404, like an id that does not exist.
	ErrHidden = web.NotFound()
	// ErrNotAllowed: the actor sees the account but may not do this to it.
	ErrNotAllowed = &web.Error{Status: 403, Code: "people_not_allowed", Message: web.M("people.errors.notAllowed")}
	// ErrSelf: nobody demotes, suspends or signs themselves out from here.
	ErrSelf = &web.Error{Status: 409, Code: "people_self", Message: web.M("people.errors.self")}
	// ErrLastAdmin: the platform keeps at least one active administrator.
	ErrLastAdmin = &web.Error{Status: 409, Code: "people_last_admin", Message: web.M("people.errors.lastAdmin")}
)

// staffRoles are the organisation roles an owner manages (and invites to).
var staffRoles = []string{"manager", "counselor"}

func isStaff(u *db.User) bool { return u.OrgRole == "manager" || u.OrgRole == "counselor" }

// Decide is THE rule of the people pages: may actor do a to target? activeAdmins is the
// number of platform administrators who are not suspended. nil means yes.
//
//   - Platform admins (people.manage) manage every account.
//   - Organisation owners (people.staff.manage without people.manage) see their organisation's
//     members and manage its staff (managers, counselors): names, manager ↔ counselor,
//     suspension and sign-out. Anyone outside their organisation is hidden (404); an admin or
//     the owner inside it is seen but not managed (403), and admin rights, the forms desk and
//     the organisation are the admins' to change.
//   - Nobody demotes, suspends or signs themselves out here (their own name they may change).
//   - The last active admin is not demoted or suspended.
//   - An owner's organisation role is not changed here (the organisation would lose its owner).
func Decide(actor, target *db.User, a Action, activeAdmins int) error {
	admin := authz.Can(actor, authz.PeopleManage)
	if !admin {
		if !authz.Can(actor, authz.PeopleStaffManage) || actor.OrgID == 0 || target.OrgID != actor.OrgID {
			return ErrHidden
		}
	}
	if a == View {
		return nil
	}
	if actor.ID == target.ID {
		if a == Rename {
			return nil
		}
		return ErrSelf
	}
	if !admin {
		if target.IsAdmin || !isStaff(target) {
			return ErrNotAllowed
		}
		switch a {
		case Rename, SetOrgRole, Suspend, Reactivate, SignOut:
			return nil
		}
		return ErrNotAllowed
	}
	switch a {
	case SetOrgRole:
		if !isStaff(target) {
			return ErrNotAllowed // owners keep their role; individuals have none
		}
	case SetOrg:
		if target.OrgRole == "owner" {
			return ErrNotAllowed
		}
	case GrantAdmin:
		if target.IsAdmin {
			return nil
		}
	case RevokeAdmin, Suspend:
		if target.IsAdmin && target.SuspendedAt.IsZero() && activeAdmins <= 1 {
			return ErrLastAdmin
		}
	}
	return nil
}

// Rights is what the caller may do to one account (the edit page shows only these controls).
type Rights struct {
	Rename       bool `json:"rename"`
	OrgRole      bool `json:"orgRole"`
	Admin        bool `json:"admin"`
	Desk         bool `json:"desk"`
	Organization bool `json:"organization"`
	Suspend      bool `json:"suspend"`
	SignOut      bool `json:"signOut"`
}

func rightsOf(actor, target *db.User, activeAdmins int) Rights {
	ok := func(a Action) bool { return Decide(actor, target, a, activeAdmins) == nil }
	adminOK := ok(GrantAdmin) && (!target.IsAdmin || ok(RevokeAdmin))
	suspend := ok(Suspend)
	if !target.SuspendedAt.IsZero() {
		suspend = ok(Reactivate)
	}
	return Rights{Rename: ok(Rename), OrgRole: ok(SetOrgRole), Admin: adminOK, Desk: ok(SetDesk), Organization: ok(SetOrg),
		Suspend: suspend, SignOut: ok(SignOut)}
}
