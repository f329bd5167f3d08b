package opportunities_test

import (
	"strings"
	"testing"

	"gerege/app/apitest"
)

func TestExportApplicants(t *testing.T) {
	t.Parallel()
	w := setup(t)
	apitest.MustStatus(t, call(t, w.c["individual"], w.ts, "POST", "/api/opportunities/"+w.slug+"/applications", map[string]any{
		"coverLetter": "=HYPERLINK(\"http://evil\",\"click\")", "answers": []map[string]any{{"index": 0, "value": "yes"}, {"index": 1, "value": "1"}}}), 201)
	csv := call(t, w.c["counselor"], w.ts, "GET", "/api/org/applications/export.csv?opportunity="+w.posting, nil, "mn")
	apitest.MustStatus(t, csv, 200)
	for _, want := range []string{"\uFEFF", "Боломж", "Мэдээллийн технологийн инженер", "'=HYPERLINK", "Илгээсэн", "Тийм", "2+"} {
		if !strings.Contains(csv.Raw, want) {
			t.Errorf("the CSV lacks %q: %s", want, csv.Raw)
		}
	}
	if strings.Contains(csv.Raw, "\n=HYPERLINK") || strings.Contains(csv.Raw, ",=HYPERLINK") || strings.Contains(csv.Raw, "\"=HYPERLINK") {
		t.Errorf("a formula reached the CSV as it was: %s", csv.Raw)
	}
	x := call(t, w.c["owner"], w.ts, "GET", "/api/org/applications/export.xlsx", nil)
	if x.Status != 200 || !strings.HasPrefix(x.Raw, "PK") {
		t.Errorf("xlsx: %d %.20q", x.Status, x.Raw)
	}
	for path, status := range map[string]int{
		"/api/org/applications/export.pdf":               404,
		"/api/org/applications/export.csv?status=maybe":  422,
		"/api/org/applications/export.csv?opportunity=x": 422,
	} {
		if r := call(t, w.c["owner"], w.ts, "GET", path, nil); r.Status != status {
			t.Errorf("%s: %d, want %d", path, r.Status, status)
		}
	}
	apitest.MustStatus(t, call(t, w.c["individual"], w.ts, "GET", "/api/org/applications/export.csv", nil), 403)
	// Another organisation's export has none of these applicants.
	apitest.MustStatus(t, apitest.Register(t, w.ts, "rival3@example.mn", map[string]any{"accountType": "enterprise",
		"organization": "Rival", "dateOfBirth": "1990-01-01"}), 201)
	rival := apitest.SignIn(t, w.ts, "rival3@example.mn")
	if r := call(t, rival, w.ts, "GET", "/api/org/applications/export.csv", nil); r.Status != 200 || strings.Contains(r.Raw, "HYPERLINK") {
		t.Errorf("rival's export: %d %s", r.Status, r.Raw)
	}
	apitest.MustStatus(t, call(t, rival, w.ts, "GET", "/api/org/applications/export.csv?opportunity="+w.posting, nil), 404)
}
