package forms_test

import (
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/app/platform/secure"
	"gerege/db"
)

func staffClient(t *testing.T, s *app.Server, ts interface{ Close() }, url string, email string, admin bool, staff int) *http.Client {
	t.Helper()
	hash, _ := secure.NewHasher().Hash("correct horse battery")
	u, err := s.Store().CreateUser(context.Background(), db.NewUser{Email: email, PasswordHash: hash, FirstName: "S", LastName: "T",
		AccountType: "individual", Language: "en", DateOfBirth: "1990-01-01", IsAdmin: admin}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if staff > 0 {
		s.Store().SetStaff(context.Background(), u.ID, staff, time.Now())
	}
	return apitest.WebClient()
}

func TestFormsAPI(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t, func(c *app.Config) { c.StaffNotify = []string{"desk@gerege.test"} })
	ok := apitest.Call(t, nil, ts, "POST", "/api/forms/volunteer", apitest.VolunteerBody("Сараа", "saraa@example.mn"), "", "Accept-Language", "mn")
	apitest.MustStatus(t, ok, 201)
	if ok.Str("reference") != fmt.Sprintf("CVP-%d-000001", time.Now().Year()) {
		t.Errorf("reference: %s", ok.Raw)
	}
	conf := apitest.LastEmail(t, s, "saraa@example.mn")
	if !strings.Contains(conf.Subject, ok.Str("reference")) || !strings.Contains(conf.Text, "Соёлын сайн дурын хөтөлбөрийн бүртгэл") {
		t.Errorf("confirmation in the submitter's language: %s\n%s", conf.Subject, conf.Text)
	}
	if staff := apitest.LastEmail(t, s, "desk@gerege.test"); !strings.Contains(staff.Subject, ok.Str("reference")) {
		t.Errorf("staff notification: %s", staff.Subject)
	}
	// Medical conditions are encrypted at rest.
	var data string
	var sealed []byte
	s.Store().Read.QueryRow(`SELECT data, sensitive FROM submissions`).Scan(&data, &sealed)
	if strings.Contains(data, "астма") || strings.Contains(string(sealed), "астма") || len(sealed) == 0 {
		t.Error("medical conditions must be sealed")
	}

	// Invalid: 422 with a localized message per field (nested rows named), nothing stored.
	bad := apitest.VolunteerBody("", "nope")
	bad["emergencyContacts"] = []map[string]any{{"name": "Бат", "relationship": "аав", "phone": "12"}}
	r := apitest.Call(t, nil, ts, "POST", "/api/forms/volunteer", bad, "", "Accept-Language", "mn")
	if r.Status != 422 || !strings.Contains(r.Str("errors", "firstName"), "бөглөнө үү") || r.Str("errors", "emergencyContacts.0.phone") == "" || r.Str("errors", "email") == "" {
		t.Errorf("invalid: %s", r.Raw)
	}
	var n int
	s.Store().Read.QueryRow(`SELECT count(*) FROM submissions`).Scan(&n)
	if n != 1 {
		t.Errorf("an invalid submission stored something: %d rows", n)
	}

	// Idempotency: the same key gets the same reference, one row.
	key := "form-render-7f3a"
	first := apitest.Call(t, nil, ts, "POST", "/api/forms/contact", map[string]any{"firstName": "A", "lastName": "B", "email": "a@example.mn",
		"description": "Demo"}, "", "Idempotency-Key", key)
	second := apitest.Call(t, nil, ts, "POST", "/api/forms/contact", map[string]any{"firstName": "A", "lastName": "B", "email": "a@example.mn",
		"description": "Demo"}, "", "Idempotency-Key", key)
	if first.Status != 201 || second.Status != 201 || first.Str("reference") != second.Str("reference") ||
		second.Header.Get("Idempotent-Replayed") != "true" {
		t.Errorf("idempotency: %s / %s", first.Raw, second.Raw)
	}
	s.Store().Read.QueryRow(`SELECT count(*) FROM submissions WHERE form = 'contact'`).Scan(&n)
	if n != 1 {
		t.Errorf("a retry created another submission: %d", n)
	}

	// Browsers must send a form token (minimum fill time); the honeypot stays empty.
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/forms/contact", map[string]any{"firstName": "A", "lastName": "B", "email": "a@example.mn",
		"description": "x"}, "", "Sec-Fetch-Site", "same-origin"), 422)
	tok := apitest.Call(t, nil, ts, "GET", "/api/forms/token", nil, "").Str("formToken")
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/forms/contact", map[string]any{"firstName": "A", "lastName": "B", "email": "a@example.mn",
		"description": "x", "formToken": tok}, "", "Sec-Fetch-Site", "same-origin"), 201)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/forms/contact", map[string]any{"firstName": "A", "lastName": "B", "email": "a@example.mn",
		"description": "x", "website": "http://spam.example"}, ""), 422)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/forms/nope", map[string]any{}, ""), 404)
	schema := apitest.Call(t, nil, ts, "GET", "/api/forms/volunteer/schema", nil, "")
	if schema.Status != 200 || !strings.Contains(schema.Raw, `"minAge":16`) || !strings.Contains(schema.Raw, `"emergencyContacts":{"required":true,"max":5,"kind":"contacts","min":1,"sensitive":true}`) {
		t.Errorf("schema: %.300s", schema.Raw)
	}
}

func TestFormsRateLimit(t *testing.T) {
	t.Parallel()
	_, ts := apitest.NewServer(t, func(c *app.Config) { c.FormsIP.N = 2 })
	body := map[string]any{"name": "A", "email": "a@example.mn", "topic": "account", "message": "Help"}
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/forms/support", body, ""), 201)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/forms/support", body, ""), 201)
	r := apitest.Call(t, nil, ts, "POST", "/api/forms/support", body, "", "Accept-Language", "mn")
	if r.Status != 429 || r.Header.Get("Retry-After") == "" || !strings.Contains(r.Str("message"), "Хэт олон") {
		t.Errorf("rate limit: %d %s", r.Status, r.Raw)
	}
}

func TestStaffDesk(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t)
	for i, name := range []string{"Сараа", "Болд", "Anu"} {
		b := apitest.VolunteerBody(name, fmt.Sprintf("p%d@example.mn", i))
		if i == 2 {
			b["country"] = "KR"
		}
		apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/forms/volunteer", b, ""), 201)
	}
	login := func(email string, admin bool, staff int) *http.Client {
		c := staffClient(t, s, ts, ts.URL, email, admin, staff)
		apitest.MustStatus(t, apitest.Call(t, c, ts, "POST", "/api/web/auth/login", map[string]any{"email": email, "password": "correct horse battery"}, ""), 200)
		return c
	}
	nobody := login("ind@example.mn", false, 0)
	desk := login("desk@example.mn", false, 1)
	sens := login("sens@example.mn", false, 2)
	apitest.MustStatus(t, apitest.Call(t, nobody, ts, "GET", "/api/admin/forms/volunteer/submissions", nil, ""), 403)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "GET", "/api/admin/forms/volunteer/submissions", nil, ""), 401)

	list := apitest.Call(t, desk, ts, "GET", "/api/admin/forms/volunteer/submissions?limit=2", nil, "")
	if list.Status != 200 || list.Body["total"].(float64) != 3 || list.Str("next") == "" || !strings.Contains(list.Raw, "Anu") {
		t.Fatalf("list: %s", list.Raw)
	}
	page2 := apitest.Call(t, desk, ts, "GET", "/api/admin/forms/volunteer/submissions?limit=2&after="+list.Str("next"), nil, "")
	if !strings.Contains(page2.Raw, "Сараа") || strings.Contains(page2.Raw, "Anu") {
		t.Errorf("page 2: %s", page2.Raw)
	}
	if r := apitest.Call(t, desk, ts, "GET", "/api/admin/forms/volunteer/submissions?q=САРАА", nil, ""); !strings.Contains(r.Raw, "Сараа") || strings.Contains(r.Raw, "Болд") {
		t.Errorf("search ignores Cyrillic case: %s", r.Raw)
	}
	if r := apitest.Call(t, desk, ts, "GET", "/api/admin/forms/volunteer/submissions?country=kr", nil, ""); r.Body["total"].(float64) != 1 {
		t.Errorf("country filter: %s", r.Raw)
	}
	apitest.MustStatus(t, apitest.Call(t, desk, ts, "GET", "/api/admin/forms/volunteer/submissions?status=lost", nil, ""), 422)

	id := int64(list.Body["items"].([]any)[0].(map[string]any)["id"].(float64))
	path := fmt.Sprintf("/api/admin/submissions/%d", id)
	d := apitest.Call(t, desk, ts, "GET", path, nil, "")
	if d.Body["sensitiveHidden"] != true || strings.Contains(d.Raw, "астма") || strings.Contains(d.Raw, "2006-05-01") {
		t.Errorf("desk staff must not see sensitive fields: %s", d.Raw)
	}
	d2 := apitest.Call(t, sens, ts, "GET", path, nil, "")
	if !strings.Contains(d2.Raw, "астма") || !strings.Contains(d2.Raw, "+97688001122") {
		t.Errorf("sensitive staff sees them: %s", d2.Raw)
	}
	apitest.MustStatus(t, apitest.Call(t, desk, ts, "POST", path+"/status", map[string]any{"status": "in_review", "note": "Calling"}, ""), 200)
	h := apitest.Call(t, desk, ts, "POST", path+"/notes", map[string]any{"note": "Left a message"}, "")
	if !strings.Contains(h.Raw, `"kind":"status","from":"new","to":"in_review"`) || !strings.Contains(h.Raw, "Left a message") {
		t.Errorf("history: %s", h.Raw)
	}

	// Export follows the filters; CSV has a BOM and flattened contacts for those allowed.
	csvRes := apitest.Do(t, ts, "GET", "/api/admin/forms/volunteer/export.csv?status=new", "", map[string]string{"Cookie": cookieOf(sens, ts.URL)})
	if csvRes.Status != 200 || !strings.HasPrefix(csvRes.Raw, "\uFEFF") {
		t.Fatalf("csv: %d %.100q", csvRes.Status, csvRes.Raw)
	}
	recs, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(csvRes.Raw, "\uFEFF"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 3 { // header + the two still "new"
		t.Fatalf("rows: %d", len(recs))
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	row := recs[1]
	for name, want := range map[string]string{"firstName": "Сараа", "phone": "+97688112233", "careerInterests": "artsCulture; itEngineering",
		"medicalConditions": "астма", "emergencyContact1Name": "Бат", "emergencyContact2Phone": "+97688001122",
		"emergencyContact2Email": "eej@example.mn", "emergencyContact3Name": "", "status": "new", "country": "Mongolia"} {
		i, ok := col[name]
		if !ok {
			t.Errorf("no column %s in %v", name, recs[0])
			continue
		}
		if row[i] != want {
			t.Errorf("%s = %q, want %q", name, row[i], want)
		}
	}
	// The country is named in the exporter's language, with the names the UI shows (i18n/content/countries.json).
	mnCSV := apitest.Do(t, ts, "GET", "/api/admin/forms/volunteer/export.csv?status=new", "", map[string]string{"Cookie": cookieOf(sens, ts.URL) + "; lang=mn"})
	mnRecs, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(mnCSV.Raw, "\uFEFF"))).ReadAll()
	if err != nil || len(mnRecs) != 3 {
		t.Fatalf("mn csv: %v %d", err, len(mnRecs))
	}
	if got := mnRecs[1][col["country"]]; got != "Монгол" {
		t.Errorf("mn export: country = %q, want Монгол", got)
	}
	mnXLSX := apitest.Do(t, ts, "GET", "/api/admin/forms/volunteer/export.xlsx?status=new", "", map[string]string{"Cookie": cookieOf(sens, ts.URL) + "; lang=mn"})
	book, err := excelize.OpenReader(strings.NewReader(mnXLSX.Raw))
	if err != nil {
		t.Fatal(err)
	}
	cellName, _ := excelize.CoordinatesToCellName(col["country"]+1, 2)
	if got, _ := book.GetCellValue("Sheet1", cellName); got != "Монгол" {
		t.Errorf("mn xlsx: country = %q, want Монгол", got)
	}
	deskCSV := apitest.Do(t, ts, "GET", "/api/admin/forms/volunteer/export.csv", "", map[string]string{"Cookie": cookieOf(desk, ts.URL)})
	if strings.Contains(deskCSV.Raw, "астма") || strings.Contains(deskCSV.Raw, "emergencyContact1") {
		t.Error("desk staff export leaks sensitive fields")
	}
	xlsx := apitest.Do(t, ts, "GET", "/api/admin/forms/volunteer/export.xlsx", "", map[string]string{"Cookie": cookieOf(desk, ts.URL)})
	if xlsx.Status != 200 || !strings.HasPrefix(xlsx.Raw, "PK") {
		t.Errorf("xlsx: %d", xlsx.Status)
	}

	// Deletion on request, with a reason.
	ref := d.Str("reference")
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/forms/deletion-requests", map[string]any{"reference": ref, "email": d.Str("email")}, ""), 202)
	reqs := apitest.Call(t, desk, ts, "GET", "/api/admin/deletion-requests", nil, "")
	if !strings.Contains(reqs.Raw, ref) || !strings.Contains(reqs.Raw, `"exists":true`) {
		t.Errorf("requests: %s", reqs.Raw)
	}
	apitest.MustStatus(t, apitest.Call(t, desk, ts, "DELETE", path, map[string]any{"reason": ""}, ""), 422)
	apitest.MustStatus(t, apitest.Call(t, desk, ts, "DELETE", path, map[string]any{"reason": "Asked by the person"}, ""), 204)
	apitest.MustStatus(t, apitest.Call(t, desk, ts, "GET", path, nil, ""), 404)
	var reason string
	s.Store().Read.QueryRow(`SELECT reason FROM submission_deletions WHERE reference = ?`, ref).Scan(&reason)
	if reason != "Asked by the person" {
		t.Errorf("deletion not recorded: %q", reason)
	}
}

// cookieOf returns the Cookie header a client's jar would send.
func cookieOf(c *http.Client, url string) string {
	req, _ := http.NewRequest("GET", url+"/api/", nil)
	var parts []string
	for _, ck := range c.Jar.Cookies(req.URL) {
		parts = append(parts, ck.Name+"="+ck.Value)
	}
	return strings.Join(parts, "; ")
}

func TestDrafts(t *testing.T) {
	t.Parallel()
	_, ts := apitest.NewServer(t)
	tok := apitest.Register(t, ts, "draft@example.mn", nil).Str("accessToken")
	noDraft := func() {
		t.Helper()
		r := apitest.Call(t, nil, ts, "GET", "/api/forms/volunteer/draft", nil, tok)
		apitest.MustStatus(t, r, 200)
		if strings.TrimSpace(r.Raw) != `{"data":null}` {
			t.Errorf("no draft: %q", r.Raw)
		}
	}
	noDraft()
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "PUT", "/api/forms/volunteer/draft", map[string]any{"data": map[string]any{"firstName": "Сар"}}, tok), 204)
	if r := apitest.Call(t, nil, ts, "GET", "/api/forms/volunteer/draft", nil, tok); !strings.Contains(r.Raw, "Сар") {
		t.Errorf("draft: %s", r.Raw)
	}
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "PUT", "/api/forms/volunteer/draft", map[string]any{"data": "not an object"}, tok), 422)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/forms/volunteer", apitest.VolunteerBody("Сараа", "draft@example.mn"), tok), 201)
	noDraft() // submitting clears it
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "GET", "/api/forms/volunteer/draft", nil, ""), 401)
}

// Staff recipients may be set for every form or for one form.
func TestStaffNotifyPerForm(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t, func(c *app.Config) {
		c.StaffNotify = []string{"desk@gerege.test", "volunteer:cvp@gerege.test", "volunteer:desk@gerege.test"}
	})
	sentTo := func() map[string]int {
		list, err := s.Store().Outbox(context.Background(), 0, 100)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]int{}
		for _, e := range list {
			if e.Kind == "formStaff" {
				out[e.To]++
			}
		}
		return out
	}
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/forms/contact", map[string]any{"firstName": "A", "lastName": "B", "email": "a@example.mn",
		"description": "Demo"}, ""), 201)
	if got := sentTo(); got["desk@gerege.test"] != 1 || got["cvp@gerege.test"] != 0 {
		t.Errorf("contact notifies only the every-form address: %v", got)
	}
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/forms/volunteer", apitest.VolunteerBody("Сараа", "saraa@example.mn"), ""), 201)
	if got := sentTo(); got["desk@gerege.test"] != 2 || got["cvp@gerege.test"] != 1 {
		t.Errorf("volunteer notifies both, each once: %v", got)
	}
}
