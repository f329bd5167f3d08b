// Package qpaytest is a local server that implements the part of QPay's published merchant
// API v2 that Gerege uses — for tests only (it lives in the test tree and is never part of
// the binary). It is not QPay: it follows the published request and answer shapes so the real
// client code in app/platform/payments/qpay.go is exercised over HTTP.
//
// Implemented:
//   - POST /v2/auth/token — HTTP basic auth with the configured client id and secret; answers
//     token_type, access_token, refresh_token, expires_in (seconds).
//   - POST /v2/invoice — bearer token; needs invoice_code (the configured one), sender_invoice_no,
//     invoice_receiver_code, invoice_description, amount > 0 and callback_url; answers
//     invoice_id, qr_text, qr_image (a base64 PNG), qPay_shortUrl and urls (bank-app deep links:
//     name, description, logo, link).
//   - POST /v2/payment/check — bearer token; object_type INVOICE and object_id; answers count,
//     paid_amount and rows (payment_id, payment_status, payment_amount as a decimal string,
//     trx_fee, payment_currency, payment_wallet, payment_type).
//   - DELETE /v2/payment/refund/{payment_id} — bearer token; the body's callback_url and note
//     are optional; refunds the whole payment: a PAID payment becomes REFUNDED (payment/check
//     then says so) and the answer is 200; an unknown payment is 404 PAYMENT_NOTFOUND, one not
//     PAID (already refunded) 400 PAYMENT_ALREADY_REFUNDED. This is a stand-in for the real
//     service written from its published protocol, not QPay.
//   - DELETE /v2/invoice/{invoice_id} — bearer token; cancels the invoice (404 when unknown);
//     a cancelled invoice is no longer payable (Pay refuses it, as the bank's app would).
//
// Test controls (not QPay's): DeclineRefunds makes the next refunds fail with a code (as QPay
// refuses one it cannot make); Refunds counts the refunds made; Pay marks an invoice paid (as a payer's bank would) and, when
// asked, calls the invoice's callback_url as QPay does (a GET, whose content we must not
// trust); ExpireTokens makes every issued token invalid (401), as QPay's do after expires_in.
package qpaytest

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// Credentials of the test merchant.
const (
	ClientID     = "TEST_MERCHANT"
	ClientSecret = "test-secret"
	InvoiceCode  = "TEST_INVOICE"
)

// Invoice is an invoice the server holds.
type Invoice struct {
	ID          string
	SenderNo    string
	Amount      int64
	CallbackURL string
	Payments    []Payment
	Cancelled   bool
}

// Payment is a payment of an invoice.
type Payment struct {
	ID     string
	Status string // PAID, FAILED…
	Amount string
}

// Server is the local QPay protocol server.
type Server struct {
	*httptest.Server
	mu       sync.Mutex
	tokens   map[string]bool
	invoices map[string]*Invoice
	n        int
	declines []string
	refunds  int
	// Calls counts requests per path (tests check that a callback made us ask QPay).
	Calls map[string]int
}

// Start runs the server until the test ends.
func Start(t testing.TB) *Server {
	s := &Server{tokens: map[string]bool{}, invoices: map[string]*Invoice{}, Calls: map[string]int{}}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v2/auth/token", s.token)
	mux.HandleFunc("POST /v2/invoice", s.authed(s.invoice))
	mux.HandleFunc("POST /v2/payment/check", s.authed(s.check))
	mux.HandleFunc("DELETE /v2/payment/refund/{id}", s.authed(s.refund))
	mux.HandleFunc("DELETE /v2/invoice/{id}", s.authed(s.cancel))
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.Calls[r.URL.Path]++
		s.mu.Unlock()
		mux.ServeHTTP(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

func fail(w http.ResponseWriter, status int, code string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]string{"error": code, "message": code})
}

func reply(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}

func (s *Server) token(w http.ResponseWriter, r *http.Request) {
	id, secret, ok := r.BasicAuth()
	if !ok || id != ClientID || secret != ClientSecret {
		fail(w, 401, "AUTHENTICATION_FAILED")
		return
	}
	s.mu.Lock()
	s.n++
	tok := fmt.Sprintf("access-%d", s.n)
	s.tokens[tok] = true
	s.mu.Unlock()
	reply(w, map[string]any{"token_type": "bearer", "access_token": tok, "refresh_token": "refresh-" + tok,
		"expires_in": 86400, "refresh_expires_in": 172800, "scope": "profile email"})
}

func (s *Server) authed(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		s.mu.Lock()
		valid := ok && s.tokens[tok]
		s.mu.Unlock()
		if !valid {
			fail(w, 401, "NO_CREDENDIALS")
			return
		}
		next(w, r)
	}
}

// A 1×1 PNG, standing for the QR image QPay draws.
var png = base64.StdEncoding.EncodeToString([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89\x00\x00\x00\rIDATx\x9cc\xf8\x0f\x00\x00\x01\x01\x00\x05\x18\xd8N\x00\x00\x00\x00IEND\xaeB`\x82"))

func (s *Server) invoice(w http.ResponseWriter, r *http.Request) {
	var in struct {
		InvoiceCode         string `json:"invoice_code"`
		SenderInvoiceNo     string `json:"sender_invoice_no"`
		InvoiceReceiverCode string `json:"invoice_receiver_code"`
		InvoiceDescription  string `json:"invoice_description"`
		Amount              int64  `json:"amount"`
		CallbackURL         string `json:"callback_url"`
	}
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		fail(w, 400, "INVALID_REQUEST")
		return
	}
	switch {
	case in.InvoiceCode != InvoiceCode:
		fail(w, 400, "INVOICE_CODE_INVALID")
		return
	case in.SenderInvoiceNo == "" || in.InvoiceReceiverCode == "" || in.InvoiceDescription == "" || in.CallbackURL == "":
		fail(w, 400, "INVALID_REQUEST")
		return
	case in.Amount <= 0:
		fail(w, 400, "INVALID_AMOUNT")
		return
	}
	s.mu.Lock()
	s.n++
	id := fmt.Sprintf("inv-%04d-%s", s.n, strings.ToLower(in.SenderInvoiceNo))
	s.invoices[id] = &Invoice{ID: id, SenderNo: in.SenderInvoiceNo, Amount: in.Amount, CallbackURL: in.CallbackURL}
	s.mu.Unlock()
	qr := "0002010102121531279404962794049600000000KKTQPAY52046010530349654" + fmt.Sprint(in.Amount) + "5802MN5904TEST6011Ulaanbaatar62" + id
	reply(w, map[string]any{"invoice_id": id, "qr_text": qr, "qr_image": png, "qPay_shortUrl": "https://s.qpay.mn/" + id,
		"urls": []map[string]string{
			{"name": "Khan bank", "description": "Хаан банк", "logo": "https://qpay.mn/q/logo/khanbank.png", "link": "khanbank://q?qPay_QRcode=" + qr},
			{"name": "State bank", "description": "Төрийн банк", "logo": "https://qpay.mn/q/logo/statebank.png", "link": "statebank://q?qPay_QRcode=" + qr},
			{"name": "qPay wallet", "description": "qPay хэтэвч", "logo": "https://qpay.mn/q/logo/qpay.png", "link": "qpaywallet://q?qPay_QRcode=" + qr},
		}})
}

func (s *Server) check(w http.ResponseWriter, r *http.Request) {
	var in struct {
		ObjectType string `json:"object_type"`
		ObjectID   string `json:"object_id"`
	}
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil || in.ObjectType != "INVOICE" || in.ObjectID == "" {
		fail(w, 400, "INVALID_REQUEST")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	inv, ok := s.invoices[in.ObjectID]
	if !ok {
		fail(w, 404, "INVOICE_NOTFOUND")
		return
	}
	rows := []map[string]string{}
	paid := 0.0
	for _, p := range inv.Payments {
		rows = append(rows, map[string]string{"payment_id": p.ID, "payment_status": p.Status, "payment_amount": p.Amount,
			"trx_fee": "0.00", "payment_currency": "MNT", "payment_wallet": "0", "payment_type": "P2P"})
		if p.Status == "PAID" {
			var f float64
			fmt.Sscan(p.Amount, &f)
			paid += f
		}
	}
	reply(w, map[string]any{"count": len(rows), "paid_amount": paid, "rows": rows})
}

func (s *Server) cancel(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	inv, ok := s.invoices[r.PathValue("id")]
	if !ok {
		fail(w, 404, "INVOICE_NOTFOUND")
		return
	}
	inv.Cancelled = true
	reply(w, map[string]any{"invoice_id": inv.ID, "invoice_status": "CANCELLED"})
}

// Pay records a payment of amount (as QPay's decimal string, e.g. "25000.00") on an invoice;
// with callback it then calls the invoice's callback_url the way QPay does and returns its
// status.
func (s *Server) Pay(t testing.TB, invoiceID, paymentID, amount string, callback bool) int {
	t.Helper()
	s.mu.Lock()
	inv, ok := s.invoices[invoiceID]
	if ok && inv.Cancelled {
		s.mu.Unlock()
		t.Fatalf("qpaytest: invoice %s is cancelled: the bank's app refuses to pay it", invoiceID)
	}
	if ok {
		inv.Payments = append(inv.Payments, Payment{ID: paymentID, Status: "PAID", Amount: amount})
	}
	s.mu.Unlock()
	if !ok {
		t.Fatalf("qpaytest: no invoice %s", invoiceID)
	}
	if !callback {
		return 0
	}
	res, err := http.Get(inv.CallbackURL)
	if err != nil {
		t.Fatalf("qpaytest: callback: %v", err)
	}
	res.Body.Close()
	return res.StatusCode
}

// Invoice returns a copy of an invoice.
func (s *Server) Invoice(id string) (Invoice, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	inv, ok := s.invoices[id]
	if !ok {
		return Invoice{}, false
	}
	return *inv, true
}

// ExpireTokens makes every token issued so far invalid.
func (s *Server) ExpireTokens() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tokens = map[string]bool{}
}

// Count is how many requests a path has had.
func (s *Server) Count(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.Calls[path]
}

func (s *Server) refund(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	var in struct {
		CallbackURL string `json:"callback_url"`
		Note        string `json:"note"`
	}
	if r.ContentLength != 0 {
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
			fail(w, 400, "INVALID_REQUEST")
			return
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.declines) > 0 {
		code := s.declines[0]
		s.declines = s.declines[1:]
		fail(w, 400, code)
		return
	}
	for _, inv := range s.invoices {
		for i := range inv.Payments {
			p := &inv.Payments[i]
			if p.ID != id {
				continue
			}
			if p.Status != "PAID" {
				fail(w, 400, "PAYMENT_ALREADY_REFUNDED")
				return
			}
			p.Status = "REFUNDED"
			s.refunds++
			reply(w, map[string]any{"payment_id": id, "payment_status": "REFUNDED"})
			return
		}
	}
	fail(w, 404, "PAYMENT_NOTFOUND")
}

// DeclineRefunds makes the next refunds fail with these codes (400), one each.
func (s *Server) DeclineRefunds(codes ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.declines = append(s.declines, codes...)
}

// Refunds is how many refunds were made.
func (s *Server) Refunds() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.refunds
}
