// Package home is the workspace's home and its reference pages: GET /api/workspace/home answers
// each person the widgets of "what waits for you" that they may see (the modules declare them:
// app/platform/widgets), and GET /api/workspace/permissions answers the role table
// (app/platform/authz Grants and All) with the person's own roles marked, so people can see why
// they can or cannot do something. It also declares the dashboard pages /dashboard/app (the
// home), /dashboard/permission and /dashboard/blank (the empty page of the shell).
package home

import (
	"log/slog"
	"net/http"

	"gerege/app/platform/authn"
	"gerege/app/platform/authz"
	"gerege/app/platform/web"
	"gerege/app/platform/widgets"
)

// Handlers serves the workspace home. Its dependencies are explicit.
type Handlers struct {
	// Widgets is every module's widgets (the server collects them).
	Widgets *widgets.Registry
	Log     *slog.Logger
}

// Mount declares the two routes and the three pages.
func (h *Handlers) Mount(r *authz.Router, reg *authz.Registry) {
	r.Get("/workspace/home", authz.SignedIn, h.Home, authz.Doc{ID: "getWorkspaceHome", Resp: Home{},
		Summary: "The person's home: for each widget they may see, how many things wait for them and where to act on them (a widget that fails is left out)"})
	r.Get("/workspace/permissions", authz.SignedIn, h.Permissions, authz.Doc{ID: "getPermissionTable", Resp: PermissionTable{},
		Summary: "The role table: every role, every permission and the roles that grant it, the person's own roles and permissions marked"})

	reg.AddPage(authz.Page{Key: "app", Path: "/dashboard/app", Perm: authz.SignedIn, Order: 5})
	reg.AddPage(authz.Page{Key: "permission", Path: "/dashboard/permission", Perm: authz.SignedIn, Order: 120})
	reg.AddPage(authz.Page{Key: "blank", Path: "/dashboard/blank", Perm: authz.SignedIn, Order: 130})
}

// Home answers the widgets the person may see with their counts. One widget's failure is
// logged and the widget left out: the page shows the others.
func (h *Handlers) Home(w http.ResponseWriter, r *http.Request) error {
	u := authn.UserOf(r)
	out := Home{Widgets: []Widget{}}
	for _, wd := range h.Widgets.For(u) {
		n, err := wd.Count(r.Context(), u)
		if err != nil {
			if r.Context().Err() != nil {
				return r.Context().Err()
			}
			h.Log.ErrorContext(r.Context(), "workspace home: a widget failed", "widget", wd.Key, "err", err)
			continue
		}
		out.Widgets = append(out.Widgets, Widget{Key: wd.Key, Href: wd.Href, Count: n})
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// roleOrder is the order of the table's columns: the account types, the organisation roles,
// the forms desk levels, the platform administrator. A test checks it names every role of
// authz.Grants.
var roleOrder = []authz.Role{authz.RoleIndividual, authz.RoleEnterprise, authz.RoleOwner, authz.RoleManager,
	authz.RoleCounselor, authz.RoleDesk, authz.RoleDeskSensitive, authz.RoleAdmin}

// Permissions answers the role table from authz (the one the server enforces), the person's
// roles and permissions marked.
func (h *Handlers) Permissions(w http.ResponseWriter, r *http.Request) error {
	u := authn.UserOf(r)
	mine := map[authz.Role]bool{}
	for _, role := range authz.RolesOf(u) {
		mine[role] = true
	}
	out := PermissionTable{Roles: []Role{}, Permissions: []Permission{}}
	for _, role := range roleOrder {
		out.Roles = append(out.Roles, Role{Name: string(role), Mine: mine[role]})
	}
	for _, p := range authz.All {
		row := Permission{Name: string(p), Roles: []string{}, Mine: authz.Can(u, p)}
		for _, role := range roleOrder {
			for _, g := range authz.Grants[role] {
				if g == p {
					row.Roles = append(row.Roles, string(role))
					break
				}
			}
		}
		out.Permissions = append(out.Permissions, row)
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}
