package shop

import (
	"encoding/json"
	"strconv"
	"time"

	"gerege/app/platform/markdown"
	"gerege/db"
)

// ProductView is a product as the shop shows it: its name and description in the request's
// language (the other language when that one is empty), both languages for the editor.
type ProductView struct {
	ID              int64    `json:"id"`
	Seller          string   `json:"seller"`
	SellerName      string   `json:"sellerName"`
	Name            string   `json:"name"`
	NameEn          string   `json:"nameEn"`
	NameMn          string   `json:"nameMn"`
	DescriptionEn   string   `json:"descriptionEn"`
	DescriptionMn   string   `json:"descriptionMn"`
	DescriptionHTML string   `json:"descriptionHtml"`
	Excerpt         string   `json:"excerpt"`
	Category        string   `json:"category" enum:"guide,course,ticket,merchandise,service"`
	Price           int64    `json:"price"`
	Currency        string   `json:"currency" enum:"MNT,USD"`
	StockKind       string   `json:"stockKind" enum:"number,unlimited,digital"`
	Stock           int64    `json:"stock"`
	Available       bool     `json:"available"`
	Colours         []string `json:"colours"`
	Images          []string `json:"images"`
	Active          bool     `json:"active"`
	Sold            int64    `json:"sold"`
	CreatedAt       string   `json:"createdAt"`
}

func pick(lang, en, mn string) string {
	if lang == "mn" && mn != "" || en == "" {
		return mn
	}
	return en
}

// ProductOf is the view of p in lang.
func ProductOf(lang string, p *db.Product) ProductView {
	desc := pick(lang, p.DescriptionEn, p.DescriptionMn)
	images := make([]string, 0, len(p.Images))
	for _, id := range p.Images {
		images = append(images, "/api/product/images/"+strconv.FormatInt(id, 10))
	}
	return ProductView{ID: p.ID, Seller: p.Seller, SellerName: p.SellerName, Name: pick(lang, p.NameEn, p.NameMn),
		NameEn: p.NameEn, NameMn: p.NameMn, DescriptionEn: p.DescriptionEn, DescriptionMn: p.DescriptionMn,
		DescriptionHTML: string(markdown.HTML(desc)), Excerpt: markdown.Excerpt(desc, 160), Category: p.Category,
		Price: p.Price, Currency: p.Currency, StockKind: p.StockKind, Stock: p.Stock,
		Available: p.Active && (p.StockKind != "number" || p.Stock > 0), Colours: nonNil(p.Colours), Images: images,
		Active: p.Active, Sold: p.Sold, CreatedAt: p.CreatedAt.UTC().Format(time.RFC3339)}
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// ProductPage is one page of products; next is the cursor of the following page ("" at the end).
type ProductPage struct {
	Items []ProductView `json:"items"`
	Next  string        `json:"next"`
}

// ListQuery is the query of GET /api/product/list.
type ListQuery struct {
	Q        string `query:"q" description:"Words of the name or description, Cyrillic or Latin"`
	Category string `query:"category" enum:"guide,course,ticket,merchandise,service"`
	Seller   string `query:"seller" description:"platform or org:<id>"`
	Currency string `query:"currency" enum:"MNT,USD"`
	Min      string `query:"min" description:"Lowest price, minor units"`
	Max      string `query:"max" description:"Highest price, minor units"`
	InStock  string `query:"inStock" enum:"1"`
	Sort     string `query:"sort" enum:"newest,price_asc,price_desc"`
	After    string `query:"after"`
	Limit    string `query:"limit"`
}

// DetailsQuery is the query of GET /api/product/details.
type DetailsQuery struct {
	ID string `query:"id" required:"true"`
}

// SearchQuery is the query of GET /api/product/search.
type SearchQuery struct {
	Q string `query:"q" required:"true"`
}

// Suggestion is one product the search box suggests.
type Suggestion struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	Price    int64  `json:"price"`
	Currency string `json:"currency"`
}

// Suggestions answers GET /api/product/search.
type Suggestions struct {
	Items []Suggestion `json:"items"`
}

// ProductRequest creates or saves a product (the seller's editor).
type ProductRequest struct {
	NameEn        string   `json:"nameEn"`
	NameMn        string   `json:"nameMn"`
	DescriptionEn string   `json:"descriptionEn"`
	DescriptionMn string   `json:"descriptionMn"`
	Category      string   `json:"category"`
	Price         float64  `json:"price" description:"Minor units of the currency (MNT ×1, USD cents), a whole number"`
	Currency      string   `json:"currency"`
	StockKind     string   `json:"stockKind"`
	Stock         float64  `json:"stock"`
	Colours       []string `json:"colours"`
	Active        bool     `json:"active"`
}

// ---- cart and checkout ----

// CartItem is a line of the cart, as the original: id, price, quantity, colours. The price is
// what the server last quoted; the server never takes it as the price.
type CartItem struct {
	ID       int64    `json:"id"`
	Price    int64    `json:"price"`
	Quantity float64  `json:"quantity"`
	Colours  []string `json:"colours"`
}

// Billing is the billing address step's fields.
type Billing struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Phone   string `json:"phone"`
	Address string `json:"address"`
	City    string `json:"city"`
}

// CartState is the checkout state the browser keeps (and, for a signed-in buyer, the server
// too): the step from 0, the cart, billing, delivery and coupon.
type CartState struct {
	ActiveStep int        `json:"activeStep"`
	Cart       []CartItem `json:"cart"`
	Billing    *Billing   `json:"billing"`
	Delivery   string     `json:"delivery"`
	Coupon     string     `json:"coupon"`
}

// QuoteRequest asks the server for a cart's totals.
type QuoteRequest struct {
	Items    []CartItem `json:"items"`
	Coupon   string     `json:"coupon"`
	Delivery string     `json:"delivery" enum:"pickup,courier,"`
}

// QuoteLine is a priced line.
type QuoteLine struct {
	ID        int64    `json:"id"`
	Name      string   `json:"name"`
	Price     int64    `json:"price"`
	Quantity  int64    `json:"quantity"`
	Colours   []string `json:"colours"`
	LineTotal int64    `json:"lineTotal"`
	Category  string   `json:"category"`
}

// Quote is the server's computation of a cart: the numbers the checkout shows and charges.
type Quote struct {
	Lines      []QuoteLine `json:"lines"`
	Currency   string      `json:"currency"`
	Seller     string      `json:"seller"`
	SubTotal   int64       `json:"subTotal"`
	Discount   int64       `json:"discount"`
	Shipping   int64       `json:"shipping"`
	Total      int64       `json:"total"`
	TotalItems int64       `json:"totalItems"`
	Coupon     string      `json:"coupon"`
	Physical   bool        `json:"physical" description:"Whether the cart has goods to deliver (then delivery is pickup or courier)"`
	Providers  []string    `json:"providers" description:"How this cart can be paid: the configured providers that take its currency (bank transfer always; card when Stripe is configured; QPay, tögrög only, when configured)"`
}

// CheckoutRequest places an order: the cart, billing, delivery, coupon and an idempotency key
// (the same key again answers the same order: a double-clicked pay button orders once).
type CheckoutRequest struct {
	Items    []CartItem `json:"items"`
	Coupon   string     `json:"coupon"`
	Delivery string     `json:"delivery"`
	Billing  Billing    `json:"billing"`
	Key      string     `json:"key"`
	Provider string     `json:"provider" enum:"bank,stripe,qpay," description:"One of the quote's providers (empty: bank transfer)"`
}

// OrderLine is a line of an order.
type OrderLine struct {
	ID        int64    `json:"id"`
	Name      string   `json:"name"`
	Price     int64    `json:"price"`
	Quantity  int64    `json:"quantity"`
	Colours   []string `json:"colours"`
	LineTotal int64    `json:"lineTotal"`
}

// OrderView is an order as its buyer and its seller see it.
type OrderView struct {
	ID         int64       `json:"id"`
	Status     string      `json:"status" enum:"placed,paid,fulfilled,completed,cancelled"`
	Fulfilment string      `json:"fulfilment" enum:",shipped,delivered,ticket_issued,download_available"`
	Seller     string      `json:"seller"`
	Currency   string      `json:"currency"`
	SubTotal   int64       `json:"subTotal"`
	Discount   int64       `json:"discount"`
	Shipping   int64       `json:"shipping"`
	Total      int64       `json:"total"`
	Coupon     string      `json:"coupon"`
	Delivery   string      `json:"delivery"`
	Billing    Billing     `json:"billing"`
	Lines      []OrderLine `json:"lines"`
	PaymentID  int64       `json:"paymentId"`
	BuyerName  string      `json:"buyerName"`
	BuyerEmail string      `json:"buyerEmail"`
	CreatedAt  string      `json:"createdAt"`
	PaidAt     string      `json:"paidAt"`
	// CancelReason: "sold_out_at_payment" when the payment arrived after the stock ran out (the
	// payment is kept and owed back to the buyer); "paid_after_cancel" when a card or QPay
	// payment arrived after the order was cancelled (owed back too).
	CancelReason string `json:"cancelReason" enum:",sold_out_at_payment,paid_after_cancel"`
	// RefundOwed: the payment is owed back to the buyer (sold out or cancelled after payment);
	// Refunded says when and how it was sent back (on a single order's answers only).
	RefundOwed bool         `json:"refundOwed,omitempty"`
	Refunded   *OrderRefund `json:"refunded,omitempty"`
	// RefundedAmount: what refund parts sent back so far (partly refunded while less than the
	// total; Refunded is set once the whole is back).
	RefundedAmount int64 `json:"refundedAmount,omitempty"`
}

// OrderRefund is the refund of an order's payment: when it was sent back and its reference.
type OrderRefund struct {
	At        string `json:"at"`
	Amount    int64  `json:"amount"`
	Provider  string `json:"provider" enum:"bank,stripe,qpay"`
	Reference string `json:"reference"`
}

// OrderOf is the view of o in lang.
func OrderOf(lang string, o *db.Order) OrderView {
	v := OrderView{ID: o.ID, Status: o.Status, Fulfilment: o.Fulfilment, Seller: o.Seller, Currency: o.Currency,
		SubTotal: o.Subtotal, Discount: o.Discount, Shipping: o.Shipping, Total: o.Total, Coupon: o.Coupon, Delivery: o.Delivery,
		Billing: parseBilling(o.Billing), Lines: []OrderLine{}, PaymentID: o.PaymentID, BuyerName: o.BuyerName,
		BuyerEmail: o.BuyerEmail, CreatedAt: o.CreatedAt.UTC().Format(time.RFC3339), CancelReason: o.CancelReason}
	if !o.PaidAt.IsZero() {
		v.PaidAt = o.PaidAt.UTC().Format(time.RFC3339)
	}
	for _, it := range o.Items {
		v.Lines = append(v.Lines, OrderLine{ID: it.ProductID, Name: pick(lang, it.NameEn, it.NameMn), Price: it.Price,
			Quantity: it.Quantity, Colours: nonNil(it.Colours), LineTotal: it.Price * it.Quantity})
	}
	return v
}

// OrderPage is one page of orders.
type OrderPage struct {
	Items []OrderView `json:"items"`
	Next  string      `json:"next"`
}

// OrderQuery filters a list of orders.
type OrderQuery struct {
	Status string `query:"status" enum:"placed,paid,fulfilled,completed,cancelled"`
	Before string `query:"before"`
}

// StatusRequest moves an order.
type StatusRequest struct {
	Status     string `json:"status" enum:"fulfilled,completed,cancelled"`
	Fulfilment string `json:"fulfilment" enum:",shipped,delivered,ticket_issued,download_available"`
}

// CouponRequest creates a coupon.
type CouponRequest struct {
	Code      string  `json:"code"`
	Percent   float64 `json:"percent"`
	ExpiresOn string  `json:"expiresOn" description:"The last day it applies (YYYY-MM-DD, Ulaanbaatar time)"`
}

// CouponView is a coupon.
type CouponView struct {
	Code      string `json:"code"`
	Percent   int64  `json:"percent"`
	ExpiresAt string `json:"expiresAt"`
	Expired   bool   `json:"expired"`
}

// Coupons lists a seller's coupons.
type Coupons struct {
	Items []CouponView `json:"items"`
}

// ---- the seller's overview ----

// Amount is a sum of money in a currency.
type Amount struct {
	Key      string `json:"key"`
	Currency string `json:"currency"`
	Amount   int64  `json:"amount"`
	Orders   int64  `json:"orders"`
}

// Count is a labelled number.
type Count struct {
	Key   string `json:"key"`
	Count int64  `json:"count"`
}

// BestSeller is a product and what it sold.
type BestSeller struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	Quantity int64  `json:"quantity"`
	Revenue  int64  `json:"revenue"`
	Currency string `json:"currency"`
}

// LowStock is a product running out.
type LowStock struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Stock int64  `json:"stock"`
}

// Overview is /dashboard/ecommerce: revenue per day (30 days) and month (12), orders by status,
// best sellers, low stock.
type Overview struct {
	Seller   string       `json:"seller"`
	Days     []Amount     `json:"days"`
	Months   []Amount     `json:"months"`
	Statuses []Count      `json:"statuses"`
	Best     []BestSeller `json:"best"`
	LowStock []LowStock   `json:"lowStock"`
}

// ExportOrder is an order in a person's data export.
type ExportOrders struct {
	Orders []OrderView `json:"orders"`
	Cart   string      `json:"cart"`
}

func parseBilling(raw string) Billing {
	var b Billing
	_ = json.Unmarshal([]byte(raw), &b)
	return b
}
