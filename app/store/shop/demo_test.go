package shop_test

import (
	"strings"
	"testing"

	"gerege/app"
	"gerege/app/apitest"
)

// The demo shop: products in both languages, the student's orders in every status, the
// admin's sales overview with revenue.
func TestDemoShop(t *testing.T) {
	t.Parallel()
	_, ts := apitest.NewServer(t, func(c *app.Config) { c.Demo = true })
	as := func(who string) func(path string, lang string) string {
		c := apitest.WebClient()
		apitest.MustStatus(t, apitest.Call(t, c, ts, "POST", "/api/web/auth/login",
			map[string]any{"email": who + "@demo.gerege.mn", "password": app.DemoPassword}, "", "Sec-Fetch-Site", "same-origin"), 200)
		return func(path, lang string) string {
			r := apitest.Call(t, c, ts, "GET", path, nil, "", "Accept-Language", lang)
			apitest.MustStatus(t, r, 200)
			return r.Raw
		}
	}
	student, admin := as("student"), as("admin")
	for lang, want := range map[string]string{"en": "Gerege hoodie", "mn": "Гэрэгэ цамц"} {
		if got := student("/api/product/list", lang); !strings.Contains(got, want) {
			t.Errorf("%s list lacks %s: %.300s", lang, want, got)
		}
	}
	mine := student("/api/me/orders", "en")
	for _, s := range []string{"placed", "paid", "fulfilled", "completed", "cancelled"} {
		if !strings.Contains(mine, `"status":"`+s+`"`) {
			t.Errorf("no %s order: %.400s", s, mine)
		}
	}
	if got := admin("/api/shop/overview", "en"); !strings.Contains(got, `"amount":`) || !strings.Contains(got, "Education fair ticket") {
		t.Errorf("overview: %.600s", got)
	}
}
