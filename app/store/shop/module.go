// Package shop is the store's shop: products sold by the platform and verified organisations
// (study guides, courses, tickets, merchandise, services), the cart and checkout exactly as the
// original product had them, orders paid through app/platform/payments (stock is taken when an
// order is paid, inside the payment's settling transaction), and the seller's pages.
package shop

import (
	"net/http"
	"strconv"
	"time"

	"gerege/app/platform/authn"
	"gerege/app/platform/authz"
	"gerege/app/platform/files"
	"gerege/app/platform/payments"
	"gerege/app/platform/web"
	"gerege/db"
)

// Handlers serves the shop. Its dependencies are explicit.
type Handlers struct {
	Store    *db.Store
	Files    *files.Store
	Payments *payments.Service
	Limiter  *web.Limiter
	Now      func() time.Time
	// BaseURL is the site's absolute address (the card provider's return URL).
	BaseURL string
	// Rate bounds the orders and products one account creates; zero: no limit.
	Rate web.Rate
	// quiet: no notifications (the demo's history of orders).
	quiet bool
}

// Mount declares the shop's routes and dashboard pages.
func (h *Handlers) Mount(r *authz.Router, reg *authz.Registry) {
	h.Payments.OnPaid("order", h.orderPaid)
	h.Payments.OnRefunded("order", h.orderRefunded)

	// Public: the original product's calls.
	r.Get("/product/list", authz.Public, h.List, authz.Doc{ID: "listProducts", Query: ListQuery{}, Resp: ProductPage{},
		Summary: "Active products: words (Cyrillic or Latin), category, seller, currency, price range, in stock; newest or by price; keyset paging"})
	r.Get("/product/search", authz.Public, h.Search, authz.Doc{ID: "searchProducts", Query: SearchQuery{}, Resp: Suggestions{},
		Summary: "Up to 8 products whose name or description match the words, best sellers first (the search box's suggestions)"})
	r.Get("/product/details", authz.Public, h.Details, authz.Doc{ID: "getProduct", Query: DetailsQuery{}, Resp: ProductView{},
		Summary: "One active product (404 unknown or inactive)"})
	r.Get("/product/images/{file}", authz.Public, h.Image, authz.Doc{ID: "getProductImage", Produces: "image/jpeg",
		Summary: "A picture of an active product"})
	r.Post("/product/quote", authz.Public, h.Quote, authz.Doc{ID: "quoteCart", Req: QuoteRequest{}, Resp: Quote{},
		Summary: "The server's subtotal, discount, shipping and total of a cart (prices sent by the client are ignored)"})

	// The buyer: the cart that follows them, checkout, their orders.
	r.Get("/me/cart", authz.ShopBuy, h.GetCart, authz.Doc{ID: "getCart", Resp: CartState{},
		Summary: "The signed-in buyer's checkout state (empty when none)"})
	r.Put("/me/cart", authz.ShopBuy, h.PutCart, authz.Doc{ID: "saveCart", Req: CartState{}, Resp: CartState{},
		Summary: "Keep the checkout state on the server, so it follows the buyer to another device (an empty cart at step 0 forgets it)"})
	r.Post("/product/checkout", authz.ShopBuy, h.Checkout, authz.Doc{ID: "checkout", Req: CheckoutRequest{}, Resp: CheckoutResult{},
		Status: 201, Also: map[int]any{200: CheckoutResult{}},
		Summary: "Place an order from the cart and start its payment (one of the quote's providers: bank transfer, card through Stripe Checkout, QPay); the same key again answers the same order (200)"})
	r.Get("/me/orders", authz.ShopBuy, h.MyOrders, authz.Doc{ID: "listMyOrders", Query: OrderQuery{}, Resp: OrderPage{},
		Summary: "The buyer's orders, newest first"})
	r.Get("/me/orders/{id}", authz.ShopBuy, h.MyOrder, authz.Doc{ID: "getMyOrder", Resp: CheckoutResult{},
		Summary: "One of the buyer's orders, with the bank transfer's details while it waits for one (a card or QPay payment is begun again with POST …/pay)"})
	r.Post("/me/orders/{id}/pay", authz.ShopBuy, h.PayMine, authz.Doc{ID: "payMyOrder", Req: struct{}{}, Resp: CheckoutResult{},
		Summary: "Pay an order still waiting for its payment again: a new Checkout Session or QPay invoice of the same payment (409 once paid or cancelled)"})
	r.Post("/me/orders/{id}/payment-method", authz.ShopBuy, h.ChangeMethod, authz.Doc{ID: "changeMyOrderPaymentMethod", Req: PayMethodRequest{},
		Resp: CheckoutResult{}, Summary: "Pay an unpaid order another way: its open payment is withdrawn at its provider and cancelled, a new one is started through the chosen provider (one of the order's providers; QPay only in tögrög; 409 once paid or cancelled)"})
	r.Post("/me/orders/{id}/cancel", authz.ShopBuy, h.CancelMine, authz.Doc{ID: "cancelMyOrder", Req: struct{}{}, Resp: OrderView{},
		Summary: "Cancel an order not yet paid"})

	// The seller: products, orders, coupons, the overview.
	r.Get("/shop/products", authz.ShopSell, h.SellerProducts, authz.Doc{ID: "listSellerProducts", Query: ListQuery{}, Resp: ProductPage{},
		Summary: "The seller's products, active or not"})
	r.Post("/shop/products", authz.ShopSell, h.CreateProduct, authz.Doc{ID: "createProduct", Req: ProductRequest{}, Resp: ProductView{},
		Status: 201, Summary: "Add a product (the platform's for admins, the organisation's for a verified organisation's owner and managers)"})
	r.Get("/shop/products/{id}", authz.ShopSell, h.SellerProduct, authz.Doc{ID: "getSellerProduct", Resp: ProductView{},
		Summary: "One of the seller's products"})
	r.Put("/shop/products/{id}", authz.ShopSell, h.UpdateProduct, authz.Doc{ID: "updateProduct", Req: ProductRequest{}, Resp: ProductView{},
		Summary: "Save one of the seller's products"})
	r.Post("/shop/products/{id}/images", authz.ShopSell, h.AddImage, authz.Doc{ID: "addProductImage", Req: struct{}{}, Resp: ProductView{},
		Status: 201, Summary: "Add a picture (multipart/form-data, field image: PNG, JPEG, WebP or GIF, 5 MB; at most 6 pictures)"})
	r.Delete("/shop/products/{id}/images/{file}", authz.ShopSell, h.RemoveImage, authz.Doc{ID: "removeProductImage", Resp: ProductView{},
		Summary: "Remove a picture"})
	r.Get("/shop/orders", authz.ShopSell, h.SellerOrders, authz.Doc{ID: "listSellerOrders", Query: OrderQuery{}, Resp: OrderPage{},
		Summary: "The seller's orders, newest first, by status"})
	r.Get("/shop/orders/{id}", authz.ShopSell, h.SellerOrder, authz.Doc{ID: "getSellerOrder", Resp: OrderView{},
		Summary: "One of the seller's orders"})
	r.Post("/shop/orders/{id}/status", authz.ShopSell, h.SetStatus, authz.Doc{ID: "setOrderStatus", Req: StatusRequest{}, Resp: OrderView{},
		Summary: "Fulfil (shipped, delivered, ticket issued, download available), complete or cancel an order"})
	r.Get("/shop/coupons", authz.ShopSell, h.ListCoupons, authz.Doc{ID: "listCoupons", Resp: Coupons{},
		Summary: "The seller's coupon codes"})
	r.Post("/shop/coupons", authz.ShopSell, h.CreateCoupon, authz.Doc{ID: "createCoupon", Req: CouponRequest{}, Resp: CouponView{},
		Status: 201, Summary: "A coupon code: a percentage off the subtotal until its last day"})
	r.Get("/shop/overview", authz.ShopSell, h.Overview, authz.Doc{ID: "getShopOverview", Resp: Overview{},
		Summary: "The seller's sales: revenue per day (30 days) and month (12), orders by status, best sellers, low stock"})

	reg.AddPage(authz.Page{Key: "orders", Path: "/dashboard/orders", Perm: authz.ShopBuy, Order: 17, Sub: true})
	reg.AddPage(authz.Page{Key: "product", Path: "/dashboard/product", Perm: authz.ShopSell, Order: 60, Sub: true})
	reg.AddPage(authz.Page{Key: "order", Path: "/dashboard/order", Perm: authz.ShopSell, Order: 61, Sub: true})
	reg.AddPage(authz.Page{Key: "ecommerce", Path: "/dashboard/ecommerce", Perm: authz.ShopSell, Order: 62})
}

func caller(r *http.Request) *db.User { return authn.UserOf(r) }

func pathID(r *http.Request) (int64, error) { return web.PathID(r, "id") }

// rate limits what an account creates.
func (h *Handlers) rate(u *db.User, what string) error {
	if h.Rate.N == 0 {
		return nil
	}
	return h.Limiter.Limit("shop:"+what+":"+strconv.FormatInt(u.ID, 10), h.Rate)
}

// sellerOf is who sells as u: their organisation when it is verified (owner, manager), the
// platform for a platform admin outside an organisation.
func (h *Handlers) sellerOf(r *http.Request, u *db.User) (string, int64, error) {
	if u.OrgID != 0 && (u.OrgRole == "owner" || u.OrgRole == "manager") {
		p, err := h.Store.OrgProfileByID(r.Context(), u.OrgID)
		if err != nil && !db.IsNotFound(err) {
			return "", 0, err
		}
		if err == nil && p.Status == "verified" {
			return "org:" + strconv.FormatInt(u.OrgID, 10), u.OrgID, nil
		}
		if !u.IsAdmin {
			return "", 0, &web.Error{Status: http.StatusConflict, Code: "org_not_verified", Message: web.M("shop.errors.unverified")}
		}
	}
	if u.IsAdmin {
		return "platform", 0, nil
	}
	return "", 0, web.Forbidden()
}
