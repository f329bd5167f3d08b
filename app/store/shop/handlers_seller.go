package shop

import (
	"errors"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"gerege/app/platform/web"
	"gerege/db"
)

// sellerOrder is the order {id} of the caller's seller (404 otherwise).
func (h *Handlers) sellerOrder(r *http.Request) (*db.Order, error) {
	seller, _, err := h.sellerOf(r, caller(r))
	if err != nil {
		return nil, err
	}
	id, err := pathID(r)
	if err != nil {
		return nil, err
	}
	o, err := h.Store.OrderByID(r.Context(), id)
	if db.IsNotFound(err) || (err == nil && o.Seller != seller) {
		return nil, web.NotFound()
	}
	return o, err
}

// SellerOrders is GET /api/shop/orders.
func (h *Handlers) SellerOrders(w http.ResponseWriter, r *http.Request) error {
	seller, _, err := h.sellerOf(r, caller(r))
	if err != nil {
		return err
	}
	f, err := orderFilter(r)
	if err != nil {
		return err
	}
	f.Seller = seller
	return h.orders(w, r, f)
}

// SellerOrder is GET /api/shop/orders/{id}.
func (h *Handlers) SellerOrder(w http.ResponseWriter, r *http.Request) error {
	o, err := h.sellerOrder(r)
	if err != nil {
		return err
	}
	v := OrderOf(web.Lang(r), o)
	if err := h.withRefund(r.Context(), &v); err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, v)
	return nil
}

// SetStatus is POST /api/shop/orders/{id}/status: fulfil (with how), complete or cancel.
func (h *Handlers) SetStatus(w http.ResponseWriter, r *http.Request) error {
	o, err := h.sellerOrder(r)
	if err != nil {
		return err
	}
	var in StatusRequest
	if err := web.Decode(r, &in); err != nil {
		return err
	}
	c := &web.Checker{}
	c.OneOf("status", in.Status, true, "fulfilled", "completed", "cancelled")
	c.OneOf("fulfilment", in.Fulfilment, in.Status == "fulfilled", "shipped", "delivered", "ticket_issued", "download_available")
	if err := c.Err(); err != nil {
		return err
	}
	fulfilment := o.Fulfilment
	if in.Status == "fulfilled" {
		fulfilment = in.Fulfilment
	}
	u := caller(r)
	err = h.Store.InTx(r.Context(), func(tx *db.Store) error {
		if err := tx.SetOrderStatus(r.Context(), o.ID, sellerMoves[in.Status], in.Status, fulfilment, h.Now()); err != nil {
			return err
		}
		if in.Status == "cancelled" && o.Status == "placed" {
			if err := h.cancelPayment(r.Context(), tx, o); err != nil {
				return err
			}
		}
		if in.Status == "cancelled" && o.Status == "paid" && o.PaymentID != 0 {
			// Cancelled after payment: the money is owed back to the buyer; a platform admin
			// refunds it from the banking page.
			if err := h.Payments.OweRefund(r.Context(), tx, o.PaymentID); err != nil {
				return err
			}
		}
		if err := h.notifyBuyer(r.Context(), tx, o.ID, in.Status); err != nil {
			return err
		}
		return tx.Audit(r.Context(), db.AuditEvent{At: h.Now(), Event: "shop.order_status", ActorID: u.ID, SubjectID: o.BuyerUserID,
			IP: web.ClientIP(r), Detail: db.Detail(db.DetailOrderStatus, strconv.FormatInt(o.ID, 10), in.Status)})
	})
	if errors.Is(err, db.ErrConflict) {
		return web.Conflict(web.M("shop.errors.badMove"))
	}
	if err != nil {
		return err
	}
	o, err = h.Store.OrderByID(r.Context(), o.ID)
	if err != nil {
		return err
	}
	v := OrderOf(web.Lang(r), o)
	if err := h.withRefund(r.Context(), &v); err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, v)
	return nil
}

var couponCode = regexp.MustCompile(`^[A-Z0-9][A-Z0-9_-]{2,39}$`)

func couponOf(c *db.Coupon, now time.Time) CouponView {
	return CouponView{Code: c.Code, Percent: c.Percent, ExpiresAt: c.ExpiresAt.UTC().Format(time.RFC3339), Expired: !now.Before(c.ExpiresAt)}
}

// ListCoupons is GET /api/shop/coupons.
func (h *Handlers) ListCoupons(w http.ResponseWriter, r *http.Request) error {
	seller, _, err := h.sellerOf(r, caller(r))
	if err != nil {
		return err
	}
	list, err := h.Store.Coupons(r.Context(), seller)
	if err != nil {
		return err
	}
	out := Coupons{Items: make([]CouponView, 0, len(list))}
	for _, c := range list {
		out.Items = append(out.Items, couponOf(c, h.Now()))
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// CreateCoupon is POST /api/shop/coupons.
func (h *Handlers) CreateCoupon(w http.ResponseWriter, r *http.Request) error {
	u := caller(r)
	seller, _, err := h.sellerOf(r, u)
	if err != nil {
		return err
	}
	var in CouponRequest
	if err := web.Decode(r, &in); err != nil {
		return err
	}
	in.Code = strings.ToUpper(strings.TrimSpace(in.Code))
	c := &web.Checker{}
	if !couponCode.MatchString(in.Code) {
		c.Add("code", web.M("shop.errors.couponCode"))
	}
	if !whole(in.Percent, 1, 100) {
		c.Add("percent", web.M("shop.errors.percent"))
	}
	day, ok := c.Date("expiresOn", in.ExpiresOn, true)
	if err := c.Err(); err != nil {
		return err
	}
	// Valid through the whole last day, Ulaanbaatar time.
	expires := time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, ulaanbaatar).AddDate(0, 0, 1)
	if ok && !expires.After(h.Now()) {
		return web.Invalid(map[string]web.Msg{"expiresOn": web.M("shop.errors.pastDate")})
	}
	if err := h.rate(u, "coupon"); err != nil {
		return err
	}
	cp := &db.Coupon{Code: in.Code, Seller: seller, Percent: int64(in.Percent), ExpiresAt: expires}
	err = h.Store.InTx(r.Context(), func(tx *db.Store) error { return tx.CreateCoupon(r.Context(), cp, u.ID, h.Now()) })
	if errors.Is(err, db.ErrConflict) {
		return web.Invalid(map[string]web.Msg{"code": web.M("shop.errors.couponTaken")})
	}
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusCreated, couponOf(cp, h.Now()))
	return nil
}

// Overview is GET /api/shop/overview.
func (h *Handlers) Overview(w http.ResponseWriter, r *http.Request) error {
	seller, _, err := h.sellerOf(r, caller(r))
	if err != nil {
		return err
	}
	now := h.Now().In(ulaanbaatar)
	since := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, ulaanbaatar).AddDate(0, 0, -29)
	s, err := h.Store.ShopSales(r.Context(), seller, since, 8*time.Hour, LowStockAt)
	if err != nil {
		return err
	}
	lang := web.Lang(r)
	out := Overview{Seller: seller, Days: []Amount{}, Months: []Amount{}, Statuses: []Count{}, Best: []BestSeller{}, LowStock: []LowStock{}}
	for _, d := range s.Days {
		out.Days = append(out.Days, Amount{Key: d.Day, Currency: d.Currency, Amount: d.Revenue, Orders: d.Orders})
	}
	for _, d := range s.Months {
		out.Months = append(out.Months, Amount{Key: d.Day, Currency: d.Currency, Amount: d.Revenue, Orders: d.Orders})
	}
	order := []string{"placed", "paid", "fulfilled", "completed", "cancelled"}
	for _, st := range order {
		n := int64(0)
		if i := slices.IndexFunc(s.Statuses, func(c db.OrderStatusCount) bool { return c.Status == st }); i >= 0 {
			n = s.Statuses[i].Count
		}
		out.Statuses = append(out.Statuses, Count{Key: st, Count: n})
	}
	for _, b := range s.Best {
		out.Best = append(out.Best, BestSeller{ID: b.ProductID, Name: pick(lang, b.NameEn, b.NameMn), Quantity: b.Quantity,
			Revenue: b.Revenue, Currency: b.Currency})
	}
	for _, p := range s.LowStock {
		out.LowStock = append(out.LowStock, LowStock{ID: p.ID, Name: pick(lang, p.NameEn, p.NameMn), Stock: p.Stock})
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}
