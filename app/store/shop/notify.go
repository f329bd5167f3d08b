package shop

import (
	"context"
	"strconv"

	"gerege/app/platform/notify"
	"gerege/db"
)

// OrderMoved tells a buyer that their order moved: paid, fulfilled (and how), completed or
// cancelled; in the reader's language, by email at once unless they chose otherwise.
var OrderMoved = notify.Register(notify.Kind{
	Name: "shop.order", Title: "shop.notify.order.title", Body: "shop.notify.order.body", Label: "shop.notify.order.label",
	DefaultEmail: notify.Immediate, Translate: map[string]string{"status": "shop.statuses."},
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
	return notify.Send(ctx, tx, notify.Notification{UserID: buyer, Kind: OrderMoved.Name, Link: "/dashboard/orders",
		Params: map[string]string{"id": strconv.FormatInt(orderID, 10), "status": status}, At: h.Now()})
}
