package opportunities_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"gerege/app/apitest"
)

// upload puts content into c's own space of the file manager and returns its id there.
func upload(t testing.TB, w *world, c *http.Client, query, name, content string) int64 {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", name)
	_, _ = fw.Write([]byte(content))
	_ = mw.Close()
	req, _ := http.NewRequest("POST", w.ts.URL+"/api/files/upload?"+query, &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var v struct {
		ID int64 `json:"id"`
	}
	if res.StatusCode != 201 || json.NewDecoder(res.Body).Decode(&v) != nil || v.ID == 0 {
		t.Fatalf("upload %s: %d", name, res.StatusCode)
	}
	return v.ID
}

// A document may be one of the applicant's own files (My files) instead of an upload: only
// their own, not in the trash, of a type and size an upload would be accepted with; the
// application keeps its own copy of the record (the same bytes), so renaming, trashing and
// purging the file later changes nothing for the organisation's staff.
func TestApplyWithMyFiles(t *testing.T) {
	t.Parallel()
	w := setup(t)
	p := posting("Data engineer")
	p["documents"] = []string{"cv", "transcript"}
	_, slug := w.publish(t, p)
	ind := w.c["individual"]
	cvPDF := pdf + "% MY-CV-BYTES\n"
	cv := upload(t, w, ind, "", "Бат CV.pdf", cvPDF)
	gif := upload(t, w, ind, "", "photo.gif", "GIF89a\x01\x00\x01\x00\x00\x00\x00;")
	trashed := upload(t, w, ind, "", "old-transcript.pdf", pdf)
	apitest.MustStatus(t, call(t, ind, w.ts, "DELETE", fmt.Sprintf("/api/files/items/%d", trashed), nil), 200)
	apitest.MustStatus(t, apitest.Register(t, w.ts, "other@example.mn", map[string]any{"dateOfBirth": "2000-01-01"}), 201)
	other := apitest.SignIn(t, w.ts, "other@example.mn")
	theirs := upload(t, w, other, "", "secret-other-cv.pdf", pdf+"% OTHER-BYTES\n")
	orgFile := upload(t, w, w.c["owner"], "space=org", "org-handbook.pdf", pdf+"% ORG-BYTES\n")

	// The picker lists one's own accepted files only.
	list := call(t, ind, w.ts, "GET", "/api/me/application-files", nil)
	apitest.MustStatus(t, list, 200)
	for _, must := range []string{"Бат CV.pdf"} {
		if !strings.Contains(list.Raw, must) {
			t.Errorf("the picker misses %s: %s", must, list.Raw)
		}
	}
	for _, not := range []string{"photo.gif", "old-transcript.pdf", "secret-other-cv.pdf", "org-handbook.pdf"} {
		if strings.Contains(list.Raw, not) {
			t.Errorf("the picker offers %s: %s", not, list.Raw)
		}
	}

	answers := func(myFiles ...map[string]any) map[string]any {
		return map[string]any{"coverLetter": "Hello", "answers": []map[string]any{{"index": 0, "value": "yes"}}, "myFiles": myFiles}
	}
	doc := func(kind string, id int64) map[string]any { return map[string]any{"kind": kind, "fileId": id} }
	transcript := map[string][2]string{"transcript": {"transcript.pdf", pdf}}
	applications := func() int {
		var n int
		_ = w.s.Store().Read.QueryRow(`SELECT count(*) FROM applications`).Scan(&n)
		return n
	}
	appFiles := func() int {
		var n int
		_ = w.s.Store().Read.QueryRow(`SELECT count(*) FROM files WHERE purpose = 'opportunities.application'`).Scan(&n)
		return n
	}
	// Someone else's file, the organisation's, one that does not exist: the same refusal on the
	// field, naming nothing; nothing is kept.
	for _, id := range []int64{theirs, orgFile, 999999} {
		for _, lang := range []string{"en", "mn"} {
			r := multipartApply(t, ind, w.ts, slug, answers(doc("cv", id)), transcript, lang)
			if r.Status != 422 || !strings.Contains(r.Raw, `"cv"`) || strings.Contains(r.Raw, "secret-other") ||
				strings.Contains(r.Raw, "org-handbook") || strings.Contains(r.Raw, "OTHER-BYTES") {
				t.Errorf("file %d (%s): %d %s", id, lang, r.Status, r.Raw)
			}
			if want := map[string]string{"en": "Choose one of your own files", "mn": "өөрийн файлаа сонгоно уу"}[lang]; !strings.Contains(r.Raw, want) {
				t.Errorf("file %d (%s): the message: %s", id, lang, r.Raw)
			}
		}
	}
	// In the trash: refused, saying so.
	if r := multipartApply(t, ind, w.ts, slug, answers(doc("cv", trashed)), transcript, "mn"); r.Status != 422 || !strings.Contains(r.Raw, "хогийн саванд") {
		t.Errorf("a trashed file: %d %s", r.Status, r.Raw)
	}
	// A type an application does not take (the file manager does): 415 on the field.
	if r := multipartApply(t, ind, w.ts, slug, answers(doc("cv", gif)), transcript, "en"); r.Status != 415 || !strings.Contains(r.Raw, `"cv"`) {
		t.Errorf("a GIF as a CV: %d %s", r.Status, r.Raw)
	}
	// Uploaded and chosen for the same document, or chosen twice: refused.
	both := multipartApply(t, ind, w.ts, slug, answers(doc("transcript", cv)), transcript, "en")
	twice := call(t, ind, w.ts, "POST", "/api/opportunities/"+slug+"/applications", answers(doc("cv", cv), doc("cv", cv), doc("transcript", cv)))
	for _, r := range []apitest.Reply{both, twice} {
		if r.Status != 422 || !strings.Contains(r.Raw, "Send this document once") {
			t.Errorf("one document twice: %d %s", r.Status, r.Raw)
		}
	}
	if n, f := applications(), appFiles(); n != 0 || f != 0 {
		t.Fatalf("refused applications left %d applications and %d files", n, f)
	}

	// Chosen from My files, with the transcript uploaded: kept under the file's name.
	ok := multipartApply(t, ind, w.ts, slug, answers(doc("cv", cv)), transcript, "en")
	apitest.MustStatus(t, ok, 201)
	var mine struct {
		ID        int64 `json:"id"`
		Documents []struct {
			ID   int64  `json:"id"`
			Kind string `json:"kind"`
			Name string `json:"name"`
		} `json:"documents"`
	}
	_ = json.Unmarshal([]byte(ok.Raw), &mine)
	var cvDoc int64
	for _, d := range mine.Documents {
		if d.Kind == "cv" && d.Name == "Бат CV.pdf" {
			cvDoc = d.ID
		}
	}
	if len(mine.Documents) != 2 || cvDoc == 0 {
		t.Fatalf("documents: %s", ok.Raw)
	}
	// The file manager's file is renamed, then trashed, then purged: the application keeps it.
	item := fmt.Sprintf("/api/files/items/%d", cv)
	apitest.MustStatus(t, call(t, ind, w.ts, "PATCH", item, map[string]any{"name": "renamed.pdf"}), 200)
	apitest.MustStatus(t, call(t, ind, w.ts, "DELETE", item, nil), 200)
	apitest.MustStatus(t, call(t, ind, w.ts, "POST", item+"/purge", nil), 204)
	staffDoc := fmt.Sprintf("/api/org/applications/%d/documents/%d", mine.ID, cvDoc)
	if r := call(t, w.c["counselor"], w.ts, "GET", staffDoc, nil); r.Status != 200 || r.Raw != cvPDF ||
		!strings.Contains(r.Header.Get("Content-Disposition"), "CV.pdf") {
		t.Errorf("the staff's copy after the purge: %d %q %q", r.Status, r.Header.Get("Content-Disposition"), r.Raw)
	}
	if r := call(t, w.c["counselor"], w.ts, "GET", fmt.Sprintf("/api/org/applications/%d", mine.ID), nil); !strings.Contains(r.Raw, "Бат CV.pdf") {
		t.Errorf("the applicant's documents as the staff see them: %s", r.Raw)
	}
	if r := call(t, other, w.ts, "GET", staffDoc, nil); r.Status == 200 || strings.Contains(r.Raw, "MY-CV-BYTES") {
		t.Errorf("someone else reads the CV: %d", r.Status)
	}

	// A file shared with the applicant (the organisation's owner may share with someone who
	// applied) is not theirs: refused on the field, naming nothing.
	var applicantID int64
	if err := w.s.Store().Read.QueryRow(`SELECT user_id FROM applications WHERE id = ?`, mine.ID).Scan(&applicantID); err != nil {
		t.Fatal(err)
	}
	shared := upload(t, w, w.c["owner"], "", "owner-shared-notes.pdf", pdf+"% SHARED-BYTES\n")
	apitest.MustStatus(t, call(t, w.c["owner"], w.ts, "POST", fmt.Sprintf("/api/files/items/%d/shares", shared), map[string]any{"userId": applicantID}), 200)
	if r := call(t, ind, w.ts, "GET", "/api/files/shared", nil); !strings.Contains(r.Raw, "owner-shared-notes.pdf") {
		t.Fatalf("not shared: %s", r.Raw)
	}
	if r := call(t, ind, w.ts, "POST", "/api/opportunities/"+w.slug+"/applications", answers(doc("cv", shared))); r.Status != 422 ||
		!strings.Contains(r.Raw, `"cv"`) || strings.Contains(r.Raw, "owner-shared-notes") {
		t.Errorf("a file shared with the applicant: %d %s", r.Status, r.Raw)
	}
	if r := call(t, ind, w.ts, "GET", "/api/me/application-files", nil); strings.Contains(r.Raw, "owner-shared-notes") {
		t.Errorf("the picker offers a shared file: %s", r.Raw)
	}

	// The mobile app: JSON alone, the document from My files (a posting that asks for none
	// still takes one).
	again := upload(t, w, ind, "", "cv-2026.pdf", pdf)
	r := call(t, ind, w.ts, "POST", "/api/opportunities/"+w.slug+"/applications", answers(doc("cv", again)))
	if r.Status != 201 || !strings.Contains(r.Raw, "cv-2026.pdf") {
		t.Errorf("JSON with myFiles: %d %s", r.Status, r.Raw)
	}
}
