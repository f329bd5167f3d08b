package payouts_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/app/platform/payments"
	"gerege/app/store/payouts"
	"gerege/db"
)

const account1 = "5001 2345 6789"

var details1 = map[string]any{"bankName": "Khan Bank", "holder": "Org One LLC", "account": account1}

// newPeople is the People world with a 10% platform fee.
func newPeople(t *testing.T) *apitest.People {
	t.Helper()
	return apitest.NewPeople(t, func(c *app.Config) { c.Payments.FeeBasisPoints = 1000 })
}

// sale settles a bank-transfer payment of amount MNT to org (marked received by the admin);
// owed says its money is owed back (a paid order its seller cancelled).
func sale(t *testing.T, p *apitest.People, org string, amount int64, key string, owed bool) db.Payment {
	t.Helper()
	ctx := context.Background()
	orgID := p.User(org).OrgID
	pay, err := p.S.Payments().Create(ctx, nil, payments.NewPayment{Purpose: "order", RefID: 1, PayerUserID: p.IDs["stranger"],
		Payee: payments.PayeeOrg(orgID), Money: payments.Money{Amount: amount, Currency: "MNT"}, Provider: payments.ProviderBank, Key: key})
	if err != nil {
		t.Fatal(err)
	}
	if err := p.S.Payments().MarkPaid(ctx, pay.ID, p.IDs["admin"], "127.0.0.1"); err != nil {
		t.Fatal(err)
	}
	if owed {
		if err := p.S.Payments().OweRefund(ctx, nil, pay.ID); err != nil {
			t.Fatal(err)
		}
	}
	return pay
}

func ledgerBalanced(t *testing.T, s *app.Server) {
	t.Helper()
	bad, err := s.Store().UnbalancedLedgerTxns(context.Background())
	totals, err2 := s.Store().LedgerTotals(context.Background())
	if err != nil || err2 != nil || len(bad) > 0 {
		t.Fatalf("unbalanced %v %v %v", bad, err, err2)
	}
	for c, v := range totals {
		if v != 0 {
			t.Fatalf("ledger sums to %d %s", v, c)
		}
	}
}

func emailsTo(t *testing.T, s *app.Server, to, kind string) []db.Email {
	t.Helper()
	list, err := s.Store().Outbox(context.Background(), 0, 500)
	if err != nil {
		t.Fatal(err)
	}
	out := []db.Email{}
	for _, e := range list {
		if e.To == to && e.Kind == kind {
			out = append(out, e)
		}
	}
	return out
}

func auditCount(t *testing.T, p *apitest.People, event string) int {
	t.Helper()
	var n int
	if err := p.S.Store().Read.QueryRow(`SELECT count(*) FROM audit_log WHERE event = ?`, event).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// The owner enters where the money goes: each bad field is refused beside itself, in the
// reader's language; the change is audited and emailed to the owner (account masked); the owner
// sees the whole account, a manager only its last four digits, another organisation nothing.
func TestPayoutDetails(t *testing.T) {
	t.Parallel()
	p := newPeople(t)
	bad := p.Must(422, "owner1", "PUT", "/api/banking/payout-details", map[string]any{"bankName": " ", "holder": "", "account": "12-34"})
	for _, f := range []string{"bankName", "holder", "account"} {
		if bad.Str("errors", f) == "" {
			t.Fatalf("no error on %s: %s", f, bad.Raw)
		}
	}
	for _, acc := range []string{"1234567", "12345678901234567890123456789012345", "1234 5678 abcd", "DE12 3456 7890"} {
		r := p.Must(422, "owner1", "PUT", "/api/banking/payout-details", map[string]any{"bankName": "B", "holder": "H", "account": acc})
		if r.Str("errors", "account") == "" {
			t.Fatalf("%q accepted: %s", acc, r.Raw)
		}
	}
	mn := p.Must(422, "owner1", "PUT", "/api/banking/payout-details", map[string]any{"bankName": "B", "holder": "", "account": "1"}, "Accept-Language", "mn")
	if !strings.Contains(mn.Str("errors", "account"), "цифр") || !strings.Contains(mn.Str("errors", "holder"), "эзэмшигч") {
		t.Fatalf("mn errors %s", mn.Raw)
	}
	if n := len(emailsTo(t, p.S, "owner1@example.mn", "payoutDetailsChanged")); n != 0 {
		t.Fatalf("%d emails for refused details", n)
	}
	// Not the owner: refused.
	for _, who := range []string{"manager1", "counselor1", "applicant", "admin"} {
		if r := p.Call(who, "PUT", "/api/banking/payout-details", details1); r.Status != 403 {
			t.Fatalf("%s sets details: %d", who, r.Status)
		}
	}
	if r := p.Call("", "PUT", "/api/banking/payout-details", details1); r.Status != 401 {
		t.Fatalf("anonymous: %d", r.Status)
	}
	// An IBAN with MN is taken too; then the account number.
	p.Must(200, "owner1", "PUT", "/api/banking/payout-details", map[string]any{"bankName": "Khan Bank", "holder": "Org One LLC", "account": "mn12 0005 0050 1234 5678"})
	ok := p.Must(200, "owner1", "PUT", "/api/banking/payout-details", map[string]any{"bankName": "  Khan   Bank ", "holder": "Org One LLC", "account": " 5001  2345 6789 "})
	if ok.Str("details", "account") != account1 || ok.Str("details", "bankName") != "Khan Bank" {
		t.Fatalf("tidied %s", ok.Raw)
	}
	// The same again changes nothing: no audit entry, no email.
	p.Must(200, "owner1", "PUT", "/api/banking/payout-details", details1)
	mails := emailsTo(t, p.S, "owner1@example.mn", "payoutDetailsChanged")
	if len(mails) != 2 || auditCount(t, p, "payout_details_changed") != 2 {
		t.Fatalf("%d emails, %d audit entries (want 2 each)", len(mails), auditCount(t, p, "payout_details_changed"))
	}
	if !strings.Contains(mails[0].Text+mails[1].Text, "•••• 6789") || strings.Contains(mails[0].Text+mails[0].HTML+mails[1].Text+mails[1].HTML, "2345 6789") {
		t.Fatalf("the email shows the account unmasked or not at all: %s", mails[0].Text)
	}
	for _, sc := range []struct {
		who         string
		status      int
		contains    []string
		notContains []string
	}{
		{"owner1", 200, []string{account1, "Khan Bank", `"canEdit":true`}, nil},
		{"manager1", 200, []string{"•••• 6789", `"masked":true`, `"canEdit":false`}, []string{"2345 6789", "5001"}},
		{"owner2", 200, []string{`"canEdit":true`}, []string{"6789", "Khan"}},
		{"applicant", 403, nil, []string{"6789"}},
		{"admin", 403, nil, []string{"6789"}},
	} {
		r := p.Call(sc.who, "GET", "/api/banking/payout-details", nil)
		if r.Status != sc.status {
			t.Fatalf("%s: %d %s", sc.who, r.Status, r.Raw)
		}
		for _, s := range sc.contains {
			if !strings.Contains(r.Raw, s) {
				t.Errorf("%s: lacks %q: %s", sc.who, s, r.Raw)
			}
		}
		for _, s := range sc.notContains {
			if strings.Contains(r.Raw, s) {
				t.Errorf("%s: must not contain %q: %s", sc.who, s, r.Raw)
			}
		}
	}
}

// A payout: only what is available (the balance less what refunds still owed will take
// back), only with details, exactly once per reference; one transaction writes the payout,
// the ledger movement balance → payouts (the ledger still sums to zero), the audit entry and
// the owner's notification; the owner sees it, nobody else does.
func TestRecordPayout(t *testing.T) {
	t.Parallel()
	p := newPeople(t)
	org1, org2 := p.User("owner1").OrgID, p.User("owner2").OrgID
	sale(t, p, "owner1", 100000, "s1", false) // 90 000 to the balance (10% fee)
	sale(t, p, "owner1", 20000, "s2", true)   // 18 000, owed back: held
	sale(t, p, "owner2", 50000, "s3", false)
	rec := func(org int64, body map[string]any, headers ...string) apitest.Reply {
		return p.Call("admin", "POST", fmt.Sprintf("/api/banking/orgs/%d/payouts", org), body, headers...)
	}
	body := func(ref string, amount int64) map[string]any {
		b := map[string]any{"currency": "MNT", "reference": ref, "date": "2026-11-22"}
		if amount > 0 {
			b["amount"] = amount
		}
		return b
	}
	// Who may: platform admins only.
	for _, who := range []string{"owner1", "manager1", "counselor1", "applicant"} {
		if r := p.Call(who, "POST", fmt.Sprintf("/api/banking/orgs/%d/payouts", org1), body("X", 1)); r.Status != 403 {
			t.Fatalf("%s records: %d", who, r.Status)
		}
		if r := p.Call(who, "GET", "/api/banking/owed", nil); r.Status != 403 {
			t.Fatalf("%s sees owed: %d", who, r.Status)
		}
	}
	// Without details, no payout.
	if r := rec(org1, body("T-1", 0)); r.Status != 409 || !strings.Contains(r.Raw, "payout_no_details") {
		t.Fatalf("without details %d %s", r.Status, r.Raw)
	}
	owed := p.Must(200, "admin", "GET", "/api/banking/owed", nil)
	if !strings.Contains(owed.Raw, `"available":90000`) || !strings.Contains(owed.Raw, `"held":18000`) || !strings.Contains(owed.Raw, `"balance":108000`) ||
		!strings.Contains(owed.Raw, `"available":45000`) || strings.Contains(owed.Raw, `"details"`) {
		t.Fatalf("owed %s", owed.Raw)
	}
	p.Must(200, "owner1", "PUT", "/api/banking/payout-details", details1)
	if owed = p.Must(200, "admin", "GET", "/api/banking/owed", nil); !strings.Contains(owed.Raw, account1) {
		t.Fatalf("admins see the whole account: %s", owed.Raw)
	}
	// Bad input on its fields; more than available (the held money) refused on the amount.
	bad := rec(org1, map[string]any{"currency": "EUR", "amount": -1, "reference": "", "date": "2026-11-23"})
	apitest.MustStatus(t, bad, 422)
	for _, f := range []string{"currency", "amount", "reference", "date"} {
		if bad.Str("errors", f) == "" {
			t.Fatalf("no error on %s: %s", f, bad.Raw)
		}
	}
	over := rec(org1, body("T-1", 90001), "Accept-Language", "mn")
	if over.Status != 422 || !strings.Contains(over.Str("errors", "amount"), "90 000₮") {
		t.Fatalf("over %d %s", over.Status, over.Raw)
	}
	// The whole available amount by default.
	r := rec(org1, body("T-1", 0))
	apitest.MustStatus(t, r, 201)
	if !strings.Contains(r.Raw, `"amount":{"amount":90000,"currency":"MNT"}`) || r.Str("status") != "paid" || r.Str("account") != account1 {
		t.Fatalf("payout %s", r.Raw)
	}
	ctx := context.Background()
	st := p.S.Store()
	bal, _ := st.AccountsBalance(ctx, []string{payments.AccountOrgBalance(org1)}, "MNT")
	paid, _ := st.AccountsBalance(ctx, []string{payments.AccountOrgPayouts(org1)}, "MNT")
	if bal != 18000 || paid != 90000 {
		t.Fatalf("balance %d, paid out %d", bal, paid)
	}
	ledgerBalanced(t, p.S)
	// The same reference again: the same payout, nothing more; with another amount: refused.
	again := rec(org1, body("T-1", 0))
	if again.Status != 200 || fmt.Sprint(again.Body["id"]) != fmt.Sprint(r.Body["id"]) {
		t.Fatalf("replay %d %s", again.Status, again.Raw)
	}
	if x := rec(org1, body("T-1", 5)); x.Status != 422 || x.Str("errors", "reference") == "" {
		t.Fatalf("reused reference %d %s", x.Status, x.Raw)
	}
	if x := rec(org1, body("T-2", 1)); x.Status != 422 || x.Str("errors", "amount") == "" {
		t.Fatalf("nothing left: %d %s", x.Status, x.Raw)
	}
	if n := auditCount(t, p, "payout_recorded"); n != 1 {
		t.Fatalf("%d audit entries", n)
	}
	list, _, err := st.Notifications(ctx, db.NotificationFilter{UserID: p.IDs["owner1"], Limit: 50})
	if err != nil {
		t.Fatal(err)
	}
	sent := 0
	for _, n := range list {
		if n.Kind == "payouts.sent" {
			sent++
			if !strings.Contains(n.Params, "T-1") || !strings.Contains(n.Params, "90 000₮") || strings.Contains(n.Params, "2345 6789") {
				t.Fatalf("notification %s", n.Params)
			}
		}
	}
	if sent != 1 {
		t.Fatalf("%d notifications", sent)
	}
	// The owner sees the payout and what is left; another organisation's owner does not.
	mine := p.Must(200, "owner1", "GET", "/api/banking/payouts", nil)
	if !strings.Contains(mine.Raw, `"reference":"T-1"`) || !strings.Contains(mine.Raw, `"available":0`) || !strings.Contains(mine.Raw, `"held":18000`) {
		t.Fatalf("owner's payouts %s", mine.Raw)
	}
	theirs := p.Must(200, "owner2", "GET", "/api/banking/payouts", nil)
	if strings.Contains(theirs.Raw, "T-1") || strings.Contains(theirs.Raw, "6789") || !strings.Contains(theirs.Raw, `"items":[]`) {
		t.Fatalf("another organisation's owner sees %s", theirs.Raw)
	}
	for _, who := range []string{"manager1", "applicant", "admin"} {
		if x := p.Call(who, "GET", "/api/banking/payouts", nil); x.Status != 403 || strings.Contains(x.Raw, "T-1") {
			t.Fatalf("%s: %d %s", who, x.Status, x.Raw)
		}
	}
	// The organisation's ledger and its CSV show the payout.
	csv := p.Call("owner1", "GET", "/api/banking/ledger.csv?scope=org", nil)
	if csv.Status != 200 || !strings.Contains(csv.Raw, "Payout") || !strings.Contains(csv.Raw, "-90000") {
		t.Fatalf("csv %d %s", csv.Status, csv.Raw)
	}
	// A payout that came back: marked returned once (its movement reversed), by admins only;
	// the owner is told, and may be paid again.
	id := fmt.Sprint(r.Body["id"])
	for _, who := range []string{"owner1", "manager1", "applicant"} {
		if x := p.Call(who, "POST", "/api/banking/payouts/"+id+"/return", map[string]any{}); x.Status != 403 {
			t.Fatalf("%s returns: %d", who, x.Status)
		}
	}
	recent := p.Must(200, "admin", "GET", "/api/banking/payouts/recent", nil)
	if !strings.Contains(recent.Raw, `"orgName":"Org One"`) || !strings.Contains(recent.Raw, "T-1") {
		t.Fatalf("recent %s", recent.Raw)
	}
	for range 2 {
		back := p.Must(200, "admin", "POST", "/api/banking/payouts/"+id+"/return", map[string]any{})
		if back.Str("status") != "returned" || back.Str("returnedAt") == "" {
			t.Fatalf("returned %s", back.Raw)
		}
	}
	p.Must(404, "admin", "POST", "/api/banking/payouts/999999/return", map[string]any{})
	bal, _ = st.AccountsBalance(ctx, []string{payments.AccountOrgBalance(org1)}, "MNT")
	paid, _ = st.AccountsBalance(ctx, []string{payments.AccountOrgPayouts(org1)}, "MNT")
	if bal != 108000 || paid != 0 || auditCount(t, p, "payout_returned") != 1 {
		t.Fatalf("after the return: balance %d, paid out %d, %d audit entries", bal, paid, auditCount(t, p, "payout_returned"))
	}
	ledgerBalanced(t, p.S)
	list, _, _ = st.Notifications(ctx, db.NotificationFilter{UserID: p.IDs["owner1"], Limit: 50})
	back := 0
	for _, n := range list {
		if n.Kind == "payouts.returned" {
			back++
		}
	}
	if back != 1 {
		t.Fatalf("%d returned notifications", back)
	}
	p.Must(201, "admin", "POST", fmt.Sprintf("/api/banking/orgs/%d/payouts", org1), body("T-3", 90000))
	// org2 is still owed; org1 still listed for its held money (available 0).
	owed = p.Must(200, "admin", "GET", "/api/banking/owed", nil)
	if !strings.Contains(owed.Raw, fmt.Sprintf(`"orgId":%d`, org2)) || !strings.Contains(owed.Raw, `"lastPayout"`) {
		t.Fatalf("owed after %s", owed.Raw)
	}
}

// Two payouts at once that together pass what is available: one is recorded, the other is
// refused on its amount; the ledger never pays out more than the balance.
func TestConcurrentPayoutsNeverPassAvailable(t *testing.T) {
	t.Parallel()
	p := newPeople(t)
	org1 := p.User("owner1").OrgID
	sale(t, p, "owner1", 100000, "c1", false) // 90 000 available
	p.Must(200, "owner1", "PUT", "/api/banking/payout-details", details1)
	var wg sync.WaitGroup
	statuses := make([]apitest.Reply, 4)
	for i := range statuses {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i] = p.Call("admin", "POST", fmt.Sprintf("/api/banking/orgs/%d/payouts", org1),
				map[string]any{"currency": "MNT", "amount": 60000, "reference": fmt.Sprintf("R-%d", i), "date": "2026-11-22"})
		}()
	}
	wg.Wait()
	created, refused := 0, 0
	for _, r := range statuses {
		switch {
		case r.Status == 201:
			created++
		case r.Status == 422 && r.Str("errors", "amount") != "":
			refused++
		default:
			t.Fatalf("%d %s", r.Status, r.Raw)
		}
	}
	bal, _ := p.S.Store().AccountsBalance(context.Background(), []string{payments.AccountOrgBalance(org1)}, "MNT")
	if created != 1 || refused != 3 || bal != 30000 {
		t.Fatalf("created %d, refused %d, balance %d", created, refused, bal)
	}
	ledgerBalanced(t, p.S)
}

// The demo: a selling organisation with sales, payout details and one payout; the admin sees
// what is left to pay it, its owner sees the payout; the books balance.
func TestDemoHasAPayoutAndMoneyOwed(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t, func(c *app.Config) { c.Demo = true })
	login := func(email string) *http.Client {
		c := apitest.WebClient()
		apitest.MustStatus(t, apitest.Call(t, c, ts, "POST", "/api/web/auth/login", map[string]any{"email": email, "password": app.DemoPassword}, ""), 200)
		return c
	}
	owed := apitest.Call(t, login("admin@demo.gerege.mn"), ts, "GET", "/api/banking/owed", nil, "")
	apitest.MustStatus(t, owed, 200)
	if !strings.Contains(owed.Raw, "Blue Sky") || !strings.Contains(owed.Raw, `"available":80000`) || !strings.Contains(owed.Raw, "GRG-PAYOUT-0001") {
		t.Fatalf("owed %s", owed.Raw)
	}
	mine := apitest.Call(t, login(payouts.DemoSeller), ts, "GET", "/api/banking/payouts", nil, "")
	if mine.Status != 200 || !strings.Contains(mine.Raw, "GRG-PAYOUT-0001") {
		t.Fatalf("owner %d %s", mine.Status, mine.Raw)
	}
	ledgerBalanced(t, s)
}

// Money held for a refund follows its parts: after half of an owed payment is refunded, half
// of its credit is still held (it was held whole, or not at all, when the hold only asked
// whether a refund had succeeded); refunded whole, nothing is.
func TestHeldFollowsPartialRefunds(t *testing.T) {
	t.Parallel()
	p := newPeople(t)
	ctx := context.Background()
	org := p.User("owner1").OrgID
	pay := sale(t, p, "owner1", 20000, "h1", true) // 18 000 to the balance (10% fee), owed back
	held := func() int64 {
		v, err := p.S.Store().HeldForRefunds(ctx, org, "MNT")
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	if h := held(); h != 18000 {
		t.Fatalf("held before refunds %d, want 18000", h)
	}
	refund := func(amount int64, ref string) {
		if _, err := p.S.Payments().Refund(ctx, payments.RefundRequest{PaymentID: pay.ID, AdminID: p.IDs["admin"], IP: "127.0.0.1",
			Amount: amount, Reference: ref, Date: "2026-11-22"}); err != nil {
			t.Fatal(err)
		}
	}
	refund(10000, "R-1")
	if h := held(); h != 9000 {
		t.Errorf("held after half is refunded %d, want 9000", h)
	}
	owed := p.Must(200, "admin", "GET", "/api/banking/owed", nil)
	if !strings.Contains(owed.Raw, `"held":9000`) {
		t.Errorf("owed list after half: %s", owed.Raw)
	}
	refund(0, "R-2")
	if h := held(); h != 0 {
		t.Errorf("held after the whole is refunded %d, want 0", h)
	}
	ledgerBalanced(t, p.S)
}
