package billing

import (
	"context"
	"errors"

	"gerege/app/platform/notify"
	"gerege/app/platform/payments"
	"gerege/db"
)

// A card or QPay payment can arrive for an invoice already void: the owner cancelled a pending
// subscription, or the day-7 fallback moved an unpaid renewal to the free plan, while the payer
// was on Stripe's or QPay's page (or an admin voided or credited it). The money is in the
// provider's account, so the settlement must not fail (the provider would retry forever and
// the money would stay unrecorded): the payments core settles it (the ledger shows it), the
// invoice stays void (a void invoice never becomes paid: its number was closed), nothing is
// switched on, and a refund is owed — the platform's admins are told (invoice, organisation,
// amount; they refund in the provider's dashboard) and so is the organisation's owner (the
// money comes back; they can subscribe again). See docs/store/billing.md for why not restore.

// RefundDue tells the platform's admins that a void invoice was paid and must be refunded.
var RefundDue = notify.Register(notify.Kind{
	Name: "billing.refund", Title: "storeBilling.notify.refund.title", Body: "storeBilling.notify.refund.body",
	Label: "storeBilling.notify.refund.label", DefaultEmail: notify.Immediate,
})

// PaidAfterVoid tells the organisation's owner that their payment for a void invoice arrived
// and will be refunded.
var PaidAfterVoid = notify.Register(notify.Kind{
	Name: "billing.paid_after_void", Title: "storeBilling.notify.paidLate.title", Body: "storeBilling.notify.paidLate.body",
	Label: "storeBilling.notify.paidLate.label", DefaultEmail: notify.Immediate,
})

// voidInvoicePaid is invoicePaid for a void invoice: the refund is arranged, nothing else
// changes.
func (h *Handlers) voidInvoicePaid(ctx context.Context, tx *db.Store, v db.BillingInvoice, p db.Payment) error {
	params := map[string]string{"number": v.Number, "org": v.BuyerName,
		"amount.en": payments.FormatMoney(p.Amount, p.Currency, "en"), "amount.mn": payments.FormatMoney(p.Amount, p.Currency, "mn")}
	admins, err := tx.PlatformAdmins(ctx)
	if err != nil {
		return err
	}
	for _, id := range admins {
		if err := notify.Send(ctx, tx, notify.Notification{UserID: id, Kind: RefundDue.Name, Link: "/dashboard/banking",
			Params: params, At: h.Now()}); err != nil {
			return err
		}
	}
	if v.OrgID != 0 {
		owners, err := tx.OrgStaff(ctx, v.OrgID, "owner")
		if err != nil {
			return err
		}
		for _, id := range owners {
			if err := notify.Send(ctx, tx, notify.Notification{UserID: id, Kind: PaidAfterVoid.Name, Link: "/dashboard/subscription",
				Params: params, At: h.Now()}); err != nil {
				return err
			}
		}
	}
	return nil
}

// cancelInvoicePayment cancels the pending (or failed) payment of an invoice an admin voided or
// credited, as the fallback and a cancelled pending subscription do: a bank transfer for it is
// then refused at mark-paid, and card or QPay money that still arrives is settled late.
func (h *Handlers) cancelInvoicePayment(ctx context.Context, tx *db.Store, invoiceID int64) error {
	v, err := tx.BillingInvoice(ctx, invoiceID)
	if err != nil || v.PaymentID == 0 || h.Payments == nil {
		return err
	}
	if err := h.Payments.Cancel(ctx, tx, v.PaymentID); err != nil && !errors.Is(err, payments.ErrNotPending) {
		return err
	}
	return nil
}
