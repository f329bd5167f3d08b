package shop

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"gerege/app/platform/payments"
	"gerege/app/platform/web"
	"gerege/db"
)

// CheckoutResult is an order and what the buyer does next to pay it (nil once paid or
// cancelled, and on a mere look at an order paid by card or QPay: POST …/pay starts again).
type CheckoutResult struct {
	Order OrderView `json:"order"`
	// Provider is how the order is paid ("" when it has no payment).
	Provider string         `json:"provider" enum:"bank,stripe,qpay,"`
	Next     *payments.Next `json:"next,omitempty"`
	// Providers are the methods the order may be paid with while it waits for its payment
	// (POST …/payment-method switches to another); empty once paid or cancelled.
	Providers []string `json:"providers"`
}

// providersFor lists the configured providers that take currency (QPay takes tögrög only).
func (h *Handlers) providersFor(currency string) []string {
	out := []string{}
	for _, p := range h.Payments.Available() {
		if p == payments.ProviderQPay && currency != "MNT" {
			continue
		}
		out = append(out, p)
	}
	return out
}

// quote merges and prices items for lang: the one computation every number comes from.
func (h *Handlers) quote(ctx context.Context, lang string, items []CartItem, couponCode, delivery string) ([]line, Quote, map[int64]*db.Product, error) {
	lines, err := mergeLines(items)
	if err != nil {
		return nil, Quote{}, nil, err
	}
	ids := make([]int64, len(lines))
	for i, l := range lines {
		ids[i] = l.id
	}
	products, err := h.Store.ProductsByID(ctx, ids)
	if err != nil {
		return nil, Quote{}, nil, err
	}
	couponCode = strings.ToUpper(strings.TrimSpace(couponCode))
	var coupon *db.Coupon
	if couponCode != "" {
		if len(couponCode) > 40 {
			return nil, Quote{}, nil, web.Invalid(map[string]web.Msg{"coupon": web.M("shop.errors.unknownCoupon")})
		}
		coupon, err = h.Store.CouponByCode(ctx, couponCode)
		if err != nil && !db.IsNotFound(err) {
			return nil, Quote{}, nil, err
		}
	}
	q, err := price(lang, lines, products, coupon, couponCode, delivery, h.Now())
	q.Providers = h.providersFor(q.Currency)
	return lines, q, products, err
}

// Quote is POST /api/product/quote.
func (h *Handlers) Quote(w http.ResponseWriter, r *http.Request) error {
	var in QuoteRequest
	if err := web.Decode(r, &in); err != nil {
		return err
	}
	_, q, _, err := h.quote(r.Context(), web.Lang(r), in.Items, in.Coupon, in.Delivery)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, q)
	return nil
}

// checkState validates a cart state's shape (the server keeps it; prices come from quotes).
func checkState(s *CartState) error {
	c := &web.Checker{}
	if s.ActiveStep < 0 || s.ActiveStep > 3 {
		c.Add("activeStep", web.M("validation.choice"))
	}
	if len(s.Cart) > MaxLines {
		c.Add("cart", web.M("shop.errors.tooManyLines", MaxLines))
	}
	for i, it := range s.Cart {
		f := "cart." + itoa(i)
		if it.ID <= 0 {
			c.Add(f+".id", web.M("shop.errors.unknownProduct"))
		}
		if !whole(it.Quantity, 1, MaxQuantity) {
			c.Add(f+".quantity", web.M("shop.errors.quantity", MaxQuantity))
		}
		if len(it.Colours) > MaxColours {
			c.Add(f+".colours", web.M("shop.errors.colours", MaxColours))
		}
		for _, col := range it.Colours {
			if len([]rune(col)) > MaxColour {
				c.Add(f+".colours", web.M("shop.errors.colour"))
			}
		}
		if s.Cart[i].Colours == nil {
			s.Cart[i].Colours = []string{}
		}
	}
	if s.Billing != nil {
		checkBilling(c, *s.Billing, false)
	}
	c.OneOf("delivery", s.Delivery, false, "pickup", "courier")
	c.Text("coupon", s.Coupon, false, 40)
	return c.Err()
}

// checkBilling checks the billing address step (required: the name and email).
func checkBilling(c *web.Checker, b Billing, required bool) {
	c.Text("billing.name", b.Name, required, 100)
	if b.Email != "" || required {
		c.Email("billing.email", b.Email)
	}
	c.Text("billing.phone", b.Phone, false, 30)
	c.Text("billing.address", b.Address, false, 300)
	c.Text("billing.city", b.City, false, 100)
}

// GetCart is GET /api/me/cart.
func (h *Handlers) GetCart(w http.ResponseWriter, r *http.Request) error {
	raw, err := h.Store.Cart(r.Context(), caller(r).ID)
	if err != nil {
		return err
	}
	s := CartState{Cart: []CartItem{}}
	if raw != "" {
		_ = json.Unmarshal([]byte(raw), &s)
	}
	if s.Cart == nil {
		s.Cart = []CartItem{}
	}
	web.JSON(w, http.StatusOK, s)
	return nil
}

// PutCart is PUT /api/me/cart.
func (h *Handlers) PutCart(w http.ResponseWriter, r *http.Request) error {
	var s CartState
	if err := web.Decode(r, &s); err != nil {
		return err
	}
	if err := checkState(&s); err != nil {
		return err
	}
	if s.Cart == nil {
		s.Cart = []CartItem{}
	}
	raw := ""
	if len(s.Cart) > 0 || s.ActiveStep != 0 || s.Billing != nil || s.Coupon != "" {
		b, _ := json.Marshal(s)
		raw = string(b)
	}
	u := caller(r)
	if err := h.Store.InTx(r.Context(), func(tx *db.Store) error { return tx.SaveCart(r.Context(), u.ID, raw, h.Now()) }); err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, s)
	return nil
}

// Checkout is POST /api/product/checkout: the order (placed) and its payment (pending), in one
// transaction; the buyer's stored cart is emptied with it. Stock is not taken until the order
// is paid (orderPaid).
func (h *Handlers) Checkout(w http.ResponseWriter, r *http.Request) error {
	u := caller(r)
	ctx := r.Context()
	lang := web.Lang(r)
	var in CheckoutRequest
	if err := web.Decode(r, &in); err != nil {
		return err
	}
	c := &web.Checker{}
	c.Text("key", in.Key, true, 100)
	c.OneOf("provider", in.Provider, false, payments.ProviderBank, payments.ProviderStripe, payments.ProviderQPay)
	if in.Provider == "" {
		in.Provider = payments.ProviderBank
	}
	checkBilling(c, in.Billing, true)
	if err := c.Err(); err != nil {
		return err
	}
	// The same key again (a double click, a retry after a lost answer): the same order.
	if o, err := h.Store.OrderByKey(ctx, u.ID, in.Key); err == nil {
		return h.answer(w, r, http.StatusOK, o, true)
	} else if !db.IsNotFound(err) {
		return err
	}
	lines, q, products, err := h.quote(ctx, lang, in.Items, in.Coupon, in.Delivery)
	if err != nil {
		return err
	}
	// The browser's numbers are never the price: a line whose price differs from the product's
	// is refused, so the buyer never pays what they did not see.
	for i, l := range lines {
		if l.price > 0 && int64(l.price) != q.Lines[i].Price {
			return web.Invalid(map[string]web.Msg{"items." + itoa(i) + ".price": web.M("shop.errors.priceChanged")})
		}
	}
	// Only what is configured, and takes the cart's currency, is offered and accepted.
	if !slices.Contains(q.Providers, in.Provider) {
		return web.Invalid(map[string]web.Msg{"provider": web.M("shop.errors.provider")})
	}
	if q.Physical && in.Delivery == "courier" && strings.TrimSpace(in.Billing.Address) == "" {
		return web.Invalid(map[string]web.Msg{"billing.address": web.M("validation.required")})
	}
	if err := h.rate(u, "order"); err != nil {
		return err
	}
	delivery := in.Delivery
	if !q.Physical {
		delivery = "digital"
	} else if delivery == "" {
		delivery = "pickup"
	}
	if q.Total <= 0 {
		return web.Invalid(map[string]web.Msg{"items": web.M("shop.errors.free")})
	}
	o, err := h.place(ctx, u.ID, q, products, delivery, in.Billing, in.Key, in.Provider)
	if errors.Is(err, db.ErrConflict) { // the same key at the same moment: the other request's order
		existing, err2 := h.Store.OrderByKey(ctx, u.ID, in.Key)
		if err2 != nil {
			return err2
		}
		return h.answer(w, r, http.StatusOK, existing, true)
	}
	if err != nil {
		return err
	}
	return h.answer(w, r, http.StatusCreated, o, true)
}

// place records a placed order of a quote and its pending payment through provider in one
// transaction, and empties the buyer's stored cart with it. The same buyer and key again is
// db.ErrConflict.
func (h *Handlers) place(ctx context.Context, buyer int64, q Quote, products map[int64]*db.Product, delivery string, b Billing, key, provider string) (*db.Order, error) {
	billing, _ := json.Marshal(b)
	o := &db.Order{BuyerUserID: buyer, Seller: q.Seller, Currency: q.Currency, Subtotal: q.SubTotal, Discount: q.Discount,
		Shipping: q.Shipping, Total: q.Total, Coupon: q.Coupon, Delivery: delivery, Billing: string(billing), Key: key}
	for _, l := range q.Lines {
		p := products[l.ID]
		o.Items = append(o.Items, db.OrderItem{ProductID: l.ID, NameEn: p.NameEn, NameMn: p.NameMn, Price: l.Price,
			Quantity: l.Quantity, Colours: l.Colours})
	}
	err := h.Store.InTx(ctx, func(tx *db.Store) error {
		if err := tx.CreateOrder(ctx, o, h.Now()); err != nil {
			return err
		}
		// The buyer pays as a person; the payee is the seller.
		p, err := h.Payments.Create(ctx, tx, payments.NewPayment{Purpose: "order", RefID: o.ID, PayerUserID: buyer,
			Payee: q.Seller, Money: payments.Money{Amount: q.Total, Currency: q.Currency}, Provider: provider,
			Key: "order:" + strconv.FormatInt(o.ID, 10)})
		if err != nil {
			return err
		}
		o.PaymentID = p.ID
		if err := tx.SetOrderPayment(ctx, o.ID, p.ID); err != nil {
			return err
		}
		return tx.SaveCart(ctx, buyer, "", h.Now())
	})
	if err != nil {
		return nil, err
	}
	return o, nil
}

// answer writes an order with what to do next to pay it. A bank transfer's details are the
// same at every look; a card or QPay payment is begun (a new Checkout Session, a new QPay
// invoice) only when begin says so — at checkout and when the buyer asks to pay again — never
// on a mere look at the order.
func (h *Handlers) answer(w http.ResponseWriter, r *http.Request, status int, o *db.Order, begin bool) error {
	out := CheckoutResult{Order: OrderOf(web.Lang(r), o), Providers: []string{}}
	if err := h.withRefund(r.Context(), &out.Order); err != nil {
		return err
	}
	if o.PaymentID != 0 {
		p, err := h.Store.Payment(r.Context(), o.PaymentID)
		if err != nil {
			return err
		}
		out.Provider = p.Provider
		if o.Status == "placed" && (p.Status == db.PaymentPending || p.Status == db.PaymentFailed) {
			out.Providers = h.providersFor(o.Currency)
		}
		if o.Status == "placed" && p.Status == db.PaymentPending && (begin || p.Provider == payments.ProviderBank) {
			next, err := h.Payments.Begin(r.Context(), o.PaymentID, h.returnURL(web.Lang(r), o.ID))
			if err != nil {
				return err
			}
			out.Next = &next
		}
	}
	web.JSON(w, status, out)
	return nil
}

// returnURL is where the payer comes back from the provider's page: the order's own page
// (absolute: Stripe wants one; it adds ?payment=<id>).
func (h *Handlers) returnURL(lang string, orderID int64) string {
	return strings.TrimRight(h.BaseURL, "/") + "/" + lang + "/dashboard/orders/" + strconv.FormatInt(orderID, 10)
}

// orderPaid is the "order" purpose's PaidFunc: inside the payment's settling transaction, the
// order becomes paid, its stock is taken and the buyer and the seller are told.
//
// Too little stock left: for a bank transfer (an admin marking it received) the settlement is
// refused — everything rolls back, the admin is told the item sold out and refunds the payer
// before anything is recorded. For a card or QPay payment the money has already been taken by
// the provider, so refusing would only leave it unrecorded (and make the provider retry
// forever): the payment is settled (the ledger shows the money received), the order is
// cancelled with reason "sold_out_at_payment", no stock is taken, and the buyer and the seller
// (who owes the refund, made in the provider's dashboard) are told.
//
// A card or QPay payment for an order already cancelled (the buyer cancelled it in another tab
// while paying on the provider's page): the payments core settles it with p.PaidLate; the
// order stays cancelled with reason "paid_after_cancel", takes no stock, and the buyer (refund
// coming) and the seller (refund due) are told.
func (h *Handlers) orderPaid(ctx context.Context, tx *db.Store, p db.Payment) error {
	// A payment the buyer replaced by another method (paymethod.go) never moves the order.
	if o, err := tx.OrderByID(ctx, p.RefID); err == nil && o.PaymentID != p.ID {
		return h.replacedPaid(ctx, tx, p)
	} else if err != nil && !db.IsNotFound(err) {
		return err
	}
	err := tx.ShopOrderPaid(ctx, p.RefID, p.ID, h.Now())
	switch {
	case db.IsNotFound(err):
		// Orders are never deleted, so only a payment made outside the shop can name no order:
		// the money is recorded, nothing here changes.
		return nil
	case errors.Is(err, db.ErrSoldOut) && p.Provider != payments.ProviderBank:
		if err := tx.ShopOrderSoldOutAtPayment(ctx, p.RefID, p.ID, h.Now()); err != nil {
			return err
		}
		if err := h.Payments.OweRefund(ctx, tx, p.ID); err != nil {
			return err
		}
		if err := h.notifyBuyer(ctx, tx, p.RefID, "cancelled_sold_out"); err != nil {
			return err
		}
		return h.notifySeller(ctx, tx, p.RefID, SoldOutAtPayment.Name)
	case errors.Is(err, db.ErrSoldOut):
		return &web.Error{Status: http.StatusConflict, Code: "sold_out", Message: web.M("shop.errors.soldOutAtPayment")}
	case errors.Is(err, db.ErrConflict) && p.PaidLate:
		// Cancelled while the buyer was paying on Stripe's or QPay's page: the money was taken
		// (the payment is settled, the ledger posted), the order stays cancelled and says why,
		// and the buyer and the seller (who refunds) are told.
		if err := tx.ShopOrderPaidAfterCancel(ctx, p.RefID, p.ID, h.Now()); err != nil {
			return err
		}
		if err := h.notifyBuyer(ctx, tx, p.RefID, "cancelled_paid_late"); err != nil {
			return err
		}
		return h.notifySeller(ctx, tx, p.RefID, PaidAfterCancel.Name)
	case errors.Is(err, db.ErrConflict):
		return &web.Error{Status: http.StatusConflict, Code: "order_cancelled", Message: web.M("shop.errors.orderCancelled")}
	case err != nil:
		return err
	}
	if err := h.notifyBuyer(ctx, tx, p.RefID, "paid"); err != nil {
		return err
	}
	return h.notifySeller(ctx, tx, p.RefID, OrderPaid.Name)
}

// cancelPayment cancels the pending payment of an order being cancelled before payment (a
// bank transfer that arrives later is then refused, not settled).
func (h *Handlers) cancelPayment(ctx context.Context, tx *db.Store, o *db.Order) error {
	if o.PaymentID == 0 {
		return nil
	}
	if err := h.Payments.Cancel(ctx, tx, o.PaymentID); err != nil && !errors.Is(err, payments.ErrNotPending) {
		return err
	}
	return nil
}

// ---- orders ----

func orderFilter(r *http.Request) (db.OrderFilter, error) {
	q := r.URL.Query()
	f := db.OrderFilter{Status: q.Get("status"), Limit: 20}
	c := &web.Checker{}
	c.OneOf("status", f.Status, false, "placed", "paid", "fulfilled", "completed", "cancelled")
	if v := q.Get("before"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			c.Add("before", web.M("validation.choice"))
		}
		f.Before = n
	}
	return f, badQuery(c.Err())
}

func (h *Handlers) orders(w http.ResponseWriter, r *http.Request, f db.OrderFilter) error {
	list, next, err := h.Store.Orders(r.Context(), f)
	if err != nil {
		return err
	}
	out := OrderPage{Items: make([]OrderView, 0, len(list))}
	for _, o := range list {
		out.Items = append(out.Items, OrderOf(web.Lang(r), o))
	}
	if next != 0 {
		out.Next = strconv.FormatInt(next, 10)
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// MyOrders is GET /api/me/orders.
func (h *Handlers) MyOrders(w http.ResponseWriter, r *http.Request) error {
	f, err := orderFilter(r)
	if err != nil {
		return err
	}
	f.BuyerUserID = caller(r).ID
	return h.orders(w, r, f)
}

// myOrder is the caller's order {id} (404 when it is someone else's).
func (h *Handlers) myOrder(r *http.Request) (*db.Order, error) {
	id, err := pathID(r)
	if err != nil {
		return nil, err
	}
	o, err := h.Store.OrderByID(r.Context(), id)
	if db.IsNotFound(err) || (err == nil && o.BuyerUserID != caller(r).ID) {
		return nil, web.NotFound()
	}
	return o, err
}

// MyOrder is GET /api/me/orders/{id}.
func (h *Handlers) MyOrder(w http.ResponseWriter, r *http.Request) error {
	o, err := h.myOrder(r)
	if err != nil {
		return err
	}
	return h.answer(w, r, http.StatusOK, o, false)
}

// PayMine is POST /api/me/orders/{id}/pay: pay an order still waiting for its payment again
// (the buyer left Stripe's page, or wants a fresh QPay QR): a new attempt of the same payment,
// so paying twice is impossible.
func (h *Handlers) PayMine(w http.ResponseWriter, r *http.Request) error {
	o, err := h.myOrder(r)
	if err != nil {
		return err
	}
	if o.Status != "placed" {
		return &web.Error{Status: http.StatusConflict, Code: "order_not_payable", Message: web.M("shop.errors.notPayable")}
	}
	if err := h.rate(caller(r), "pay"); err != nil {
		return err
	}
	return h.answer(w, r, http.StatusOK, o, true)
}

// CancelMine is POST /api/me/orders/{id}/cancel: a buyer cancels an order not yet paid.
func (h *Handlers) CancelMine(w http.ResponseWriter, r *http.Request) error {
	o, err := h.myOrder(r)
	if err != nil {
		return err
	}
	// A QPay invoice stays payable in the bank's app: ask QPay first, so an order paid a moment
	// ago becomes paid (and is not cancelled) rather than its money arriving unrecorded. If
	// QPay cannot be asked, the order is not cancelled (try again).
	if o.Status == "placed" && o.PaymentID != 0 {
		p, err := h.Store.Payment(r.Context(), o.PaymentID)
		if err != nil {
			return err
		}
		if p.Provider == payments.ProviderQPay && p.Status == db.PaymentPending {
			if err := h.Payments.CheckQPay(r.Context(), p.ID); err != nil {
				return err
			}
		}
	}
	err = h.Store.InTx(r.Context(), func(tx *db.Store) error {
		if err := tx.SetOrderStatus(r.Context(), o.ID, []string{"placed"}, "cancelled", "", h.Now()); err != nil {
			return err
		}
		return h.cancelPayment(r.Context(), tx, o)
	})
	if errors.Is(err, db.ErrConflict) {
		return web.Conflict(web.M("shop.errors.notCancellable"))
	}
	if err != nil {
		return err
	}
	o, err = h.Store.OrderByID(r.Context(), o.ID)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, OrderOf(web.Lang(r), o))
	return nil
}
