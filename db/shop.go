package db

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"gerege/app/platform/search"
)

// The shop (app/store/shop): products, the signed-in buyer's cart, coupons, orders. Money is
// integers in the currency's minor unit. Stock is taken when an order is paid (ShopOrderPaid,
// inside the payment's settling transaction); CHECK (stock >= 0) makes an oversell impossible
// even if a rule were forgotten.

// DetailOrderStatus is the audit detail of a seller moving an order: order_status:<order id>:<status>.
const DetailOrderStatus = "order_status"

func init() { AuditDetailCodes = append(AuditDetailCodes, DetailOrderStatus) }

// Product is one product of the shop.
type Product struct {
	ID            int64
	Seller        string // "platform" or "org:<id>"
	OrgID         int64
	SellerName    string // the organisation's name ("" for the platform)
	NameEn        string
	NameMn        string
	DescriptionEn string
	DescriptionMn string
	Category      string
	Price         int64
	Currency      string
	StockKind     string // number | unlimited | digital
	Stock         int64
	Sold          int64
	Colours       []string
	Images        []int64
	Active        bool
	CreatedBy     int64
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

const productCols = `p.id, p.seller, coalesce(p.org_id, 0), coalesce(o.name, ''), p.name_en, p.name_mn, p.description_en,
	p.description_mn, p.category, p.price, p.currency, p.stock_kind, p.stock, p.sold, p.colours, p.images, p.active,
	coalesce(p.created_by, 0), p.created_at, p.updated_at`

const productFrom = ` FROM shop_products p LEFT JOIN organizations o ON o.id = p.org_id`

func scanProduct(sc scanner) (*Product, error) {
	var p Product
	var colours, images, created, updated string
	if err := sc.Scan(&p.ID, &p.Seller, &p.OrgID, &p.SellerName, &p.NameEn, &p.NameMn, &p.DescriptionEn, &p.DescriptionMn,
		&p.Category, &p.Price, &p.Currency, &p.StockKind, &p.Stock, &p.Sold, &colours, &images, &p.Active, &p.CreatedBy,
		&created, &updated); err != nil {
		return nil, mapErr(err)
	}
	_ = json.Unmarshal([]byte(colours), &p.Colours)
	_ = json.Unmarshal([]byte(images), &p.Images)
	if p.Colours == nil {
		p.Colours = []string{}
	}
	if p.Images == nil {
		p.Images = []int64{}
	}
	p.CreatedAt, p.UpdatedAt = ParseT(created), ParseT(updated)
	return &p, nil
}

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func productDoc(p *Product) string {
	return search.Doc(p.NameEn, p.NameMn, p.DescriptionEn, p.DescriptionMn, p.SellerName)
}

// CreateProduct inserts a product and indexes it for search.
func (s *Store) CreateProduct(ctx context.Context, p *Product, now time.Time) error {
	var org any
	if p.OrgID != 0 {
		org = p.OrgID
	}
	var by any
	if p.CreatedBy != 0 {
		by = p.CreatedBy
	}
	colours, images := p.Colours, p.Images
	if colours == nil {
		colours = []string{}
	}
	if images == nil {
		images = []int64{}
	}
	err := s.writeRow(ctx, []any{&p.ID}, `INSERT INTO shop_products (seller, org_id, name_en, name_mn, description_en, description_mn,
		category, price, currency, stock_kind, stock, colours, images, active, created_by, created_at, updated_at)
		VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?) RETURNING id`,
		p.Seller, org, p.NameEn, p.NameMn, p.DescriptionEn, p.DescriptionMn, p.Category, p.Price, p.Currency, p.StockKind,
		p.Stock, jsonText(colours), jsonText(images), p.Active, by, T(now), T(now))
	if err != nil {
		return err
	}
	p.CreatedAt, p.UpdatedAt = now, now
	return s.execLater(ctx, `INSERT INTO shop_product_search (rowid, text) VALUES (?, ?)`, p.ID, productDoc(p))
}

// UpdateProduct saves a product's editable fields (not its seller or sold count) and its index.
func (s *Store) UpdateProduct(ctx context.Context, p *Product, now time.Time) error {
	res, err := s.exec(ctx, `UPDATE shop_products SET name_en = ?, name_mn = ?, description_en = ?, description_mn = ?, category = ?,
		price = ?, currency = ?, stock_kind = ?, stock = ?, colours = ?, images = ?, active = ?, updated_at = ? WHERE id = ?`,
		p.NameEn, p.NameMn, p.DescriptionEn, p.DescriptionMn, p.Category, p.Price, p.Currency, p.StockKind, p.Stock,
		jsonText(p.Colours), jsonText(p.Images), p.Active, T(now), p.ID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	p.UpdatedAt = now
	if _, err := s.exec(ctx, `DELETE FROM shop_product_search WHERE rowid = ?`, p.ID); err != nil {
		return err
	}
	return s.execLater(ctx, `INSERT INTO shop_product_search (rowid, text) VALUES (?, ?)`, p.ID, productDoc(p))
}

// ProductByID returns a product, active or not, or ErrNotFound.
func (s *Store) ProductByID(ctx context.Context, id int64) (*Product, error) {
	return scanProduct(s.row(ctx, `SELECT `+productCols+productFrom+` WHERE p.id = ?`, id))
}

// ProductWithImage returns the product showing the picture file (ErrNotFound when none does).
func (s *Store) ProductWithImage(ctx context.Context, file int64) (*Product, error) {
	return scanProduct(s.row(ctx, `SELECT `+productCols+productFrom+` WHERE EXISTS (SELECT 1 FROM json_each(p.images) j WHERE j.value = ?)
		LIMIT 1`, file))
}

// ProductsByID returns the products of ids (any order; unknown ids are left out).
func (s *Store) ProductsByID(ctx context.Context, ids []int64) (map[int64]*Product, error) {
	out := map[int64]*Product{}
	if len(ids) == 0 {
		return out, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := s.rows(ctx, `SELECT `+productCols+productFrom+` WHERE p.id IN (?`+strings.Repeat(",?", len(ids)-1)+`)`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		p, err := scanProduct(rows)
		if err != nil {
			return nil, err
		}
		out[p.ID] = p
	}
	return out, rows.Err()
}

// ProductFilter selects products for the public list, search and the seller's list.
type ProductFilter struct {
	Query    string
	Category string
	Seller   string // "platform", "org:<id>" or ""
	Currency string
	MinPrice int64 // 0 = no bound
	MaxPrice int64 // 0 = no bound
	InStock  bool
	All      bool   // inactive ones too (the seller's list)
	Sort     string // newest (default: the most recently added first) | price_asc | price_desc
	Limit    int
	After    *ProductCursor
}

// ProductCursor is a keyset position in a product list.
type ProductCursor struct {
	Price int64 `json:"p,omitempty"`
	ID    int64 `json:"i"`
}

// ProductPage is one page of products and the cursor of the next, if any.
type ProductPage struct {
	Items []*Product
	Next  *ProductCursor
}

// Products lists products by the filter with keyset paging.
func (s *Store) Products(ctx context.Context, f ProductFilter) (*ProductPage, error) {
	var where []string
	var args []any
	from := productFrom
	newest := f.Sort != "price_asc" && f.Sort != "price_desc"
	if expr, ok := search.Match(f.Query); ok {
		if newest {
			// Newest first is the index's own order (rowid = id, ids grow as products are added):
			// FTS5 walks its matches from the last one and stops at the page's end, however many
			// products match.
			from = ` FROM shop_product_search s CROSS JOIN shop_products p ON p.id = s.rowid LEFT JOIN organizations o ON o.id = p.org_id`
			where = append(where, "shop_product_search MATCH ?")
		} else {
			where = append(where, "p.id IN (SELECT rowid FROM shop_product_search WHERE shop_product_search MATCH ?)")
		}
		args = append(args, expr)
	}
	if !f.All {
		where = append(where, "p.active = 1")
	}
	if f.Category != "" {
		where = append(where, "p.category = ?")
		args = append(args, f.Category)
	}
	if f.Seller != "" {
		where = append(where, "p.seller = ?")
		args = append(args, f.Seller)
	}
	if f.Currency != "" {
		where = append(where, "p.currency = ?")
		args = append(args, f.Currency)
	}
	if f.MinPrice > 0 {
		where = append(where, "p.price >= ?")
		args = append(args, f.MinPrice)
	}
	if f.MaxPrice > 0 {
		where = append(where, "p.price <= ?")
		args = append(args, f.MaxPrice)
	}
	if f.InStock {
		where = append(where, "(p.stock_kind <> 'number' OR p.stock > 0)")
	}
	order := "p.id DESC"
	if from != productFrom {
		order = "s.rowid DESC"
	}
	switch f.Sort {
	case "price_asc":
		order = "p.price ASC, p.id ASC"
		if f.After != nil {
			where = append(where, "(p.price, p.id) > (?, ?)")
			args = append(args, f.After.Price, f.After.ID)
		}
	case "price_desc":
		order = "p.price DESC, p.id DESC"
		if f.After != nil {
			where = append(where, "(p.price, p.id) < (?, ?)")
			args = append(args, f.After.Price, f.After.ID)
		}
	default:
		if f.After != nil {
			where = append(where, "p.id < ?")
			args = append(args, f.After.ID)
		}
	}
	if f.Limit <= 0 || f.Limit > 100 {
		f.Limit = 24
	}
	q := `SELECT ` + productCols + from
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	q += " ORDER BY " + order + " LIMIT " + strconv.Itoa(f.Limit+1)
	rows, err := s.rows(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	page := &ProductPage{Items: []*Product{}}
	for rows.Next() {
		p, err := scanProduct(rows)
		if err != nil {
			return nil, err
		}
		page.Items = append(page.Items, p)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(page.Items) > f.Limit {
		page.Items = page.Items[:f.Limit]
		last := page.Items[f.Limit-1]
		page.Next = &ProductCursor{Price: last.Price, ID: last.ID}
	}
	return page, nil
}

// ProductNames returns up to limit active products matching query (id and names), for the
// search box's suggestions.
func (s *Store) ProductNames(ctx context.Context, query string, limit int) ([]*Product, error) {
	expr, ok := search.Match(query)
	if !ok {
		return []*Product{}, nil
	}
	rows, err := s.rows(ctx, `SELECT `+productCols+productFrom+` WHERE p.active = 1 AND p.id IN
		(SELECT rowid FROM shop_product_search WHERE shop_product_search MATCH ? LIMIT 200)
		ORDER BY p.sold DESC, p.id DESC LIMIT ?`, expr, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*Product{}
	for rows.Next() {
		p, err := scanProduct(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// ---- the cart ----

// Cart returns the signed-in buyer's stored cart state (JSON), "" when they have none.
func (s *Store) Cart(ctx context.Context, userID int64) (string, error) {
	var state string
	err := mapErr(s.row(ctx, `SELECT state FROM shop_carts WHERE user_id = ?`, userID).Scan(&state))
	if IsNotFound(err) {
		return "", nil
	}
	return state, err
}

// SaveCart stores the buyer's cart state (JSON); "" forgets it.
func (s *Store) SaveCart(ctx context.Context, userID int64, state string, now time.Time) error {
	if state == "" {
		_, err := s.exec(ctx, `DELETE FROM shop_carts WHERE user_id = ?`, userID)
		return err
	}
	_, err := s.exec(ctx, `INSERT INTO shop_carts (user_id, state, updated_at) VALUES (?,?,?)
		ON CONFLICT (user_id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at`, userID, state, T(now))
	return err
}

// ---- coupons ----

// Coupon is a discount code of a seller.
type Coupon struct {
	Code      string
	Seller    string
	Percent   int64
	ExpiresAt time.Time
	CreatedAt time.Time
}

// CouponByCode returns a coupon (code upper case), or ErrNotFound.
func (s *Store) CouponByCode(ctx context.Context, code string) (*Coupon, error) {
	var c Coupon
	var exp, created string
	err := s.row(ctx, `SELECT code, seller, percent, expires_at, created_at FROM shop_coupons WHERE code = ?`, code).
		Scan(&c.Code, &c.Seller, &c.Percent, &exp, &created)
	if err != nil {
		return nil, mapErr(err)
	}
	c.ExpiresAt, c.CreatedAt = ParseT(exp), ParseT(created)
	return &c, nil
}

// CreateCoupon adds a coupon (ErrConflict when the code exists).
func (s *Store) CreateCoupon(ctx context.Context, c *Coupon, by int64, now time.Time) error {
	_, err := s.exec(ctx, `INSERT INTO shop_coupons (code, seller, percent, expires_at, created_by, created_at) VALUES (?,?,?,?,?,?)`,
		c.Code, c.Seller, c.Percent, T(c.ExpiresAt), by, T(now))
	c.CreatedAt = now
	return err
}

// Coupons lists a seller's coupons, newest first.
func (s *Store) Coupons(ctx context.Context, seller string) ([]*Coupon, error) {
	rows, err := s.rows(ctx, `SELECT code, seller, percent, expires_at, created_at FROM shop_coupons WHERE seller = ?
		ORDER BY created_at DESC LIMIT 200`, seller)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*Coupon{}
	for rows.Next() {
		var c Coupon
		var exp, created string
		if err := rows.Scan(&c.Code, &c.Seller, &c.Percent, &exp, &created); err != nil {
			return nil, err
		}
		c.ExpiresAt, c.CreatedAt = ParseT(exp), ParseT(created)
		out = append(out, &c)
	}
	return out, rows.Err()
}

// ---- orders ----

// Order is one checkout: one seller, one currency.
type Order struct {
	ID          int64
	BuyerUserID int64
	BuyerName   string
	BuyerEmail  string
	Seller      string
	Status      string // placed | paid | fulfilled | completed | cancelled
	Fulfilment  string // "" | shipped | delivered | ticket_issued | download_available
	Currency    string
	Subtotal    int64
	Discount    int64
	Shipping    int64
	Total       int64
	Coupon      string
	Delivery    string
	Billing     string // JSON
	PaymentID   int64
	Key         string
	// CancelReason is why the platform cancelled the order: "" (the buyer or the seller did) or
	// "sold_out_at_payment" (paid by card or QPay after its last item was sold: a refund is owed)
	// or "paid_after_cancel" (paid by card or QPay after it was cancelled: a refund is owed).
	CancelReason string
	CreatedAt    time.Time
	PaidAt       time.Time
	UpdatedAt    time.Time
	Items        []OrderItem
}

// OrderItem is one line of an order, with the name and price it was sold at.
type OrderItem struct {
	ProductID int64
	NameEn    string
	NameMn    string
	Price     int64
	Quantity  int64
	Colours   []string
}

const orderCols = `x.id, coalesce(x.buyer_user_id, 0), coalesce(u.first_name || ' ' || u.last_name, ''), coalesce(u.email, ''),
	x.seller, x.status, x.fulfilment, x.currency, x.subtotal, x.discount, x.shipping, x.total, x.coupon, x.delivery, x.billing,
	coalesce(x.payment_id, 0), x.idempotency_key, x.cancel_reason, x.created_at, x.paid_at, x.updated_at`

const orderFrom = ` FROM shop_orders x LEFT JOIN users u ON u.id = x.buyer_user_id`

func scanOrder(sc scanner) (*Order, error) {
	var o Order
	var created, updated string
	var paid *string
	if err := sc.Scan(&o.ID, &o.BuyerUserID, &o.BuyerName, &o.BuyerEmail, &o.Seller, &o.Status, &o.Fulfilment, &o.Currency,
		&o.Subtotal, &o.Discount, &o.Shipping, &o.Total, &o.Coupon, &o.Delivery, &o.Billing, &o.PaymentID, &o.Key,
		&o.CancelReason, &created, &paid, &updated); err != nil {
		return nil, mapErr(err)
	}
	o.CreatedAt, o.PaidAt, o.UpdatedAt = ParseT(created), nullT(paid), ParseT(updated)
	o.Items = []OrderItem{}
	return &o, nil
}

// CreateOrder inserts a placed order and its lines. The same buyer and key again is
// ErrConflict (the caller then reads the existing order with OrderByKey).
func (s *Store) CreateOrder(ctx context.Context, o *Order, now time.Time) error {
	if err := s.writeRow(ctx, []any{&o.ID}, `INSERT INTO shop_orders (buyer_user_id, seller, status, currency, subtotal, discount,
		shipping, total, coupon, delivery, billing, idempotency_key, created_at, updated_at)
		VALUES (?,?,'placed',?,?,?,?,?,?,?,?,?,?,?) RETURNING id`,
		o.BuyerUserID, o.Seller, o.Currency, o.Subtotal, o.Discount, o.Shipping, o.Total, o.Coupon, o.Delivery, o.Billing, o.Key,
		T(now), T(now)); err != nil {
		return err
	}
	o.Status, o.CreatedAt, o.UpdatedAt = "placed", now, now
	for i, it := range o.Items {
		if _, err := s.exec(ctx, `INSERT INTO shop_order_items (order_id, line, product_id, name_en, name_mn, price, quantity, colours)
			VALUES (?,?,?,?,?,?,?,?)`, o.ID, i+1, it.ProductID, it.NameEn, it.NameMn, it.Price, it.Quantity, jsonText(it.Colours)); err != nil {
			return err
		}
	}
	return nil
}

// OrderBuyer returns the buyer of an order (0 when their account is gone).
func (s *Store) OrderBuyer(ctx context.Context, orderID int64) (int64, error) {
	var id int64
	err := s.row(ctx, `SELECT coalesce(buyer_user_id, 0) FROM shop_orders WHERE id = ?`, orderID).Scan(&id)
	return id, mapErr(err)
}

// SetOrderPayment records the payment of an order.
func (s *Store) SetOrderPayment(ctx context.Context, orderID, paymentID int64) error {
	_, err := s.exec(ctx, `UPDATE shop_orders SET payment_id = ? WHERE id = ?`, paymentID, orderID)
	return err
}

func (s *Store) orderItems(ctx context.Context, o *Order) error {
	rows, err := s.rows(ctx, `SELECT product_id, name_en, name_mn, price, quantity, colours FROM shop_order_items
		WHERE order_id = ? ORDER BY line`, o.ID)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var it OrderItem
		var colours string
		if err := rows.Scan(&it.ProductID, &it.NameEn, &it.NameMn, &it.Price, &it.Quantity, &colours); err != nil {
			return err
		}
		_ = json.Unmarshal([]byte(colours), &it.Colours)
		if it.Colours == nil {
			it.Colours = []string{}
		}
		o.Items = append(o.Items, it)
	}
	return rows.Err()
}

// OrderByID returns an order with its lines, or ErrNotFound.
func (s *Store) OrderByID(ctx context.Context, id int64) (*Order, error) {
	o, err := scanOrder(s.row(ctx, `SELECT `+orderCols+orderFrom+` WHERE x.id = ?`, id))
	if err != nil {
		return nil, err
	}
	return o, s.orderItems(ctx, o)
}

// OrderByKey returns the buyer's order made with an idempotency key, or ErrNotFound.
func (s *Store) OrderByKey(ctx context.Context, buyer int64, key string) (*Order, error) {
	o, err := scanOrder(s.row(ctx, `SELECT `+orderCols+orderFrom+` WHERE x.buyer_user_id = ? AND x.idempotency_key = ?`, buyer, key))
	if err != nil {
		return nil, err
	}
	return o, s.orderItems(ctx, o)
}

// OrderFilter selects orders: a buyer's or a seller's, by status, newest first.
type OrderFilter struct {
	BuyerUserID int64
	Seller      string
	Status      string
	Limit       int
	Before      int64 // keyset: orders with a smaller id
}

// Orders lists orders (with their lines) newest first; next is the id to continue before, 0 at the end.
func (s *Store) Orders(ctx context.Context, f OrderFilter) (out []*Order, next int64, err error) {
	var where []string
	var args []any
	if f.BuyerUserID != 0 {
		where = append(where, "x.buyer_user_id = ?")
		args = append(args, f.BuyerUserID)
	}
	if f.Seller != "" {
		where = append(where, "x.seller = ?")
		args = append(args, f.Seller)
	}
	if len(where) == 0 {
		return nil, 0, fmt.Errorf("db: Orders needs a buyer or a seller")
	}
	if f.Status != "" {
		where = append(where, "x.status = ?")
		args = append(args, f.Status)
	}
	if f.Before > 0 {
		where = append(where, "x.id < ?")
		args = append(args, f.Before)
	}
	if f.Limit <= 0 || f.Limit > 100 {
		f.Limit = 20
	}
	rows, err := s.rows(ctx, `SELECT `+orderCols+orderFrom+` WHERE `+strings.Join(where, " AND ")+
		` ORDER BY x.id DESC LIMIT `+strconv.Itoa(f.Limit+1), args...)
	if err != nil {
		return nil, 0, err
	}
	out = []*Order{}
	for rows.Next() {
		o, err := scanOrder(rows)
		if err != nil {
			rows.Close()
			return nil, 0, err
		}
		out = append(out, o)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	if len(out) > f.Limit {
		out = out[:f.Limit]
		next = out[f.Limit-1].ID
	}
	for _, o := range out {
		if err := s.orderItems(ctx, o); err != nil {
			return nil, 0, err
		}
	}
	return out, next, nil
}

// ErrSoldOut is returned by ShopOrderPaid when a line's product has less stock than the
// order needs (or is no longer sold): the settlement rolls back.
var ErrSoldOut = fmt.Errorf("db: sold out")

// ShopOrderPaid marks a placed order paid and takes its stock, inside the caller's (the
// payment's settling) transaction. A product with counted stock loses the quantities sold;
// if any has too few, nothing changes and the result is ErrSoldOut. An order already paid is
// left as it is (nil: settling twice changes nothing); a cancelled one is ErrConflict.
func (s *Store) ShopOrderPaid(ctx context.Context, orderID, paymentID int64, now time.Time) error {
	var status string
	if err := s.row(ctx, `SELECT status FROM shop_orders WHERE id = ?`, orderID).Scan(&status); err != nil {
		return mapErr(err)
	}
	switch status {
	case "placed":
	case "cancelled":
		return ErrConflict
	default:
		return nil
	}
	rows, err := s.rows(ctx, `SELECT product_id, sum(quantity) FROM shop_order_items WHERE order_id = ? GROUP BY product_id`, orderID)
	if err != nil {
		return err
	}
	type line struct{ id, qty int64 }
	var lines []line
	for rows.Next() {
		var l line
		if err := rows.Scan(&l.id, &l.qty); err != nil {
			rows.Close()
			return err
		}
		lines = append(lines, l)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	// Every line is checked before any is taken, so a refusal (ErrSoldOut) has written nothing
	// and the caller may still record the order otherwise in the same transaction.
	for _, l := range lines {
		var enough bool
		if err := s.row(ctx, `SELECT stock_kind <> 'number' OR stock >= ? FROM shop_products WHERE id = ?`, l.qty, l.id).Scan(&enough); err != nil {
			return mapErr(err)
		}
		if !enough {
			return ErrSoldOut
		}
	}
	for _, l := range lines {
		// One statement decides: counted stock must cover the quantity (the CHECK is the last guard).
		res, err := s.exec(ctx, `UPDATE shop_products SET sold = sold + ?1,
			stock = CASE WHEN stock_kind = 'number' THEN stock - ?1 ELSE stock END
			WHERE id = ?2 AND (stock_kind <> 'number' OR stock >= ?1)`, l.qty, l.id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrSoldOut
		}
	}
	_, err = s.exec(ctx, `UPDATE shop_orders SET status = 'paid', payment_id = ?, paid_at = ?, updated_at = ? WHERE id = ?`,
		paymentID, T(now), T(now), orderID)
	return err
}

// ShopOrderSoldOutAtPayment records that a placed order's payment arrived after its stock ran
// out: the order is cancelled with reason "sold_out_at_payment", names the payment and when it
// was paid, and takes no stock. ErrConflict when the order is not placed.
func (s *Store) ShopOrderSoldOutAtPayment(ctx context.Context, orderID, paymentID int64, now time.Time) error {
	res, err := s.exec(ctx, `UPDATE shop_orders SET status = 'cancelled', cancel_reason = 'sold_out_at_payment', payment_id = ?,
		paid_at = ?, updated_at = ? WHERE id = ? AND status = 'placed'`, paymentID, T(now), T(now), orderID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrConflict
	}
	return nil
}

// ShopOrderPaidAfterCancel records that a cancelled order's card or QPay payment arrived after
// the cancellation (the buyer paid on the provider's page meanwhile): the order stays
// cancelled, with reason "paid_after_cancel", names the payment and when it was paid, and takes
// no stock (a refund is owed). ErrConflict when the order is not cancelled or already says why.
func (s *Store) ShopOrderPaidAfterCancel(ctx context.Context, orderID, paymentID int64, now time.Time) error {
	res, err := s.exec(ctx, `UPDATE shop_orders SET cancel_reason = 'paid_after_cancel', payment_id = ?, paid_at = ?, updated_at = ?
		WHERE id = ? AND status = 'cancelled' AND cancel_reason = ''`, paymentID, T(now), T(now), orderID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrConflict
	}
	return nil
}

// SetOrderStatus moves an order from one of from to status (with its fulfilment); ErrConflict
// when it is not in one of from. Cancelling a paid order puts its stock back.
func (s *Store) SetOrderStatus(ctx context.Context, orderID int64, from []string, status, fulfilment string, now time.Time) error {
	var cur string
	if err := s.row(ctx, `SELECT status FROM shop_orders WHERE id = ?`, orderID).Scan(&cur); err != nil {
		return mapErr(err)
	}
	ok := false
	for _, f := range from {
		ok = ok || f == cur
	}
	if !ok {
		return ErrConflict
	}
	if status == "cancelled" && cur != "placed" {
		if _, err := s.exec(ctx, `UPDATE shop_products SET
			sold = max(0, sold - (SELECT sum(quantity) FROM shop_order_items i WHERE i.order_id = ?1 AND i.product_id = shop_products.id)),
			stock = CASE WHEN stock_kind = 'number' THEN stock + (SELECT sum(quantity) FROM shop_order_items i
				WHERE i.order_id = ?1 AND i.product_id = shop_products.id) ELSE stock END
			WHERE id IN (SELECT product_id FROM shop_order_items WHERE order_id = ?1)`, orderID); err != nil {
			return err
		}
	}
	_, err := s.exec(ctx, `UPDATE shop_orders SET status = ?, fulfilment = ?, updated_at = ? WHERE id = ?`, status, fulfilment, T(now), orderID)
	return err
}

// ---- the seller's overview ----

// SalesDay is revenue (paid orders, any later status but cancelled) of one day or month.
type SalesDay struct {
	Day      string // 2026-11-22 or 2026-11
	Currency string
	Revenue  int64
	Orders   int64
}

// OrderStatusCount is how many of a seller's orders are in a status.
type OrderStatusCount struct {
	Status string
	Count  int64
}

// BestSeller is a product and how many were sold.
type BestSeller struct {
	ProductID int64
	NameEn    string
	NameMn    string
	Quantity  int64
	Revenue   int64
	Currency  string
}

// SalesOverview is the seller's figures for /dashboard/ecommerce.
type SalesOverview struct {
	Days     []SalesDay
	Months   []SalesDay
	Statuses []OrderStatusCount
	Best     []BestSeller
	LowStock []*Product
}

// ShopSales gathers a seller's overview: revenue per day since `since` (by the paid instant
// shifted by offset, the seller's time zone), per month over the last year, orders by
// status, the ten best sellers and the products with counted stock at most lowStock.
func (s *Store) ShopSales(ctx context.Context, seller string, since time.Time, offset time.Duration, lowStock int64) (*SalesOverview, error) {
	out := &SalesOverview{Days: []SalesDay{}, Months: []SalesDay{}, Statuses: []OrderStatusCount{}, Best: []BestSeller{}, LowStock: []*Product{}}
	shift := fmt.Sprintf("%+d seconds", int64(offset.Seconds()))
	per := func(format string, from time.Time, dst *[]SalesDay) error {
		rows, err := s.rows(ctx, `SELECT strftime(?, paid_at, ?), currency, sum(total), count(*) FROM shop_orders
			WHERE seller = ? AND paid_at IS NOT NULL AND paid_at >= ? AND status <> 'cancelled'
			GROUP BY 1, 2 ORDER BY 1, 2`, format, shift, seller, T(from))
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var d SalesDay
			if err := rows.Scan(&d.Day, &d.Currency, &d.Revenue, &d.Orders); err != nil {
				return err
			}
			*dst = append(*dst, d)
		}
		return rows.Err()
	}
	if err := per("%Y-%m-%d", since, &out.Days); err != nil {
		return nil, err
	}
	if err := per("%Y-%m", since.AddDate(-1, 0, 0), &out.Months); err != nil {
		return nil, err
	}
	rows, err := s.rows(ctx, `SELECT status, count(*) FROM shop_orders WHERE seller = ? GROUP BY status`, seller)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var c OrderStatusCount
		if err := rows.Scan(&c.Status, &c.Count); err != nil {
			rows.Close()
			return nil, err
		}
		out.Statuses = append(out.Statuses, c)
	}
	rows.Close()
	rows, err = s.rows(ctx, `SELECT i.product_id, max(i.name_en), max(i.name_mn), sum(i.quantity), sum(i.quantity * i.price), x.currency
		FROM shop_order_items i JOIN shop_orders x ON x.id = i.order_id
		WHERE x.seller = ? AND x.paid_at IS NOT NULL AND x.status <> 'cancelled'
		GROUP BY i.product_id, x.currency ORDER BY 4 DESC, 1 LIMIT 10`, seller)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var b BestSeller
		if err := rows.Scan(&b.ProductID, &b.NameEn, &b.NameMn, &b.Quantity, &b.Revenue, &b.Currency); err != nil {
			rows.Close()
			return nil, err
		}
		out.Best = append(out.Best, b)
	}
	rows.Close()
	rows, err = s.rows(ctx, `SELECT `+productCols+productFrom+` WHERE p.seller = ? AND p.active = 1 AND p.stock_kind = 'number'
		AND p.stock <= ? ORDER BY p.stock, p.id LIMIT 20`, seller, lowStock)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		p, err := scanProduct(rows)
		if err != nil {
			return nil, err
		}
		out.LowStock = append(out.LowStock, p)
	}
	return out, rows.Err()
}

// ShopForgetBuyer erases a person from the shop: their cart goes, their orders stay without them.
func (s *Store) ShopForgetBuyer(ctx context.Context, userID int64) error {
	var carts, orders int
	if err := s.row(ctx, `SELECT (SELECT count(*) FROM shop_carts WHERE user_id = ?1),
		(SELECT count(*) FROM shop_orders WHERE buyer_user_id = ?1)`, userID).Scan(&carts, &orders); err != nil {
		return err
	}
	if carts+orders == 0 {
		return nil // nothing of theirs: no write
	}
	if _, err := s.exec(ctx, `DELETE FROM shop_carts WHERE user_id = ?`, userID); err != nil {
		return err
	}
	// Orders are accounting records: they stay, without the person (billing details blanked).
	_, err := s.exec(ctx, `UPDATE shop_orders SET billing = '{}', buyer_user_id = NULL WHERE buyer_user_id = ?`, userID)
	return err
}
