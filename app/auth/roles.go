package auth

import (
	"strings"

	"gerege/db"
)

// Roles a user holds: "individual" or "enterprise", the organisation role ("owner",
// "manager", "counselor") and "admin" for platform administrators.
func Roles(u *db.User) []string {
	roles := []string{u.AccountType}
	if u.OrgRole != "" {
		roles = append(roles, u.OrgRole)
	}
	if u.Staff >= 1 {
		roles = append(roles, "staff")
	}
	if u.IsAdmin {
		roles = append(roles, "admin")
	}
	return roles
}

// DashboardPage is one page of the dashboard and who may open it. This table is the one
// place that decides: the server refuses the page and its API to anyone else, and the UI's
// side navigation shows only the pages listed for the user in /api/auth/me.
type DashboardPage struct {
	Key   string
	Path  string // without the language prefix
	Allow func(*db.User) bool
	// Sub: the page also serves every path below Path (detail views such as /dashboard/forms/volunteer/12).
	Sub bool
}

func anyone(*db.User) bool       { return true }
func admin(u *db.User) bool      { return u.IsAdmin }
func orgManager(u *db.User) bool { return u.OrgRole == "owner" || u.OrgRole == "manager" }

// FormsDesk: staff of the forms desk and admins.
func FormsDesk(u *db.User) bool { return u.IsAdmin || u.Staff >= 1 }

// SeesSensitive: who may see medical conditions, dates of birth and contacts of minors.
func SeesSensitive(u *db.User) bool { return u.IsAdmin || u.Staff >= 2 }

// DashboardPages, in navigation order.
var DashboardPages = []DashboardPage{
	{Key: "home", Path: "/dashboard", Allow: anyone},
	{Key: "profile", Path: "/dashboard/user/profile", Allow: anyone},
	{Key: "account", Path: "/dashboard/user/account", Allow: anyone},
	{Key: "organization", Path: "/dashboard/organization", Allow: orgManager},
	{Key: "submissions", Path: "/dashboard/forms", Allow: FormsDesk, Sub: true},
	{Key: "outbox", Path: "/dashboard/admin/outbox", Allow: admin},
	{Key: "audit", Path: "/dashboard/admin/audit", Allow: admin},
	{Key: "directionBoard", Path: "/dashboard/admin/direction-board", Allow: FormsDesk}, // aggregate numbers only
	{Key: "faq", Path: "/dashboard/admin/faq", Allow: admin},
	{Key: "universities", Path: "/dashboard/admin/universities", Allow: admin},
	{Key: "settings", Path: "/dashboard/admin/settings", Allow: admin},
}

// AllowedPages returns the keys of the dashboard pages u may open.
func AllowedPages(u *db.User) []string {
	var out []string
	for _, p := range DashboardPages {
		if p.Allow(u) {
			out = append(out, p.Key)
		}
	}
	return out
}

// PageAccess finds the dashboard page serving path (without language prefix). ok is false
// for paths outside the dashboard; page is nil for an unknown dashboard path.
func PageAccess(path string) (page *DashboardPage, ok bool) {
	if path != "/dashboard" && !strings.HasPrefix(path, "/dashboard/") {
		return nil, false
	}
	for i := range DashboardPages {
		p := &DashboardPages[i]
		if p.Path == path || (p.Sub && strings.HasPrefix(path, p.Path+"/")) {
			return p, true
		}
	}
	return nil, true
}

// RestrictedWithoutID lists what a user cannot do until their national ID is verified. The
// account page shows it; capabilities check it with IDVerified before acting.
var RestrictedWithoutID = []string{"postOpportunities", "applyOpportunities", "createCommunities", "sendMessages"}
