package people

import (
	"strings"
	"time"
	"unicode"

	"gerege/db"
	"gerege/i18n"
)

// PersonView is one account on the people pages. It never carries the password hash, tokens,
// sessions or the national ID number (not even masked): only whether it was verified.
type PersonView struct {
	ID               int64     `json:"id"`
	FirstName        string    `json:"firstName"`
	LastName         string    `json:"lastName"`
	Name             string    `json:"name" description:"the full name in the order of the request's language"`
	Initials         string    `json:"initials" description:"shown where the account has no photo"`
	Email            string    `json:"email"`
	AccountType      string    `json:"accountType" enum:"individual,enterprise"`
	OrganizationID   int64     `json:"organizationId,omitempty"`
	OrganizationName string    `json:"organizationName,omitempty"`
	OrgRole          string    `json:"orgRole,omitempty" enum:"owner,manager,counselor"`
	Admin            bool      `json:"admin"`
	DeskLevel        string    `json:"deskLevel" enum:"none,desk,sensitive"`
	EmailVerified    bool      `json:"emailVerified"`
	IDVerified       bool      `json:"idVerified"`
	Suspended        bool      `json:"suspended"`
	SuspendedAt      time.Time `json:"suspendedAt,omitzero"`
	CreatedAt        time.Time `json:"createdAt"`
	LastSignInAt     time.Time `json:"lastSignInAt,omitzero"`
	Can              Rights    `json:"can" description:"what the caller may change on this account"`
}

// PeoplePage is GET /api/people.
type PeoplePage struct {
	Items []PersonView `json:"items"`
	Next  string       `json:"next,omitempty" description:"cursor of the next page (send as after); absent at the end"`
}

// ListQuery is the query of GET /api/people.
type ListQuery struct {
	Q        string `query:"q" description:"name or email, in Cyrillic or Latin spelling"`
	Role     string `query:"role" enum:"individual,owner,manager,counselor,staff,admin"`
	Org      int64  `query:"org" description:"organisation id (admins; owners always see their own)"`
	Verified string `query:"verified" enum:"email,id" description:"only accounts whose email or national ID is verified"`
	Status   string `query:"status" enum:"active,suspended"`
	Sort     string `query:"sort" enum:"name,created,lastSignIn" description:"name (default, A–Z in the order the request's language writes names: surname first in Mongolian), created or lastSignIn (newest first)"`
	After    string `query:"after" description:"the next cursor of the previous page"`
	Limit    int    `query:"limit" description:"1 to 100 (20)"`
}

// OrgOption is an organisation to choose from.
type OrgOption struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Options is GET /api/people/options: what the caller may choose on the people pages.
type Options struct {
	All           bool        `json:"all" description:"the caller manages every account (platform admin)"`
	Organizations []OrgOption `json:"organizations" description:"admins: every organisation (up to 500); owners: their own"`
	InviteRoles   []string    `json:"inviteRoles"`
	Roles         []string    `json:"roles" description:"the role filter's values"`
	DeskLevels    []string    `json:"deskLevels"`
}

// UpdateRequest is PATCH /api/people/{id}: only the fields sent change, all in one transaction
// with their audit entries.
type UpdateRequest struct {
	FirstName *string `json:"firstName,omitempty"`
	LastName  *string `json:"lastName,omitempty"`
	OrgRole   *string `json:"orgRole,omitempty" enum:"manager,counselor"`
}

// RolesRequest is PUT /api/people/{id}/roles (admins): only the fields sent change, all in one
// transaction with their audit entries.
type RolesRequest struct {
	Admin          *bool   `json:"admin,omitempty"`
	DeskLevel      *string `json:"deskLevel,omitempty" enum:"none,desk,sensitive"`
	OrganizationID *int64  `json:"organizationId,omitempty" description:"move to this organisation (orgRole says as what, counselor when absent); 0 takes the account out of its organisation"`
	OrgRole        *string `json:"orgRole,omitempty" enum:"manager,counselor"`
}

// InviteRequest is POST /api/people/invitations.
type InviteRequest struct {
	Email          string `json:"email"`
	Role           string `json:"role" enum:"manager,counselor"`
	OrganizationID int64  `json:"organizationId,omitempty" description:"admins: the organisation (required); owners: their own"`
}

// InvitationView is a sent invitation.
type InvitationView struct {
	Email        string `json:"email"`
	Role         string `json:"role" enum:"manager,counselor"`
	Organization string `json:"organization"`
}

var deskLevels = []string{"none", "desk", "sensitive"}

func deskLevel(staff int) string {
	if staff < 0 || staff >= len(deskLevels) {
		return "none"
	}
	return deskLevels[staff]
}

// initials are the first letters of the name (the card's picture when there is no photo).
func initials(first, last string) string {
	var b strings.Builder
	for _, s := range []string{first, last} {
		for _, r := range strings.TrimSpace(s) {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				b.WriteRune(unicode.ToUpper(r))
			}
			break
		}
	}
	return b.String()
}

func personView(lang string, p *db.ManagedUser, can Rights) PersonView {
	return PersonView{ID: p.ID, FirstName: p.FirstName, LastName: p.LastName, Name: i18n.FullName(lang, p.FirstName, p.LastName),
		Initials: initials(p.FirstName, p.LastName), Email: p.Email, AccountType: p.AccountType, OrganizationID: p.OrgID,
		OrganizationName: p.OrgName, OrgRole: p.OrgRole, Admin: p.IsAdmin, DeskLevel: deskLevel(p.Staff),
		EmailVerified: p.EmailVerified, IDVerified: p.IDVerified, Suspended: !p.SuspendedAt.IsZero(), SuspendedAt: p.SuspendedAt,
		CreatedAt: p.CreatedAt, LastSignInAt: p.LastSignInAt, Can: can}
}

// asUser is the account as the rule sees it.
func asUser(p *db.ManagedUser) *db.User {
	return &db.User{ID: p.ID, Email: p.Email, AccountType: p.AccountType, IsAdmin: p.IsAdmin, Staff: p.Staff,
		OrgID: p.OrgID, OrgName: p.OrgName, OrgRole: p.OrgRole, SuspendedAt: p.SuspendedAt}
}
