package shop

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"

	"gerege/app/platform/payments"
	"gerege/app/platform/web"
	"gerege/db"
)

// Changing an unpaid order's payment method (issue #16). The buyer of a placed order picks
// another configured method (card, QPay for tögrög, bank transfer). The open payment is first
// withdrawn at its provider (Stripe: its Checkout Sessions expired; QPay: asked once more, then
// its invoices cancelled), then, in one transaction, cancelled here and replaced by a new
// pending payment of the same amount through the new provider, which the order now names; the
// new payment is begun as at checkout. An order never has two open payments (the second is
// created in the transaction that cancels the first, and transactions run one at a time on
// the single writer). Money that still arrives for the replaced payment is
// settled late by the payments core and is owed back (orderPaid: replacedPaid).

// PayMethodRequest chooses an unpaid order's new payment method.
type PayMethodRequest struct {
	Provider string `json:"provider" enum:"bank,stripe,qpay" description:"One of the order's providers, other than its current one"`
}

// errSwitched: the order's payment changed since the request read it (another request
// switched it first).
var errSwitched = errors.New("shop: the order's payment was switched meanwhile")

// ChangeMethod is POST /api/me/orders/{id}/payment-method.
func (h *Handlers) ChangeMethod(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	o, err := h.myOrder(r)
	if err != nil {
		return err
	}
	var in PayMethodRequest
	if err := web.Decode(r, &in); err != nil {
		return err
	}
	c := &web.Checker{}
	c.OneOf("provider", in.Provider, true, payments.ProviderBank, payments.ProviderStripe, payments.ProviderQPay)
	if err := c.Err(); err != nil {
		return err
	}
	if o.Status != "placed" || o.PaymentID == 0 {
		return &web.Error{Status: http.StatusConflict, Code: "order_not_payable", Message: web.M("shop.errors.notPayable")}
	}
	old, err := h.Store.Payment(ctx, o.PaymentID)
	if err != nil {
		return err
	}
	if old.Status != db.PaymentPending && old.Status != db.PaymentFailed {
		return &web.Error{Status: http.StatusConflict, Code: "order_not_payable", Message: web.M("shop.errors.notPayable")}
	}
	// Only what is configured and takes the order's currency (QPay: tögrög only).
	if !slices.Contains(h.providersFor(o.Currency), in.Provider) {
		return web.Invalid(map[string]web.Msg{"provider": web.M("shop.errors.provider")})
	}
	if in.Provider == old.Provider {
		return web.Invalid(map[string]web.Msg{"provider": web.M("shop.errors.sameProvider")})
	}
	if err := h.rate(caller(r), "pay"); err != nil {
		return err
	}
	// Close what the payer could still pay at the old provider, before anything changes here.
	switch err := h.Payments.Withdraw(ctx, old.ID); {
	case errors.Is(err, payments.ErrNotPending):
		// QPay's check found it paid a moment ago: the order is paid now.
		return &web.Error{Status: http.StatusConflict, Code: "order_not_payable", Message: web.M("shop.errors.paidMeanwhile")}
	case errors.Is(err, payments.ErrPaidAtProvider):
		return &web.Error{Status: http.StatusConflict, Code: "payment_completed", Message: web.M("shop.errors.paidMeanwhile")}
	case err != nil:
		return err
	}
	err = h.Store.InTx(ctx, func(tx *db.Store) error { return h.switchPayment(ctx, tx, o.ID, old, in.Provider) })
	switch {
	case errors.Is(err, errSwitched):
		// A double click: the first request switched it; answer the order as it is now.
	case errors.Is(err, db.ErrConflict):
		return &web.Error{Status: http.StatusConflict, Code: "order_not_payable", Message: web.M("shop.errors.paidMeanwhile")}
	case err != nil:
		return err
	}
	o, err = h.Store.OrderByID(ctx, o.ID)
	if err != nil {
		return err
	}
	return h.answer(w, r, http.StatusOK, o, true)
}

// switchPayment cancels the order's payment old and records a new pending one through
// provider, in tx. db.ErrConflict: the order is no longer placed or old is no longer open (it
// was paid meanwhile); errSwitched: the order already names another payment.
func (h *Handlers) switchPayment(ctx context.Context, tx *db.Store, orderID int64, old db.Payment, provider string) error {
	o, err := tx.OrderByID(ctx, orderID)
	if err != nil {
		return err
	}
	if o.Status != "placed" {
		return db.ErrConflict
	}
	if o.PaymentID != old.ID {
		return errSwitched
	}
	ok, err := tx.SetPaymentStatus(ctx, old.ID, db.PaymentCancelled)
	if err != nil {
		return err
	}
	if !ok {
		return db.ErrConflict
	}
	p, err := h.Payments.Create(ctx, tx, payments.NewPayment{Purpose: "order", RefID: o.ID, PayerUserID: o.BuyerUserID,
		Payee: o.Seller, Money: payments.Money{Amount: o.Total, Currency: o.Currency}, Provider: provider,
		Key: "order:" + strconv.FormatInt(o.ID, 10) + ":after:" + strconv.FormatInt(old.ID, 10)})
	if err != nil {
		return err
	}
	return tx.SetOrderPayment(ctx, o.ID, p.ID)
}

// replacedPaid handles money that arrived for a payment the buyer replaced by another method
// (settled late by the payments core): the order is left as it is — paid once by its current
// payment, or still waiting for it —, and the buyer (refund coming) and the seller (refund
// due) are told. The banking page lists the payment under "Refunds due".
func (h *Handlers) replacedPaid(ctx context.Context, tx *db.Store, p db.Payment) error {
	if err := h.notifyBuyer(ctx, tx, p.RefID, "replaced_paid"); err != nil {
		return err
	}
	return h.notifySeller(ctx, tx, p.RefID, PaidAfterReplace.Name)
}
