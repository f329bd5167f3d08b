package app

import (
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"gerege/app/platform/secure"
	"gerege/db"
)

func volunteerBody(first, email string) map[string]any {
	return map[string]any{
		"firstName": first, "lastName": "Бат", "dateOfBirth": "2006-05-01", "gender": "female", "phone": "88112233",
		"email": email, "address": "Баянгол", "city": "Улаанбаатар", "country": "MN", "school": "МУИС", "grade": "2",
		"careerInterests": []string{"artsCulture", "itEngineering"}, "whyInterested": "Соёл", "motivation": "Туслах",
		"fullDuration": "yes", "medicalConditions": "астма", "howHeard": "school",
		"emergencyContacts": []map[string]any{{"name": "Бат", "relationship": "аав", "phone": "99112233"},
			{"name": "Ээж", "relationship": "ээж", "phone": "+976 8800 1122", "email": "eej@example.mn"}},
	}
}

func staffClient(t *testing.T, s *Server, ts interface{ Close() }, url string, email string, admin bool, staff int) *http.Client {
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
	return webClient()
}

func TestFormsAPI(t *testing.T) {
	s, ts := newTestServer(t, func(c *Config) { c.StaffNotify = []string{"desk@gerege.test"} })
	ok := call(t, nil, ts, "POST", "/api/forms/volunteer", volunteerBody("Сараа", "saraa@example.mn"), "", "Accept-Language", "mn")
	mustStatus(t, ok, 201)
	if ok.str("reference") != fmt.Sprintf("CVP-%d-000001", time.Now().Year()) {
		t.Errorf("reference: %s", ok.raw)
	}
	conf := lastEmail(t, s, "saraa@example.mn")
	if !strings.Contains(conf.Subject, ok.str("reference")) || !strings.Contains(conf.Text, "Соёлын сайн дурын хөтөлбөрийн бүртгэл") {
		t.Errorf("confirmation in the submitter's language: %s\n%s", conf.Subject, conf.Text)
	}
	if staff := lastEmail(t, s, "desk@gerege.test"); !strings.Contains(staff.Subject, ok.str("reference")) {
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
	bad := volunteerBody("", "nope")
	bad["emergencyContacts"] = []map[string]any{{"name": "Бат", "relationship": "аав", "phone": "12"}}
	r := call(t, nil, ts, "POST", "/api/forms/volunteer", bad, "", "Accept-Language", "mn")
	if r.status != 422 || !strings.Contains(r.str("errors", "firstName"), "бөглөнө үү") || r.str("errors", "emergencyContacts.0.phone") == "" || r.str("errors", "email") == "" {
		t.Errorf("invalid: %s", r.raw)
	}
	var n int
	s.Store().Read.QueryRow(`SELECT count(*) FROM submissions`).Scan(&n)
	if n != 1 {
		t.Errorf("an invalid submission stored something: %d rows", n)
	}

	// Idempotency: the same key gets the same reference, one row.
	key := "form-render-7f3a"
	first := call(t, nil, ts, "POST", "/api/forms/contact", map[string]any{"firstName": "A", "lastName": "B", "email": "a@example.mn",
		"description": "Demo"}, "", "Idempotency-Key", key)
	second := call(t, nil, ts, "POST", "/api/forms/contact", map[string]any{"firstName": "A", "lastName": "B", "email": "a@example.mn",
		"description": "Demo"}, "", "Idempotency-Key", key)
	if first.status != 201 || second.status != 201 || first.str("reference") != second.str("reference") ||
		second.header.Get("Idempotent-Replayed") != "true" {
		t.Errorf("idempotency: %s / %s", first.raw, second.raw)
	}
	s.Store().Read.QueryRow(`SELECT count(*) FROM submissions WHERE form = 'contact'`).Scan(&n)
	if n != 1 {
		t.Errorf("a retry created another submission: %d", n)
	}

	// Browsers must send a form token (minimum fill time); the honeypot stays empty.
	mustStatus(t, call(t, nil, ts, "POST", "/api/forms/contact", map[string]any{"firstName": "A", "lastName": "B", "email": "a@example.mn",
		"description": "x"}, "", "Sec-Fetch-Site", "same-origin"), 422)
	tok := call(t, nil, ts, "GET", "/api/forms/token", nil, "").str("formToken")
	mustStatus(t, call(t, nil, ts, "POST", "/api/forms/contact", map[string]any{"firstName": "A", "lastName": "B", "email": "a@example.mn",
		"description": "x", "formToken": tok}, "", "Sec-Fetch-Site", "same-origin"), 201)
	mustStatus(t, call(t, nil, ts, "POST", "/api/forms/contact", map[string]any{"firstName": "A", "lastName": "B", "email": "a@example.mn",
		"description": "x", "website": "http://spam.example"}, ""), 422)
	mustStatus(t, call(t, nil, ts, "POST", "/api/forms/nope", map[string]any{}, ""), 404)
	schema := call(t, nil, ts, "GET", "/api/forms/volunteer/schema", nil, "")
	if schema.status != 200 || !strings.Contains(schema.raw, `"minAge":16`) || !strings.Contains(schema.raw, `"emergencyContacts":{"required":true,"max":5,"kind":"contacts","min":1,"sensitive":true}`) {
		t.Errorf("schema: %.300s", schema.raw)
	}
}

func TestFormsRateLimit(t *testing.T) {
	_, ts := newTestServer(t, func(c *Config) { c.FormsIP.N = 2 })
	body := map[string]any{"name": "A", "email": "a@example.mn", "topic": "account", "message": "Help"}
	mustStatus(t, call(t, nil, ts, "POST", "/api/forms/support", body, ""), 201)
	mustStatus(t, call(t, nil, ts, "POST", "/api/forms/support", body, ""), 201)
	r := call(t, nil, ts, "POST", "/api/forms/support", body, "", "Accept-Language", "mn")
	if r.status != 429 || r.header.Get("Retry-After") == "" || !strings.Contains(r.str("message"), "Хэт олон") {
		t.Errorf("rate limit: %d %s", r.status, r.raw)
	}
}

func TestStaffDesk(t *testing.T) {
	s, ts := newTestServer(t)
	for i, name := range []string{"Сараа", "Болд", "Anu"} {
		b := volunteerBody(name, fmt.Sprintf("p%d@example.mn", i))
		if i == 2 {
			b["country"] = "KR"
		}
		mustStatus(t, call(t, nil, ts, "POST", "/api/forms/volunteer", b, ""), 201)
	}
	login := func(email string, admin bool, staff int) *http.Client {
		c := staffClient(t, s, ts, ts.URL, email, admin, staff)
		mustStatus(t, call(t, c, ts, "POST", "/api/web/auth/login", map[string]any{"email": email, "password": "correct horse battery"}, ""), 200)
		return c
	}
	nobody := login("ind@example.mn", false, 0)
	desk := login("desk@example.mn", false, 1)
	sens := login("sens@example.mn", false, 2)
	mustStatus(t, call(t, nobody, ts, "GET", "/api/admin/forms/volunteer/submissions", nil, ""), 403)
	mustStatus(t, call(t, nil, ts, "GET", "/api/admin/forms/volunteer/submissions", nil, ""), 401)

	list := call(t, desk, ts, "GET", "/api/admin/forms/volunteer/submissions?limit=2", nil, "")
	if list.status != 200 || list.body["total"].(float64) != 3 || list.str("next") == "" || !strings.Contains(list.raw, "Anu") {
		t.Fatalf("list: %s", list.raw)
	}
	page2 := call(t, desk, ts, "GET", "/api/admin/forms/volunteer/submissions?limit=2&after="+list.str("next"), nil, "")
	if !strings.Contains(page2.raw, "Сараа") || strings.Contains(page2.raw, "Anu") {
		t.Errorf("page 2: %s", page2.raw)
	}
	if r := call(t, desk, ts, "GET", "/api/admin/forms/volunteer/submissions?q=САРАА", nil, ""); !strings.Contains(r.raw, "Сараа") || strings.Contains(r.raw, "Болд") {
		t.Errorf("search ignores Cyrillic case: %s", r.raw)
	}
	if r := call(t, desk, ts, "GET", "/api/admin/forms/volunteer/submissions?country=kr", nil, ""); r.body["total"].(float64) != 1 {
		t.Errorf("country filter: %s", r.raw)
	}
	mustStatus(t, call(t, desk, ts, "GET", "/api/admin/forms/volunteer/submissions?status=lost", nil, ""), 422)

	id := int64(list.body["items"].([]any)[0].(map[string]any)["id"].(float64))
	path := fmt.Sprintf("/api/admin/submissions/%d", id)
	d := call(t, desk, ts, "GET", path, nil, "")
	if d.body["sensitiveHidden"] != true || strings.Contains(d.raw, "астма") || strings.Contains(d.raw, "2006-05-01") {
		t.Errorf("desk staff must not see sensitive fields: %s", d.raw)
	}
	d2 := call(t, sens, ts, "GET", path, nil, "")
	if !strings.Contains(d2.raw, "астма") || !strings.Contains(d2.raw, "+97688001122") {
		t.Errorf("sensitive staff sees them: %s", d2.raw)
	}
	mustStatus(t, call(t, desk, ts, "POST", path+"/status", map[string]any{"status": "in_review", "note": "Calling"}, ""), 200)
	h := call(t, desk, ts, "POST", path+"/notes", map[string]any{"note": "Left a message"}, "")
	if !strings.Contains(h.raw, `"kind":"status","from":"new","to":"in_review"`) || !strings.Contains(h.raw, "Left a message") {
		t.Errorf("history: %s", h.raw)
	}

	// Export follows the filters; CSV has a BOM and flattened contacts for those allowed.
	csvRes := do(t, ts, "GET", "/api/admin/forms/volunteer/export.csv?status=new", "", map[string]string{"Cookie": cookieOf(sens, ts.URL)})
	if csvRes.status != 200 || !strings.HasPrefix(csvRes.body, "\uFEFF") {
		t.Fatalf("csv: %d %.100q", csvRes.status, csvRes.body)
	}
	recs, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(csvRes.body, "\uFEFF"))).ReadAll()
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
		"emergencyContact2Email": "eej@example.mn", "emergencyContact3Name": "", "status": "new", "country": "MN"} {
		i, ok := col[name]
		if !ok {
			t.Errorf("no column %s in %v", name, recs[0])
			continue
		}
		if row[i] != want {
			t.Errorf("%s = %q, want %q", name, row[i], want)
		}
	}
	deskCSV := do(t, ts, "GET", "/api/admin/forms/volunteer/export.csv", "", map[string]string{"Cookie": cookieOf(desk, ts.URL)})
	if strings.Contains(deskCSV.body, "астма") || strings.Contains(deskCSV.body, "emergencyContact1") {
		t.Error("desk staff export leaks sensitive fields")
	}
	xlsx := do(t, ts, "GET", "/api/admin/forms/volunteer/export.xlsx", "", map[string]string{"Cookie": cookieOf(desk, ts.URL)})
	if xlsx.status != 200 || !strings.HasPrefix(xlsx.body, "PK") {
		t.Errorf("xlsx: %d", xlsx.status)
	}

	// Deletion on request, with a reason.
	ref := d.str("reference")
	mustStatus(t, call(t, nil, ts, "POST", "/api/forms/deletion-requests", map[string]any{"reference": ref, "email": d.str("email")}, ""), 202)
	reqs := call(t, desk, ts, "GET", "/api/admin/deletion-requests", nil, "")
	if !strings.Contains(reqs.raw, ref) || !strings.Contains(reqs.raw, `"exists":true`) {
		t.Errorf("requests: %s", reqs.raw)
	}
	mustStatus(t, call(t, desk, ts, "DELETE", path, map[string]any{"reason": ""}, ""), 422)
	mustStatus(t, call(t, desk, ts, "DELETE", path, map[string]any{"reason": "Asked by the person"}, ""), 204)
	mustStatus(t, call(t, desk, ts, "GET", path, nil, ""), 404)
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
	_, ts := newTestServer(t)
	tok := register(t, ts, "draft@example.mn", nil).str("accessToken")
	noDraft := func() {
		t.Helper()
		r := call(t, nil, ts, "GET", "/api/forms/volunteer/draft", nil, tok)
		mustStatus(t, r, 200)
		if strings.TrimSpace(r.raw) != `{"data":null}` {
			t.Errorf("no draft: %q", r.raw)
		}
	}
	noDraft()
	mustStatus(t, call(t, nil, ts, "PUT", "/api/forms/volunteer/draft", map[string]any{"data": map[string]any{"firstName": "Сар"}}, tok), 204)
	if r := call(t, nil, ts, "GET", "/api/forms/volunteer/draft", nil, tok); !strings.Contains(r.raw, "Сар") {
		t.Errorf("draft: %s", r.raw)
	}
	mustStatus(t, call(t, nil, ts, "PUT", "/api/forms/volunteer/draft", map[string]any{"data": "not an object"}, tok), 422)
	mustStatus(t, call(t, nil, ts, "POST", "/api/forms/volunteer", volunteerBody("Сараа", "draft@example.mn"), tok), 201)
	noDraft() // submitting clears it
	mustStatus(t, call(t, nil, ts, "GET", "/api/forms/volunteer/draft", nil, ""), 401)
}

// Staff recipients may be set for every form or for one form.
func TestStaffNotifyPerForm(t *testing.T) {
	s, ts := newTestServer(t, func(c *Config) {
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
	mustStatus(t, call(t, nil, ts, "POST", "/api/forms/contact", map[string]any{"firstName": "A", "lastName": "B", "email": "a@example.mn",
		"description": "Demo"}, ""), 201)
	if got := sentTo(); got["desk@gerege.test"] != 1 || got["cvp@gerege.test"] != 0 {
		t.Errorf("contact notifies only the every-form address: %v", got)
	}
	mustStatus(t, call(t, nil, ts, "POST", "/api/forms/volunteer", volunteerBody("Сараа", "saraa@example.mn"), ""), 201)
	if got := sentTo(); got["desk@gerege.test"] != 2 || got["cvp@gerege.test"] != 1 {
		t.Errorf("volunteer notifies both, each once: %v", got)
	}
}
