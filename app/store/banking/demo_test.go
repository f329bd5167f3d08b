package banking_test

import (
	"net/http"
	"testing"

	"gerege/app"
	"gerege/app/apitest"
)

func TestDemoHasSettledPaymentsAndOneTransferWaiting(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t, func(c *app.Config) { c.Demo = true })
	login := func(email string) *world {
		c := apitest.WebClient()
		apitest.MustStatus(t, apitest.Call(t, c, ts, "POST", "/api/web/auth/login", map[string]any{"email": email, "password": app.DemoPassword}, ""), 200)
		return &world{s: s, ts: ts, clients: map[string]*http.Client{"x": c}}
	}
	r := get(t, login("owner@demo.gerege.mn"), "x", "/api/banking/ledger")
	if len(entries(r)) != 6 || r.Body["balance"] != float64((45000+120000+25000)*95/100) {
		t.Fatalf("owner's ledger: %s", r.Raw)
	}
	admin := login("admin@demo.gerege.mn")
	r = get(t, admin, "x", "/api/banking/pending")
	if items, _ := r.Body["items"].([]any); len(items) != 1 {
		t.Fatalf("pending: %s", r.Raw)
	}
	r = get(t, admin, "x", "/api/banking/ledger")
	if r.Body["balance"] != float64(49000+(45000+120000+25000)*5/100) {
		t.Fatalf("platform: %s", r.Raw)
	}
	ledgerBalanced(t, s)
}
