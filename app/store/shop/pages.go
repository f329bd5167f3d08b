package shop

import (
	"context"
	"encoding/json"
	"html/template"
	"net/http"
	"strconv"
	"strings"
	"time"

	"gerege/app/platform/payments"
	"gerege/app/platform/userdata"
	"gerege/app/platform/web"
	"gerege/db"
	"gerege/i18n"
)

// RenderPage renders /product/{id} for crawlers and people without JavaScript: its title,
// description, Product structured data, the view the UI starts from and a read-only rendition.
func (h *Handlers) RenderPage(r *http.Request, lang, rest string) (*web.Rendered, bool, error) {
	idText, ok := strings.CutPrefix(rest, "/product/")
	if !ok || idText == "" || strings.Contains(idText, "/") || idText == "checkout" {
		return nil, false, nil
	}
	id, err := strconv.ParseInt(idText, 10, 64)
	if err != nil || id <= 0 {
		return nil, true, web.NotFound()
	}
	p, err := h.Store.ProductByID(r.Context(), id)
	if db.IsNotFound(err) || (err == nil && !p.Active) {
		return nil, true, web.NotFound()
	}
	if err != nil {
		return nil, true, err
	}
	v := ProductOf(lang, p)
	data, _ := json.Marshal(v)
	var b strings.Builder
	if err := bodyTmpl.Execute(&b, map[string]any{"P": v, "Description": template.HTML(v.DescriptionHTML), //nolint:gosec // sanitised by markdown.HTML
		"Price": payments.FormatMoney(v.Price, v.Currency, lang), "PriceLabel": i18n.T(lang, "shop.page.price"),
		"Category": i18n.T(lang, "shop.categories."+v.Category), "SoldOut": i18n.T(lang, "shop.page.soldOut")}); err != nil {
		return nil, true, err
	}
	avail := "https://schema.org/InStock"
	if !v.Available {
		avail = "https://schema.org/OutOfStock"
	}
	ld, _ := json.Marshal(map[string]any{"@context": "https://schema.org", "@type": "Product", "name": v.Name,
		"description": v.Excerpt, "offers": map[string]any{"@type": "Offer", "priceCurrency": v.Currency,
			"price": PriceText(v.Price, v.Currency), "availability": avail}})
	return &web.Rendered{Title: v.Name, Description: v.Excerpt, Path: "/product/" + idText, Data: data, Body: b.String(), JSONLD: ld}, true, nil
}

var bodyTmpl = template.Must(template.New("body").Parse(`<article class="product-ssr">
<h1>{{.P.Name}}</h1>
<p>{{.Category}}{{if .P.SellerName}} · {{.P.SellerName}}{{end}}</p>
<p>{{.PriceLabel}}: <strong>{{.Price}}</strong>{{if not .P.Available}} · {{.SoldOut}}{{end}}</p>
<div>{{.Description}}</div>
</article>`))

// PriceText is an amount in major units as text ("25000", "12.50").
func PriceText(amount int64, currency string) string {
	if currency == "USD" {
		return strconv.FormatInt(amount/100, 10) + "." + strconv.FormatInt(100+amount%100, 10)[1:]
	}
	return strconv.FormatInt(amount, 10)
}

// Sitemap lists the active products (newest first, at most 25,000).
func (h *Handlers) Sitemap(ctx context.Context) (string, []web.SitemapURL, error) {
	var out []web.SitemapURL
	f := db.ProductFilter{Limit: 100}
	for len(out) < 25000 {
		page, err := h.Store.Products(ctx, f)
		if err != nil {
			return "", nil, err
		}
		for _, p := range page.Items {
			out = append(out, web.SitemapURL{Path: "/product/" + strconv.FormatInt(p.ID, 10), LastMod: p.UpdatedAt.UTC().Format(time.DateOnly)})
		}
		if page.Next == nil {
			break
		}
		f.After = page.Next
	}
	return "products", out, nil
}

// UserData: a buyer's orders and stored cart go into "download my data"; deleting the account
// removes the cart and keeps the orders (sales records) without the person.
func (h *Handlers) UserData() []userdata.Section {
	return []userdata.Section{userdata.Of("shopOrders", func(ctx context.Context, store *db.Store, userID int64) (ExportOrders, error) {
		out := ExportOrders{Orders: []OrderView{}}
		var before int64
		for {
			list, next, err := store.Orders(ctx, db.OrderFilter{BuyerUserID: userID, Limit: 100, Before: before})
			if err != nil {
				return out, err
			}
			for _, o := range list {
				out.Orders = append(out.Orders, OrderOf(web.LangOf(ctx), o))
			}
			if next == 0 {
				break
			}
			before = next
		}
		cart, err := store.Cart(ctx, userID)
		out.Cart = cart
		return out, err
	}).WithErase(func(ctx context.Context, tx *db.Store, userID int64) error { return tx.ShopForgetBuyer(ctx, userID) })}
}
