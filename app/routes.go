package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"gerege/app/platform/authn"
	"gerege/app/platform/authz"
	"gerege/app/platform/web"
)

// routes is the platform's router: shared middleware, the monitors and static files, every
// module's API routes under /api (each module declares its own in its Mount), and the pages.
//
//	/healthz, /readyz          monitors: no session, no access log, up during maintenance
//	/assets/*                  the built UI's hashed files (immutable, br/gzip)
//	/api/*                     JSON API: cookie sessions for the web app (CSRF-checked), bearer
//	                           tokens for the mobile app (accounts issue); JSON errors only
//	/{en,mn}/*                 prerendered UI pages; unknown → 404 page with status 404
//	anything else (GET)        redirect to the visitor's language prefix
func (s *Server) routes() http.Handler {
	k := s.kit
	r := chi.NewRouter()
	// HEAD is answered like GET without a body wherever GET is served (pages, assets, every
	// API GET, the monitors): GetHead routes a HEAD with no HEAD route of its own to the GET
	// handler, and net/http drops the body.
	r.Use(middleware.GetHead)
	r.Use(k.RequestID, k.SecurityHeaders, k.AccessLog, k.Recover, k.Language,
		k.MaintenanceGate, k.LimitBody, k.CrossOrigin)
	r.NotFound(k.NotFoundHandler)
	r.MethodNotAllowed(k.MethodNotAllowedHandler)

	r.Get("/healthz", health)
	r.Get("/readyz", s.ready)
	r.Get("/assets/*", k.UI.ServeAsset)
	r.Get("/robots.txt", s.robots)
	r.Get("/sitemap.xml", s.sitemapIndex)
	r.Get("/sitemap-pages.xml", k.UI.ServeSitemap)
	r.Get("/sitemap-{name}.xml", s.sitemap)
	r.Get("/favicon.ico", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, k.UI.Favicon(), http.StatusMovedPermanently)
	})

	r.Route("/api", func(r chi.Router) {
		r.Use(s.sessions.LoadAndSave, s.authn.Authenticate)
		r.NotFound(k.NotFoundHandler)
		r.MethodNotAllowed(k.MethodNotAllowedHandler)
		authz.NewRouter(r, s.access, k, "/api", "site").HandleRaw(http.MethodGet, "/openapi.json", authz.Public,
			s.openAPI(), authz.Doc{ID: "getOpenAPI", Produces: "application/json", Summary: "This document (OpenAPI 3.1)"})
		for _, m := range s.modules {
			m.m.Mount(authz.NewRouter(r, s.access, k, "/api", m.name), s.access)
		}
	})

	s.dashboard = s.sessions.LoadAndSave(s.authn.Authenticate(http.HandlerFunc(s.dashboardPage)))
	r.Get("/*", s.page)
	return r
}

// maintenanceExempt keeps sign-in, the admin API and the admin's settings page reachable
// while maintenance mode is on, so an admin can switch it off from the browser.
func maintenanceExempt(p string) bool {
	if strings.HasPrefix(p, "/api/admin/") || strings.HasPrefix(p, "/api/web/auth/") || p == "/api/auth/me" {
		return true
	}
	rest := strings.TrimPrefix(p, "/"+web.PathLang(p))
	return web.PathLang(p) != "" && (rest == "/auth/login" || rest == "/dashboard/admin/settings")
}

// legacyAuth maps every sign-in path of the original product to the canonical page.
var legacyAuth = func() map[string]string {
	m := map[string]string{
		"/auth/jwt/login": "/auth/login", "/auth/jwt/register": "/auth/register", "/auth/auth0/login": "/auth/login",
	}
	for _, p := range []string{"login", "verify", "register", "new-password", "forgot-password"} {
		m["/auth/amplify/"+p] = "/auth/" + p
		m["/auth-demo/classic/"+p] = "/auth/" + p
		m["/auth-demo/modern/"+p] = "/auth/" + p
	}
	for _, p := range []string{"login", "verify", "register", "forgot-password"} {
		m["/auth/firebase/"+p] = "/auth/" + p
	}
	return m
}()

// robots lets crawlers in everywhere but the API and the dashboard, and points to the sitemap.
func (s *Server) robots(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, _ = fmt.Fprintf(w, "User-agent: *\nDisallow: /api/\nDisallow: /en/dashboard\nDisallow: /mn/dashboard\nAllow: /\n\nSitemap: %s/sitemap.xml\n", s.cfg.BaseURL)
}

func health(w http.ResponseWriter, r *http.Request) {
	web.JSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

func (s *Server) ready(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.store.Ping(ctx); err != nil {
		web.Logger(r).Error("readyz: database", "error", err.Error())
		web.JSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable"})
		return
	}
	web.JSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// page serves the UI: language-prefixed paths from the prerendered pages, other paths
// redirected to the visitor's language with the query kept.
func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	ui := s.kit.UI
	p := r.URL.Path
	lang := web.PathLang(p)
	if lang == "" {
		if to, ok := legacyAuth[p]; ok {
			ui.Redirect(w, r, web.DetectLang(r), to)
			return
		}
		if strings.Contains(p[strings.LastIndex(p, "/")+1:], ".") {
			ui.ServeStatus(w, r, http.StatusNotFound) // a missing file, not a page
			return
		}
		ui.Redirect(w, r, web.DetectLang(r), p)
		return
	}
	rest := strings.TrimPrefix(p, "/"+lang)
	if rest == "/" || (len(rest) > 1 && strings.HasSuffix(rest, "/")) {
		ui.Redirect(w, r, lang, rest) // one canonical URL: no trailing slash
		return
	}
	if to, ok := legacyAuth[rest]; ok {
		ui.Redirect(w, r, lang, to)
		return
	}
	if _, ok := s.access.PageAccess(rest); ok {
		s.dashboard.ServeHTTP(w, r)
		return
	}
	if rest == "" {
		rest = "/"
	}
	// Pages whose content is data are rendered by their module into the UI's page.
	for _, m := range s.modules {
		pr, ok := m.m.(pageRenderer)
		if !ok {
			continue
		}
		page, mine, err := pr.RenderPage(r, lang, rest)
		if !mine {
			continue
		}
		var we *web.Error
		switch {
		case errors.Is(err, context.Canceled):
			return // the client went away: nobody to answer, nothing went wrong here
		case errors.As(err, &we):
			ui.ServeStatus(w, r, we.Status)
		case err != nil:
			web.Logger(r).Error("rendering a page", slog.String("path", rest), slog.String("error", err.Error()))
			ui.ServeStatus(w, r, http.StatusInternalServerError)
		default:
			ui.ServeRendered(w, r, lang, rest, *page)
		}
		return
	}
	ui.ServePage(w, r, lang, rest)
}

// pageRenderer is a module that renders some public pages itself (their content is data):
// ok is false for the paths that are not its own.
type pageRenderer interface {
	RenderPage(r *http.Request, lang, rest string) (page *web.Rendered, ok bool, err error)
}

// sitemapper is a module whose public pages are data: it lists them for
// /sitemap-<name>.xml.
type sitemapper interface {
	Sitemap(ctx context.Context) (name string, urls []web.SitemapURL, err error)
}

// sitemapIndex is /sitemap.xml: the build's sitemap of the UI's pages and one per module
// whose pages are data.
func (s *Server) sitemapIndex(w http.ResponseWriter, r *http.Request) {
	var names []string
	for _, m := range s.modules {
		if _, ok := m.m.(sitemapper); ok {
			names = append(names, "/sitemap-"+m.name+".xml")
		}
	}
	s.kit.UI.ServeSitemapIndex(w, r, names)
}

// sitemap is /sitemap-<module>.xml.
func (s *Server) sitemap(w http.ResponseWriter, r *http.Request) {
	name := chi.URLParam(r, "name")
	for _, m := range s.modules {
		if sm, ok := m.m.(sitemapper); ok && m.name == name {
			_, urls, err := sm.Sitemap(r.Context())
			if err != nil {
				s.kit.Fail(w, r, err)
				return
			}
			s.kit.UI.ServeSitemapOf(w, r, urls)
			return
		}
	}
	s.kit.UI.ServeStatus(w, r, http.StatusNotFound)
}

// dashboardPage serves a dashboard page to those the role table allows: signed-out visitors
// go to sign in (and come back), others see the 403 page.
func (s *Server) dashboardPage(w http.ResponseWriter, r *http.Request) {
	lang := web.PathLang(r.URL.Path)
	rest := strings.TrimPrefix(r.URL.Path, "/"+lang)
	pg, _ := s.access.PageAccess(rest)
	id := authn.From(r.Context())
	switch {
	case pg == nil:
		s.kit.UI.ServeStatus(w, r, http.StatusNotFound)
	case id == nil:
		back := r.URL.Path
		if r.URL.RawQuery != "" {
			back += "?" + r.URL.RawQuery
		}
		w.Header().Set("Cache-Control", "no-store")
		http.Redirect(w, r, "/"+lang+"/auth/login?returnTo="+url.QueryEscape(back), http.StatusFound)
	case !authz.Can(id.User, pg.Perm):
		s.kit.UI.ServeStatus(w, r, http.StatusForbidden)
	default:
		w.Header().Set("Cache-Control", "no-store")
		s.kit.UI.ServePage(w, r, lang, rest)
	}
}
