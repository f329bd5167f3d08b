package opportunities_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"gerege/app/apitest"
)

// multipartApply sends an application with files (field name → file name and content).
func multipartApply(t testing.TB, c *http.Client, ts *httptest.Server, slug string, body any, docs map[string][2]string, lang string) apitest.Reply {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	b, _ := json.Marshal(body)
	_ = mw.WriteField("application", string(b))
	for field, f := range docs {
		fw, _ := mw.CreateFormFile(field, f[0])
		_, _ = fw.Write([]byte(f[1]))
	}
	_ = mw.Close()
	req, _ := http.NewRequest("POST", ts.URL+"/api/opportunities/"+slug+"/applications", &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("Accept-Language", lang)
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out apitest.Reply
	out.Status = res.StatusCode
	raw := new(bytes.Buffer)
	_, _ = raw.ReadFrom(res.Body)
	out.Raw = raw.String()
	_ = json.Unmarshal(raw.Bytes(), &out.Body)
	return out
}

const pdf = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"

func TestApplyWithDocuments(t *testing.T) {
	t.Parallel()
	w := setup(t)
	p := posting("Data analyst")
	p["documents"] = []string{"cv"}
	_, slug := w.publish(t, p)
	answers := map[string]any{"coverLetter": "Hello", "answers": []map[string]any{{"index": 0, "value": "yes"}}}

	// The posting requires a CV: JSON alone is refused on the cv field.
	noCV := call(t, w.c["individual"], w.ts, "POST", "/api/opportunities/"+slug+"/applications", answers, "mn")
	if noCV.Status != 422 || !strings.Contains(noCV.Raw, `"cv"`) {
		t.Fatalf("without a CV: %d %s", noCV.Status, noCV.Raw)
	}
	// A program named cv.pdf is refused by its content (415), nothing is kept.
	exe := multipartApply(t, w.c["individual"], w.ts, slug, answers, map[string][2]string{"cv": {"cv.pdf", "MZ\x90\x00\x03\x00\x00\x00binary"}}, "en")
	if exe.Status != 415 || !strings.Contains(exe.Raw, `"cv"`) {
		t.Errorf("an .exe named cv.pdf: %d %s", exe.Status, exe.Raw)
	}
	// A bad answer with a good CV: 422, and the CV is not kept either.
	bad := multipartApply(t, w.c["individual"], w.ts, slug, map[string]any{"answers": []map[string]any{{"index": 0, "value": "maybe"}}},
		map[string][2]string{"cv": {"cv.pdf", pdf}}, "en")
	apitest.MustStatus(t, bad, 422)
	var kept int
	w.s.Store().Read.QueryRow(`SELECT count(*) FROM files`).Scan(&kept)
	if kept != 0 {
		t.Errorf("refused applications left %d files", kept)
	}
	ok := multipartApply(t, w.c["individual"], w.ts, slug, answers, map[string][2]string{"cv": {"Бат CV.pdf", pdf}}, "en")
	apitest.MustStatus(t, ok, 201)
	docs := ok.Body["documents"].([]any)
	if len(docs) != 1 || docs[0].(map[string]any)["mediaType"] != "application/pdf" || docs[0].(map[string]any)["kind"] != "cv" {
		t.Fatalf("documents: %s", ok.Raw)
	}
	appID, fileID := fmt.Sprint(ok.Body["id"]), fmt.Sprint(docs[0].(map[string]any)["id"])

	// Only the applicant and the organisation's staff read it.
	get := func(c *http.Client, path string) apitest.Reply { return call(t, c, w.ts, "GET", path, nil) }
	staffPath := "/api/org/applications/" + appID + "/documents/" + fileID
	mine := "/api/me/applications/" + appID + "/documents/" + fileID
	if r := get(w.c["counselor"], staffPath); r.Status != 200 || r.Raw != pdf || r.Header.Get("Content-Type") != "application/pdf" {
		t.Errorf("counselor: %d %q %s", r.Status, r.Header.Get("Content-Type"), r.Raw)
	}
	apitest.MustStatus(t, get(w.c["individual"], mine), 200)
	apitest.MustStatus(t, apitest.Register(t, w.ts, "other@example.mn", map[string]any{"dateOfBirth": "2000-01-01"}), 201)
	other := apitest.SignIn(t, w.ts, "other@example.mn")
	for _, r := range []apitest.Reply{get(other, mine), get(other, staffPath), get(w.c["anonymous"], mine), get(w.c["individual"], staffPath)} {
		if r.Status == 200 || strings.Contains(r.Raw, "%PDF") {
			t.Errorf("someone else read the CV: %d", r.Status)
		}
	}
	apitest.MustStatus(t, apitest.Register(t, w.ts, "rival2@example.mn", map[string]any{"accountType": "enterprise",
		"organization": "Rival", "dateOfBirth": "1990-01-01"}), 201)
	if r := get(apitest.SignIn(t, w.ts, "rival2@example.mn"), staffPath); r.Status != 404 {
		t.Errorf("another organisation: %d", r.Status)
	}
	// A file id of another application is not reachable through this one.
	if r := get(w.c["counselor"], "/api/org/applications/"+appID+"/documents/999"); r.Status != 404 {
		t.Errorf("unknown document: %d", r.Status)
	}
}
