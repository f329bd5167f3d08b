package billing_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"gerege/app/apitest"
	"gerege/app/store/billing"
	"gerege/db"
)

const day = 24 * time.Hour

func subscribeBody(planID int64) map[string]any {
	return map[string]any{"planId": planID, "currency": "MNT", "provider": "bank", "acceptTerms": true,
		"termsVersion": billing.TermsVersion, "returnUrl": "/en/dashboard/subscription"}
}

// subscribe subscribes the owner's organisation to code and has an admin mark the transfer
// paid; it returns the first invoice's id.
func (w *world) subscribe(t *testing.T, code string) int64 {
	t.Helper()
	r := w.must(t, w.call(t, "owner", "POST", "/api/billing/subscribe", subscribeBody(planID(t, w.s.Store(), code))), 201)
	pay, _ := r.Body["payment"].(map[string]any)
	inv, pid := int64(pay["invoiceId"].(float64)), int64(pay["paymentId"].(float64))
	if err := w.s.Payments().MarkPaid(context.Background(), pid, 1, "127.0.0.1"); err != nil {
		t.Fatal(err)
	}
	return inv
}

func (w *world) sub(t *testing.T) db.BillingSubscription {
	t.Helper()
	s, err := w.s.Store().BillingSubscriptionOfOrg(context.Background(), w.orgID)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func (w *world) renewals(t *testing.T) {
	t.Helper()
	if err := w.s.RunJob(context.Background(), "billing.renewals"); err != nil {
		t.Fatal(err)
	}
}

// emails counts the outbox emails of kind to the owner and returns the last one.
func (w *world) emails(t *testing.T, kind string) (int, db.Email) {
	t.Helper()
	rows, err := w.s.Store().Read.Query(`SELECT subject, body_text, lang FROM outbox WHERE to_addr = ? AND kind = ? ORDER BY id`,
		apitest.RoleEmails["owner"], kind)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n, last := 0, db.Email{}
	for rows.Next() {
		n++
		if err := rows.Scan(&last.Subject, &last.Text, &last.Lang); err != nil {
			t.Fatal(err)
		}
	}
	return n, last
}

func TestSubscribeByBankTransfer(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	st := w.s.Store()
	ctx := context.Background()
	starter := planID(t, st, "starter")
	// Free plan before anything.
	if n, err := billing.Limit(ctx, st, w.orgID, "postings"); err != nil || n != 2 {
		t.Fatalf("free postings: %d %v", n, err)
	}
	r := w.must(t, w.call(t, "owner", "POST", "/api/billing/subscribe", subscribeBody(starter)), 201)
	if !strings.Contains(r.Raw, `"kind":"transfer"`) || !strings.Contains(r.Raw, `"status":"pending"`) || !strings.Contains(r.Raw, `"amount":49000`) {
		t.Fatalf("subscribe: %s", r.Raw)
	}
	pay := r.Body["payment"].(map[string]any)
	pid := int64(pay["paymentId"].(float64))
	// A double click: the same invoice and payment, never a second one.
	r2 := w.must(t, w.call(t, "owner", "POST", "/api/billing/subscribe", subscribeBody(starter)), 201)
	if p2 := r2.Body["payment"].(map[string]any); int64(p2["paymentId"].(float64)) != pid {
		t.Fatalf("a second payment: %s", r2.Raw)
	}
	// Still the free plan until paid.
	if n, _ := billing.Limit(ctx, st, w.orgID, "postings"); n != 2 {
		t.Fatalf("limits before payment: %d", n)
	}
	// The acceptance is proof: version, time, IP.
	acc, err := st.BillingTermsAcceptances(ctx, w.orgID)
	if err != nil || len(acc) != 1 || acc[0].TermsVersion != billing.TermsVersion || acc[0].IP == "" || acc[0].AcceptedAt.IsZero() {
		t.Fatalf("acceptances: %+v %v", acc, err)
	}
	if err := w.s.Payments().MarkPaid(ctx, pid, 1, "127.0.0.1"); err != nil {
		t.Fatal(err)
	}
	a := w.must(t, w.call(t, "owner", "GET", "/api/billing/subscription", nil), 200)
	if a.Str("status") != "active" || !strings.Contains(a.Raw, `"code":"starter"`) || !strings.Contains(a.Raw, `"status":"paid"`) {
		t.Fatalf("after payment: %s", a.Raw)
	}
	if n, _ := billing.Limit(ctx, st, w.orgID, "postings"); n != 10 {
		t.Fatalf("starter postings: %d", n)
	}
	s := w.sub(t)
	if !s.PeriodStart.Equal(w.clock.Now()) || !s.PeriodEnd.Equal(w.clock.Now().AddDate(0, 1, 0)) {
		t.Fatalf("period: %v – %v", s.PeriodStart, s.PeriodEnd)
	}
	// Subscribing again while active is refused.
	w.must(t, w.call(t, "owner", "POST", "/api/billing/subscribe", subscribeBody(starter)), 409)
	// The invoice says what was paid.
	inv := w.must(t, w.call(t, "owner", "GET", path("/api/billing/invoices/%d", int64(pay["invoiceId"].(float64))), nil), 200)
	if inv.Str("status") != "paid" || inv.Str("number") == "" || num(inv, "vat") != 4455 {
		t.Fatalf("invoice: %s", inv.Raw)
	}
	// "Download my data" has the acceptance.
	x := w.must(t, w.call(t, "owner", "GET", "/api/account/export", nil), 200)
	if !strings.Contains(x.Raw, `"billingTermsAcceptances": [`) || !strings.Contains(x.Raw, `"termsVersion": "`+billing.TermsVersion+`"`) {
		t.Fatalf("export: %.600s", x.Raw)
	}
}

func TestSubscribeRefusesBadInput(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	st := w.s.Store()
	starter, free := planID(t, st, "starter"), planID(t, st, "free")
	bad := func(name string, edit func(map[string]any), status int, field string) {
		t.Helper()
		b := subscribeBody(starter)
		edit(b)
		r := w.call(t, "owner", "POST", "/api/billing/subscribe", b)
		if r.Status != status || (field != "" && !strings.Contains(r.Raw, `"`+field+`"`)) {
			t.Errorf("%s: %d %s", name, r.Status, r.Raw)
		}
	}
	bad("no terms", func(b map[string]any) { b["acceptTerms"] = false }, 422, "acceptTerms")
	bad("old terms", func(b map[string]any) { b["termsVersion"] = "2020-01" }, 422, "acceptTerms")
	bad("free plan", func(b map[string]any) { b["planId"] = free }, 422, "planId")
	bad("unknown plan", func(b map[string]any) { b["planId"] = 98765 }, 422, "planId")
	bad("currency", func(b map[string]any) { b["currency"] = "EUR" }, 422, "currency")
	bad("provider", func(b map[string]any) { b["provider"] = "stripe" }, 422, "provider")
	bad("fractional plan", func(b map[string]any) { b["planId"] = 1.5 }, 400, "")
	for _, role := range []string{"manager", "counselor", "individual", "admin"} {
		if r := w.call(t, role, "POST", "/api/billing/subscribe", subscribeBody(starter)); r.Status != 403 {
			t.Errorf("%s subscribes: %d", role, r.Status)
		}
	}
	if r := w.call(t, "anonymous", "POST", "/api/billing/subscribe", subscribeBody(starter)); r.Status != 401 {
		t.Errorf("anonymous subscribes: %d", r.Status)
	}
	// Nothing was half-saved.
	if _, err := st.BillingSubscriptionOfOrg(context.Background(), w.orgID); err == nil {
		t.Fatal("a refused subscription left a row")
	}
	// A price sent by the browser is not read: the plan's price is charged.
	b := subscribeBody(starter)
	b["price"], b["amount"] = 1, 1
	if r := w.must(t, w.call(t, "owner", "POST", "/api/billing/subscribe", b), 201); !strings.Contains(r.Raw, `"amount":{"amount":49000`) {
		t.Fatalf("price from the client: %s", r.Raw)
	}
}

// The 30-day rule: a price changed on day 0 is charged at a renewal on day 30, not on day 29.
func TestPriceChangeNotice(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name     string
		changeAt time.Duration // after subscribing; the renewal is 30 days after subscribing
		want     int64
	}{{"day 30", 0, 129000}, {"day 29", day, 49000}} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			st := w.s.Store()
			if _, err := st.Write.Exec(`UPDATE users SET language = 'mn' WHERE id = ?`, w.ownerID); err != nil {
				t.Fatal(err)
			}
			w.subscribe(t, "starter")
			renewal := w.sub(t).PeriodEnd
			w.clock.Advance(c.changeAt)
			starter := planID(t, st, "starter")
			r := w.must(t, w.call(t, "admin", "PUT", path("/api/billing/plans/%d", starter), map[string]any{"code": "starter",
				"nameEn": "Enterprise Starter", "nameMn": "Байгууллага Эхлэл", "limits": map[string]any{"postings": 10, "staff": 5, "communities": 1},
				"priceMnt": 129000, "priceUsd": 1500, "active": true, "sort": 1}), 200)
			if num(r, "notified") != 1 {
				t.Fatalf("notified: %s", r.Raw)
			}
			n, e := w.emails(t, "billingPriceChange")
			if n != 1 || e.Lang != "mn" || !strings.Contains(e.Text, "49 000₮") || !strings.Contains(e.Text, "129 000₮") || !strings.Contains(e.Text, "«Байгууллага Эхлэл»") {
				t.Fatalf("notice email (%d): %s", n, e.Text)
			}
			// The date in the email is the renewal the new price applies from.
			applies := renewal
			if c.changeAt > 0 {
				applies = renewal.AddDate(0, 1, 0)
			}
			if !strings.Contains(e.Text, billing.FormatDate(applies, "mn")) {
				t.Fatalf("the email does not name %s: %s", billing.FormatDate(applies, "mn"), e.Text)
			}
			ns, err := st.BillingPriceNotices(context.Background(), w.sub(t).ID)
			if err != nil || len(ns) != 1 || ns[0].OutboxID == 0 || ns[0].EmailText == "" || ns[0].OldPrice != 49000 {
				t.Fatalf("notice proof: %+v %v", ns, err)
			}
			// Delivery proof once the outbox sent it.
			if _, err := st.Write.Exec(`UPDATE outbox SET sent_at = ? WHERE id = ?`, db.T(w.clock.Now()), ns[0].OutboxID); err != nil {
				t.Fatal(err)
			}
			if err := w.s.RunJob(context.Background(), "billing.notices"); err != nil {
				t.Fatal(err)
			}
			if ns, _ := st.BillingPriceNotices(context.Background(), w.sub(t).ID); ns[0].DeliveredAt.IsZero() {
				t.Fatal("delivery not recorded")
			}
			// A new subscriber would pay the new price at once; this one pays it from the renewal 30+ days on.
			w.clock.Advance(renewal.Sub(w.clock.Now()))
			w.renewals(t)
			inv, err := st.BillingInvoice(context.Background(), w.sub(t).RenewalInvoiceID)
			if err != nil || inv.Total != c.want || inv.Purpose != "renewal" {
				t.Fatalf("renewal invoice: %+v %v", inv.Total, err)
			}
			if c.want == 49000 { // the next renewal charges the new price
				if err := w.s.Payments().MarkPaid(context.Background(), inv.PaymentID, 1, ""); err != nil {
					t.Fatal(err)
				}
				w.clock.Advance(w.sub(t).PeriodEnd.Sub(w.clock.Now()))
				w.renewals(t)
				inv, _ = st.BillingInvoice(context.Background(), w.sub(t).RenewalInvoiceID)
				if inv.Total != 129000 {
					t.Fatalf("second renewal: %d", inv.Total)
				}
			}
		})
	}
}

// An unpaid renewal is retried three times over seven days, with an email each time, then the
// organisation is back on the free plan with its data kept.
func TestRenewalRetriesThenFreePlan(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	st := w.s.Store()
	ctx := context.Background()
	first := w.subscribe(t, "pro")
	end := w.sub(t).PeriodEnd
	w.clock.Advance(end.Sub(w.clock.Now()) - time.Minute)
	w.renewals(t)
	if w.sub(t).RenewalInvoiceID != 0 {
		t.Fatal("renewed before the period's end")
	}
	w.clock.Advance(time.Minute)
	w.renewals(t)
	s := w.sub(t)
	if s.RenewalInvoiceID == 0 || s.Status != "active" {
		t.Fatalf("no renewal: %+v", s)
	}
	if n, e := w.emails(t, "billingInvoice"); n != 2 || !strings.Contains(e.Subject, "2026-00002") {
		t.Fatalf("invoice emails (the first month's, the renewal's): %d %q", n, e.Subject)
	}
	w.renewals(t) // running again changes nothing
	for i, at := range billing.RetryAfter {
		w.clock.Advance(end.Add(at).Sub(w.clock.Now()))
		w.renewals(t)
		n, e := w.emails(t, "billingRenewalFailed")
		if n != i+1 || !strings.Contains(e.Text, "attempt "+string(rune('1'+i))+" of 3") {
			t.Fatalf("retry %d: %d emails: %s", i+1, n, e.Text)
		}
		if s := w.sub(t); s.Status != "past_due" {
			t.Fatalf("retry %d: status %s", i+1, s.Status)
		}
		if n, _ := billing.Limit(ctx, st, w.orgID, "postings"); n != -1 {
			t.Fatalf("the plan is kept while retrying: %d", n)
		}
	}
	w.clock.Advance(end.Add(billing.FallbackAfter).Sub(w.clock.Now()))
	w.renewals(t)
	s = w.sub(t)
	if s.Status != "ended" {
		t.Fatalf("after the retries: %+v", s)
	}
	if n, _ := billing.Limit(ctx, st, w.orgID, "postings"); n != 2 {
		t.Fatalf("free plan limits: %d", n)
	}
	if n, _ := w.emails(t, "billingDowngraded"); n != 1 {
		t.Fatalf("downgrade emails: %d", n)
	}
	// Data kept: the paid invoice is still there, the renewal one void, its payment cancelled.
	if v, err := st.BillingInvoice(ctx, first); err != nil || v.Status != "paid" {
		t.Fatalf("first invoice: %v %v", v.Status, err)
	}
	vs, _ := st.BillingInvoices(ctx, w.orgID, 0, 10)
	if vs[0].Status != "void" {
		t.Fatalf("renewal invoice: %s", vs[0].Status)
	}
	if p, _ := st.Payment(ctx, vs[0].PaymentID); p.Status != db.PaymentCancelled {
		t.Fatalf("renewal payment: %s", p.Status)
	}
}

func TestRenewalPaidExtendsThePeriod(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	w.subscribe(t, "starter")
	end := w.sub(t).PeriodEnd
	w.clock.Advance(end.Sub(w.clock.Now()) + 2*day) // the job ran late: still one renewal
	w.renewals(t)
	w.renewals(t)
	inv, err := w.s.Store().BillingInvoice(ctx, w.sub(t).RenewalInvoiceID)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.s.Payments().MarkPaid(ctx, inv.PaymentID, 1, ""); err != nil {
		t.Fatal(err)
	}
	s := w.sub(t)
	if s.Status != "active" || !s.PeriodStart.Equal(end) || !s.PeriodEnd.Equal(end.AddDate(0, 1, 0)) || s.RenewalInvoiceID != 0 {
		t.Fatalf("after paying the renewal: %+v", s)
	}
	// Paying twice is impossible.
	if err := w.s.Payments().MarkPaid(ctx, inv.PaymentID, 1, ""); err == nil {
		t.Fatal("paid twice")
	}
	vs, _ := w.s.Store().BillingInvoices(ctx, w.orgID, 0, 10)
	if len(vs) != 2 {
		t.Fatalf("%d invoices", len(vs))
	}
}

func TestCancelAtPeriodEnd(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	w.subscribe(t, "starter")
	end := w.sub(t).PeriodEnd
	w.must(t, w.call(t, "manager", "POST", "/api/billing/subscription/cancel", struct{}{}), 403)
	a := w.must(t, w.call(t, "owner", "POST", "/api/billing/subscription/cancel", struct{}{}), 200)
	if a.Body["cancelAtPeriodEnd"] != true || a.Str("status") != "active" {
		t.Fatalf("cancel: %s", a.Raw)
	}
	w.must(t, w.call(t, "owner", "POST", "/api/billing/subscription/cancel", struct{}{}), 409)
	w.clock.Advance(end.Sub(w.clock.Now()) - time.Second)
	w.renewals(t)
	if n, _ := billing.Limit(ctx, w.s.Store(), w.orgID, "postings"); n != 10 {
		t.Fatalf("the paid month is kept: %d", n)
	}
	w.clock.Advance(time.Second)
	w.renewals(t)
	s := w.sub(t)
	if s.Status != "ended" || s.RenewalInvoiceID != 0 {
		t.Fatalf("at the period's end: %+v", s)
	}
	if n, _ := billing.Limit(ctx, w.s.Store(), w.orgID, "postings"); n != 2 {
		t.Fatalf("free plan: %d", n)
	}
	vs, _ := w.s.Store().BillingInvoices(ctx, w.orgID, 0, 10)
	if len(vs) != 1 {
		t.Fatalf("a cancelled subscription was invoiced again: %d invoices", len(vs))
	}
	// No refund, no credit: the paid invoice stays paid.
	if vs[0].Status != "paid" {
		t.Fatalf("first invoice: %s", vs[0].Status)
	}
}

func TestUpgradeProratedDowngradeAtRenewal(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	st := w.s.Store()
	ctx := context.Background()
	w.subscribe(t, "starter")
	s := w.sub(t)
	w.clock.Advance(s.PeriodEnd.Sub(s.PeriodStart) / 2) // half the month left
	w.c["owner"] = apitest.SignIn(t, w.ts, apitest.RoleEmails["owner"])
	pro := planID(t, st, "pro")
	r := w.must(t, w.call(t, "owner", "POST", "/api/billing/subscription/change", map[string]any{"planId": pro}), 200)
	pay, ok := r.Body["payment"].(map[string]any)
	if !ok {
		t.Fatalf("no payment for an upgrade: %s", r.Raw)
	}
	inv, err := st.BillingInvoice(ctx, int64(pay["invoiceId"].(float64)))
	if err != nil || inv.Total != (149000-49000)/2 || inv.Purpose != "upgrade" {
		t.Fatalf("proration: %d %v", inv.Total, err)
	}
	if err := w.s.Payments().MarkPaid(ctx, inv.PaymentID, 1, ""); err != nil {
		t.Fatal(err)
	}
	if s := w.sub(t); s.PlanID != pro || s.Price != 149000 || !s.PeriodEnd.Equal(s.PeriodEnd) {
		t.Fatalf("after the upgrade: %+v", s)
	}
	// Downgrade: from the next renewal, no payment now.
	starter := planID(t, st, "starter")
	r = w.must(t, w.call(t, "owner", "POST", "/api/billing/subscription/change", map[string]any{"planId": starter}), 200)
	if _, ok := r.Body["payment"]; ok || !strings.Contains(r.Raw, `"nextPlan"`) {
		t.Fatalf("downgrade: %s", r.Raw)
	}
	if n, _ := billing.Limit(ctx, st, w.orgID, "postings"); n != -1 {
		t.Fatalf("pro until the renewal: %d", n)
	}
	w.clock.Advance(w.sub(t).PeriodEnd.Sub(w.clock.Now()))
	w.renewals(t)
	s = w.sub(t)
	ren, _ := st.BillingInvoice(ctx, s.RenewalInvoiceID)
	if s.PlanID != starter || ren.Total != 49000 {
		t.Fatalf("renewal after the downgrade: plan %d, %d", s.PlanID, ren.Total)
	}
	w.c["owner"] = apitest.SignIn(t, w.ts, apitest.RoleEmails["owner"])
	w.must(t, w.call(t, "owner", "POST", "/api/billing/subscription/change", map[string]any{"planId": 424242}), 422)
}

func TestProration(t *testing.T) {
	t.Parallel()
	start := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	end := start.AddDate(0, 1, 0) // 30 days
	for _, c := range []struct {
		now       time.Time
		old, next int64
		want      int64
	}{{start, 49000, 149000, 100000}, {start.Add(15 * day), 49000, 149000, 50000}, {start.Add(29 * day), 49000, 149000, 3333},
		{end, 49000, 149000, 0}, {start.Add(10 * day), 149000, 49000, 0}, {start.Add(10 * day), 2900, 8900, 4000}} {
		if got := billing.Proration(c.old, c.next, start, end, c.now); got != c.want {
			t.Errorf("Proration(%d→%d at %v) = %d, want %d", c.old, c.next, c.now.Sub(start), got, c.want)
		}
	}
}
