package banking_test

import (
	"net/http"
	"testing"

	"gerege/app"
	"gerege/app/apitest"
)

func TestDemoHasSettledPaymentsAndATransferWaiting(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t, func(c *app.Config) { c.Demo = true })
	login := func(email string) *world {
		c := apitest.WebClient()
		apitest.MustStatus(t, apitest.Call(t, c, ts, "POST", "/api/web/auth/login", map[string]any{"email": email, "password": app.DemoPassword}, ""), 200)
		return &world{s: s, ts: ts, clients: map[string]*http.Client{"x": c}}
	}
	// The demo's money is what its modules made: the shop's orders paid to the platform and
	// billing's invoices (the organisation's subscription) — a transfer waits for the admin,
	// the owner sees what the organisation paid, and the books balance.
	owner := login("owner@demo.gerege.mn")
	r := get(t, owner, "x", "/api/banking/charges")
	if items, _ := r.Body["items"].([]any); len(items) == 0 {
		t.Fatalf("the organisation's charges: %s", r.Raw)
	}
	apitest.MustStatus(t, get(t, owner, "x", "/api/banking/ledger"), 200)
	admin := login("admin@demo.gerege.mn")
	r = get(t, admin, "x", "/api/banking/pending")
	if items, _ := r.Body["items"].([]any); len(items) == 0 {
		t.Fatalf("pending: %s", r.Raw)
	}
	// One refund due, one already made (a bank transfer sent back, in the ledger).
	r = get(t, admin, "x", "/api/banking/refunds")
	if items, _ := r.Body["items"].([]any); len(items) != 1 {
		t.Fatalf("refunds due: %s", r.Raw)
	}
	refunded, err := s.Store().Read.Query(`SELECT count(*) FROM payment_refunds WHERE status = 'succeeded'`)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for refunded.Next() {
		refunded.Scan(&n)
	}
	refunded.Close()
	if n != 1 {
		t.Fatalf("%d refunds made in the demo", n)
	}
	r = get(t, admin, "x", "/api/banking/ledger")
	if r.Body["balance"].(float64) <= 0 {
		t.Fatalf("platform: %s", r.Raw)
	}
	ledgerBalanced(t, s)
}
