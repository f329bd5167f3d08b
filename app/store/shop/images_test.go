package shop_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"gerege/app/apitest"
)

func pngBytes(t *testing.T) []byte {
	t.Helper()
	m := image.NewRGBA(image.Rect(0, 0, 8, 8))
	m.Set(1, 1, color.RGBA{G: 200, A: 255})
	var b bytes.Buffer
	if err := png.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func upload(t *testing.T, w *world, as string, product int64, name string, content []byte) apitest.Reply {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("image", name)
	_, _ = fw.Write(content)
	_ = mw.Close()
	req, _ := http.NewRequest("POST", fmt.Sprintf("%s/api/shop/products/%d/images", w.ts.URL, product), &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	res, err := w.c[as].Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	r := apitest.Reply{Status: res.StatusCode, Raw: string(raw)}
	_ = json.Unmarshal(raw, &r.Body)
	return r
}

// Pictures: typed by content, shown while the product is active, removed by the seller.
func TestProductImages(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	r := upload(t, w, "admin", w.hoodie, "front.png", pngBytes(t))
	apitest.MustStatus(t, r, 201)
	images := r.Body["images"].([]any)
	if len(images) != 1 {
		t.Fatalf("images: %s", r.Raw)
	}
	src := images[0].(string)
	res, err := http.Get(w.ts.URL + src)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("picture: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	// Not a picture: refused by its content, whatever its name.
	if r := upload(t, w, "admin", w.hoodie, "evil.png", []byte("<script>alert(1)</script>")); r.Status != 415 {
		t.Fatalf("a script as a picture: %d %s", r.Status, r.Raw)
	}
	// Another seller cannot add to it.
	if r := upload(t, w, "owner", w.hoodie, "x.png", pngBytes(t)); r.Status < 400 || r.Status >= 500 {
		t.Fatalf("another seller: %d", r.Status)
	}
	// Removed: gone from the product and from the public address.
	file := src[strings.LastIndex(src, "/")+1:]
	apitest.MustStatus(t, call(t, w, "admin", "DELETE", fmt.Sprintf("/api/shop/products/%d/images/%s", w.hoodie, file), nil), 200)
	res, err = http.Get(w.ts.URL + src)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 404 {
		t.Fatalf("removed picture: %d", res.StatusCode)
	}
}
