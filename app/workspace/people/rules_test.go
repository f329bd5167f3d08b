package people

import (
	"testing"
	"time"

	"gerege/db"
)

// TestDecide is the rule's table: every kind of actor against every kind of account.
func TestDecide(t *testing.T) {
	t.Parallel()
	var (
		admin      = &db.User{ID: 1, AccountType: "individual", IsAdmin: true}
		admin2     = &db.User{ID: 2, AccountType: "individual", IsAdmin: true}
		suspAdmin  = &db.User{ID: 3, AccountType: "individual", IsAdmin: true, SuspendedAt: time.Unix(1, 0)}
		owner      = &db.User{ID: 10, AccountType: "enterprise", OrgID: 1, OrgRole: "owner"}
		manager    = &db.User{ID: 11, AccountType: "enterprise", OrgID: 1, OrgRole: "manager"}
		counselor  = &db.User{ID: 12, AccountType: "enterprise", OrgID: 1, OrgRole: "counselor"}
		orgAdmin   = &db.User{ID: 13, AccountType: "enterprise", OrgID: 1, OrgRole: "counselor", IsAdmin: true}
		owner2     = &db.User{ID: 20, AccountType: "enterprise", OrgID: 2, OrgRole: "owner"}
		manager2   = &db.User{ID: 21, AccountType: "enterprise", OrgID: 2, OrgRole: "manager"}
		individual = &db.User{ID: 30, AccountType: "individual"}
		desk       = &db.User{ID: 31, AccountType: "individual", Staff: 2}
	)
	cases := []struct {
		name          string
		actor, target *db.User
		a             Action
		admins        int
		want          error
	}{
		// Admins: every account.
		{"admin views an individual", admin, individual, View, 2, nil},
		{"admin renames a manager of any organisation", admin, manager2, Rename, 2, nil},
		{"admin changes a counselor's organisation role", admin, counselor, SetOrgRole, 2, nil},
		{"admin cannot give an owner another organisation role", admin, owner, SetOrgRole, 2, ErrNotAllowed},
		{"admin cannot give an individual an organisation role", admin, individual, SetOrgRole, 2, ErrNotAllowed},
		{"admin grants admin", admin, individual, GrantAdmin, 2, nil},
		{"admin revokes another admin", admin, admin2, RevokeAdmin, 2, nil},
		{"the last active admin is not demoted", admin, admin2, RevokeAdmin, 1, ErrLastAdmin},
		{"the last active admin is not suspended", admin, admin2, Suspend, 1, ErrLastAdmin},
		{"a suspended admin is not the last one", admin, suspAdmin, RevokeAdmin, 1, nil},
		{"admin sets the forms desk", admin, desk, SetDesk, 2, nil},
		{"admin moves a manager to another organisation", admin, manager, SetOrg, 2, nil},
		{"admin does not move an owner out", admin, owner, SetOrg, 2, ErrNotAllowed},
		{"admin suspends an owner", admin, owner2, Suspend, 2, nil},
		{"admin reactivates", admin, owner2, Reactivate, 2, nil},
		{"admin signs an individual out", admin, individual, SignOut, 2, nil},
		// Nobody demotes, suspends or signs themselves out.
		{"admin renames themselves", admin, admin, Rename, 2, nil},
		{"admin cannot demote themselves", admin, admin, RevokeAdmin, 2, ErrSelf},
		{"admin cannot suspend themselves", admin, admin, Suspend, 2, ErrSelf},
		{"admin cannot sign themselves out here", admin, admin, SignOut, 2, ErrSelf},
		{"owner cannot suspend themselves", owner, owner, Suspend, 2, ErrSelf},
		{"owner cannot change their own role", owner, owner, SetOrgRole, 2, ErrSelf},
		{"owner renames themselves", owner, owner, Rename, 2, nil},
		// Owners: their organisation's staff.
		{"owner views their manager", owner, manager, View, 2, nil},
		{"owner renames their counselor", owner, counselor, Rename, 2, nil},
		{"owner makes their counselor a manager", owner, counselor, SetOrgRole, 2, nil},
		{"owner suspends their manager", owner, manager, Suspend, 2, nil},
		{"owner reactivates their manager", owner, manager, Reactivate, 2, nil},
		{"owner signs their counselor out", owner, counselor, SignOut, 2, nil},
		{"owner cannot grant admin", owner, manager, GrantAdmin, 2, ErrNotAllowed},
		{"owner cannot set the forms desk", owner, manager, SetDesk, 2, ErrNotAllowed},
		{"owner cannot move staff to another organisation", owner, manager, SetOrg, 2, ErrNotAllowed},
		{"owner sees an admin of their organisation", owner, orgAdmin, View, 2, nil},
		{"owner cannot edit an admin", owner, orgAdmin, Rename, 2, ErrNotAllowed},
		{"owner cannot suspend an admin", owner, orgAdmin, Suspend, 2, ErrNotAllowed},
		{"another organisation's manager is hidden", owner, manager2, View, 2, ErrHidden},
		{"another organisation's owner is hidden", owner, owner2, Rename, 2, ErrHidden},
		{"an individual is hidden from owners", owner, individual, View, 2, ErrHidden},
		{"an individual cannot be edited by owners", owner, individual, Suspend, 2, ErrHidden},
		{"a platform admin outside the organisation is hidden", owner, admin, View, 2, ErrHidden},
		// Everyone else: nothing.
		{"a manager manages nobody", manager, counselor, View, 2, ErrHidden},
		{"a counselor manages nobody", counselor, manager, Rename, 2, ErrHidden},
		{"an individual manages nobody", individual, individual, View, 2, ErrHidden},
		{"the forms desk manages nobody", desk, individual, View, 2, ErrHidden},
	}
	for _, c := range cases {
		if got := Decide(c.actor, c.target, c.a, c.admins); got != c.want {
			t.Errorf("%s: Decide = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestInitials(t *testing.T) {
	t.Parallel()
	for _, c := range [][3]string{{"Anu", "Bold", "AB"}, {"ану", "болд", "АБ"}, {" ", "Dorj", "D"}, {"", "", ""}} {
		if got := initials(c[0], c[1]); got != c[2] {
			t.Errorf("initials(%q, %q) = %q, want %q", c[0], c[1], got, c[2])
		}
	}
}
