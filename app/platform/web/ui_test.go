package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"

	"gerege/ui"
)

// TestUIStartCompressesNothing: start-up reads no file (each is read on its first request);
// pages the public URL is written into are compressed on their first request, once, in both
// encodings, and every other file is served from the build's own .br and .gz siblings.
func TestUIStartCompressesNothing(t *testing.T) {
	const base = "https://gerege.example"
	u, err := NewUI(ui.Dist(), base)
	if err != nil {
		t.Fatal(err)
	}
	lazy := 0
	for p, f := range u.files {
		if f.raw != nil || f.etag != "" {
			t.Errorf("%s was read at start", p)
		}
		f.ensure() // what its first request does
		switch {
		case f.lazy:
			lazy++
			if f.gz != nil || f.br != nil {
				t.Errorf("%s was compressed at start", p)
			}
			if bytes.Contains(f.raw, []byte(Origin)) {
				t.Errorf("%s still holds the placeholder", p)
			}
		case strings.HasSuffix(p, ".html") || strings.HasSuffix(p, ".js") || strings.HasSuffix(p, ".css"):
			if f.gz == nil || f.br == nil {
				t.Errorf("%s has no precompressed sibling from the build", p)
			}
		}
	}
	if lazy == 0 || u.files["pages/en/index.html"] == nil || !u.files["pages/en/index.html"].lazy {
		t.Fatalf("no page takes the public URL (%d lazy files)", lazy)
	}

	get := func(enc string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("GET", "/en", nil)
		req.Header.Set("Accept-Encoding", enc)
		rec := httptest.NewRecorder()
		u.ServePage(rec, req, "en", "/")
		return rec
	}
	start := time.Now()
	br := get("gzip, deflate, br")
	t.Logf("first brotli request of a page: %v", time.Since(start))
	plain := get("")
	gz := get("gzip")
	if br.Header().Get("Content-Encoding") != "br" || gz.Header().Get("Content-Encoding") != "gzip" || plain.Header().Get("Content-Encoding") != "" {
		t.Fatalf("encodings: %q %q %q", br.Header().Get("Content-Encoding"), gz.Header().Get("Content-Encoding"), plain.Header().Get("Content-Encoding"))
	}
	unbr, _ := io.ReadAll(brotli.NewReader(bytes.NewReader(br.Body.Bytes())))
	zr, _ := gzip.NewReader(bytes.NewReader(gz.Body.Bytes()))
	ungz, _ := io.ReadAll(zr)
	if !bytes.Equal(unbr, plain.Body.Bytes()) || !bytes.Equal(ungz, plain.Body.Bytes()) ||
		!bytes.Contains(unbr, []byte(`href="`+base+`/en"`)) {
		t.Error("the compressed pages differ from the page")
	}
	f := u.files["pages/en/index.html"]
	first := &f.br[0]
	if again := get("br"); !bytes.Equal(again.Body.Bytes(), br.Body.Bytes()) || &f.br[0] != first {
		t.Error("the page was compressed again")
	}
	tags := map[string]bool{br.Header().Get("ETag"): true, gz.Header().Get("ETag"): true, plain.Header().Get("ETag"): true}
	if len(tags) != 3 {
		t.Errorf("one ETag per encoding: %v", tags)
	}
	for _, c := range []struct {
		enc, inm string
		status   int
	}{
		{"br", br.Header().Get("ETag"), 304},
		{"br", `W/` + br.Header().Get("ETag"), 304},
		{"br", `"x", ` + br.Header().Get("ETag"), 304},
		{"br", plain.Header().Get("ETag"), 200}, // another representation
		{"gzip", br.Header().Get("ETag"), 200},
		{"", plain.Header().Get("ETag"), 304},
	} {
		req := httptest.NewRequest("GET", "/en", nil)
		req.Header.Set("Accept-Encoding", c.enc)
		req.Header.Set("If-None-Match", c.inm)
		rec := httptest.NewRecorder()
		u.ServePage(rec, req, "en", "/")
		if rec.Code != c.status {
			t.Errorf("%q with If-None-Match %s: %d, want %d", c.enc, c.inm, rec.Code, c.status)
		}
	}
	if rec := get("br"); rec.Header().Get("Vary") != "Accept-Encoding" || rec.Code != http.StatusOK {
		t.Errorf("Vary %q", rec.Header().Get("Vary"))
	}
}

// TestUIServesTheBuildsSiblings: with the build's own placeholder as the public URL, pages
// are served as the build compressed them.
func TestUIServesTheBuildsSiblings(t *testing.T) {
	u, err := NewUI(ui.Dist(), Origin)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := ui.Dist().(interface{ ReadFile(string) ([]byte, error) }).ReadFile("pages/mn/index.html.br")
	req := httptest.NewRequest("GET", "/mn", nil)
	req.Header.Set("Accept-Encoding", "br")
	rec := httptest.NewRecorder()
	u.ServePage(rec, req, "mn", "/")
	if len(want) == 0 || !bytes.Equal(rec.Body.Bytes(), want) {
		t.Errorf("not the build's brotli file (%d bytes, want %d)", rec.Body.Len(), len(want))
	}
}

// The brotli window fits the file: small for a page (the memory a 4 MB window cost), large
// enough that nothing is lost for a big one.
func TestBrotliWindowFitsTheFile(t *testing.T) {
	for _, tc := range []struct{ size, lg int }{{0, 16}, {9_000, 16}, {65_536, 16}, {65_537, 17}, {300_000, 19}, {1 << 30, 24}} {
		if got := brotliOptions(tc.size).LGWin; got != tc.lg {
			t.Errorf("size %d: window 2^%d, want 2^%d", tc.size, got, tc.lg)
		}
	}
}
