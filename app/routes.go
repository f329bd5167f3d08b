package app

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"gerege/app/auth"
	"gerege/app/content"
	"gerege/app/forms"

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
	r.Get("/robots.txt", s.robots)
	r.Get("/sitemap.xml", k.UI.ServeSitemap)
	r.Get("/favicon.ico", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, k.UI.Favicon(), http.StatusMovedPermanently)
	})

	siteH := &site.Handlers{Version: Version, Demo: s.demo.Get, Maintenance: s.maint.Get, Secure: s.cfg.Secure(),
		AppStoreURL: s.cfg.AppStoreURL, PlayStoreURL: s.cfg.PlayStoreURL, SupportEmail: s.cfg.SupportEmail, Now: s.now}

	a := s.auth
	cont := &content.Handlers{Store: s.store, Now: s.now}
	board := s.board
	fm := &forms.Handlers{Store: s.store, Limiter: s.limiter, Sealer: auth.NewSealer(s.secret, "forms v1"), HashKey: a.HashKey,
		Now: s.now, Rate: s.cfg.FormsIP, MinFillTime: s.cfg.Auth.MinFillTime, StaffEmails: s.cfg.StaffNotify, BaseURL: s.cfg.BaseURL}
	user := auth.RequireUser(k)
	page := func(key string) func(http.Handler) http.Handler { return auth.RequirePage(k, key) }

	r.Route("/api", func(r chi.Router) {
		r.Use(s.sessions.LoadAndSave, a.Authenticate)
		r.NotFound(k.NotFoundHandler)
		r.MethodNotAllowed(k.MethodNotAllowedHandler)
		r.Get("/meta", k.Handler(siteH.GetMeta))
		r.Post("/lang", k.Handler(siteH.SetLang))
		r.Get("/programs/volunteer/timeline.ics", k.Handler(siteH.VolunteerCalendar))
		r.Get("/openapi.json", serveOpenAPI)

		// Public content.
		r.Get("/faq", k.Handler(cont.FAQ))
		r.Get("/universities", k.Handler(cont.Universities))
		r.Get("/legal/{doc}", k.Handler(cont.Legal))

		// Direction Board (anonymous visitors too: the attempt key rides in a cookie or header).
		r.Get("/direction-board", k.Handler(board.Test))
		r.Post("/direction-board/attempts", k.Handler(board.Start))
		r.Put("/direction-board/attempts/{id}/answers", k.Handler(board.SaveAnswers))
		r.Post("/direction-board/attempts/{id}/finish", k.Handler(board.Finish))
		r.Get("/direction-board/attempts/{id}/result", k.Handler(board.Result))
		r.Post("/direction-board/attempts/{id}/email", k.Handler(board.Email))
		r.Get("/direction-board/results/{token}", k.Handler(board.SharedResult))
		r.With(user).Get("/account/direction-board", k.Handler(board.MyResults))

		// The four public forms (anonymous visitors too) and signed-in users' drafts.
		r.Get("/forms/token", k.Handler(fm.Token))
		r.Post("/forms/deletion-requests", k.Handler(fm.RequestDeletion))
		r.Get("/forms/{form}/schema", k.Handler(fm.Schema))
		r.Post("/forms/{form}", k.Handler(fm.Submit))
		r.With(user).Get("/forms/{form}/draft", k.Handler(fm.GetDraft))
		r.With(user).Put("/forms/{form}/draft", k.Handler(fm.PutDraft))
		r.With(user).Delete("/forms/{form}/draft", k.Handler(fm.DeleteDraft))

		// Accounts — the mobile app's contract (bearer tokens) …
		r.Get("/auth/schema", k.Handler(a.Schema))
		r.Post("/auth/register", k.Handler(a.Register))
		r.Post("/auth/login", k.Handler(a.Login))
		r.Post("/auth/refresh", k.Handler(a.Refresh))
		r.With(user).Post("/auth/logout", k.Handler(a.Logout))
		r.With(user).Get("/auth/me", k.Handler(a.Me))
		r.Post("/auth/verify", k.Handler(a.Verify))
		r.With(user).Post("/auth/verify/resend", k.Handler(a.ResendVerification))
		r.Post("/auth/forgot-password", k.Handler(a.ForgotPassword))
		r.Post("/auth/reset-password", k.Handler(a.ResetPassword))
		// … and the web app's cookie sessions.
		r.Get("/web/auth/form-token", k.Handler(a.FormToken))
		r.Post("/web/auth/register", k.Handler(a.WebRegister))
		r.Post("/web/auth/login", k.Handler(a.WebLogin))
		r.Post("/web/auth/logout", k.Handler(a.WebLogout))

		// The signed-in user's own account (both kinds of client).
		r.Group(func(r chi.Router) {
			r.Use(user)
			r.Patch("/account", k.Handler(a.UpdateProfile))
			r.Delete("/account", k.Handler(a.DeleteAccount))
			r.Post("/account/password", k.Handler(a.ChangePassword))
			r.Get("/account/sessions", k.Handler(a.ListSessions))
			r.Get("/account/export", k.Handler(a.ExportAccount))
			r.Delete("/account/sessions/{id}", k.Handler(a.RevokeSession))
			r.Post("/account/sessions/revoke-all", k.Handler(a.SignOutEverywhere))
			r.Get("/account/id-verification", k.Handler(a.GetIDVerification))
			r.Put("/account/id-verification", k.Handler(a.PutIDVerification))
			r.Post("/account/id-verification/decline", k.Handler(a.DeclineIDVerification))
		})
		// Beyond their own profile, accounts must have given their date of birth.
		r.Group(func(r chi.Router) {
			r.Use(user, auth.RequireProfile(k))
			r.Post("/organization/invitations/accept", k.Handler(a.AcceptInvitation))
			r.With(page("organization")).Get("/organization", k.Handler(a.GetOrganization))
			r.With(page("organization")).Post("/organization/invitations", k.Handler(a.Invite))
		})
		// Platform administration.
		r.Group(func(r chi.Router) {
			r.Use(user)
			r.With(page("outbox")).Get("/admin/outbox", k.Handler(a.Outbox))
			r.With(page("outbox")).Get("/admin/outbox/{id}", k.Handler(a.OutboxEmail))
			r.With(page("audit")).Get("/admin/audit", k.Handler(a.Audit))
			r.With(page("settings")).Put("/admin/maintenance", k.Handler(a.Maintenance))
			r.With(page("settings")).Put("/admin/users/admin", k.Handler(a.SetAdmin))
			r.With(page("submissions")).Get("/admin/forms/{form}/submissions", k.Handler(fm.List))
			r.With(page("submissions")).Get("/admin/forms/{form}/export.{format}", k.Handler(fm.Export))
			r.With(page("submissions")).Get("/admin/submissions/{id}", k.Handler(fm.Detail))
			r.With(page("submissions")).Post("/admin/submissions/{id}/status", k.Handler(fm.SetStatus))
			r.With(page("submissions")).Post("/admin/submissions/{id}/notes", k.Handler(fm.AddNote))
			r.With(page("submissions")).Delete("/admin/submissions/{id}", k.Handler(fm.Delete))
			r.With(page("submissions")).Get("/admin/deletion-requests", k.Handler(fm.DeletionRequests))
			r.With(page("settings")).Put("/admin/users/staff", k.Handler(fm.SetStaff))
			r.With(page("directionBoard")).Get("/admin/direction-board/stats", k.Handler(board.Stats))
			r.With(page("faq")).Get("/admin/faq", k.Handler(cont.AdminFAQ))
			r.With(page("faq")).Post("/admin/faq", k.Handler(cont.SaveFAQ))
			r.With(page("faq")).Put("/admin/faq/{id}", k.Handler(cont.SaveFAQ))
			r.With(page("faq")).Delete("/admin/faq/{id}", k.Handler(cont.DeleteFAQ))
			r.With(page("universities")).Get("/admin/universities", k.Handler(cont.AdminUniversities))
			r.With(page("universities")).Post("/admin/universities", k.Handler(cont.SaveUniversity))
			r.With(page("universities")).Put("/admin/universities/{id}", k.Handler(cont.SaveUniversity))
			r.With(page("universities")).Delete("/admin/universities/{id}", k.Handler(cont.DeleteUniversity))
			r.With(page("universities")).Put("/admin/destinations/{id}", k.Handler(cont.SaveDestination))
			r.With(page("universities")).Delete("/admin/destinations/{id}", k.Handler(cont.DeleteDestination))
		})
	})

	s.dashboard = s.sessions.LoadAndSave(a.Authenticate(http.HandlerFunc(s.dashboardPage)))
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
	if _, ok := auth.PageAccess(rest); ok {
		s.dashboard.ServeHTTP(w, r)
		return
	}
	if rest == "" {
		rest = "/"
	}
	ui.ServePage(w, r, lang, rest)
}

// dashboardPage serves a dashboard page to those the role table allows: signed-out visitors
// go to sign in (and come back), others see the 403 page.
func (s *Server) dashboardPage(w http.ResponseWriter, r *http.Request) {
	lang := web.PathLang(r.URL.Path)
	rest := strings.TrimPrefix(r.URL.Path, "/"+lang)
	pg, _ := auth.PageAccess(rest)
	id := auth.From(r.Context())
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
	case !pg.Allow(id.User):
		s.kit.UI.ServeStatus(w, r, http.StatusForbidden)
	default:
		w.Header().Set("Cache-Control", "no-store")
		s.kit.UI.ServePage(w, r, lang, rest)
	}
}
