package app

import (
	"fmt"
	"testing"
)

// Each route that sends email or checks a secret answers 429 with Retry-After once its
// limit is reached (limits lowered here; defaults in config.go).
func TestRateLimitsPerRoute(t *testing.T) {
	limited := func(t *testing.T, r apiReply) {
		t.Helper()
		if r.status != 429 || r.header.Get("Retry-After") == "" || r.str("code") != "rate_limited" || r.str("message") == "" {
			t.Errorf("want 429 with Retry-After and a message: %d %v %s", r.status, r.header.Get("Retry-After"), r.raw)
		}
	}
	t.Run("register per IP", func(t *testing.T) {
		_, ts := newTestServer(t, func(c *Config) { c.Auth.RegisterIP.N = 2 })
		for i := 0; i < 2; i++ {
			mustStatus(t, register(t, ts, fmt.Sprintf("r%d@example.mn", i), nil), 201)
		}
		limited(t, register(t, ts, "r9@example.mn", nil))
	})
	t.Run("register per account", func(t *testing.T) {
		_, ts := newTestServer(t, func(c *Config) { c.Auth.EmailAccount.N = 2 })
		mustStatus(t, register(t, ts, "same@example.mn", nil), 201)
		mustStatus(t, register(t, ts, "Same@Example.mn", nil), 409)
		limited(t, register(t, ts, "same@example.mn", nil))
		mustStatus(t, register(t, ts, "other@example.mn", nil), 201)
	})
	t.Run("verify link per IP", func(t *testing.T) {
		_, ts := newTestServer(t, func(c *Config) { c.Auth.EmailIP.N = 2 })
		for i := 0; i < 2; i++ {
			r := call(t, nil, ts, "POST", "/api/auth/verify", map[string]any{"token": fmt.Sprintf("guess-%d", i)}, "")
			if r.status != 422 {
				t.Fatalf("a wrong token: %d %s", r.status, r.raw)
			}
		}
		limited(t, call(t, nil, ts, "POST", "/api/auth/verify", map[string]any{"token": "guess-9"}, ""))
	})
	t.Run("forgot password per IP", func(t *testing.T) {
		_, ts := newTestServer(t, func(c *Config) { c.Auth.EmailIP.N = 2 })
		for i := 0; i < 2; i++ {
			mustStatus(t, call(t, nil, ts, "POST", "/api/auth/forgot-password", map[string]any{"email": fmt.Sprintf("f%d@example.mn", i)}, ""), 202)
		}
		limited(t, call(t, nil, ts, "POST", "/api/auth/forgot-password", map[string]any{"email": "f9@example.mn"}, ""))
	})
	t.Run("reset password per IP", func(t *testing.T) {
		_, ts := newTestServer(t, func(c *Config) { c.Auth.EmailIP.N = 2 })
		body := func(i int) map[string]any {
			return map[string]any{"email": fmt.Sprintf("x%d@example.mn", i), "code": "000000", "password": "a new long passphrase"}
		}
		for i := 0; i < 2; i++ {
			mustStatus(t, call(t, nil, ts, "POST", "/api/auth/reset-password", body(i), ""), 422)
		}
		limited(t, call(t, nil, ts, "POST", "/api/auth/reset-password", body(9), ""))
	})
	t.Run("reset password per account", func(t *testing.T) {
		_, ts := newTestServer(t, func(c *Config) { c.Auth.EmailIP.N, c.Auth.VerifyAccount.N = 100, 2 })
		register(t, ts, "victim@example.mn", nil)
		mustStatus(t, call(t, nil, ts, "POST", "/api/auth/forgot-password", map[string]any{"email": "victim@example.mn"}, ""), 202)
		guess := map[string]any{"email": "victim@example.mn", "code": "000000", "password": "a new long passphrase"}
		for i := 0; i < 2; i++ {
			mustStatus(t, call(t, nil, ts, "POST", "/api/auth/reset-password", guess, ""), 422)
		}
		limited(t, call(t, nil, ts, "POST", "/api/auth/reset-password", guess, ""))
		// Another account is not affected.
		other := map[string]any{"email": "other@example.mn", "code": "000000", "password": "a new long passphrase"}
		mustStatus(t, call(t, nil, ts, "POST", "/api/auth/reset-password", other, ""), 422)
	})
}
