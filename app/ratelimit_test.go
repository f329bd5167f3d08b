package app_test

import (
	"fmt"
	"gerege/app"
	"gerege/app/apitest"
	"testing"
)

// Each route that sends email or checks a secret answers 429 with Retry-After once its
// limit is reached (limits lowered here; defaults in config.go).
func TestRateLimitsPerRoute(t *testing.T) {
	t.Parallel()
	limited := func(t *testing.T, r apitest.Reply) {
		t.Helper()
		if r.Status != 429 || r.Header.Get("Retry-After") == "" || r.Str("code") != "rate_limited" || r.Str("message") == "" {
			t.Errorf("want 429 with Retry-After and a message: %d %v %s", r.Status, r.Header.Get("Retry-After"), r.Raw)
		}
	}
	t.Run("register per IP", func(t *testing.T) {
		_, ts := apitest.NewServer(t, func(c *app.Config) { c.Auth.RegisterIP.N = 2 })
		for i := 0; i < 2; i++ {
			apitest.MustStatus(t, apitest.Register(t, ts, fmt.Sprintf("r%d@example.mn", i), nil), 201)
		}
		limited(t, apitest.Register(t, ts, "r9@example.mn", nil))
	})
	t.Run("register per account", func(t *testing.T) {
		_, ts := apitest.NewServer(t, func(c *app.Config) { c.Auth.EmailAccount.N = 2 })
		apitest.MustStatus(t, apitest.Register(t, ts, "same@example.mn", nil), 201)
		apitest.MustStatus(t, apitest.Register(t, ts, "Same@Example.mn", nil), 409)
		limited(t, apitest.Register(t, ts, "same@example.mn", nil))
		apitest.MustStatus(t, apitest.Register(t, ts, "other@example.mn", nil), 201)
	})
	t.Run("verify link per IP", func(t *testing.T) {
		_, ts := apitest.NewServer(t, func(c *app.Config) { c.Auth.EmailIP.N = 2 })
		for i := 0; i < 2; i++ {
			r := apitest.Call(t, nil, ts, "POST", "/api/auth/verify", map[string]any{"token": fmt.Sprintf("guess-%d", i)}, "")
			if r.Status != 422 {
				t.Fatalf("a wrong token: %d %s", r.Status, r.Raw)
			}
		}
		limited(t, apitest.Call(t, nil, ts, "POST", "/api/auth/verify", map[string]any{"token": "guess-9"}, ""))
	})
	t.Run("forgot password per IP", func(t *testing.T) {
		_, ts := apitest.NewServer(t, func(c *app.Config) { c.Auth.EmailIP.N = 2 })
		for i := 0; i < 2; i++ {
			apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/auth/forgot-password", map[string]any{"email": fmt.Sprintf("f%d@example.mn", i)}, ""), 202)
		}
		limited(t, apitest.Call(t, nil, ts, "POST", "/api/auth/forgot-password", map[string]any{"email": "f9@example.mn"}, ""))
	})
	t.Run("reset password per IP", func(t *testing.T) {
		_, ts := apitest.NewServer(t, func(c *app.Config) { c.Auth.EmailIP.N = 2 })
		body := func(i int) map[string]any {
			return map[string]any{"email": fmt.Sprintf("x%d@example.mn", i), "code": "000000", "password": "a new long passphrase"}
		}
		for i := 0; i < 2; i++ {
			apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/auth/reset-password", body(i), ""), 422)
		}
		limited(t, apitest.Call(t, nil, ts, "POST", "/api/auth/reset-password", body(9), ""))
	})
	t.Run("reset password per account", func(t *testing.T) {
		_, ts := apitest.NewServer(t, func(c *app.Config) { c.Auth.EmailIP.N, c.Auth.VerifyAccount.N = 100, 2 })
		apitest.Register(t, ts, "victim@example.mn", nil)
		apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/auth/forgot-password", map[string]any{"email": "victim@example.mn"}, ""), 202)
		guess := map[string]any{"email": "victim@example.mn", "code": "000000", "password": "a new long passphrase"}
		for i := 0; i < 2; i++ {
			apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/auth/reset-password", guess, ""), 422)
		}
		limited(t, apitest.Call(t, nil, ts, "POST", "/api/auth/reset-password", guess, ""))
		// Another account is not affected.
		other := map[string]any{"email": "other@example.mn", "code": "000000", "password": "a new long passphrase"}
		apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/auth/reset-password", other, ""), 422)
	})
}
