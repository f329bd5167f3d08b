package shop_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/app/platform/secure"
	"gerege/app/platform/web"
	"gerege/db"
)

func generous(c *app.Config) {
	many := web.Rate{N: 1 << 20, Per: time.Minute}
	a := &c.Auth
	a.LoginIP, a.LoginAccount, a.RegisterIP, a.EmailIP, a.EmailAccount, a.VerifyAccount = many, many, many, many, many, many
}

type world struct {
	s       *app.Server
	ts      *httptest.Server
	clock   *apitest.Clock
	c       map[string]*http.Client
	ids     map[string]int64
	orgID   int64 // the owner's organisation
	hoodie  int64 // platform: merchandise, colours Blue/Red, stock 10, MNT 45000
	guide   int64 // platform: digital guide, MNT 20000
	orgItem int64 // the owner's organisation's course (after verification)
}

func call(t testing.TB, w *world, as, method, path string, body any) apitest.Reply {
	t.Helper()
	return apitest.Call(t, w.c[as], w.ts, method, path, body, "", "Sec-Fetch-Site", "same-origin")
}

func newWorld(t testing.TB, edit ...func(*app.Config)) *world {
	t.Helper()
	clock := apitest.NewClock()
	s, ts := apitest.NewServerClock(t, clock, append([]func(*app.Config){generous}, edit...)...)
	w := &world{s: s, ts: ts, clock: clock, c: apitest.Roles(t, s, ts), ids: map[string]int64{}}
	ctx := context.Background()
	for role, email := range apitest.RoleEmails {
		u, err := s.Store().UserByEmail(ctx, email)
		if err != nil {
			t.Fatal(err)
		}
		w.ids[role] = u.ID
		if role == "owner" {
			w.orgID = u.OrgID
		}
	}
	mk := func(as string, body map[string]any) int64 {
		r := call(t, w, as, "POST", "/api/shop/products", body)
		apitest.MustStatus(t, r, 201)
		return int64(r.Body["id"].(float64))
	}
	w.hoodie = mk("admin", map[string]any{"nameEn": "Gerege hoodie", "nameMn": "Гэрэгэ цамц", "descriptionEn": "Warm **cotton** hoodie",
		"descriptionMn": "Дулаахан цамц", "category": "merchandise", "price": 45000, "currency": "MNT", "stockKind": "number", "stock": 10,
		"colours": []string{"Blue", "Red"}, "active": true})
	w.guide = mk("admin", map[string]any{"nameEn": "IELTS study guide", "nameMn": "IELTS-ийн сурах бичиг", "category": "guide",
		"price": 20000, "currency": "MNT", "stockKind": "digital", "active": true})
	return w
}

func TestSellersAndProducts(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	// An unverified organisation cannot sell; once verified it can.
	r := call(t, w, "owner", "POST", "/api/shop/products", map[string]any{"nameEn": "SAT course", "category": "course",
		"price": 150000, "currency": "MNT", "stockKind": "unlimited", "active": true})
	apitest.MustStatus(t, r, 409)
	if r.Body["code"] != "org_not_verified" {
		t.Fatalf("code: %s", r.Raw)
	}
	ctx := context.Background()
	st := w.s.Store()
	if err := st.SaveOrgProfile(ctx, &db.OrgProfile{OrgID: w.orgID, Slug: "org"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := st.SetOrgStatus(ctx, w.orgID, []string{"unverified"}, "verified", "", w.ids["admin"], time.Now()); err != nil {
		t.Fatal(err)
	}
	r = call(t, w, "manager", "POST", "/api/shop/products", map[string]any{"nameEn": "SAT course", "nameMn": "SAT бэлтгэл",
		"category": "course", "price": 150000, "currency": "MNT", "stockKind": "unlimited", "active": true})
	apitest.MustStatus(t, r, 201)
	org := int64(r.Body["id"].(float64))
	if r.Body["seller"] != fmt.Sprintf("org:%d", w.orgID) {
		t.Fatalf("seller: %s", r.Raw)
	}
	// Sellers see only their own products.
	apitest.MustStatus(t, call(t, w, "owner", "GET", fmt.Sprintf("/api/shop/products/%d", w.hoodie), nil), 404)
	apitest.MustStatus(t, call(t, w, "admin", "GET", fmt.Sprintf("/api/shop/products/%d", org), nil), 404)
	apitest.MustStatus(t, call(t, w, "owner", "GET", fmt.Sprintf("/api/shop/products/%d", org), nil), 200)

	// Bad editor input: field errors, nothing saved.
	r = call(t, w, "admin", "POST", "/api/shop/products", map[string]any{"category": "car", "price": 10.5, "currency": "EUR",
		"stockKind": "number", "stock": -1})
	apitest.MustStatus(t, r, 422)
	for _, f := range []string{"nameEn", "category", "price", "currency", "stock"} {
		if !strings.Contains(r.Raw, `"`+f+`"`) {
			t.Errorf("no error on %s: %s", f, r.Raw)
		}
	}

	// Markdown is sanitised.
	r = call(t, w, "admin", "PUT", fmt.Sprintf("/api/shop/products/%d", w.guide), map[string]any{"nameEn": "IELTS study guide",
		"descriptionEn": "Read <script>alert(1)</script> **this**", "category": "guide", "price": 20000, "currency": "MNT",
		"stockKind": "digital", "active": true})
	apitest.MustStatus(t, r, 200)
	if strings.Contains(r.Str("descriptionHtml"), "<script") || !strings.Contains(r.Str("descriptionHtml"), "<strong>this</strong>") {
		t.Fatalf("description: %s", r.Str("descriptionHtml"))
	}

	anon := func(path string, status int, contains, not []string) {
		t.Helper()
		r := call(t, w, "anonymous", "GET", path, nil)
		if r.Status != status {
			t.Fatalf("%s: %d %s", path, r.Status, r.Raw)
		}
		for _, c := range contains {
			if !strings.Contains(r.Raw, c) {
				t.Errorf("%s lacks %q: %.400s", path, c, r.Raw)
			}
		}
		for _, c := range not {
			if strings.Contains(r.Raw, c) {
				t.Errorf("%s has %q: %.400s", path, c, r.Raw)
			}
		}
	}
	// Search in both scripts: Cyrillic, its Latin spelling, English.
	anon("/api/product/list?q=цамц", 200, []string{"Gerege hoodie"}, []string{"IELTS"})
	anon("/api/product/list?q=tsamts", 200, []string{"Gerege hoodie"}, []string{"IELTS"})
	anon("/api/product/list?q=ielts", 200, []string{"IELTS"}, []string{"hoodie"})
	anon("/api/product/search?q=SAT", 200, []string{"SAT"}, nil)
	anon("/api/product/list?category=merchandise", 200, []string{"hoodie"}, []string{"IELTS", "SAT"})
	anon("/api/product/list?sort=price_asc&limit=1", 200, []string{"IELTS", `"next":"`}, []string{"hoodie"})
	anon("/api/product/list?sort=bogus&min=-1&category=x", 400, []string{"sort", "min", "category"}, nil)
	anon("/api/product/list?after=garbage", 400, nil, nil)
	anon(fmt.Sprintf("/api/product/details?id=%d", w.hoodie), 200, []string{"Gerege hoodie", `"available":true`}, nil)
	anon("/api/product/details?id=abc", 404, nil, nil)
	// Inactive products are not sold.
	apitest.MustStatus(t, call(t, w, "admin", "PUT", fmt.Sprintf("/api/shop/products/%d", w.guide), map[string]any{"nameEn": "IELTS study guide",
		"category": "guide", "price": 20000, "currency": "MNT", "stockKind": "digital", "active": false}), 200)
	anon(fmt.Sprintf("/api/product/details?id=%d", w.guide), 404, nil, nil)
	anon("/api/product/list?q=ielts", 200, nil, []string{"IELTS"})
	// The public page is rendered on the server with its data.
	res, err := http.Get(w.ts.URL + fmt.Sprintf("/mn/product/%d", w.hoodie))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	buf := new(strings.Builder)
	_, _ = io.Copy(buf, res.Body)
	if res.StatusCode != 200 || !strings.Contains(buf.String(), "Гэрэгэ цамц") || !strings.Contains(buf.String(), "45 000₮") {
		t.Fatalf("page: %d %.600s", res.StatusCode, buf.String())
	}
}

func quoteBody(items ...map[string]any) map[string]any { return map[string]any{"items": items} }

func TestQuoteAndBadInput(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	// Adding the same product twice merges: the quantities add up, the colours join; the
	// client's price is ignored.
	r := call(t, w, "anonymous", "POST", "/api/product/quote", map[string]any{"delivery": "courier", "items": []map[string]any{
		{"id": w.hoodie, "price": 1, "quantity": 1, "colours": []string{"Blue"}},
		{"id": w.guide, "price": 1, "quantity": 2, "colours": []string{}},
		{"id": w.hoodie, "price": 1, "quantity": 1, "colours": []string{"Red"}},
	}})
	apitest.MustStatus(t, r, 200)
	for _, want := range []string{`"subTotal":130000`, `"shipping":5000`, `"total":135000`, `"totalItems":4`, `"colours":["Blue","Red"]`, `"quantity":2`} {
		if !strings.Contains(r.Raw, want) {
			t.Errorf("quote lacks %s: %s", want, r.Raw)
		}
	}
	// A coupon, then the same coupon expired.
	expires := w.clock.Now().AddDate(0, 0, 2).In(time.FixedZone("UB", 8*3600)).Format(time.DateOnly)
	apitest.MustStatus(t, call(t, w, "admin", "POST", "/api/shop/coupons", map[string]any{"code": "study10", "percent": 10, "expiresOn": expires}), 201)
	r = call(t, w, "anonymous", "POST", "/api/product/quote", map[string]any{"coupon": "STUDY10", "items": []map[string]any{{"id": w.guide, "quantity": 1}}})
	apitest.MustStatus(t, r, 200)
	if !strings.Contains(r.Raw, `"discount":2000`) || !strings.Contains(r.Raw, `"total":18000`) {
		t.Fatalf("coupon: %s", r.Raw)
	}
	w.clock.Advance(4 * 24 * time.Hour)
	r = apitest.Call(t, w.c["anonymous"], w.ts, "POST", "/api/product/quote", map[string]any{"coupon": "study10",
		"items": []map[string]any{{"id": w.guide, "quantity": 1}}}, "", "Accept-Language", "mn", "Sec-Fetch-Site", "same-origin")
	apitest.MustStatus(t, r, 422)
	if !strings.Contains(r.Raw, "хугацаа дууссан") {
		t.Fatalf("expired coupon in Mongolian: %s", r.Raw)
	}

	bad := []struct {
		name  string
		body  any
		field string
	}{
		{"negative", quoteBody(map[string]any{"id": w.guide, "quantity": -1}), "items.0.quantity"},
		{"fractional", quoteBody(map[string]any{"id": w.guide, "quantity": 1.5}), "items.0.quantity"},
		{"zero", quoteBody(map[string]any{"id": w.guide, "quantity": 0}), "items.0.quantity"},
		{"huge", quoteBody(map[string]any{"id": w.guide, "quantity": 1e300}), "items.0.quantity"},
		{"unknown product", quoteBody(map[string]any{"id": 999999, "quantity": 1}), "items.0.id"},
		{"unknown colour", quoteBody(map[string]any{"id": w.hoodie, "quantity": 1, "colours": []string{"Green"}}), "items.0.colours"},
		{"too many", quoteBody(map[string]any{"id": w.hoodie, "quantity": 11}), "items.0.quantity"},
		{"empty", quoteBody(), "items"},
		{"unknown coupon", map[string]any{"coupon": "NOPE", "items": []map[string]any{{"id": w.guide, "quantity": 1}}}, "coupon"},
		{"bad delivery", map[string]any{"delivery": "drone", "items": []map[string]any{{"id": w.hoodie, "quantity": 1}}}, "delivery"},
	}
	for _, b := range bad {
		r := call(t, w, "anonymous", "POST", "/api/product/quote", b.body)
		if r.Status != 422 || !strings.Contains(r.Raw, `"`+b.field+`"`) {
			t.Errorf("%s: %d %s", b.name, r.Status, r.Raw)
		}
	}
	for _, raw := range []string{`{"items":[{"id":"x","quantity":1}]}`, `{"items":[{"id":1,"quantity":"1"}]}`, `[`, `{"items":{}}`} {
		r := apitest.Do(t, w.ts, "POST", "/api/product/quote", raw, map[string]string{"Content-Type": "application/json"})
		if r.Status != 400 {
			t.Errorf("%s: %d %s", raw, r.Status, r.Raw)
		}
	}
}

func checkoutBody(key string, items ...map[string]any) map[string]any {
	return map[string]any{"key": key, "delivery": "pickup", "provider": "bank", "items": items,
		"billing": map[string]any{"name": "Saraa Bold", "email": "saraa@example.mn", "phone": "99112233", "city": "Улаанбаатар"}}
}

func TestCheckoutAndOrders(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	// The cart follows the buyer: saved from one device, read from another.
	state := map[string]any{"activeStep": 1, "cart": []map[string]any{{"id": w.hoodie, "price": 45000, "quantity": 2, "colours": []string{"Blue"}}},
		"billing": map[string]any{"name": "Saraa"}, "delivery": "pickup", "coupon": ""}
	apitest.MustStatus(t, call(t, w, "individual", "PUT", "/api/me/cart", state), 200)
	other := apitest.SignIn(t, w.ts, apitest.RoleEmails["individual"])
	r := apitest.Call(t, other, w.ts, "GET", "/api/me/cart", nil, "")
	if !strings.Contains(r.Raw, `"activeStep":1`) || !strings.Contains(r.Raw, `"Blue"`) {
		t.Fatalf("cart on the other device: %s", r.Raw)
	}
	apitest.MustStatus(t, call(t, w, "individual", "PUT", "/api/me/cart", map[string]any{"activeStep": 9, "cart": []map[string]any{{"id": 1, "quantity": 0.5}}}), 422)
	apitest.MustStatus(t, call(t, w, "anonymous", "GET", "/api/me/cart", nil), 401)

	// A price the client sends that is not the product's is refused.
	r = call(t, w, "individual", "POST", "/api/product/checkout", checkoutBody("k0", map[string]any{"id": w.hoodie, "price": 1, "quantity": 1}))
	apitest.MustStatus(t, r, 422)
	if !strings.Contains(r.Raw, "items.0.price") {
		t.Fatalf("client price: %s", r.Raw)
	}
	// Check out; a double click (same key) is the same order.
	body := checkoutBody("k1", map[string]any{"id": w.hoodie, "price": 45000, "quantity": 1, "colours": []string{"Blue"}},
		map[string]any{"id": w.hoodie, "quantity": 1, "colours": []string{"Red"}}, map[string]any{"id": w.guide, "quantity": 1})
	r = call(t, w, "individual", "POST", "/api/product/checkout", body)
	apitest.MustStatus(t, r, 201)
	order := r.Body["order"].(map[string]any)
	id := int64(order["id"].(float64))
	if order["status"] != "placed" || order["total"].(float64) != 110000 || r.Body["next"].(map[string]any)["kind"] != "transfer" {
		t.Fatalf("order: %s", r.Raw)
	}
	r2 := call(t, w, "individual", "POST", "/api/product/checkout", body)
	apitest.MustStatus(t, r2, 200)
	if int64(r2.Body["order"].(map[string]any)["id"].(float64)) != id {
		t.Fatalf("second click made another order: %s", r2.Raw)
	}
	// The stored cart was emptied with the order; stock is not taken before payment.
	if r := call(t, w, "individual", "GET", "/api/me/cart", nil); strings.Contains(r.Raw, "Blue") {
		t.Fatalf("cart kept: %s", r.Raw)
	}
	if p, _ := w.s.Store().ProductByID(context.Background(), w.hoodie); p.Stock != 10 {
		t.Fatalf("stock taken before payment: %d", p.Stock)
	}
	// Buyer and seller see it; others do not.
	path := fmt.Sprintf("/api/me/orders/%d", id)
	apitest.MustStatus(t, call(t, w, "individual", "GET", path, nil), 200)
	apitest.MustStatus(t, call(t, w, "owner", "GET", path, nil), 404)
	apitest.MustStatus(t, call(t, w, "admin", "GET", fmt.Sprintf("/api/shop/orders/%d", id), nil), 200)
	apitest.MustStatus(t, call(t, w, "manager", "GET", fmt.Sprintf("/api/shop/orders/%d", id), nil), 409) // unverified org
	r = call(t, w, "individual", "GET", "/api/me/orders", nil)
	if !strings.Contains(r.Raw, "Gerege hoodie") {
		t.Fatalf("my orders: %s", r.Raw)
	}
	// The admin marks the bank transfer paid: the order is paid and its stock taken, once.
	pay := int64(order["paymentId"].(float64))
	apitest.MustStatus(t, call(t, w, "admin", "POST", fmt.Sprintf("/api/payments/%d/mark-paid", pay), struct{}{}), 200)
	apitest.MustStatus(t, call(t, w, "admin", "POST", fmt.Sprintf("/api/payments/%d/mark-paid", pay), struct{}{}), 409)
	if p, _ := w.s.Store().ProductByID(context.Background(), w.hoodie); p.Stock != 8 || p.Sold != 2 {
		t.Fatalf("stock after payment: %d sold %d", p.Stock, p.Sold)
	}
	if r := call(t, w, "individual", "GET", path, nil); !strings.Contains(r.Raw, `"status":"paid"`) || strings.Contains(r.Raw, `"next"`) {
		t.Fatalf("paid order: %s", r.Raw)
	}
	if r := call(t, w, "individual", "GET", "/api/notifications", nil); !strings.Contains(r.Raw, fmt.Sprintf("Your order %d: Paid", id)) {
		t.Fatalf("the buyer was not told: %.500s", r.Raw)
	}
	// The buyer can no longer cancel; the seller fulfils, completes.
	apitest.MustStatus(t, call(t, w, "individual", "POST", path+"/cancel", struct{}{}), 409)
	sp := fmt.Sprintf("/api/shop/orders/%d/status", id)
	apitest.MustStatus(t, call(t, w, "admin", "POST", sp, map[string]any{"status": "completed"}), 409)
	apitest.MustStatus(t, call(t, w, "admin", "POST", sp, map[string]any{"status": "fulfilled"}), 422)
	r = call(t, w, "admin", "POST", sp, map[string]any{"status": "fulfilled", "fulfilment": "shipped"})
	apitest.MustStatus(t, r, 200)
	apitest.MustStatus(t, call(t, w, "admin", "POST", sp, map[string]any{"status": "completed"}), 200)
	r = call(t, w, "admin", "GET", "/api/shop/overview", nil)
	if !strings.Contains(r.Raw, `"amount":110000`) || !strings.Contains(r.Raw, `{"key":"completed","count":1}`) {
		t.Fatalf("overview: %s", r.Raw)
	}
	// Cancelling a placed order by its buyer; then payment for it is refused.
	r = call(t, w, "individual", "POST", "/api/product/checkout", checkoutBody("k2", map[string]any{"id": w.guide, "quantity": 1}))
	apitest.MustStatus(t, r, 201)
	id2 := int64(r.Body["order"].(map[string]any)["id"].(float64))
	pay2 := int64(r.Body["order"].(map[string]any)["paymentId"].(float64))
	apitest.MustStatus(t, call(t, w, "individual", "POST", fmt.Sprintf("/api/me/orders/%d/cancel", id2), struct{}{}), 200)
	if r := call(t, w, "admin", "POST", fmt.Sprintf("/api/payments/%d/mark-paid", pay2), struct{}{}); r.Status == 200 {
		t.Fatalf("a cancelled order's payment was settled: %s", r.Raw)
	}
	// Bad checkouts: nothing half-saved.
	for _, b := range []map[string]any{
		checkoutBody("", map[string]any{"id": w.guide, "quantity": 1}),
		checkoutBody("k3", map[string]any{"id": w.guide, "quantity": -2}),
		checkoutBody("k4", map[string]any{"id": w.hoodie, "quantity": 1, "colours": []string{"Pink"}}),
		{"key": "k5", "items": []map[string]any{{"id": w.guide, "quantity": 1}}, "billing": map[string]any{"name": "", "email": "bad"}},
	} {
		if r := call(t, w, "individual", "POST", "/api/product/checkout", b); r.Status != 422 {
			t.Errorf("bad checkout: %d %s", r.Status, r.Raw)
		}
	}
	list, _, _ := w.s.Store().Orders(context.Background(), db.OrderFilter{BuyerUserID: w.ids["individual"]})
	if len(list) != 2 {
		t.Fatalf("orders: %d", len(list))
	}
}

var hashOnce struct {
	sync.Once
	h string
}

func mustHash(t testing.TB) string {
	hashOnce.Do(func() { hashOnce.h, _ = secure.NewHasher().Hash(apitest.Password) })
	return hashOnce.h
}
