package accounts

import (
	"context"
	"time"

	"gerege/app/platform/authz"
	"gerege/db"
)

// UserView is the user as the API shows it: never the password hash or any secret.
type UserView struct {
	ID                 int64    `json:"id"`
	Email              string   `json:"email"`
	FirstName          string   `json:"firstName"`
	LastName           string   `json:"lastName"`
	DateOfBirth        string   `json:"dateOfBirth,omitempty"`
	AccountType        string   `json:"accountType"`
	Organization       *OrgView `json:"organization"`
	IsAdmin            bool     `json:"isAdmin"`
	Roles              []string `json:"roles"`
	Language           string   `json:"language"`
	EmailVerified      bool     `json:"emailVerified"`
	NeedsDateOfBirth   bool     `json:"needsDateOfBirth"`
	IDVerification     string   `json:"idVerification"` // none | verified | declined
	RestrictedFeatures []string `json:"restrictedFeatures"`
	Dashboard          []string `json:"dashboard"`
	// Permissions are the named permissions the user holds (authz), for the apps to show or
	// hide actions; the server checks them on every route regardless.
	Permissions      []authz.Perm `json:"permissions"`
	CreatedAt        time.Time    `json:"createdAt"`
	SessionExpiresAt time.Time    `json:"sessionExpiresAt,omitzero"`
}

// OrgView is the user's organisation.
type OrgView struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Role string `json:"role"`
}

func (h *Handlers) view(ctx context.Context, u *db.User) (UserView, error) {
	v := UserView{
		ID: u.ID, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName, DateOfBirth: u.DateOfBirth,
		AccountType: u.AccountType, IsAdmin: u.IsAdmin, Roles: authz.Roles(u), Language: u.Language,
		EmailVerified: !u.EmailVerifiedAt.IsZero(), NeedsDateOfBirth: u.DateOfBirth == "",
		IDVerification: "none", RestrictedFeatures: authz.RestrictedWithoutID, Dashboard: h.Access.AllowedPages(u), Permissions: authz.Permissions(u), CreatedAt: u.CreatedAt,
	}
	if u.OrgID != 0 {
		v.Organization = &OrgView{ID: u.OrgID, Name: u.OrgName, Role: u.OrgRole}
	}
	idv, err := h.Store.IDVerificationOf(ctx, u.ID)
	switch {
	case err == nil:
		v.IDVerification = idv.Status
		if idv.Status == "verified" {
			v.RestrictedFeatures = []string{}
		}
	case !db.IsNotFound(err):
		return v, err
	}
	return v, nil
}
