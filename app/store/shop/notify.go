package shop

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"gerege/app/platform/notify"
	"gerege/app/platform/payments"
	"gerege/db"
)

// OrderMoved tells a buyer that their order moved: paid, fulfilled (and how), completed or
// cancelled (also "cancelled_sold_out": paid after the stock ran out, and "cancelled_paid_late":
// paid after the order was cancelled; either way the money is owed back);
// in the reader's language, by email at once unless they chose otherwise.
var OrderMoved = notify.Register(notify.Kind{
	Name: "shop.order", Title: "shop.notify.order.title", Body: "shop.notify.order.body", Label: "shop.notify.order.label",
	DefaultEmail: notify.Immediate, Translate: map[string]string{"status": "shop.statuses."},
})

// OrderPaid tells a seller (the organisation's owner and managers, or the platform's admins for
// the platform's products) that an order was paid and waits to be fulfilled.
var OrderPaid = notify.Register(notify.Kind{
	Name: "shop.sale", Title: "shop.notify.sale.title", Body: "shop.notify.sale.body", Label: "shop.notify.sale.label",
	DefaultEmail: notify.Immediate,
})

// SoldOutAtPayment tells a seller that a card or QPay payment arrived for an order whose stock
// had run out: the order was cancelled and the payment must be refunded.
var SoldOutAtPayment = notify.Register(notify.Kind{
	Name: "shop.refund", Title: "shop.notify.refund.title", Body: "shop.notify.refund.body", Label: "shop.notify.refund.label",
	DefaultEmail: notify.Immediate,
})

// PaidAfterCancel tells a seller that a card or QPay payment arrived for an order already
// cancelled (the buyer paid on the provider's page meanwhile): the order stays cancelled and
// the payment must be refunded.
var PaidAfterCancel = notify.Register(notify.Kind{
	Name: "shop.refund_late", Title: "shop.notify.refundLate.title", Body: "shop.notify.refundLate.body", Label: "shop.notify.refundLate.label",
	DefaultEmail: notify.Immediate,
})

// OrderRefunded tells a seller's people that an order's payment was sent back to the buyer
// (a platform admin refunded it from the banking page).
var OrderRefunded = notify.Register(notify.Kind{
	Name: "shop.refunded", Title: "shop.notify.refunded.title", Body: "shop.notify.refunded.body", Label: "shop.notify.refunded.label",
	DefaultEmail: notify.Immediate,
})

// orderRefunded is the "order" purpose's RefundedFunc: the seller's people hear that the
// buyer's money was sent back (the buyer hears it from the payments core), in the refunding
// transaction.
func (h *Handlers) orderRefunded(ctx context.Context, tx *db.Store, p db.Payment, r db.Refund) error {
	if _, err := tx.OrderByID(ctx, p.RefID); db.IsNotFound(err) {
		return nil // a payment made outside the shop
	} else if err != nil {
		return err
	}
	// The amount of this part and what remains (partial refunds).
	extra, err := payments.RefundNoteParams(ctx, tx, p, r)
	if err != nil {
		return err
	}
	return h.notifySeller(ctx, tx, p.RefID, OrderRefunded.Name, extra)
}

// withRefund adds to an order's view whether its payment is owed back, what its refund parts
// sent back so far (partly refunded until the whole is back) and, once the whole is back, when
// and how.
func (h *Handlers) withRefund(ctx context.Context, v *OrderView) error {
	if v.PaymentID == 0 {
		return nil
	}
	p, err := h.Store.Payment(ctx, v.PaymentID)
	if err != nil {
		return err
	}
	v.RefundOwed = p.RefundOwed
	parts, err := h.Store.SucceededRefunds(ctx, p.ID)
	if err != nil || len(parts) == 0 {
		return err
	}
	var sum int64
	refs := []string{}
	for _, r := range parts {
		sum += r.Amount
		if r.ProviderRef != "" && !slices.Contains(refs, r.ProviderRef) {
			refs = append(refs, r.ProviderRef)
		}
	}
	v.RefundedAmount = sum
	if sum < p.Amount {
		return nil
	}
	last := parts[len(parts)-1]
	v.Refunded = &OrderRefund{At: last.DoneAt.UTC().Format(time.RFC3339), Amount: sum, Provider: last.Provider, Reference: strings.Join(refs, ", ")}
	return nil
}

// PaidAfterReplace tells a seller that a card or QPay payment arrived for a payment the buyer
// had replaced by another payment method: the order is unchanged and that payment must be
// refunded.
var PaidAfterReplace = notify.Register(notify.Kind{
	Name: "shop.refund_replaced", Title: "shop.notify.refundReplaced.title", Body: "shop.notify.refundReplaced.body",
	Label: "shop.notify.refundReplaced.label", DefaultEmail: notify.Immediate,
})

// notifyBuyer sends OrderMoved about order id to its buyer, in tx (nothing when the buyer's
// account is gone).
func (h *Handlers) notifyBuyer(ctx context.Context, tx *db.Store, orderID int64, status string) error {
	if h.quiet {
		return nil
	}
	buyer, err := tx.OrderBuyer(ctx, orderID)
	if err != nil || buyer == 0 {
		return err
	}
	return notify.Send(ctx, tx, notify.Notification{UserID: buyer, Kind: OrderMoved.Name, Link: "/dashboard/orders/" + strconv.FormatInt(orderID, 10),
		Params: map[string]string{"id": strconv.FormatInt(orderID, 10), "status": status}, At: h.Now()})
}

// sellerPeople are who hears about a seller's orders: an organisation's owner and managers, or
// the platform's admins.
func sellerPeople(ctx context.Context, tx *db.Store, seller string) ([]int64, error) {
	if seller == payments.PayeePlatform {
		return tx.PlatformAdmins(ctx)
	}
	org, err := strconv.ParseInt(strings.TrimPrefix(seller, "org:"), 10, 64)
	if err != nil || !strings.HasPrefix(seller, "org:") {
		return nil, nil
	}
	return tx.OrgStaff(ctx, org, "owner", "manager")
}

// notifySeller sends kind (OrderPaid or SoldOutAtPayment) about order id to its seller's
// people, in tx: the order number, its total and what was bought, in both languages (each
// reads it in theirs; the email goes through the outbox).
func (h *Handlers) notifySeller(ctx context.Context, tx *db.Store, orderID int64, kind string, extra ...map[string]string) error {
	if h.quiet {
		return nil
	}
	o, err := tx.OrderByID(ctx, orderID)
	if err != nil {
		return err
	}
	people, err := sellerPeople(ctx, tx, o.Seller)
	if err != nil {
		return err
	}
	var en, mn []string
	for _, it := range o.Items {
		en = append(en, pick("en", it.NameEn, it.NameMn)+" × "+strconv.FormatInt(it.Quantity, 10))
		mn = append(mn, pick("mn", it.NameEn, it.NameMn)+" × "+strconv.FormatInt(it.Quantity, 10))
	}
	params := map[string]string{"id": strconv.FormatInt(o.ID, 10),
		"total.en": payments.FormatMoney(o.Total, o.Currency, "en"), "total.mn": payments.FormatMoney(o.Total, o.Currency, "mn"),
		"items.en": strings.Join(en, ", "), "items.mn": strings.Join(mn, ", ")}
	for _, x := range extra {
		for k, v := range x {
			params[k] = v
		}
	}
	for _, id := range people {
		if err := notify.Send(ctx, tx, notify.Notification{UserID: id, Kind: kind, Link: "/dashboard/order/" + strconv.FormatInt(o.ID, 10),
			Params: params, At: h.Now()}); err != nil {
			return err
		}
	}
	return nil
}
