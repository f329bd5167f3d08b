package files

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"strings"
	"testing"

	"gerege/app/platform/web"
)

// TestServe: the download headers, Range and HEAD.
func TestServe(t *testing.T) {
	t.Parallel()
	s, _, _ := newStore(t)
	ctx := context.Background()
	content := pdfFile(1000)
	f, err := s.Put(ctx, bytes.NewReader(content), "Миний CV \"final\".txt", Documents, 0)
	if err != nil {
		t.Fatal(err)
	}
	kit := &web.Kit{}
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var id int64
		fmt.Sscan(r.URL.Query().Get("id"), &id)
		if err := s.Serve(w, r, id); err != nil {
			kit.Fail(w, r, err)
		}
	})
	get := func(method, id string, hdr ...string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(method, "/api/files?id="+id, nil)
		for i := 0; i+1 < len(hdr); i += 2 {
			r.Header.Set(hdr[i], hdr[i+1])
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	w := get("GET", fmt.Sprint(f.ID))
	want := map[string]string{
		"Content-Type":            "application/pdf",
		"Content-Disposition":     `attachment; filename="_____ CV _final_.pdf"; filename*=UTF-8''%D0%9C%D0%B8%D0%BD%D0%B8%D0%B9%20CV%20%22final%22.pdf`,
		"X-Content-Type-Options":  "nosniff",
		"Content-Security-Policy": "sandbox; default-src 'none'",
		"Content-Length":          fmt.Sprint(len(content)),
		"Accept-Ranges":           "bytes",
		"Etag":                    `"` + f.SHA256 + `"`,
	}
	if w.Code != 200 || !bytes.Equal(w.Body.Bytes(), content) {
		t.Fatalf("GET: %d, %d bytes", w.Code, w.Body.Len())
	}
	for k, v := range want {
		if got := w.Header().Get(k); got != v {
			t.Errorf("%s: %q, want %q", k, got, v)
		}
	}
	w = get("GET", fmt.Sprint(f.ID), "Range", "bytes=5-9")
	if w.Code != 206 || w.Body.String() != string(content[5:10]) || w.Header().Get("Content-Range") != fmt.Sprintf("bytes 5-9/%d", len(content)) {
		t.Fatalf("Range: %d %q %q", w.Code, w.Body.String(), w.Header().Get("Content-Range"))
	}
	w = get("HEAD", fmt.Sprint(f.ID))
	if w.Code != 200 || w.Body.Len() != 0 || w.Header().Get("Content-Length") != fmt.Sprint(len(content)) {
		t.Fatalf("HEAD: %d %d", w.Code, w.Body.Len())
	}
	w = get("GET", fmt.Sprint(f.ID), "If-None-Match", `"`+f.SHA256+`"`)
	if w.Code != 304 {
		t.Fatalf("If-None-Match: %d", w.Code)
	}
	if w = get("GET", "424242"); w.Code != 404 {
		t.Fatalf("missing: %d", w.Code)
	}
}

func TestContentDisposition(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"cv.pdf":                   `attachment; filename="cv.pdf"; filename*=UTF-8''cv.pdf`,
		"a;b\r\nSet-Cookie: x.pdf": `attachment; filename="a_b__Set-Cookie_ x.pdf"; filename*=UTF-8''a%3Bb%0D%0ASet-Cookie%3A%20x.pdf`,
		`q"\.pdf`:                  `attachment; filename="q__.pdf"; filename*=UTF-8''q%22%5C.pdf`,
	}
	for in, want := range cases {
		if got := ContentDisposition(in); got != want {
			t.Errorf("%q: %s\nwant %s", in, got, want)
		}
	}
}

type part struct {
	field, filename, ctype string
	data                   []byte
}

func multipartBody(t testing.TB, parts ...part) (string, []byte) {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for _, p := range parts {
		h := textproto.MIMEHeader{}
		cd := fmt.Sprintf(`form-data; name="%s"`, p.field)
		if p.filename != "" {
			cd += fmt.Sprintf(`; filename="%s"`, p.filename)
		}
		h.Set("Content-Disposition", cd)
		if p.ctype != "" {
			h.Set("Content-Type", p.ctype)
		}
		w, err := mw.CreatePart(h)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(p.data)
	}
	mw.Close()
	return mw.FormDataContentType(), buf.Bytes()
}

// TestReadForm: a multipart request through the real body limit; 413/415/422 answered with
// the field's message in English and Mongolian.
func TestReadForm(t *testing.T) {
	t.Parallel()
	s, d, _ := newStore(t)
	owner := newUser(t, d)
	small := Documents
	small.MaxBytes = 2000
	fields := map[string]Field{"cv": {Policy: small, Required: true}, "extra": {Policy: Images, Max: 2}}
	kit := &web.Kit{MaxBody: 1024, MaxUpload: 20000}
	var got *Form
	h := kit.Language(kit.LimitBody(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f, err := s.ReadForm(r, owner, fields)
		if err != nil {
			kit.Fail(w, r, err)
			return
		}
		got = f
		web.JSON(w, 200, map[string]any{"ok": true})
	})))
	// Sent as it streams (chunked, no Content-Length), as browsers may.
	send := func(lang, ctype string, body []byte) (int, web.Body) {
		r := httptest.NewRequest("POST", "/api/upload", io.MultiReader(bytes.NewReader(body)))
		r.ContentLength = -1
		r.Header.Set("Content-Type", ctype)
		r.Header.Set("Accept-Language", lang)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		var b web.Body
		_ = json.Unmarshal(w.Body.Bytes(), &b)
		return w.Code, b
	}

	ct, body := multipartBody(t, part{"title", "", "", []byte("Хөгжүүлэгч")},
		part{"cv", "cv.txt", "text/plain", pdfFile(10)}, part{"extra", "a.png", "image/png", pngFile()},
		part{"extra", "b.gif", "", gifFile()})
	if code, b := send("en", ct, body); code != 200 {
		t.Fatalf("good form: %d %+v", code, b)
	}
	if got.Values.Get("title") != "Хөгжүүлэгч" || len(got.Files["extra"]) != 2 || got.Files["cv"][0].MediaType != PDF || len(got.IDs()) != 3 {
		t.Fatalf("form: %+v", got)
	}
	if f, ok := got.File("cv"); !ok || f.Name != "cv.txt" || f.Owner != owner {
		t.Fatalf("cv: %+v", f)
	}

	before := len(blobs(t, s))
	cases := []struct {
		name   string
		parts  []part
		status int
		en, mn string // the cv field's message (or the whole message when field is "")
		field  string
	}{
		{"too large", []part{{"cv", "cv.pdf", "", pdfFile(3000)}}, 413,
			"This file is too large: the limit is 1 MB. Choose a smaller file.",
			"Файл хэт том байна. Дээд хэмжээ: 1 МБ. Жижиг файл сонгоно уу.", "cv"},
		{"refused type", []part{{"cv", "cv.pdf", "application/pdf", []byte("MZ\x90\x00 not a pdf")}}, 415,
			"This kind of file cannot be attached here. Accepted: PDF, DOC, DOCX, PNG, JPEG. The type is read from the file's content, not from its name.",
			"Энэ төрлийн файлыг энд хавсаргах боломжгүй. Зөвшөөрөгдөх төрөл: PDF, DOC, DOCX, PNG, JPEG. Файлын төрлийг нэрээр нь биш, агуулгаар нь тодорхойлно.", "cv"},
		{"body over MaxUpload", []part{{"extra", "a.png", "", append(pngFile(), make([]byte, 25000)...)}}, 413,
			"The upload is too large: at most 1 MB in all. Send fewer or smaller files.",
			"Илгээж буй файлууд хэт том байна. Нийт дээд хэмжээ: 1 МБ. Цөөн эсвэл жижиг файл илгээнэ үү.", "extra"},
		{"missing", []part{{"title", "", "", []byte("x")}}, 422, "Please attach a file.", "Файл хавсаргана уу.", "cv"},
		{"empty", []part{{"cv", "cv.pdf", "", nil}}, 422, "This file is empty. Choose another file.", "Энэ файл хоосон байна. Өөр файл сонгоно уу.", "cv"},
		{"unknown field", []part{{"cv", "cv.pdf", "", pdfFile(0)}, {"virus", "v.pdf", "", pdfFile(1)}}, 422,
			"A file cannot be attached here.", "Энд файл хавсаргах боломжгүй.", "virus"},
		{"too many", []part{{"cv", "a.pdf", "", pdfFile(0)}, {"cv", "b.pdf", "", pdfFile(1)}}, 422,
			"Attach at most 1 files here.", "Энд хавсаргах файлын дээд тоо: 1.", "cv"},
	}
	for _, c := range cases {
		ct, body := multipartBody(t, c.parts...)
		for _, lang := range []string{"en", "mn"} {
			code, b := send(lang, ct, body)
			want := map[string]string{"en": c.en, "mn": c.mn}[lang]
			if code != c.status || b.Errors[c.field] != want || b.Message != want {
				t.Errorf("%s (%s): %d %+v; want %d %q", c.name, lang, code, b, c.status, want)
			}
		}
	}
	// A body over MaxUpload that says so in its Content-Length is refused before it is read:
	// the same message, without a field.
	ct, body = multipartBody(t, part{"extra", "a.png", "", append(pngFile(), make([]byte, 25000)...)})
	r := httptest.NewRequest("POST", "/api/upload", bytes.NewReader(body))
	r.Header.Set("Content-Type", ct)
	r.Header.Set("Accept-Language", "mn")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != 413 || !strings.Contains(w.Body.String(), "Нийт дээд хэмжээ: 1 МБ") {
		t.Errorf("Content-Length over MaxUpload: %d %s", w.Code, w.Body)
	}
	// No refused form left a file behind (the "unknown field" case had stored its cv first).
	if n := len(blobs(t, s)); n != before {
		t.Errorf("%d blobs after refused forms, want %d", n, before)
	}

	// Not multipart; a truncated body.
	if code, b := send("en", "application/json", []byte(`{}`)); code != 415 || !strings.Contains(b.Message, "multipart/form-data") {
		t.Errorf("json: %d %+v", code, b)
	}
	ct, body = multipartBody(t, part{"cv", "cv.pdf", "", pdfFile(500)})
	if code, b := send("mn", ct, body[:len(body)/2]); code != 400 || b.Message != "Илгээсэн файлыг уншиж чадсангүй. Дахин оролдоно уу." {
		t.Errorf("truncated: %d %+v", code, b)
	}
	// A JSON handler behind the same limit does not read a multipart body.
	r = httptest.NewRequest("POST", "/api/x", bytes.NewReader(body))
	r.Header.Set("Content-Type", ct)
	if _, err := web.ReadBody(r); web.AsError(err).Status != 415 {
		t.Errorf("ReadBody of multipart: %v", err)
	}
	_ = io.Discard
}
