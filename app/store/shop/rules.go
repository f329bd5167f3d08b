package shop

import (
	"math"
	"slices"
	"strings"
	"time"

	"gerege/app/platform/web"
	"gerege/db"
)

// The shop's rules, in one place.
const (
	MaxName        = 120
	MaxDescription = 20_000
	MaxColours     = 12
	MaxColour      = 30
	MaxLines       = 50   // distinct products in one cart
	MaxQuantity    = 99   // of one product in one order
	MaxPrice       = 1e12 // minor units
	MaxStock       = 1_000_000
	LowStockAt     = 5 // /dashboard/ecommerce lists products with this many or fewer left
)

// Categories are what students and schools buy here.
var Categories = []string{"guide", "course", "ticket", "merchandise", "service"}

// ShippingFee is the courier's fee per currency (minor units); pickup is free, and a cart of
// nothing physical (only merchandise is) ships nothing.
var ShippingFee = map[string]int64{"MNT": 5000, "USD": 500}

// Fulfilments says which fulfilments fit a category (the seller picks one when fulfilling).
var Fulfilments = map[string][]string{
	"merchandise": {"shipped", "delivered"},
	"ticket":      {"ticket_issued"},
	"guide":       {"download_available", "delivered"},
	"course":      {"download_available", "delivered"},
	"service":     {"delivered"},
}

// ulaanbaatar is the platform's time zone (UTC+8, no daylight saving).
var ulaanbaatar = time.FixedZone("Asia/Ulaanbaatar", 8*3600)

// whole reports whether v is a whole number in [lo, hi].
func whole(v float64, lo, hi float64) bool {
	return v == math.Trunc(v) && v >= lo && v <= hi && !math.IsNaN(v)
}

// checkProduct validates an editor's request into p (field errors as message keys).
func checkProduct(in ProductRequest, p *db.Product) error {
	c := &web.Checker{}
	in.NameEn, in.NameMn = strings.TrimSpace(in.NameEn), strings.TrimSpace(in.NameMn)
	c.Text("nameEn", in.NameEn, false, MaxName)
	c.Text("nameMn", in.NameMn, false, MaxName)
	if in.NameEn == "" && in.NameMn == "" {
		c.Add("nameEn", web.M("shop.errors.nameRequired"))
	}
	c.Text("descriptionEn", in.DescriptionEn, false, MaxDescription)
	c.Text("descriptionMn", in.DescriptionMn, false, MaxDescription)
	c.OneOf("category", in.Category, true, Categories...)
	c.OneOf("currency", in.Currency, true, "MNT", "USD")
	c.OneOf("stockKind", in.StockKind, true, "number", "unlimited", "digital")
	if !whole(in.Price, 1, MaxPrice) {
		c.Add("price", web.M("shop.errors.price"))
	}
	if in.StockKind == "number" && !whole(in.Stock, 0, MaxStock) {
		c.Add("stock", web.M("shop.errors.stock"))
	}
	colours := []string{}
	for _, col := range in.Colours {
		col = strings.TrimSpace(col)
		if col == "" || slices.Contains(colours, col) {
			continue
		}
		if len([]rune(col)) > MaxColour {
			c.Add("colours", web.M("shop.errors.colour"))
			break
		}
		colours = append(colours, col)
	}
	if len(colours) > MaxColours {
		c.Add("colours", web.M("shop.errors.colours", MaxColours))
	}
	if err := c.Err(); err != nil {
		return err
	}
	p.NameEn, p.NameMn, p.DescriptionEn, p.DescriptionMn = in.NameEn, in.NameMn, in.DescriptionEn, in.DescriptionMn
	p.Category, p.Currency, p.StockKind, p.Price = in.Category, in.Currency, in.StockKind, int64(in.Price)
	p.Stock = 0
	if in.StockKind == "number" {
		p.Stock = int64(in.Stock)
	}
	p.Colours, p.Active = colours, in.Active
	return nil
}

// line is a cart line after merging and checking.
type line struct {
	id       int64
	quantity int64
	colours  []string
	price    float64 // what the client said, -1 when it said nothing
}

// mergeLines checks the lines' shape and merges repeated products as the cart does (the
// quantities add up, the colours join). Field errors name the line: items.2.quantity.
func mergeLines(items []CartItem) ([]line, error) {
	c := &web.Checker{}
	if len(items) == 0 {
		c.Add("items", web.M("shop.errors.emptyCart"))
		return nil, c.Err()
	}
	var out []line
	at := map[int64]int{}
	for i, it := range items {
		f := "items." + itoa(i)
		if it.ID <= 0 {
			c.Add(f+".id", web.M("shop.errors.unknownProduct"))
			continue
		}
		if !whole(it.Quantity, 1, MaxQuantity) {
			c.Add(f+".quantity", web.M("shop.errors.quantity", MaxQuantity))
			continue
		}
		if j, ok := at[it.ID]; ok {
			out[j].quantity += int64(it.Quantity)
			for _, col := range it.Colours {
				if !slices.Contains(out[j].colours, col) {
					out[j].colours = append(out[j].colours, col)
				}
			}
			if out[j].quantity > MaxQuantity {
				c.Add(f+".quantity", web.M("shop.errors.quantity", MaxQuantity))
			}
			continue
		}
		cols := []string{}
		for _, col := range it.Colours {
			if !slices.Contains(cols, col) {
				cols = append(cols, col)
			}
		}
		at[it.ID] = len(out)
		out = append(out, line{id: it.ID, quantity: int64(it.Quantity), colours: cols, price: float64(it.Price)})
	}
	if len(out) > MaxLines {
		c.Add("items", web.M("shop.errors.tooManyLines", MaxLines))
	}
	if err := c.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// price computes a quote for merged lines from the products (never from the client's
// numbers), the coupon (nil: none) and the delivery. Every line must be an active product in
// stock with colours it offers, all of one seller and one currency.
func price(lang string, lines []line, products map[int64]*db.Product, coupon *db.Coupon, couponCode, delivery string, now time.Time) (Quote, error) {
	c := &web.Checker{}
	q := Quote{Lines: []QuoteLine{}}
	for i, l := range lines {
		f := "items." + itoa(i)
		p := products[l.id]
		if p == nil || !p.Active {
			c.Add(f+".id", web.M("shop.errors.unknownProduct"))
			continue
		}
		if q.Currency == "" {
			q.Currency, q.Seller = p.Currency, p.Seller
		} else if p.Currency != q.Currency || p.Seller != q.Seller {
			c.Add("items", web.M("shop.errors.oneSeller"))
			continue
		}
		for _, col := range l.colours {
			if !slices.Contains(p.Colours, col) {
				c.Add(f+".colours", web.M("shop.errors.unknownColour"))
				break
			}
		}
		if p.StockKind == "number" && p.Stock < l.quantity {
			if p.Stock == 0 {
				c.Add(f+".quantity", web.M("shop.errors.soldOut"))
			} else {
				c.Add(f+".quantity", web.M("shop.errors.fewLeft", p.Stock))
			}
			continue
		}
		if p.Category == "merchandise" {
			q.Physical = true
		}
		q.Lines = append(q.Lines, QuoteLine{ID: p.ID, Name: pick(lang, p.NameEn, p.NameMn), Price: p.Price, Quantity: l.quantity,
			Colours: l.colours, LineTotal: p.Price * l.quantity, Category: p.Category})
		q.SubTotal += p.Price * l.quantity
		q.TotalItems += l.quantity
	}
	if couponCode != "" {
		switch {
		case coupon == nil || (q.Seller != "" && coupon.Seller != q.Seller):
			c.Add("coupon", web.M("shop.errors.unknownCoupon"))
		case !now.Before(coupon.ExpiresAt):
			c.Add("coupon", web.M("shop.errors.expiredCoupon"))
		default:
			q.Coupon = coupon.Code
			q.Discount = q.SubTotal * coupon.Percent / 100
		}
	}
	switch {
	case !q.Physical:
	case delivery == "courier":
		q.Shipping = ShippingFee[q.Currency]
	case delivery == "pickup", delivery == "":
	default:
		c.Add("delivery", web.M("validation.choice"))
	}
	if err := c.Err(); err != nil {
		return Quote{}, err
	}
	q.Total = q.SubTotal - q.Discount + q.Shipping
	return q, nil
}

// sellerMoves says which statuses a seller may move an order to from each status.
var sellerMoves = map[string][]string{
	"fulfilled": {"paid", "fulfilled"}, // fulfilled again: a later fulfilment (shipped → delivered)
	"completed": {"fulfilled"},
	"cancelled": {"placed", "paid"},
}
