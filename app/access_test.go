package app_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/app/platform/authz"
	"gerege/db"
)

// TestEveryRouteEnforcesItsPermission walks the registry of every mounted route — so a route a
// module adds is covered without anyone writing a row for it — and calls each as every kind
// of user: the anonymous visitor gets 401 wherever an account is needed, a user without the
// route's permission 403, and a user with it anything but 401, 403 or a 5xx.
func TestEveryRouteEnforcesItsPermission(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t)
	clients := apitest.Roles(t, s, ts)
	ctx := context.Background()
	users := map[string]*db.User{}
	for who := range clients {
		if who == "anonymous" {
			continue
		}
		u, err := s.Store().UserByEmail(ctx, apitest.RoleEmails[who])
		if err != nil {
			t.Fatal(who, err)
		}
		users[who] = u
	}
	emails := map[string]string{}
	for who, u := range users {
		emails[who] = u.Email
	}
	// Signing out ends the client's session: it signs in again before the next route.
	endsSession := regexp.MustCompile(`logout|revoke-all`)
	param := regexp.MustCompile(`\{[^}]+\}`)
	routes := s.Access().Routes()
	if len(routes) < 50 {
		t.Fatalf("only %d routes registered", len(routes))
	}
	pathOf := func(pattern string) string {
		return param.ReplaceAllStringFunc(pattern, func(p string) string {
			switch p {
			case "{form}":
				return "contact"
			case "{doc}":
				return "terms"
			case "{format}":
				return "csv"
			}
			return "999999"
		})
	}
	// Each kind of user walks every route on its own client, the kinds in parallel.
	for who, c := range clients {
		t.Run(who, func(t *testing.T) {
			t.Parallel()
			u := users[who]
			for _, rt := range routes {
				path := pathOf(rt.Pattern)
				var body any
				if rt.Method != "GET" {
					body = map[string]any{}
				}
				var got apitest.Reply
				if rt.Doc.Produces == "text/event-stream" {
					got = streamCall(s, c, ts, path)
				} else {
					got = apitest.Call(t, c, ts, rt.Method, path, body, "", "Sec-Fetch-Site", "same-origin")
				}
				if u != nil && endsSession.MatchString(rt.Pattern) {
					c = apitest.WebClient()
					apitest.MustStatus(t, apitest.Call(t, c, ts, "POST", "/api/web/auth/login", map[string]any{"email": emails[who], "password": "correct horse battery"}, ""), 200)
				}
				switch {
				case rt.Perm == authz.Public: // (401 is a handler's own answer here, e.g. a code without an account)
					if got.Status == 403 || got.Status >= 500 {
						t.Errorf("%s %s (public) as %s: %d %.200s", rt.Method, path, who, got.Status, got.Raw)
					}
				case u == nil:
					if got.Status != 401 {
						t.Errorf("%s %s (%s) as anonymous: %d, want 401", rt.Method, path, rt.Perm, got.Status)
					}
				case !authz.Can(u, rt.Perm):
					if got.Status != 403 {
						t.Errorf("%s %s (%s) as %s: %d, want 403", rt.Method, path, rt.Perm, who, got.Status)
					}
				default:
					if got.Status == 401 || got.Status == 403 || got.Status >= 500 {
						t.Errorf("%s %s (%s) as %s: %d %.200s", rt.Method, path, rt.Perm, who, got.Status, got.Raw)
					}
				}
			}
		})
	}
}

// TestNoRouteWithoutPermission: every API route the router serves was mounted through the
// registry (so it names a permission), and every named permission is granted to some role and
// needed by some route or page.
func TestNoRouteWithoutPermission(t *testing.T) {
	t.Parallel()
	s, _ := apitest.NewServer(t)
	declared := map[string]bool{}
	for _, rt := range s.Access().Routes() {
		if rt.Perm == "" {
			t.Errorf("%s %s declares no permission", rt.Method, rt.Pattern)
		}
		declared[rt.Method+" "+rt.Pattern] = true
	}
	mux, ok := s.Handler().(chi.Routes)
	if !ok {
		t.Fatalf("the root handler is a %T, not a chi router", s.Handler())
	}
	n := 0
	err := chi.Walk(mux, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		if !strings.HasPrefix(route, "/api/") {
			return nil
		}
		n++
		if !declared[method+" "+route] {
			t.Errorf("%s %s is served but not in the permission registry", method, route)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n != len(declared) {
		t.Errorf("router serves %d API routes, registry has %d", n, len(declared))
	}
	used := map[authz.Perm]bool{}
	for _, rt := range s.Access().Routes() {
		used[rt.Perm] = true
	}
	for _, p := range s.Access().Pages() {
		used[p.Perm] = true
	}
	used[authz.FormsSensitiveRead] = true     // checked inside the desk's handlers (which fields are shown)
	used[authz.WorkspaceFilesOrgWrite] = true // checked inside the file manager's handlers (who may change the organisation's files)
	for _, p := range authz.All {
		if !used[p] {
			t.Errorf("permission %s guards nothing", p)
		}
		granted := false
		for _, perms := range authz.Grants {
			granted = granted || slices.Contains(perms, p)
		}
		if !granted {
			t.Errorf("permission %s is granted to no role", p)
		}
	}
}

// streamCall calls a text/event-stream route (a live stream never ends by itself) on the
// handler with c's cookies and a short deadline, and answers what it sent until then: the
// status is what the role test checks.
func streamCall(s *app.Server, c *http.Client, ts *httptest.Server, path string) apitest.Reply {
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	req := httptest.NewRequestWithContext(ctx, "GET", ts.URL+path, nil)
	if u, err := url.Parse(ts.URL); err == nil && c != nil && c.Jar != nil {
		for _, ck := range c.Jar.Cookies(u) {
			req.AddCookie(ck)
		}
	}
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, req)
	return apitest.Reply{Status: rec.Code, Header: rec.Header(), Raw: rec.Body.String()}
}
