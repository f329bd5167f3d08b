package communities_test

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"strings"
	"testing"

	"gerege/app/apitest"
)

// photo is a JPEG of w×h with an EXIF segment holding GPS coordinates, as a phone writes it.
func photo(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 120, 255})
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 80}); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	// APP1 "Exif\0\0" right after SOI, with a GPS marker and coordinates in its payload.
	payload := append([]byte("Exif\x00\x00MM\x00\x2a"), []byte("GPSLatitude 47.9184N GPSLongitude 106.9177E SecretPhone")...)
	seg := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(payload)+2))
	out := append([]byte{}, b[:2]...)
	out = append(out, seg...)
	out = append(out, payload...)
	return append(out, b[2:]...)
}

// bomb is a tiny PNG whose header claims 100,000 × 100,000 pixels.
func bomb() []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], 100000)
	binary.BigEndian.PutUint32(ihdr[4:], 100000)
	ihdr[8], ihdr[9] = 8, 2 // 8-bit RGB
	chunk := func(typ string, data []byte) {
		_ = binary.Write(&b, binary.BigEndian, uint32(len(data)))
		b.WriteString(typ)
		b.Write(data)
		_ = binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(append([]byte(typ), data...)))
	}
	chunk("IHDR", ihdr)
	chunk("IDAT", []byte{0x78, 0x9c, 0x01, 0x00, 0x00, 0xff, 0xff})
	return b.Bytes()
}

func TestCoverResizedAndStripped(t *testing.T) {
	t.Parallel()
	w := newPostsWorld(t)
	src := photo(t, 2000, 1000)
	if !bytes.Contains(src, []byte("GPSLatitude")) {
		t.Fatal("the test photo has no GPS")
	}
	slug := w.published(t, "admin", "", "With a cover", "Text")
	r := upload(t, w.c["admin"], w.ts, "/api/me/posts/"+slug+"/cover", "cover", "IMG_0001.jpg", src)
	apitest.MustStatus(t, r, 200)
	cover, _ := r.Body["cover"].(map[string]any)
	sizes, _ := cover["sizes"].([]any)
	if len(sizes) != 3 {
		t.Fatalf("sizes: %s", r.Raw)
	}
	for i, want := range [][2]float64{{1600, 800}, {800, 400}, {400, 200}} {
		s := sizes[i].(map[string]any)
		if s["width"] != want[0] || s["height"] != want[1] {
			t.Errorf("size %d: %v×%v, want %v", i, s["width"], s["height"], want)
		}
		img := call(t, nil, w.ts, "GET", s["url"].(string), nil)
		apitest.MustStatus(t, img, 200)
		for _, bad := range []string{"Exif", "GPS", "SecretPhone"} {
			if strings.Contains(img.Raw, bad) {
				t.Errorf("size %d still holds %q", i, bad)
			}
		}
		cfg, format, err := image.DecodeConfig(strings.NewReader(img.Raw))
		if err != nil || format != "jpeg" || float64(cfg.Width) != want[0] {
			t.Errorf("size %d: %v %s %d", i, err, format, cfg.Width)
		}
		if cc := img.Header.Get("Cache-Control"); !strings.Contains(cc, "public") || !strings.Contains(cc, "max-age=31536000") {
			t.Errorf("Cache-Control %q", cc)
		}
	}
	// The list and the page show it; a narrow picture is never enlarged.
	if r := call(t, nil, w.ts, "GET", "/api/post/list", nil); !strings.Contains(r.Raw, "srcset") || !strings.Contains(r.Raw, "1600w") {
		t.Errorf("list: %s", r.Raw)
	}
	r = upload(t, w.c["admin"], w.ts, "/api/me/posts/"+slug+"/cover", "cover", "small.jpg", photo(t, 600, 300))
	apitest.MustStatus(t, r, 200)
	if got := r.Body["cover"].(map[string]any)["sizes"].([]any); len(got) != 2 || got[0].(map[string]any)["width"] != float64(600) {
		t.Errorf("a 600 px picture: %s", r.Raw)
	}
	// The old sizes are gone.
	for _, s := range sizes {
		apitest.MustStatus(t, call(t, nil, w.ts, "GET", s.(map[string]any)["url"].(string), nil), 404)
	}
	// Only the author; the cover of a draft is not public.
	apitest.MustStatus(t, upload(t, w.c["individual"], w.ts, "/api/me/posts/"+slug+"/cover", "cover", "a.jpg", src), 404)
	d := w.post(t, "admin", map[string]any{"title": "Draft with cover"})
	r = upload(t, w.c["admin"], w.ts, "/api/me/posts/"+d.Str("slug")+"/cover", "cover", "a.jpg", src)
	apitest.MustStatus(t, r, 200)
	url := r.Body["cover"].(map[string]any)["src"].(string)
	apitest.MustStatus(t, call(t, nil, w.ts, "GET", url, nil), 404)
	apitest.MustStatus(t, call(t, w.c["admin"], w.ts, "GET", url, nil), 200)
	r = call(t, w.c["admin"], w.ts, "DELETE", "/api/me/posts/"+d.Str("slug")+"/cover", nil)
	apitest.MustStatus(t, r, 200)
	if r.Body["cover"] != nil {
		t.Errorf("cover not removed: %s", r.Raw)
	}
}

func TestCoverBombsAndNonImagesRefused(t *testing.T) {
	t.Parallel()
	w := newPostsWorld(t)
	d := w.post(t, "admin", map[string]any{"title": "Cover tests"})
	path := "/api/me/posts/" + d.Str("slug") + "/cover"
	r := upload(t, w.c["admin"], w.ts, path, "cover", "bomb.png", bomb())
	apitest.MustStatus(t, r, 422)
	errs, _ := r.Body["errors"].(map[string]any)
	if msg, _ := errs["cover"].(string); !strings.Contains(msg, "too large") {
		t.Errorf("no field message on cover: %s", r.Raw)
	}
	r = upload(t, w.c["admin"], w.ts, path, "cover", "bomb.png", bomb())
	apitest.MustStatus(t, r, 422)
	apitest.MustStatus(t, upload(t, w.c["admin"], w.ts, path, "cover", "notes.txt", []byte("just text, not a picture")), 415)
	// A PNG signature with garbage after it.
	r = upload(t, w.c["admin"], w.ts, path, "cover", "broken.png", append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{7}, 100)...))
	apitest.MustStatus(t, r, 422)
	apitest.MustStatus(t, upload(t, w.c["admin"], w.ts, path, "other", "a.jpg", photo(t, 10, 10)), 422)
	// Nothing was kept of the refused uploads.
	var n int
	_ = w.s.Store().Write.QueryRow(`SELECT count(*) FROM files`).Scan(&n)
	if n != 0 {
		t.Errorf("%d files left after refused uploads", n)
	}
}

func TestNoServerErrorOnAnyInput(t *testing.T) {
	t.Parallel()
	w := newPostsWorld(t)
	d := w.post(t, "individual", map[string]any{"title": "Mine", "community": "steppe"})
	apitest.MustStatus(t, d, 201)
	mine := "/api/me/posts/" + d.Str("slug")
	long := strings.Repeat("я", 60000)
	for _, tc := range []struct {
		method, path string
		body         any
	}{
		{"GET", "/api/post/list?after=garbage", nil},
		{"GET", "/api/post/list?after=eyJhIjoxfQ", nil},
		{"GET", "/api/post/list?limit=-1", nil},
		{"GET", "/api/post/list?limit=99999999999999999999", nil},
		{"GET", "/api/post/list?lang=fr&kind=poll", nil},
		{"GET", "/api/post/list?community=%00", nil},
		{"GET", "/api/post/list?community=steppe&forum=" + strings.Repeat("x", 300), nil},
		{"GET", "/api/post/list?tag=" + strings.Repeat("t", 100), nil},
		{"GET", "/api/post/details", nil},
		{"GET", "/api/post/details?slug=" + strings.Repeat("z", 5000), nil},
		{"GET", "/api/post/search?q=" + strings.Repeat("\"*(NEAR ", 50), nil},
		{"GET", "/api/post/search?q=%22%27%3B--&after=zzz", nil},
		{"GET", "/api/post/latest?limit=abc", nil},
		{"GET", "/api/post/covers/abc", nil},
		{"GET", "/api/post/covers/99999999999999999999", nil},
		{"GET", "/api/me/posts?status=nope", nil},
		{"GET", "/api/me/posts?after=%ff", nil},
		{"POST", "/api/me/posts", "not an object"},
		{"POST", "/api/me/posts", map[string]any{"title": long, "body": long + long, "lang": "xx", "tags": []any{1, 2}}},
		{"POST", "/api/me/posts", map[string]any{"title": "T", "lang": "en", "tags": strings.Split(strings.Repeat("a,", 30), ",")}},
		{"POST", "/api/me/posts", map[string]any{"title": "T\x00", "lang": "en", "community": strings.Repeat("c", 500)}},
		{"PUT", mine, map[string]any{"title": 5}},
		{"POST", mine + "/status", map[string]any{"status": "hidden"}},
		{"POST", mine + "/status", map[string]any{"status": "scheduled", "publishAt": "2999-01-01T00:00:00Z"}},
		{"POST", mine + "/status", map[string]any{"status": "scheduled", "publishAt": "9999999-99"}},
		{"POST", mine + "/cover", map[string]any{"cover": "x"}},
		{"POST", "/api/topics", map[string]any{"community": []int{1}}},
		{"POST", "/api/topics", map[string]any{"community": "steppe", "forum": "general", "title": "t", "body": "b", "lang": "en", "tags": []string{"<script>"}}},
		{"PUT", "/api/topics/" + d.Str("slug") + "/settings", map[string]any{"slowMode": -5}},
		{"PUT", "/api/topics/nope/settings", map[string]any{"slowMode": 1}},
	} {
		r := call(t, w.c["individual"], w.ts, tc.method, tc.path, tc.body)
		if r.Status >= 500 || r.Status < 400 {
			t.Errorf("%s %.80s: %d %.200s", tc.method, tc.path, r.Status, r.Raw)
		}
	}
	// Bad multipart.
	req := call(t, w.c["individual"], w.ts, "POST", mine+"/cover", nil)
	if req.Status >= 500 {
		t.Errorf("empty cover upload: %d", req.Status)
	}
}

// sideways is a 300×100 JPEG, red on the left and blue on the right, whose EXIF says to show it
// turned 90° clockwise (orientation 6), as a phone held upright writes it.
func sideways(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 300, 100))
	for y := 0; y < 100; y++ {
		for x := 0; x < 300; x++ {
			c := color.RGBA{220, 20, 20, 255}
			if x >= 150 {
				c = color.RGBA{20, 20, 220, 255}
			}
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, nil); err != nil {
		t.Fatal(err)
	}
	tiff := []byte{'M', 'M', 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0}
	payload := append([]byte("Exif\x00\x00"), tiff...)
	seg := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(payload)+2))
	b := buf.Bytes()
	out := append(append(append([]byte{}, b[:2]...), seg...), payload...)
	return append(out, b[2:]...)
}

func TestCoverTurnedAsItsEXIFSays(t *testing.T) {
	t.Parallel()
	w := newPostsWorld(t)
	slug := w.published(t, "admin", "", "Upright", "Text")
	r := upload(t, w.c["admin"], w.ts, "/api/me/posts/"+slug+"/cover", "cover", "phone.jpg", sideways(t))
	apitest.MustStatus(t, r, 200)
	s := r.Body["cover"].(map[string]any)["sizes"].([]any)[0].(map[string]any)
	if s["width"] != float64(100) || s["height"] != float64(300) {
		t.Fatalf("not turned: %v×%v", s["width"], s["height"])
	}
	img, err := jpeg.Decode(strings.NewReader(call(t, nil, w.ts, "GET", s["url"].(string), nil).Raw))
	if err != nil {
		t.Fatal(err)
	}
	red := func(x, y int) bool { r, _, b, _ := img.At(x, y).RGBA(); return r > b }
	if !red(50, 20) || red(50, 280) {
		t.Error("the picture is not turned clockwise: red should be on top")
	}
}
