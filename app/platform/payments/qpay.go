package payments

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"gerege/app/platform/web"
	"gerege/db"
)

// QPayConfig is the QPay merchant's configuration: GEREGE_QPAY_CLIENT_ID,
// GEREGE_QPAY_CLIENT_SECRET (a secret: environment only), GEREGE_QPAY_INVOICE_CODE (given by
// QPay with the merchant account) and GEREGE_QPAY_API_BASE (default https://merchant.qpay.mn).
// CallbackBase is the server's public URL (--base-url): QPay calls
// <CallbackBase>/api/payments/webhooks/qpay?payment=<id> when an invoice is paid.
type QPayConfig struct {
	ClientID     string
	ClientSecret string
	InvoiceCode  string
	APIBase      string
	CallbackBase string
}

// QPayDefaultBase is QPay's merchant API.
const QPayDefaultBase = "https://merchant.qpay.mn"

// QPay collects payments through QPay (the payment system Mongolian banks and wallets share),
// following its published merchant API v2: POST /v2/auth/token (basic auth) gives a bearer
// token; POST /v2/invoice creates an invoice with a QR code and bank-app deep links; POST
// /v2/payment/check says whether it was paid. QPay's callback only tells us to look: the
// payment is settled from what payment/check answers, never from the callback's request.
type QPay struct {
	cfg    QPayConfig
	client *http.Client
	now    func() time.Time

	mu      sync.Mutex
	token   string
	expires time.Time
}

// NewQPay builds the provider.
func NewQPay(cfg QPayConfig) *QPay {
	if cfg.APIBase == "" {
		cfg.APIBase = QPayDefaultBase
	}
	cfg.APIBase = strings.TrimSuffix(cfg.APIBase, "/")
	return &QPay{cfg: cfg, client: &http.Client{Timeout: 20 * time.Second}, now: time.Now}
}

// Name is "qpay".
func (q *QPay) Name() string { return ProviderQPay }

// errQPay is a QPay answer we could not use; its text never carries a secret or a token.
type errQPay struct {
	op     string
	status int
	code   string
}

func (e *errQPay) Error() string {
	return fmt.Sprintf("payments: qpay %s: HTTP %d %s", e.op, e.status, e.code)
}

// call sends one request to QPay's API and decodes its JSON answer into out.
func (q *QPay) call(ctx context.Context, method, path string, body, out any, auth func(*http.Request)) (int, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, q.cfg.APIBase+path, rd)
	if err != nil {
		return 0, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	auth(req)
	res, err := q.client.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			return 0, fmt.Errorf("payments: qpay %s: %v", path, ue.Err) // the URL carries no secret, but keep it short
		}
		return 0, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if err != nil {
		return res.StatusCode, err
	}
	if res.StatusCode/100 != 2 {
		var e struct {
			Error   string `json:"error"`
			Message string `json:"message"`
		}
		_ = json.Unmarshal(raw, &e)
		return res.StatusCode, &errQPay{op: path, status: res.StatusCode, code: e.Error}
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			return res.StatusCode, fmt.Errorf("payments: qpay %s: unreadable answer: %w", path, err)
		}
	}
	return res.StatusCode, nil
}

// bearer returns a valid access token, asking POST /v2/auth/token (basic auth) when there is none.
func (q *QPay) bearer(ctx context.Context, renew bool) (string, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if !renew && q.token != "" && q.now().Before(q.expires) {
		return q.token, nil
	}
	var tok struct {
		TokenType   string `json:"token_type"`
		AccessToken string `json:"access_token"`
		ExpiresIn   int64  `json:"expires_in"`
	}
	if _, err := q.call(ctx, http.MethodPost, "/v2/auth/token", nil, &tok, func(r *http.Request) {
		r.SetBasicAuth(q.cfg.ClientID, q.cfg.ClientSecret)
	}); err != nil {
		return "", err
	}
	if tok.AccessToken == "" {
		return "", errors.New("payments: qpay auth/token gave no access token")
	}
	q.token = tok.AccessToken
	// QPay sends expires_in as a Unix time in some answers and as seconds in others: take
	// whichever is sensible, and renew a minute early.
	exp := q.now().Add(time.Duration(tok.ExpiresIn) * time.Second)
	if tok.ExpiresIn > 1_000_000_000 {
		exp = time.Unix(tok.ExpiresIn, 0)
	}
	if tok.ExpiresIn <= 0 {
		exp = q.now().Add(10 * time.Minute)
	}
	q.expires = exp.Add(-time.Minute)
	return q.token, nil
}

// authed calls QPay with the bearer token, renewing it once if QPay refuses it.
func (q *QPay) authed(ctx context.Context, method, path string, body, out any) error {
	for attempt := range 2 {
		tok, err := q.bearer(ctx, attempt > 0)
		if err != nil {
			return err
		}
		status, err := q.call(ctx, method, path, body, out, func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+tok) })
		if status == http.StatusUnauthorized && attempt == 0 {
			continue
		}
		return err
	}
	return nil
}

// qpayInvoice is POST /v2/invoice's answer.
type qpayInvoice struct {
	InvoiceID string     `json:"invoice_id"`
	QRText    string     `json:"qr_text"`
	QRImage   string     `json:"qr_image"`
	ShortURL  string     `json:"qPay_shortUrl"`
	URLs      []BankLink `json:"urls"`
}

// ErrQPayCurrency: QPay takes tögrög only.
var ErrQPayCurrency = &web.Error{Status: 422, Code: "payment_currency", Message: web.M("payments.errors.qpayCurrency")}

// Begin creates a QPay invoice for p: the payer scans its QR code or opens their bank's app.
func (q *QPay) Begin(ctx context.Context, p db.Payment, _ string) (Next, string, error) {
	if p.Currency != "MNT" {
		return Next{}, "", ErrQPayCurrency
	}
	id := strconv.FormatInt(p.ID, 10)
	body := map[string]any{
		"invoice_code":          q.cfg.InvoiceCode,
		"sender_invoice_no":     Reference(p.ID) + "-" + strconv.FormatInt(q.now().UnixMilli()%1_000_000_000, 36), // one a Begin: each is an invoice of its own
		"invoice_receiver_code": "terminal",
		"invoice_description":   "Gerege " + p.Purpose + " " + Reference(p.ID),
		"amount":                p.Amount,
		"callback_url":          q.cfg.CallbackBase + "/api/payments/webhooks/qpay?payment=" + id,
	}
	var inv qpayInvoice
	if err := q.authed(ctx, http.MethodPost, "/v2/invoice", body, &inv); err != nil {
		return Next{}, "", err
	}
	if inv.InvoiceID == "" || inv.QRText == "" {
		return Next{}, "", errors.New("payments: qpay invoice without id or qr_text")
	}
	links := make([]BankLink, 0, len(inv.URLs))
	for _, l := range inv.URLs {
		if l.Link != "" && l.Name != "" {
			links = append(links, l)
		}
	}
	return Next{Kind: "qr", QRText: inv.QRText, URL: inv.ShortURL, Links: links}, inv.InvoiceID, nil
}

// QPayPayment is one row of POST /v2/payment/check.
type QPayPayment struct {
	PaymentID       string `json:"payment_id"`
	PaymentStatus   string `json:"payment_status"` // NEW | FAILED | PAID | PARTIAL | REFUNDED
	PaymentAmount   string `json:"payment_amount"`
	PaymentCurrency string `json:"payment_currency"`
}

// Check asks QPay which payments an invoice has received (POST /v2/payment/check).
func (q *QPay) Check(ctx context.Context, invoiceID string) ([]QPayPayment, error) {
	var out struct {
		Count      int           `json:"count"`
		PaidAmount json.Number   `json:"paid_amount"`
		Rows       []QPayPayment `json:"rows"`
	}
	body := map[string]any{"object_type": "INVOICE", "object_id": invoiceID,
		"offset": map[string]int{"page_number": 1, "page_limit": 100}}
	if err := q.authed(ctx, http.MethodPost, "/v2/payment/check", body, &out); err != nil {
		return nil, err
	}
	return out.Rows, nil
}

// qpayAmount reads QPay's decimal string ("25000.00") as whole tögrög; false if it is not.
func qpayAmount(s string) (int64, bool) {
	whole, frac, _ := strings.Cut(strings.TrimSpace(s), ".")
	if strings.Trim(frac, "0") != "" {
		return 0, false
	}
	n, err := strconv.ParseInt(whole, 10, 64)
	return n, err == nil && n > 0
}

// CheckQPay asks QPay about a pending QPay payment's invoices (every attempt) and settles it
// when one of them has a PAID payment of the whole amount in tögrög; QPay's payment id is the
// event id, so a second check, callback or poll changes nothing. It is what QPay's callback
// and the payer's polling call: whoever calls it, only QPay's own answer counts.
func (s *Service) CheckQPay(ctx context.Context, paymentID int64) error {
	prov, ok := s.Provider(ProviderQPay)
	q, isQPay := prov.(*QPay)
	if !ok || !isQPay {
		return ErrUnavailable
	}
	p, err := s.Store.Payment(ctx, paymentID)
	if errors.Is(err, db.ErrNotFound) {
		return ErrUnknownPayment
	}
	if err != nil {
		return err
	}
	if p.Provider != ProviderQPay {
		return ErrUnknownPayment
	}
	if p.Status != db.PaymentPending && p.Status != db.PaymentFailed && p.Status != db.PaymentCancelled {
		return nil // a cancelled one is still asked: the payer may have paid it late
	}
	refs, err := s.Store.PaymentAttempts(ctx, p.ID)
	if err != nil {
		return err
	}
	for _, ref := range refs {
		rows, err := q.Check(ctx, ref)
		if err != nil {
			return &web.Error{Status: ErrProvider.Status, Code: ErrProvider.Code, Message: ErrProvider.Message, Err: err}
		}
		for _, row := range rows {
			amount, ok := qpayAmount(row.PaymentAmount)
			if row.PaymentStatus != "PAID" || row.PaymentID == "" {
				continue
			}
			if !ok || amount != p.Amount || (row.PaymentCurrency != "" && row.PaymentCurrency != "MNT") {
				s.log().Error("payments: qpay payment differs from ours; not settled", "payment", p.ID,
					"qpay_payment", row.PaymentID, "amount", row.PaymentAmount, "currency", row.PaymentCurrency)
				continue
			}
			return s.settle(ctx, p.ID, ProviderQPay, row.PaymentID, 0)
		}
	}
	return nil
}

// Refund sends a QPay payment's money back: DELETE /v2/payment/refund/{payment_id} (QPay's
// published v2 protocol) for the QPay payment that paid it (p.PaidRef), with a note and the
// callback URL. QPay refunds the whole payment. A refusal (a 4xx: already refunded, too old,
// not a card payment…) is a failed answer with QPay's error code; no answer or a 5xx is an
// error (the refund stays pending: asked again, QPay answers a refunded payment's refund
// with its error, and the admin sees the provider's dashboard decide).
func (q *QPay) Refund(ctx context.Context, p db.Payment, r db.Refund) (RefundAnswer, error) {
	if p.PaidRef == "" {
		return RefundAnswer{Status: db.RefundFailed, Failure: "payment_reference_missing"}, nil
	}
	body := map[string]any{
		"callback_url": q.cfg.CallbackBase + "/api/payments/webhooks/qpay?payment=" + strconv.FormatInt(p.ID, 10),
		"note":         "Gerege refund " + Reference(p.ID),
	}
	err := q.authed(ctx, http.MethodDelete, "/v2/payment/refund/"+url.PathEscape(p.PaidRef), body, nil)
	var qe *errQPay
	if errors.As(err, &qe) && qe.status >= 400 && qe.status < 500 && qe.status != http.StatusTooManyRequests {
		code := qe.code
		if code == "" {
			code = "declined"
		}
		return RefundAnswer{Status: db.RefundFailed, Failure: strings.ToLower(code)}, nil
	}
	if err != nil {
		return RefundAnswer{}, err
	}
	return RefundAnswer{Status: db.RefundSucceeded, Ref: p.PaidRef}, nil
}
