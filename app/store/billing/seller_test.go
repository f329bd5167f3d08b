package billing_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"gerege/app/apitest"
	"gerege/db"
)

func sellerBody() map[string]any {
	return map[string]any{"nameEn": "Gerege Education LLC", "nameMn": "Гэрэгэ Эдюкейшн ХХК",
		"addressEn": "Peace Avenue 17, Ulaanbaatar", "addressMn": "Улаанбаатар, Энхтайвны өргөн чөлөө 17", "taxId": "6543210",
		"vatPayer": false, "bankName": "Khan Bank", "bankAccount": "5000 1234 56", "email": "billing@gerege.mn", "phone": "+976 7011 2233"}
}

// Platform admins edit the seller's details; until then today's values apply. Field errors in
// the request's language; only admins. An invoice issued before keeps its details (and one
// issued before the details were kept shows exactly what it showed); an invoice issued after
// carries the new ones in its language, without VAT for a seller who is not a VAT payer (a
// manual invoice with VAT is refused); the bank transfer instructions use the saved bank.
func TestSellerDetails(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	st, ctx := w.s.Store(), context.Background()
	r := w.must(t, w.call(t, "admin", "GET", "/api/billing/seller", nil), 200)
	if !strings.Contains(r.Raw, `"saved":false`) || !strings.Contains(r.Raw, `"nameEn":"Gerege LLC"`) || !strings.Contains(r.Raw, `"vatPayer":true`) {
		t.Fatalf("today's values: %s", r.Raw)
	}
	for _, role := range []string{"owner", "manager", "individual"} {
		w.must(t, w.call(t, role, "GET", "/api/billing/seller", nil), 403)
		w.must(t, w.call(t, role, "PUT", "/api/billing/seller", sellerBody()), 403)
	}

	// An invoice from before the details were kept (no seller_details), and one issued now.
	var oldID int64
	if err := st.InTx(ctx, func(tx *db.Store) error {
		id, err := tx.CreateBillingInvoice(ctx, db.BillingInvoice{Kind: "invoice", Purpose: "manual", Lang: "en", Currency: "MNT",
			SellerName: "Gerege LLC", SellerAddress: "Sukhbaatar district, Ulaanbaatar, Mongolia", SellerTaxID: "6543210",
			BuyerName: "Org", Lines: `[{"description":"Stand","quantity":1,"unitPrice":11000}]`, VATRateBP: 1000, Total: 11000, VAT: 1000}, time.Now())
		if err != nil {
			return err
		}
		oldID = id
		_, err = tx.IssueBillingInvoice(ctx, id, 2026, time.Now())
		return err
	}); err != nil {
		t.Fatal(err)
	}
	oldView := w.must(t, w.call(t, "admin", "GET", path("/api/billing/invoices/%d", oldID), nil), 200)
	if !strings.Contains(oldView.Raw, `"seller":{"name":"Gerege LLC","address":"Sukhbaatar district, Ulaanbaatar, Mongolia","taxId":"6543210"}`) {
		t.Fatalf("an invoice from before: %s", oldView.Raw)
	}
	before := w.must(t, w.call(t, "admin", "POST", "/api/billing/invoices", manualInvoice(w.orgID, "Зөвлөгөө", 55000)), 201)
	beforeID := num(before, "id")
	w.must(t, w.call(t, "admin", "POST", path("/api/billing/invoices/%d/issue", beforeID), struct{}{}), 200)
	beforeView := w.must(t, w.call(t, "admin", "GET", path("/api/billing/invoices/%d", beforeID), nil), 200)

	// Field errors, in Mongolian too; nothing saved.
	bad := sellerBody()
	bad["nameMn"], bad["taxId"], bad["bankAccount"], bad["phone"], bad["email"] = " ", "12", "", "call me", "nope"
	r = w.must(t, w.call(t, "admin", "PUT", "/api/billing/seller", bad), 422)
	for _, f := range []string{`"nameMn"`, `"taxId"`, `"bankAccount"`, `"phone"`, `"email"`} {
		if !strings.Contains(r.Raw, f) {
			t.Fatalf("no error for %s: %s", f, r.Raw)
		}
	}
	r = apitest.Call(t, w.c["admin"], w.ts, "PUT", "/api/billing/seller", bad, "", "Sec-Fetch-Site", "same-origin", "Accept-Language", "mn")
	if r.Status != 422 || !strings.Contains(r.Raw, "Регистрийн дугаарыг") || !strings.Contains(r.Raw, "Банкны нэр болон дансны дугаарыг") {
		t.Fatalf("in Mongolian: %s", r.Raw)
	}
	if r := w.must(t, w.call(t, "admin", "GET", "/api/billing/seller", nil), 200); !strings.Contains(r.Raw, `"saved":false`) {
		t.Fatalf("a refused change was saved: %s", r.Raw)
	}

	r = w.must(t, w.call(t, "admin", "PUT", "/api/billing/seller", sellerBody()), 200)
	if !strings.Contains(r.Raw, `"saved":true`) || !strings.Contains(r.Raw, `"bankAccount":"5000 1234 56"`) {
		t.Fatalf("saved: %s", r.Raw)
	}
	// Issued invoices keep theirs.
	if again := w.must(t, w.call(t, "admin", "GET", path("/api/billing/invoices/%d", oldID), nil), 200); again.Raw != oldView.Raw {
		t.Fatalf("an old invoice changed:\n%s\n%s", oldView.Raw, again.Raw)
	}
	if again := w.must(t, w.call(t, "admin", "GET", path("/api/billing/invoices/%d", beforeID), nil), 200); again.Raw != beforeView.Raw {
		t.Fatalf("an issued invoice changed:\n%s\n%s", beforeView.Raw, again.Raw)
	}
	if _, err := st.Write.Exec(`UPDATE billing_invoices SET seller_details = '', seller_address = 'x' WHERE id = ?`, beforeID); err == nil {
		t.Fatal("the database let an issued invoice's seller change")
	}

	// Not a VAT payer: a manual invoice with VAT is refused; without, it carries the new details
	// in its language (Mongolian), and its bank transfer goes to the saved account.
	r = w.must(t, w.call(t, "admin", "POST", "/api/billing/invoices", manualInvoice(w.orgID, "Зөвлөгөө", 55000)), 422)
	if !strings.Contains(r.Raw, `"vatRateBp"`) {
		t.Fatalf("VAT by a seller who is not a VAT payer: %s", r.Raw)
	}
	body := manualInvoice(w.orgID, "Зөвлөгөө", 55000)
	body["vatRateBp"] = 0
	after := w.must(t, w.call(t, "admin", "POST", "/api/billing/invoices", body), 201)
	r = w.must(t, w.call(t, "admin", "POST", path("/api/billing/invoices/%d/issue", num(after, "id")), struct{}{}), 200)
	for _, want := range []string{`"name":"Гэрэгэ Эдюкейшн ХХК"`, `"address":"Улаанбаатар, Энхтайвны өргөн чөлөө 17"`, `"phone":"+976 7011 2233"`,
		`"bankName":"Khan Bank"`, `"bankAccount":"5000 1234 56"`, `"vatPayer":false`, `"email":"billing@gerege.mn"`, `"vat":0`} {
		if !strings.Contains(r.Raw, want) {
			t.Fatalf("the new invoice lacks %s: %s", want, r.Raw)
		}
	}
	pay := num(r, "paymentId")
	p := w.must(t, w.call(t, "owner", "GET", path("/api/payments/%d", pay), nil), 200)
	if !strings.Contains(p.Raw, `"bankName":"Khan Bank"`) || !strings.Contains(p.Raw, `"account":"5000 1234 56"`) ||
		!strings.Contains(p.Raw, `"holder":"Гэрэгэ Эдюкейшн ХХК"`) {
		t.Fatalf("the transfer instructions: %s", p.Raw)
	}
	// The PDF of the new invoice carries them (it renders; its text is checked in the PDF test).
	res := apitest.Call(t, w.c["admin"], w.ts, "GET", path("/api/billing/invoices/%d/pdf", num(after, "id")), nil, "")
	if res.Status != 200 || !strings.HasPrefix(res.Raw, "%PDF") {
		t.Fatalf("pdf: %d", res.Status)
	}

	// A subscription invoice: no VAT either.
	sub := w.must(t, w.call(t, "owner", "POST", "/api/billing/subscribe", subscribeBody(planID(t, st, "starter"))), 201)
	vs, _ := st.BillingInvoices(ctx, w.orgID, 0, 1)
	if len(vs) == 0 || vs[0].VAT != 0 || vs[0].VATRateBP != 0 || vs[0].Purpose != "subscribe" {
		t.Fatalf("the subscription invoice: %+v (%s)", vs, sub.Raw)
	}
}
