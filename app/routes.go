package app

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"gerege/app/site"
	"gerege/app/web"
)

// routes is every HTTP route of the platform, top to bottom.
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
	r.Use(k.RequestID, k.SecurityHeaders, k.AccessLog, k.Recover, k.Language,
		k.MaintenanceGate, k.LimitBody, k.CrossOrigin)
	r.NotFound(k.NotFoundHandler)
	r.MethodNotAllowed(k.MethodNotAllowedHandler)

	r.Get("/healthz", health)
	r.Get("/readyz", s.ready)
	r.Get("/assets/*", k.UI.ServeAsset)
	r.Get("/favicon.ico", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, k.UI.Favicon(), http.StatusMovedPermanently)
	})

	siteH := &site.Handlers{Version: Version, Demo: s.demo.Get, Maintenance: s.maint.Get, Secure: s.cfg.Secure()}

	r.Route("/api", func(r chi.Router) {
		r.Use(s.sessions.LoadAndSave)
		r.NotFound(k.NotFoundHandler)
		r.MethodNotAllowed(k.MethodNotAllowedHandler)
		r.Get("/meta", k.Handler(siteH.GetMeta))
		r.Post("/lang", k.Handler(siteH.SetLang))
	})

	r.Get("/*", s.page)
	return r
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
	if rest == "" {
		rest = "/"
	}
	ui.ServePage(w, r, lang, rest)
}
