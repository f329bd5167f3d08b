// Package banking serves the payments core's routes (app/platform/payments) and the banking
// page: a payer's payment status (polled after a Stripe redirect or a QPay QR), the admin's
// "bank transfer received", the providers' webhooks and callbacks (no session, no CSRF:
// verified by signature, or by asking the provider), and /dashboard/banking — the
// organisation's (owner) or the platform's (admins) ledger with running balance and CSV.
package banking

import (
	"log/slog"
	"time"

	"gerege/app/platform/authz"
	"gerege/app/platform/payments"
	"gerege/app/platform/web"
	"gerege/db"
)

// Handlers serves payments and banking. Its dependencies are explicit.
type Handlers struct {
	Store    *db.Store
	Payments *payments.Service
	Limiter  *web.Limiter
	Now      func() time.Time
	Log      *slog.Logger
	// CallbackRate bounds QPay callbacks per client IP (each makes us ask QPay); zero: none.
	CallbackRate web.Rate
}

// DefaultCallbackRate is the production bound of QPay callbacks per IP.
var DefaultCallbackRate = web.Rate{N: 120, Per: time.Minute}

// Mount declares the routes and the page.
func (h *Handlers) Mount(r *authz.Router, reg *authz.Registry) {
	r.Get("/payments/{id}", authz.SignedIn, h.payment, authz.Doc{ID: "getPayment", Resp: PaymentView{},
		Summary: "A payment's status, for its payer (polled after a card redirect or a QPay QR), the paying organisation's owner and admins; a pending bank transfer carries its transfer details"})
	r.Post("/payments/{id}/mark-paid", authz.PaymentsSettle, h.markPaid, authz.Doc{ID: "markPaymentPaid", Req: struct{}{}, Resp: PaymentView{},
		Summary: "A bank transfer arrived: the payment is settled (exactly once) and the admin recorded in the audit log"})
	r.Post("/payments/webhooks/stripe", authz.Public, h.stripeWebhook, authz.Doc{ID: "stripeWebhook", Req: struct{}{}, Resp: WebhookAck{},
		Summary: "Stripe's webhook (checkout.session.*), verified by its Stripe-Signature header; each event is applied once, a replay changes nothing"})
	const qpaySummary = "QPay's callback: only a signal to look — the payment is settled from what QPay's payment/check answers, never from the callback's request"
	r.Get("/payments/webhooks/qpay", authz.Public, h.qpayCallback, authz.Doc{ID: "qpayCallback", Query: QPayCallbackQuery{},
		Resp: WebhookAck{}, Summary: qpaySummary})
	r.Post("/payments/webhooks/qpay", authz.Public, h.qpayCallback, authz.Doc{ID: "qpayCallbackPost", Query: QPayCallbackQuery{},
		Req: struct{}{}, Resp: WebhookAck{}, Summary: qpaySummary + " (the same, for a POST)"})
}
