// Package banking serves the payments core's routes (app/platform/payments) and the banking
// page: a payer's payment status (polled after a Stripe redirect or a QPay QR), the admin's
// "bank transfer received", the providers' webhooks and callbacks (no session, no CSRF:
// verified by signature, or by asking the provider), and /dashboard/banking — the
// organisation's (owner) or the platform's (admins) ledger with running balance and CSV.
package banking

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"gerege/app/platform/authz"
	"gerege/app/platform/payments"
	"gerege/app/platform/userdata"
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
		Summary: "Stripe's webhook (checkout.session.*, payment_intent.* of off-session charges, refund.*), verified by its Stripe-Signature header; each event is applied once, a replay changes nothing"})
	r.Get("/banking/ledger", authz.BankingView, h.ledger, authz.Doc{ID: "getLedger", Query: LedgerQuery{}, Resp: LedgerView{},
		Summary: "The organisation's (owner) or the platform's (admins) ledger, newest first, with the running balance after each line"})
	r.Get("/banking/ledger.csv", authz.BankingView, h.ledgerCSV, authz.Doc{ID: "exportLedger", Query: LedgerQuery{}, Produces: "text/csv",
		Summary: "The ledger the filters select as CSV (UTF-8 with BOM, formula-safe); a failure breaks the download, never ends it as if complete"})
	r.Get("/banking/charges", authz.BankingOrg, h.charges, authz.Doc{ID: "getOrgCharges", Resp: ChargesView{},
		Summary: "What the organisation paid (subscription charges, purchases), newest first"})
	r.Get("/banking/pending", authz.BankingPlatform, h.pending, authz.Doc{ID: "getPendingTransfers", Query: PendingQuery{}, Resp: PendingView{},
		Summary: "Bank transfers waiting for an admin to see them arrive, oldest first"})
	r.Get("/banking/refunds", authz.BankingPlatform, h.refunds, authz.Doc{ID: "getRefundsDue", Query: RefundsQuery{}, Resp: RefundsView{},
		Summary: "Payments whose money is owed back (paid after their order or invoice was cancelled, after the stock ran out, a paid order cancelled by its seller) and not yet refunded, newest first, each with its latest refund attempt"})
	r.Post("/payments/{id}/refund", authz.BankingRefund, h.refund, authz.Doc{ID: "refundPayment", Req: RefundBody{}, Resp: RefundOutcome{},
		Summary: "Refund a payment whose money is owed back, or a part of it (QPay: whole only), never more than was paid in all, the same request key answering the same part: through Stripe or QPay, or by recording the bank transfer sent back (reference, day); a declined part is recorded failed with its reason (try again)"})
	h.Payments.OnRefunded("", h.notifyRefunded)
	reg.AddPage(authz.Page{Key: "banking", Path: "/dashboard/banking", Perm: authz.BankingView, Order: 96})
	const qpaySummary = "QPay's callback: only a signal to look — the payment is settled from what QPay's payment/check answers, never from the callback's request"
	r.Get("/payments/webhooks/qpay", authz.Public, h.qpayCallback, authz.Doc{ID: "qpayCallback", Query: QPayCallbackQuery{},
		Resp: WebhookAck{}, Summary: qpaySummary})
	r.Post("/payments/webhooks/qpay", authz.Public, h.qpayCallback, authz.Doc{ID: "qpayCallbackPost", Query: QPayCallbackQuery{},
		Req: struct{}{}, Resp: WebhookAck{}, Summary: qpaySummary + " (the same, for a POST)"})
}

// UserData: the person's payments, in "download my data". Account deletion keeps the payments
// and their ledger entries (accounting records the law keeps), detached from the person: the
// payer's reference becomes NULL by foreign key.
func (h *Handlers) UserData() []userdata.Section {
	return []userdata.Section{userdata.Of("payments", h.exportPayments)}
}

func (h *Handlers) exportPayments(ctx context.Context, store *db.Store, userID int64) ([]PaymentView, error) {
	list, err := store.PaymentsOfPayer(ctx, userID, 10_000)
	if err != nil {
		return nil, err
	}
	out := make([]PaymentView, 0, len(list))
	for _, p := range list {
		v := paymentView(p, nil)
		v.RefundOwed = p.RefundOwed
		if r, err := store.LatestRefund(ctx, p.ID); err == nil {
			rv := refundView("en", r, false)
			v.Refund = &rv
		} else if !errors.Is(err, db.ErrNotFound) {
			return nil, err
		}
		// Every part that sent money back (partial refunds), and their sum.
		parts, err := store.SucceededRefunds(ctx, p.ID)
		if err != nil {
			return nil, err
		}
		for _, r := range parts {
			v.Refunds = append(v.Refunds, refundView("en", r, false))
			v.RefundedAmount += r.Amount
		}
		out = append(out, v)
	}
	return out, nil
}
