package authz

import (
	"net/http"
	"sort"
	"strings"

	"github.com/go-chi/chi/v5"

	"gerege/app/platform/authn"
	"gerege/app/platform/web"
	"gerege/db"
)

// HandlerFunc is a handler that returns its error; web.Kit turns it into the response.
type HandlerFunc = func(http.ResponseWriter, *http.Request) error

// Route is one mounted API route and the permission it needs.
type Route struct {
	Method  string
	Pattern string // full path, e.g. /api/admin/submissions/{id}
	Perm    Perm
	Profile bool // also needs a completed profile (date of birth given)
	Module  string
	Doc     Doc
}

// Doc describes a route for the API document (OpenAPI 3.1, generated from the registry by
// app/platform/apidoc): the mobile team generates its client from it, so every route has an
// operationId and the Go types of what it takes and answers.
type Doc struct {
	ID       string // operationId, unique across the API
	Summary  string
	Req      any         // the JSON request body: a value of the request type
	Query    any         // a struct whose `query:"name"` fields are the query parameters
	Resp     any         // the JSON answer: a value of the response type
	Status   int         // status of the success answer; 200 when 0
	Produces string      // content type of a non-JSON answer (text/calendar, text/csv, …)
	Also     map[int]any // other success answers by status (e.g. 200 when there was nothing to do)
}

// Page is one dashboard page and the permission it needs. Order is its place in the
// navigation (pages from all modules are sorted by it).
type Page struct {
	Key   string
	Path  string // without the language prefix
	Perm  Perm
	Order int
	// Sub: the page also serves every path below Path (detail views such as /dashboard/forms/volunteer/12).
	Sub bool
}

// Registry collects the routes and pages every module mounts. It is built once at start-up.
type Registry struct {
	routes []Route
	pages  []Page
}

// Routes returns every mounted route, in mounting order.
func (g *Registry) Routes() []Route { return g.routes }

// Pages returns the dashboard pages in navigation order.
func (g *Registry) Pages() []Page { return g.pages }

// AddPage declares a dashboard page.
func (g *Registry) AddPage(p Page) {
	if p.Perm == "" {
		panic("authz: page " + p.Path + " declares no permission")
	}
	g.pages = append(g.pages, p)
	sort.SliceStable(g.pages, func(i, j int) bool { return g.pages[i].Order < g.pages[j].Order })
}

// AllowedPages returns the keys of the dashboard pages u may open.
func (g *Registry) AllowedPages(u *db.User) []string {
	var out []string
	for _, p := range g.pages {
		if Can(u, p.Perm) {
			out = append(out, p.Key)
		}
	}
	return out
}

// PageAccess finds the dashboard page serving path (without language prefix). ok is false
// for paths outside the dashboard; page is nil for an unknown dashboard path.
func (g *Registry) PageAccess(path string) (page *Page, ok bool) {
	if path != "/dashboard" && !strings.HasPrefix(path, "/dashboard/") {
		return nil, false
	}
	for i := range g.pages {
		p := &g.pages[i]
		if p.Path == path || (p.Sub && strings.HasPrefix(path, p.Path+"/")) {
			return p, true
		}
	}
	return nil, true
}

// Router mounts a module's routes: each names its permission, which is checked on the server
// before the handler runs, and is recorded in the registry.
type Router struct {
	chi     chi.Router
	reg     *Registry
	kit     *web.Kit
	prefix  string
	module  string
	profile bool
}

// NewRouter returns the Router of module, mounting on r (which serves prefix, e.g. "/api").
func NewRouter(r chi.Router, reg *Registry, kit *web.Kit, prefix, module string) *Router {
	return &Router{chi: r, reg: reg, kit: kit, prefix: prefix, module: module}
}

// RequireProfile returns a Router whose routes also need a completed profile: accounts that
// still owe their date of birth (mobile sign-ups) get 403 for anything beyond their own profile.
func (rt *Router) RequireProfile() *Router {
	c := *rt
	c.profile = true
	return &c
}

// Get, Post, Put, Patch and Delete mount h behind permission p; d documents the route (the
// API document test fails on a route without one).
func (rt *Router) Get(pattern string, p Perm, h HandlerFunc, d ...Doc) {
	rt.Handle(http.MethodGet, pattern, p, h, d...)
}
func (rt *Router) Post(pattern string, p Perm, h HandlerFunc, d ...Doc) {
	rt.Handle(http.MethodPost, pattern, p, h, d...)
}
func (rt *Router) Put(pattern string, p Perm, h HandlerFunc, d ...Doc) {
	rt.Handle(http.MethodPut, pattern, p, h, d...)
}
func (rt *Router) Patch(pattern string, p Perm, h HandlerFunc, d ...Doc) {
	rt.Handle(http.MethodPatch, pattern, p, h, d...)
}
func (rt *Router) Delete(pattern string, p Perm, h HandlerFunc, d ...Doc) {
	rt.Handle(http.MethodDelete, pattern, p, h, d...)
}

// HandleRaw mounts a plain http.Handler (e.g. a static document) behind permission p.
func (rt *Router) HandleRaw(method, pattern string, p Perm, h http.Handler, d ...Doc) {
	rt.mount(method, pattern, p, h, d)
}

// Handle mounts h for method and pattern behind permission p.
func (rt *Router) Handle(method, pattern string, p Perm, h HandlerFunc, d ...Doc) {
	rt.mount(method, pattern, p, rt.kit.Handler(h), d)
}

func (rt *Router) mount(method, pattern string, p Perm, h http.Handler, d []Doc) {
	if p == "" {
		panic("authz: route " + method + " " + rt.prefix + pattern + " declares no permission")
	}
	var doc Doc
	if len(d) > 0 {
		doc = d[0]
	}
	rt.reg.routes = append(rt.reg.routes, Route{Method: method, Pattern: rt.prefix + pattern, Perm: p,
		Profile: rt.profile, Module: rt.module, Doc: doc})
	rt.chi.Method(method, pattern, rt.guard(p, h))
}

// guard checks the caller against p (and the profile rule) before h runs: signed-out callers
// get 401 where an account is needed, callers without the permission 403.
func (rt *Router) guard(p Perm, h http.Handler) http.Handler {
	if p == Public && !rt.profile {
		return h
	}
	k, profile := rt.kit, rt.profile
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := authn.From(r.Context())
		var u *db.User
		if id != nil {
			u = id.User
		}
		switch {
		case p != Public && u == nil:
			k.Fail(w, r, web.Unauthorized())
		case profile && u == nil:
			k.Fail(w, r, web.Unauthorized())
		case profile && u.DateOfBirth == "":
			k.Fail(w, r, &web.Error{Status: 403, Code: "date_of_birth_required", Message: web.M("auth.errors.dateOfBirthRequired")})
		case !Can(u, p):
			k.Fail(w, r, web.Forbidden())
		default:
			h.ServeHTTP(w, r)
		}
	})
}
