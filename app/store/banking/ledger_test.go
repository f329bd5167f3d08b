package banking_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"gerege/app/apitest"
	"gerege/app/platform/payments"
	"gerege/app/store/billing"
	"gerege/db"
)

// money moves: three sales of the owner's organisation (5 % fee) on three Ulaanbaatar days,
// and the organisation's subscription charge to the platform.
func seedLedger(t *testing.T, w *world) (orgID int64) {
	t.Helper()
	ctx := context.Background()
	clock := apitest.NewClock() // 2026-11-22 10:00 UTC = 18:00 in Ulaanbaatar
	svc := w.s.Payments()
	svc.Now = clock.Now
	svc.FeeBasisPoints = 500
	orgID = w.users["owner"].OrgID
	for i, amount := range []int64{10000, 20000, 30000} {
		p, err := svc.Create(ctx, nil, payments.NewPayment{Purpose: "order", RefID: int64(100 + i), PayerUserID: w.users["individual"].ID,
			Payee: payments.PayeeOrg(orgID), Money: payments.Money{Amount: amount, Currency: "MNT"}, Provider: "bank", Key: fmt.Sprint("sale-", i)})
		if err != nil {
			t.Fatal(err)
		}
		if err := svc.MarkPaid(ctx, p.ID, w.users["admin"].ID, ""); err != nil {
			t.Fatal(err)
		}
		clock.Advance(24 * time.Hour)
	}
	// The subscription as billing makes it: the Starter plan (49 000₮ a month), by bank transfer.
	var plan int64
	if err := w.s.Store().Read.QueryRow(`SELECT id FROM billing_plans WHERE code = 'starter'`).Scan(&plan); err != nil {
		t.Fatal(err)
	}
	r := apitest.Call(t, w.clients["owner"], w.ts, "POST", "/api/billing/subscribe", map[string]any{"planId": plan, "currency": "MNT",
		"provider": "bank", "acceptTerms": true, "termsVersion": billing.TermsVersion, "returnUrl": "/en/dashboard/subscription"}, "",
		"Sec-Fetch-Site", "same-origin")
	apitest.MustStatus(t, r, 201)
	pid := int64(r.Body["payment"].(map[string]any)["paymentId"].(float64))
	if err := svc.MarkPaid(ctx, pid, w.users["admin"].ID, ""); err != nil {
		t.Fatal(err)
	}
	return orgID
}

func get(t *testing.T, w *world, who, path string) apitest.Reply {
	t.Helper()
	return apitest.Call(t, w.clients[who], w.ts, "GET", path, nil, "")
}

func entries(r apitest.Reply) []map[string]any {
	list, _ := r.Body["entries"].([]any)
	out := []map[string]any{}
	for _, e := range list {
		out = append(out, e.(map[string]any))
	}
	return out
}

func TestLedgerShowsTheOrganisationsMoneyWithARunningBalance(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	seedLedger(t, w)
	r := get(t, w, "owner", "/api/banking/ledger")
	apitest.MustStatus(t, r, 200)
	es := entries(r)
	// Each sale: received + fee on the organisation's balance; newest first.
	if r.Str("scope") != "org" || len(es) != 6 || r.Body["balance"] != float64(57000) {
		t.Fatalf("ledger %s", r.Raw)
	}
	if es[0]["kind"] != "fee" || es[0]["amount"] != float64(-1500) || es[0]["balance"] != float64(57000) || es[0]["purpose"] != "order" {
		t.Fatalf("newest %v", es[0])
	}
	// The running balance: each line's balance is the older line's plus its amount.
	for i := 0; i+1 < len(es); i++ {
		if es[i]["balance"].(float64) != es[i+1]["balance"].(float64)+es[i]["amount"].(float64) {
			t.Fatalf("line %d: %v after %v", i, es[i], es[i+1])
		}
	}
	// A window of one day hides the other lines, never changes a balance.
	r = get(t, w, "owner", "/api/banking/ledger?from=2026-11-23&to=2026-11-23")
	es = entries(r)
	if len(es) != 2 || es[0]["balance"] != float64(28500) || es[1]["amount"] != float64(20000) || r.Str("from") != "2026-11-23" {
		t.Fatalf("window %s", r.Raw)
	}
	// Bad filters are field errors; someone else's scope is forbidden.
	for _, q := range []string{"from=yesterday", "to=2026-13-01", "from=2026-11-25&to=2026-11-24", "currency=EUR", "scope=mine", "before=-3"} {
		if r := get(t, w, "owner", "/api/banking/ledger?"+q); r.Status != 422 || len(r.Body["errors"].(map[string]any)) == 0 {
			t.Errorf("%s: %d %s", q, r.Status, r.Raw)
		}
	}
	apitest.MustStatus(t, get(t, w, "owner", "/api/banking/ledger?scope=platform"), 403)
	apitest.MustStatus(t, get(t, w, "admin", "/api/banking/ledger?scope=org"), 403)
	apitest.MustStatus(t, get(t, w, "manager", "/api/banking/ledger"), 403)
	// What the organisation paid.
	r = get(t, w, "owner", "/api/banking/charges")
	items, _ := r.Body["items"].([]any)
	if len(items) != 1 || items[0].(map[string]any)["purpose"] != "subscription" {
		t.Fatalf("charges %s", r.Raw)
	}
	ledgerBalanced(t, w.s)
}

func TestLedgerOfThePlatformAndItsPages(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	seedLedger(t, w)
	// The platform: the subscription (revenue) and the three fees.
	r := get(t, w, "admin", "/api/banking/ledger")
	es := entries(r)
	if r.Str("scope") != "platform" || len(es) != 4 || r.Body["balance"] != float64(49000+500+1000+1500) {
		t.Fatalf("platform %s", r.Raw)
	}
	// Pages by cursor: 50 a page, the next cursor leads to the rest.
	ctx := context.Background()
	for i := range 60 {
		if _, err := w.s.Store().PostLedger(ctx, "adjustment", 0, "test", []db.LedgerEntry{
			{Account: payments.AccountRevenue, Currency: "MNT", Amount: int64(i + 1)},
			{Account: "platform:adjustments", Currency: "MNT", Amount: -int64(i + 1)}}, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	r = get(t, w, "admin", "/api/banking/ledger")
	next := int64(r.Body["next"].(float64))
	if len(entries(r)) != 50 || next == 0 {
		t.Fatalf("first page: %d, next %d", len(entries(r)), next)
	}
	r2 := get(t, w, "admin", fmt.Sprintf("/api/banking/ledger?before=%d", next))
	if len(entries(r2)) != 14 || r2.Body["next"] != nil {
		t.Fatalf("second page: %d %v", len(entries(r2)), r2.Body["next"])
	}
	ledgerBalanced(t, w.s)
}

func TestLedgerCSVIsFormulaSafeAndInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	orgID := seedLedger(t, w)
	// An adjustment whose memo a spreadsheet would run as a formula.
	if _, err := w.s.Store().PostLedger(context.Background(), "adjustment", 0, `=HYPERLINK("http://evil","x")`, []db.LedgerEntry{
		{Account: payments.AccountOrgBalance(orgID), Currency: "MNT", Amount: -100},
		{Account: "platform:adjustments", Currency: "MNT", Amount: 100}}, time.Now()); err != nil {
		t.Fatal(err)
	}
	r := apitest.Call(t, w.clients["owner"], w.ts, "GET", "/api/banking/ledger.csv?from=2026-11-22", nil, "", "Accept-Language", "mn")
	apitest.MustStatus(t, r, 200)
	if !strings.HasPrefix(r.Header.Get("Content-Type"), "text/csv") || !strings.HasPrefix(r.Raw, "\uFEFF") {
		t.Fatalf("csv %q %q", r.Header.Get("Content-Type"), r.Raw[:20])
	}
	lines := strings.Split(strings.TrimSpace(r.Raw), "\n")
	if len(lines) != 8 || !strings.Contains(lines[0], "Үлдэгдэл") {
		t.Fatalf("%d lines: %s", len(lines), r.Raw)
	}
	if !strings.Contains(r.Raw, `'=HYPERLINK`) || strings.Contains(r.Raw, `,=HYPERLINK`) {
		t.Fatalf("formula not neutralised: %s", r.Raw)
	}
	if !strings.Contains(r.Raw, "Захиалга №100") || !strings.Contains(r.Raw, ",-500,") {
		t.Fatalf("content: %s", r.Raw)
	}
	// Bad filters are refused before anything is sent, as JSON.
	r = get(t, w, "owner", "/api/banking/ledger.csv?from=nope")
	if r.Status != 422 || r.Str("code") != "invalid" {
		t.Fatalf("bad filter: %d %s", r.Status, r.Raw)
	}
}

func TestPendingBankTransfersForAdmins(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	p := w.pay(t, "bank", "bank-1")
	r := get(t, w, "admin", "/api/banking/pending")
	items, _ := r.Body["items"].([]any)
	if len(items) != 1 {
		t.Fatalf("pending %s", r.Raw)
	}
	it := items[0].(map[string]any)
	if it["payerEmail"] != apitest.RoleEmails["individual"] || it["payment"].(map[string]any)["transfer"].(map[string]any)["reference"] != payments.Reference(p.ID) {
		t.Fatalf("item %v", it)
	}
	apitest.MustStatus(t, get(t, w, "owner", "/api/banking/pending"), 403)
	apitest.MustStatus(t, apitest.Call(t, w.clients["admin"], w.ts, "POST", fmt.Sprintf("/api/payments/%d/mark-paid", p.ID), map[string]any{}, "", "Sec-Fetch-Site", "same-origin"), 200)
	r = get(t, w, "admin", "/api/banking/pending")
	if items, _ := r.Body["items"].([]any); len(items) != 0 {
		t.Fatalf("still pending %s", r.Raw)
	}
}
