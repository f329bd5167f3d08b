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
}

func anyone(*db.User) bool       { return true }
func admin(u *db.User) bool      { return u.IsAdmin }
func orgManager(u *db.User) bool { return u.OrgRole == "owner" || u.OrgRole == "manager" }

// DashboardPages, in navigation order.
var DashboardPages = []DashboardPage{
	{Key: "home", Path: "/dashboard", Allow: anyone},
	{Key: "profile", Path: "/dashboard/user/profile", Allow: anyone},
	{Key: "account", Path: "/dashboard/user/account", Allow: anyone},
	{Key: "organization", Path: "/dashboard/organization", Allow: orgManager},
	{Key: "outbox", Path: "/dashboard/admin/outbox", Allow: admin},
	{Key: "audit", Path: "/dashboard/admin/audit", Allow: admin},
	{Key: "directionBoard", Path: "/dashboard/admin/direction-board", Allow: admin},
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
		if DashboardPages[i].Path == path {
			return &DashboardPages[i], true
		}
	}
	return nil, true
}

// RestrictedWithoutID lists what a user cannot do until their national ID is verified. The
// account page shows it; capabilities check it with IDVerified before acting.
var RestrictedWithoutID = []string{"postOpportunities", "applyOpportunities", "createCommunities", "sendMessages"}
