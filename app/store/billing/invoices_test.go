package billing_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"gerege/app/apitest"
	"gerege/app/store/billing"
)

func TestManualInvoiceLifecycle(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	r := w.must(t, w.call(t, "admin", "POST", "/api/billing/invoices", manualInvoice(w.orgID, "Зөвлөгөө", 55000)), 201)
	id := num(r, "id")
	if r.Str("status") != "draft" || num(r, "total") != 110000 || num(r, "vat") != 10000 || num(r, "net") != 100000 {
		t.Fatalf("draft: %s", r.Raw)
	}
	if r.Str("number") != "" {
		t.Fatalf("a draft has no number: %s", r.Raw)
	}
	// The owner does not see drafts.
	w.must(t, w.call(t, "owner", "GET", path("/api/billing/invoices/%d", id), nil), 404)
	// A draft can change.
	body := manualInvoice(w.orgID, "Зөвлөгөө", 66000)
	w.must(t, w.call(t, "admin", "PUT", path("/api/billing/invoices/%d", id), body), 200)
	r = w.must(t, w.call(t, "admin", "POST", path("/api/billing/invoices/%d/issue", id), struct{}{}), 200)
	if r.Str("status") != "issued" || r.Str("number") != "2026-00001" || num(r, "total") != 132000 {
		t.Fatalf("issued: %s", r.Raw)
	}
	// Issued: never changed again.
	w.must(t, w.call(t, "admin", "PUT", path("/api/billing/invoices/%d", id), body), 409)
	w.must(t, w.call(t, "admin", "POST", path("/api/billing/invoices/%d/issue", id), struct{}{}), 409)
	// Not even by SQL (the trigger).
	if _, err := w.s.Store().Write.Exec(`UPDATE billing_invoices SET total = 1 WHERE id = ?`, id); err == nil {
		t.Fatal("the database let an issued invoice change")
	}
	if _, err := w.s.Store().Write.Exec(`DELETE FROM billing_invoices WHERE id = ?`, id); err == nil {
		t.Fatal("the database let an issued invoice be deleted")
	}
	// The owner sees it now, in the list too; other roles do not.
	w.must(t, w.call(t, "owner", "GET", path("/api/billing/invoices/%d", id), nil), 200)
	l := w.must(t, w.call(t, "owner", "GET", "/api/billing/invoices", nil), 200)
	if !strings.Contains(l.Raw, "2026-00001") {
		t.Fatalf("owner's list: %s", l.Raw)
	}
	w.must(t, w.call(t, "manager", "GET", path("/api/billing/invoices/%d", id), nil), 403)
	w.must(t, w.call(t, "individual", "GET", path("/api/billing/invoices/%d", id), nil), 403)
	// A credit note takes the next number and voids the unpaid invoice.
	c := w.must(t, w.call(t, "admin", "POST", path("/api/billing/invoices/%d/credit", id), struct{}{}), 201)
	if c.Str("kind") != "credit" || c.Str("number") != "2026-00002" || num(c, "total") != -132000 {
		t.Fatalf("credit note: %s", c.Raw)
	}
	r = w.must(t, w.call(t, "admin", "GET", path("/api/billing/invoices/%d", id), nil), 200)
	if r.Str("status") != "void" || num(r, "total") != 132000 {
		t.Fatalf("credited invoice: %s", r.Raw)
	}
	w.must(t, w.call(t, "admin", "POST", path("/api/billing/invoices/%d/credit", id), struct{}{}), 409)
	w.must(t, w.call(t, "admin", "POST", path("/api/billing/invoices/%d/void", id), struct{}{}), 409)
}

func TestManualInvoiceBadInput(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for name, body := range map[string]any{
		"no lines":     map[string]any{"orgId": w.orgID, "lang": "mn", "currency": "MNT", "vatRateBp": 1000, "lines": []any{}},
		"negative qty": map[string]any{"orgId": w.orgID, "lang": "mn", "currency": "MNT", "vatRateBp": 1000, "lines": []any{map[string]any{"description": "x", "quantity": -1, "unitPrice": 10}}},
		"fractional":   map[string]any{"orgId": w.orgID, "lang": "mn", "currency": "MNT", "vatRateBp": 1000, "lines": []any{map[string]any{"description": "x", "quantity": 1.5, "unitPrice": 10}}},
		"currency":     map[string]any{"orgId": w.orgID, "lang": "mn", "currency": "EUR", "vatRateBp": 1000, "lines": []any{map[string]any{"description": "x", "quantity": 1, "unitPrice": 10}}},
		"vat":          map[string]any{"orgId": w.orgID, "lang": "mn", "currency": "MNT", "vatRateBp": 1700, "lines": []any{map[string]any{"description": "x", "quantity": 1, "unitPrice": 10}}},
		"unknown org":  map[string]any{"orgId": 987654, "lang": "mn", "currency": "MNT", "vatRateBp": 1000, "lines": []any{map[string]any{"description": "x", "quantity": 1, "unitPrice": 10}}},
		"no buyer":     map[string]any{"orgId": 0, "lang": "mn", "currency": "MNT", "vatRateBp": 1000, "lines": []any{map[string]any{"description": "x", "quantity": 1, "unitPrice": 10}}},
		"huge price":   map[string]any{"orgId": w.orgID, "lang": "mn", "currency": "MNT", "vatRateBp": 0, "lines": []any{map[string]any{"description": "x", "quantity": 100000, "unitPrice": 1e15}}},
		"bad due date": map[string]any{"orgId": w.orgID, "lang": "mn", "currency": "MNT", "vatRateBp": 0, "dueDate": "31-12-2026", "lines": []any{map[string]any{"description": "x", "quantity": 1, "unitPrice": 10}}},
	} {
		r := w.call(t, "admin", "POST", "/api/billing/invoices", body)
		if r.Status != 422 && r.Status != 400 {
			t.Errorf("%s: status %d: %s", name, r.Status, r.Raw)
		}
	}
	w.must(t, w.call(t, "admin", "POST", "/api/billing/invoices/abc/issue", struct{}{}), 404)
	w.must(t, w.call(t, "admin", "POST", "/api/billing/invoices/424242/issue", struct{}{}), 404)
	w.must(t, w.call(t, "admin", "GET", "/api/billing/invoices?before=-5", nil), 200)
}

// Issuing many invoices at once (some of them twice, which must fail harmlessly) gives the
// numbers 1..N of the year with no gap and no duplicate.
func TestInvoiceNumbersHaveNoGaps(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	const n = 30
	ids := make([]int64, n)
	for i := range ids {
		ids[i] = num(w.must(t, w.call(t, "admin", "POST", "/api/billing/invoices", manualInvoice(w.orgID, "Line", 1000)), 201), "id")
	}
	var wg sync.WaitGroup
	statuses := make(chan int, 2*n)
	for _, id := range ids {
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := apitest.Call(t, w.c["admin"], w.ts, "POST", path("/api/billing/invoices/%d/issue", id), struct{}{}, "", "Sec-Fetch-Site", "same-origin")
				statuses <- r.Status
			}()
		}
	}
	wg.Wait()
	close(statuses)
	ok := 0
	for s := range statuses {
		switch s {
		case 200:
			ok++
		case 409:
		default:
			t.Errorf("status %d", s)
		}
	}
	if ok != n {
		t.Fatalf("%d issued, want %d", ok, n)
	}
	seqs, err := w.s.Store().BillingInvoiceNumbers(context.Background(), 2026)
	if err != nil {
		t.Fatal(err)
	}
	if len(seqs) != n {
		t.Fatalf("%d numbers: %v", len(seqs), seqs)
	}
	for i, s := range seqs {
		if s != i+1 {
			t.Fatalf("gap or duplicate at %d: %v", i, seqs)
		}
	}
}

func samplePDF() billing.InvoiceView {
	return billing.InvoiceView{ID: 1, Kind: "invoice", Status: "issued", Number: "2026-00001", Lang: "mn", Currency: "MNT",
		Seller:  billing.Party{Name: "Гэрэгэ ХХК", Address: "Сүхбаатар дүүрэг, Улаанбаатар", TaxID: "6543210"},
		Buyer:   billing.Party{Name: "Шинэ Өргөө сургууль", Address: "Баянзүрх дүүрэг", TaxID: "1234567"},
		Lines:   []billing.LineView{{Description: "«Эхлэл» багц, нэг сар", Quantity: 1, UnitPrice: 25000, Amount: 25000}},
		VATRate: "10%", Net: 22727, VAT: 2273, Total: 25000}
}

// The PDF parses, embeds its font and says what it should in Cyrillic with ₮ (pdftotext, from
// poppler-utils: .ci/run installs it; the test fails rather than skips without it).
func TestInvoicePDFCyrillic(t *testing.T) {
	t.Parallel()
	b, err := billing.RenderPDF(samplePDF())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b, []byte("%PDF-")) || !bytes.Contains(b, []byte("%%EOF")) {
		t.Fatal("not a PDF")
	}
	if !bytes.Contains(b, []byte("/FontFile2")) || !bytes.Contains(bytes.ToLower(b), []byte("dejavusans")) {
		t.Fatal("the font is not embedded")
	}
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Fatal("pdftotext is missing: install poppler-utils (apt-get install poppler-utils; .ci/run does) to check the PDF's text")
	}
	f := t.TempDir() + "/inv.pdf"
	if err := os.WriteFile(f, b, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "-layout", f, "-").CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v %s", err, out)
	}
	text := string(out)
	for _, want := range []string{"Нэхэмжлэх", "Дугаар: 2026-00001", "25 000₮", "2 273₮", "Шинэ Өргөө сургууль", "«Эхлэл» багц, нэг сар", "НӨАТ (10%)"} {
		if !strings.Contains(text, want) {
			t.Errorf("the PDF's text lacks %q:\n%s", want, text)
		}
	}
}

func TestInvoicePDFRoute(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := num(w.must(t, w.call(t, "admin", "POST", "/api/billing/invoices", manualInvoice(w.orgID, "Зөвлөгөө", 1000)), 201), "id")
	w.must(t, w.call(t, "owner", "GET", path("/api/billing/invoices/%d/pdf", id), nil), 404)
	w.must(t, w.call(t, "admin", "POST", path("/api/billing/invoices/%d/issue", id), struct{}{}), 200)
	r := w.call(t, "owner", "GET", path("/api/billing/invoices/%d/pdf", id), nil)
	if r.Status != 200 || r.Header.Get("Content-Type") != "application/pdf" || !strings.HasPrefix(r.Raw, "%PDF-") {
		t.Fatalf("pdf: %d %s", r.Status, r.Header.Get("Content-Type"))
	}
}
