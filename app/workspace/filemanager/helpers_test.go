package filemanager_test

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
	"net/http/httptest"
	"testing"

	"gerege/app"
	"gerege/app/apitest"
)

// world is a server with people in each relation the file manager's rules know
// (apitest.People): org1's owner1, manager1 and counselor1 (staff who share its space; the
// owner and the manager may change it); applicant applied to org1 (may be shared with by its
// staff); owner2 runs org2; stranger shares nothing with anyone.
type world struct {
	*apitest.People
	t     *testing.T
	s     *app.Server
	ts    *httptest.Server
	clock *apitest.Clock
	ids   map[string]int64
}

func newWorld(t *testing.T, edit ...func(*app.Config)) *world {
	t.Helper()
	p := apitest.NewPeople(t, edit...)
	return &world{People: p, t: t, s: p.S, ts: p.TS, clock: p.Clock, ids: p.IDs}
}

func (w *world) as(name string) *http.Client { return w.As(name) }

// call sends a JSON request as name ("" for nobody) from the same site.
func (w *world) call(name, method, path string, body any, headers ...string) apitest.Reply {
	w.t.Helper()
	return w.Call(name, method, path, body, headers...)
}

// must is call that stops the test unless the status is want.
func (w *world) must(want int, name, method, path string, body any, headers ...string) apitest.Reply {
	w.t.Helper()
	return w.Must(want, name, method, path, body, headers...)
}

// upload posts content as the multipart field file to /api/files/upload?query, as name.
func (w *world) upload(name, query, filename string, content []byte, headers ...string) apitest.Reply {
	w.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", filename)
	_, _ = fw.Write(content)
	_ = mw.Close()
	req, _ := http.NewRequest("POST", w.ts.URL+"/api/files/upload?"+query, &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := w.as(name).Do(req)
	if err != nil {
		w.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	r := apitest.Reply{Status: res.StatusCode, Raw: string(raw), Header: res.Header}
	_ = json.Unmarshal(raw, &r.Body)
	return r
}

// uploaded is upload that must succeed; it returns the file's id.
func (w *world) uploaded(name, query, filename string, content []byte) int64 {
	w.t.Helper()
	r := w.upload(name, query, filename, content)
	apitest.MustStatus(w.t, r, 201)
	return id(r)
}

func id(r apitest.Reply) int64 {
	v, _ := r.Body["id"].(float64)
	return int64(v)
}

func item(id int64, rest string) string { return fmt.Sprintf("/api/files/items/%d%s", id, rest) }

// pdf is a small valid PDF whose content carries marker (findable in a body that leaks it).
func pdf(marker string, size int) []byte {
	b := []byte("%PDF-1.4\n% " + marker + "\n")
	for len(b) < size {
		b = append(b, "% padding padding padding padding padding padding padding padding\n"...)
	}
	return append(b, "%%EOF\n"...)
}

func pngBytes(t *testing.T) []byte {
	t.Helper()
	m := image.NewRGBA(image.Rect(0, 0, 8, 8))
	m.Set(1, 1, color.RGBA{R: 200, A: 255})
	var b bytes.Buffer
	if err := png.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// count is a number the database answers.
func (w *world) count(q string, args ...any) int {
	w.t.Helper()
	var n int
	if err := w.s.Store().Read.QueryRow(q, args...).Scan(&n); err != nil {
		w.t.Fatal(err)
	}
	return n
}

// httpClient is a signed-in client that reads answers as text.
type httpClient struct {
	t  *testing.T
	c  *http.Client
	ts *httptest.Server
}

func (h *httpClient) get(path string) string {
	h.t.Helper()
	r := apitest.Call(h.t, h.c, h.ts, "GET", path, nil, "")
	apitest.MustStatus(h.t, r, 200)
	return r.Raw
}
