package opportunities_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"gerege/app"
	"gerege/app/apitest"
)

var sameOrigin = []string{"Sec-Fetch-Site", "same-origin"}

// call sends a JSON request as a signed-in web client.
func call(t testing.TB, c *http.Client, ts *httptest.Server, method, path string, body any, lang ...string) apitest.Reply {
	t.Helper()
	h := append([]string{}, sameOrigin...)
	if len(lang) > 0 {
		h = append(h, "Accept-Language", lang[0])
	}
	return apitest.Call(t, c, ts, method, path, body, "", h...)
}

// verifyID verifies the national ID of a client created by apitest.Roles (born 1990-01-01).
func verifyID(t testing.TB, c *http.Client, ts *httptest.Server) {
	t.Helper()
	apitest.MustStatus(t, call(t, c, ts, "PUT", "/api/account/id-verification", map[string]any{"surname": "Батболд",
		"givenName": "Тэмүүлэн", "dateOfBirth": "1990-01-01", "idNumber": "УБ90010112"}), 200)
}

// posting is a complete job posting (everything publishing needs).
func posting(title string) map[string]any {
	return map[string]any{
		"kind": "job", "titleEn": title, "titleMn": "Мэдээллийн технологийн инженер",
		"descriptionEn": "Build **systems** in Ulaanbaatar.", "descriptionMn": "Улаанбаатар хотод систем хөгжүүлэх ажил.",
		"employmentType": "full_time_permanent", "classification": "it", "audience": "graduates", "country": "MN",
		"city": "Ulaanbaatar", "deadline": "2026-12-31", "pay": map[string]any{"kind": "amount", "min": 2500000, "currency": "MNT", "period": "month"},
		"openings": 1, "languages": []string{"mn", "en"}, "contactName": "Сараа", "contactEmail": "jobs@org.mn",
		"questions": []map[string]any{
			{"type": "yes_no", "textEn": "Do you live in Ulaanbaatar?", "textMn": "Та Улаанбаатарт амьдардаг уу?", "required": true, "must": "yes"},
			{"type": "choice", "textEn": "Years of experience", "textMn": "Ажилласан жил", "choices": []map[string]string{{"en": "0-1", "mn": "0-1"}, {"en": "2+", "mn": "2+"}}, "accept": []int{1}},
		},
	}
}

type world struct {
	s       *app.Server
	ts      *httptest.Server
	clock   *apitest.Clock
	c       map[string]*http.Client
	orgID   string
	posting string // id of a published posting
	slug    string
	dbPath  string
}

// setup: the owner's organisation verified, one posting published by an admin.
func setup(t testing.TB) *world {
	t.Helper()
	clock := apitest.NewClock()
	var dbPath string
	s, ts := apitest.NewServerClock(t, clock, func(c *app.Config) { dbPath = c.DB })
	w := &world{s: s, ts: ts, clock: clock, c: apitest.Roles(t, s, ts), dbPath: dbPath}
	verifyID(t, w.c["owner"], ts)
	verifyID(t, w.c["individual"], ts)
	org := call(t, w.c["owner"], ts, "PUT", "/api/org/profile", map[string]any{"website": "https://org.mn", "country": "MN",
		"registrationNumber": "1234567", "contactName": "Сараа Бат", "contactEmail": "hr@org.mn", "verify": true})
	apitest.MustStatus(t, org, 200)
	if org.Str("status") != "pending" {
		t.Fatalf("org status %q", org.Str("status"))
	}
	w.orgID = fmt.Sprint(org.Body["id"])
	apitest.MustStatus(t, call(t, w.c["admin"], ts, "POST", "/api/admin/organizations/"+w.orgID+"/status", map[string]any{"status": "verified"}), 200)
	w.posting, w.slug = w.publish(t, posting("IT engineer"))
	return w
}

// publish creates, submits and approves a posting; it returns its id and slug.
func (w *world) publish(t testing.TB, body map[string]any) (string, string) {
	t.Helper()
	cr := call(t, w.c["owner"], w.ts, "POST", "/api/org/opportunities", body)
	apitest.MustStatus(t, cr, 201)
	id := fmt.Sprint(cr.Body["id"])
	apitest.MustStatus(t, call(t, w.c["owner"], w.ts, "POST", "/api/org/opportunities/"+id+"/status", map[string]any{"status": "submitted"}), 200)
	d := call(t, w.c["admin"], w.ts, "POST", "/api/admin/opportunities/decisions", map[string]any{"ids": []any{cr.Body["id"]}, "decision": "approve"})
	apitest.MustStatus(t, d, 200)
	if !strings.Contains(d.Raw, `"done":[`+id+`]`) {
		t.Fatalf("not approved: %s", d.Raw)
	}
	return id, cr.Str("slug")
}

func TestLifecycle(t *testing.T) {
	t.Parallel()
	w := setup(t)
	ts, c := w.ts, w.c

	// A draft needs only a kind and a title; submitting needs everything.
	d := call(t, c["owner"], ts, "POST", "/api/org/opportunities", map[string]any{"kind": "job", "titleMn": "Нягтлан бодогч"})
	apitest.MustStatus(t, d, 201)
	id := fmt.Sprint(d.Body["id"])
	if d.Str("status") != "draft" || !strings.HasPrefix(d.Str("slug"), "nyagtlan-bodogch") {
		t.Errorf("draft: %s", d.Raw)
	}
	sub := call(t, c["owner"], ts, "POST", "/api/org/opportunities/"+id+"/status", map[string]any{"status": "submitted"})
	apitest.MustStatus(t, sub, 422)
	for _, f := range []string{"titleEn", "descriptionEn", "classification", "deadline", "contactName"} {
		if _, ok := sub.Body["errors"].(map[string]any)[f]; !ok {
			t.Errorf("submitting an incomplete draft: no message on %s: %s", f, sub.Raw)
		}
	}
	// Drafts are not public; nor are they another organisation's business.
	apitest.MustStatus(t, call(t, c["anonymous"], ts, "GET", "/api/opportunities/"+d.Str("slug"), nil), 404)

	// Edit, submit, send back with a reason, edit again, submit, approve.
	full := posting("Accountant")
	apitest.MustStatus(t, call(t, c["owner"], ts, "PUT", "/api/org/opportunities/"+id, full), 200)
	apitest.MustStatus(t, call(t, c["owner"], ts, "POST", "/api/org/opportunities/"+id+"/status", map[string]any{"status": "submitted"}), 200)
	apitest.MustStatus(t, call(t, c["owner"], ts, "PUT", "/api/org/opportunities/"+id, full), 409) // waiting: not editable
	noReason := call(t, c["admin"], ts, "POST", "/api/admin/opportunities/decisions", map[string]any{"ids": []any{d.Body["id"]}, "decision": "return"})
	apitest.MustStatus(t, noReason, 422)
	back := call(t, c["admin"], ts, "POST", "/api/admin/opportunities/decisions", map[string]any{"ids": []any{d.Body["id"]}, "decision": "return", "reason": "Add the salary range"})
	apitest.MustStatus(t, back, 200)
	ed := call(t, c["owner"], ts, "GET", "/api/org/opportunities/"+id, nil)
	if ed.Str("status") != "returned" || ed.Str("returnReason") != "Add the salary range" {
		t.Errorf("sent back: %s", ed.Raw)
	}
	apitest.MustStatus(t, call(t, c["owner"], ts, "PUT", "/api/org/opportunities/"+id, full), 200)
	apitest.MustStatus(t, call(t, c["owner"], ts, "POST", "/api/org/opportunities/"+id+"/status", map[string]any{"status": "submitted"}), 200)
	q := call(t, c["admin"], ts, "GET", "/api/admin/opportunities/queue", nil)
	if q.Body["postingsWaiting"] != float64(1) || q.Body["oldestPosting"] == nil {
		t.Errorf("queue: %s", q.Raw)
	}
	apitest.MustStatus(t, call(t, c["admin"], ts, "POST", "/api/admin/opportunities/decisions", map[string]any{"ids": []any{d.Body["id"]}, "decision": "approve"}), 200)

	// The history says who did what, in order.
	ed = call(t, c["owner"], ts, "GET", "/api/org/opportunities/"+id, nil)
	var steps []string
	for _, e := range ed.Body["history"].([]any) {
		steps = append(steps, e.(map[string]any)["to"].(string))
	}
	if got := strings.Join(steps, ","); got != "draft,submitted,returned,submitted,published" {
		t.Errorf("history %s", got)
	}
	// Published: public, found, and not editable; closing takes it out of the list.
	pub := call(t, c["anonymous"], ts, "GET", "/api/opportunities/"+ed.Str("slug"), nil)
	apitest.MustStatus(t, pub, 200)
	if !strings.Contains(pub.Str("descriptionHtml"), "<strong>systems</strong>") || pub.Body["open"] != true {
		t.Errorf("public detail: %.400s", pub.Raw)
	}
	apitest.MustStatus(t, call(t, c["owner"], ts, "PUT", "/api/org/opportunities/"+id, full), 409)
	apitest.MustStatus(t, call(t, c["owner"], ts, "POST", "/api/org/opportunities/"+id+"/status", map[string]any{"status": "closed"}), 200)
	if l := call(t, c["anonymous"], ts, "GET", "/api/opportunities?q=accountant", nil); strings.Contains(l.Raw, `"id":`+id+`,`) {
		t.Errorf("a closed posting is still listed: %s", l.Raw)
	}
	cl := call(t, c["anonymous"], ts, "GET", "/api/opportunities/"+ed.Str("slug"), nil)
	if cl.Status != 200 || cl.Body["open"] != false || cl.Str("status") != "closed" {
		t.Errorf("closed posting: %d %.300s", cl.Status, cl.Raw)
	}
	apitest.MustStatus(t, call(t, c["owner"], ts, "POST", "/api/org/opportunities/"+id+"/status", map[string]any{"status": "archived"}), 200)
	apitest.MustStatus(t, call(t, c["anonymous"], ts, "GET", "/api/opportunities/"+ed.Str("slug"), nil), 410)
	// Archived is the end.
	apitest.MustStatus(t, call(t, c["owner"], ts, "POST", "/api/org/opportunities/"+id+"/status", map[string]any{"status": "submitted"}), 409)
}

func TestUnverifiedOrganisationCannotPublish(t *testing.T) {
	t.Parallel()
	clock := apitest.NewClock()
	s, ts := apitest.NewServerClock(t, clock)
	c := apitest.Roles(t, s, ts)
	verifyID(t, c["owner"], ts)
	cr := call(t, c["owner"], ts, "POST", "/api/org/opportunities", posting("Engineer"))
	apitest.MustStatus(t, cr, 201)
	id := fmt.Sprint(cr.Body["id"])
	apitest.MustStatus(t, call(t, c["owner"], ts, "POST", "/api/org/opportunities/"+id+"/status", map[string]any{"status": "submitted"}), 200)
	d := call(t, c["admin"], ts, "POST", "/api/admin/opportunities/decisions", map[string]any{"ids": []any{cr.Body["id"]}, "decision": "approve"})
	if !strings.Contains(d.Raw, `"done":[]`) || !strings.Contains(d.Raw, "not verified") {
		t.Errorf("approved without a verified organisation: %s", d.Raw)
	}
	// The contact email must be at the organisation's domain, not a free provider.
	bad := call(t, c["owner"], ts, "PUT", "/api/org/profile", map[string]any{"website": "https://org.mn", "country": "MN",
		"registrationNumber": "1234567", "contactName": "Сараа", "contactEmail": "sara@gmail.com", "verify": true}, "mn")
	apitest.MustStatus(t, bad, 422)
	if !strings.Contains(bad.Raw, "org.mn") || !strings.Contains(bad.Raw, "домэйн") {
		t.Errorf("domain rule: %s", bad.Raw)
	}
}

func TestFeeRule(t *testing.T) {
	t.Parallel()
	w := setup(t)
	// Recruitment abroad must state that applicants never pay…
	p := posting("Seasonal workers in Korea")
	p["kind"], p["country"], p["visaType"], p["city"] = "recruitment", "KR", "seasonal_work", "Seoul"
	cr := call(t, w.c["owner"], w.ts, "POST", "/api/org/opportunities", p)
	apitest.MustStatus(t, cr, 201)
	id := fmt.Sprint(cr.Body["id"])
	sub := call(t, w.c["owner"], w.ts, "POST", "/api/org/opportunities/"+id+"/status", map[string]any{"status": "submitted"})
	apitest.MustStatus(t, sub, 422)
	if !strings.Contains(sub.Raw, `"noFee"`) {
		t.Errorf("no statement, no message on noFee: %s", sub.Raw)
	}
	// …and a posting that asks applicants for money cannot even be saved.
	p["noFee"], p["participantCost"], p["costCurrency"] = true, 500, "USD"
	fee := call(t, w.c["owner"], w.ts, "PUT", "/api/org/opportunities/"+id, p)
	apitest.MustStatus(t, fee, 422)
	if !strings.Contains(fee.Raw, `"participantCost"`) {
		t.Errorf("fee: %s", fee.Raw)
	}
	// A study tour may cost its participants.
	tour := posting("Study tour to Japan")
	tour["kind"], tour["country"], tour["visaType"], tour["city"], tour["employmentType"] = "travel", "JP", "tourist", "Tokyo", ""
	tour["startDate"], tour["endDate"], tour["participantCost"], tour["costCurrency"] = "2027-03-01", "2027-03-10", 2000, "USD"
	w.publish(t, tour)
}

func TestApplyAndPipeline(t *testing.T) {
	t.Parallel()
	w := setup(t)
	ts, c := w.ts, w.c
	path := "/api/opportunities/" + w.slug + "/applications"

	// Answers are checked against the questions.
	bad := call(t, c["individual"], ts, "POST", path, map[string]any{"answers": []map[string]any{{"index": 0, "value": "maybe"}}})
	apitest.MustStatus(t, bad, 422)
	missing := call(t, c["individual"], ts, "POST", path, map[string]any{})
	if missing.Status != 422 || !strings.Contains(missing.Raw, `"answers.0"`) {
		t.Errorf("a required answer missing: %d %s", missing.Status, missing.Raw)
	}
	ok := call(t, c["individual"], ts, "POST", path, map[string]any{"coverLetter": "I would like to join.",
		"answers": []map[string]any{{"index": 0, "value": "yes"}, {"index": 1, "value": "0"}}})
	apitest.MustStatus(t, ok, 201)
	appID := fmt.Sprint(ok.Body["id"])
	// One application per person.
	again := call(t, c["individual"], ts, "POST", path, map[string]any{"answers": []map[string]any{{"index": 0, "value": "yes"}}})
	apitest.MustStatus(t, again, 409)

	// Staff see it (a counselor too); it is flagged as not meeting a must-have (2+ years).
	pl := call(t, c["counselor"], ts, "GET", "/api/org/applications?opportunity="+w.posting, nil)
	apitest.MustStatus(t, pl, 200)
	if !strings.Contains(pl.Raw, `"meetsMustHaves":false`) || !strings.Contains(pl.Raw, `"submitted":1`) {
		t.Errorf("pipeline: %s", pl.Raw)
	}
	// Opening it marks it reviewed; the applicant sees the timeline, not who did it.
	det := call(t, c["counselor"], ts, "GET", "/api/org/applications/"+appID, nil)
	if det.Str("status") != "reviewed" || !strings.Contains(det.Raw, "I would like to join.") {
		t.Errorf("detail: %s", det.Raw)
	}
	apitest.MustStatus(t, call(t, c["counselor"], ts, "POST", "/api/org/applications/"+appID+"/notes", map[string]any{"note": "Strong CV, call her"}), 200)
	mine := call(t, c["individual"], ts, "GET", "/api/me/applications", nil)
	if !strings.Contains(mine.Raw, `"status":"reviewed"`) || strings.Contains(mine.Raw, "Strong CV") {
		t.Errorf("applicant view: %s", mine.Raw)
	}
	// Move through the board; the applicant is notified each time (and emailed).
	for _, st := range []string{"shortlisted", "interview", "offer", "hired"} {
		mv := call(t, c["manager"], ts, "POST", "/api/org/applications/status", map[string]any{"ids": []any{ok.Body["id"]}, "status": st})
		if !strings.Contains(mv.Raw, `"done":[`+appID+`]`) {
			t.Fatalf("move to %s: %s", st, mv.Raw)
		}
	}
	n := call(t, c["individual"], ts, "GET", "/api/notifications", nil, "mn")
	if !strings.Contains(n.Raw, "Ажилд авсан") || !strings.Contains(n.Raw, "Мэдээллийн технологийн инженер") {
		t.Errorf("notification in Mongolian with the Mongolian title: %.600s", n.Raw)
	}
	// The only opening is filled: the posting closes and refuses new applications.
	apitest.MustStatus(t, call(t, c["anonymous"], ts, "GET", "/api/opportunities/"+w.slug, nil), 200)
	ed := call(t, c["owner"], ts, "GET", "/api/org/opportunities/"+w.posting, nil)
	if ed.Str("status") != "closed" || ed.Str("closeReason") != "filled" {
		t.Errorf("after the last hire: %s", ed.Raw)
	}
	// Hired is final.
	final := call(t, c["manager"], ts, "POST", "/api/org/applications/status", map[string]any{"ids": []any{ok.Body["id"]}, "status": "declined"})
	if !strings.Contains(final.Raw, `"done":[]`) {
		t.Errorf("moved out of hired: %s", final.Raw)
	}
	apitest.MustStatus(t, call(t, c["individual"], ts, "POST", "/api/me/applications/"+appID+"/withdraw", nil), 409)
}

func TestDeadlineAndPromise(t *testing.T) {
	t.Parallel()
	w := setup(t)
	ts, c := w.ts, w.c
	ok := call(t, c["individual"], ts, "POST", "/api/opportunities/"+w.slug+"/applications", map[string]any{
		"answers": []map[string]any{{"index": 0, "value": "yes"}}})
	apitest.MustStatus(t, ok, 201)

	// 14 days without a review: the applicant sees since when they wait; owner and manager are told.
	w.clock.Advance(15 * 24 * time.Hour)
	for who := range c { // sessions expired meanwhile
		if who != "anonymous" {
			c[who] = apitest.SignIn(t, ts, apitest.RoleEmails[who])
		}
	}
	if err := w.s.RunJob(context.Background(), "opportunities.promise"); err != nil {
		t.Fatal(err)
	}
	mine := call(t, c["individual"], ts, "GET", "/api/me/applications", nil)
	if !strings.Contains(mine.Raw, `"waitingSince":"2026-11-22`) {
		t.Errorf("waiting: %s", mine.Raw)
	}
	for _, who := range []string{"owner", "manager"} {
		n := call(t, c[who], ts, "GET", "/api/notifications", nil)
		if !strings.Contains(n.Raw, "Applications waiting for a review for more than 14 days: 1") {
			t.Errorf("%s not told: %.400s", who, n.Raw)
		}
	}
	if n := call(t, c["counselor"], ts, "GET", "/api/notifications", nil); strings.Contains(n.Raw, "waiting for a review") {
		t.Errorf("counselors are not in the digest: %s", n.Raw)
	}
	// Flagged once only.
	if err := w.s.RunJob(context.Background(), "opportunities.promise"); err != nil {
		t.Fatal(err)
	}
	if n := call(t, c["owner"], ts, "GET", "/api/notifications", nil); strings.Count(n.Raw, "waiting for a review for more") != 1 {
		t.Errorf("flagged twice: %s", n.Raw)
	}

	// The deadline (31 December, Ulaanbaatar) passes: the posting closes and refuses applications.
	w.clock.Advance(30 * 24 * time.Hour)
	c["owner"] = apitest.SignIn(t, ts, apitest.RoleEmails["owner"])
	if err := w.s.RunJob(context.Background(), "opportunities.deadlines"); err != nil {
		t.Fatal(err)
	}
	ed := call(t, c["owner"], ts, "GET", "/api/org/opportunities/"+w.posting, nil)
	if ed.Str("status") != "closed" || ed.Str("closeReason") != "deadline" {
		t.Errorf("after the deadline: %s", ed.Raw)
	}
}

func TestSearch(t *testing.T) {
	t.Parallel()
	w := setup(t)
	tour := posting("Study tour to Japan")
	tour["kind"], tour["country"], tour["visaType"], tour["city"], tour["employmentType"] = "travel", "JP", "tourist", "Tokyo", ""
	tour["titleMn"], tour["descriptionMn"] = "Японд суралцах аялал", "Токиогийн их сургуулиудтай танилцана."
	tour["startDate"], tour["endDate"], tour["classification"] = "2027-03-01", "2027-03-10", "education"
	w.publish(t, tour)
	get := func(q string) apitest.Reply {
		r := call(t, w.c["anonymous"], w.ts, "GET", "/api/opportunities?"+q, nil)
		apitest.MustStatus(t, r, 200)
		return r
	}
	for q, want := range map[string]string{
		"q=medeelel+tehnologi":     "IT engineer", // Latin spelling of the Mongolian title
		"q=Улаанбаатар":            "IT engineer", // Cyrillic of the English description's city
		"q=ulaanbaatar":            "IT engineer",
		"q=японд":                  "Study tour",
		"kind=travel":              "Study tour",
		"country=jp":               "Study tour",
		"holland=SA":               "Study tour", // education suits S and A
		"holland=IC":               "IT engineer",
		"classification=it&paid=1": "IT engineer",
	} {
		if r := get(q); !strings.Contains(r.Raw, want) {
			t.Errorf("%s: %s not found: %.300s", q, want, r.Raw)
		}
	}
	if r := get("kind=travel"); strings.Contains(r.Raw, "IT engineer") {
		t.Errorf("kind filter: %s", r.Raw)
	}
	// Paging: one per page, the cursor leads to the other, then the end.
	p1 := get("limit=1")
	if p1.Str("next") == "" || len(p1.Body["items"].([]any)) != 1 {
		t.Fatalf("page 1: %s", p1.Raw)
	}
	p2 := get("limit=1&after=" + p1.Str("next"))
	if p2.Str("next") != "" || len(p2.Body["items"].([]any)) != 1 || p2.Body["items"].([]any)[0].(map[string]any)["id"] == p1.Body["items"].([]any)[0].(map[string]any)["id"] {
		t.Errorf("page 2: %s", p2.Raw)
	}
	// Whatever a person types gives an answer, never a 500.
	for _, q := range []string{"q=%22", "q=%00", "q=AND+OR+NOT", "q=*", "q=" + strings.Repeat("a", 300), "after=xyz", "kind=boat",
		"limit=0", "limit=9999", "holland=XYZ", "deadlineFrom=2026-02-30", "country=ZZ", "sort=best"} {
		r := call(t, w.c["anonymous"], w.ts, "GET", "/api/opportunities?"+q, nil)
		if r.Status >= 500 {
			t.Errorf("%s: %d", q, r.Status)
		}
	}
	if r := call(t, w.c["anonymous"], w.ts, "GET", "/api/opportunities?kind=boat", nil, "mn"); r.Status != 422 || !strings.Contains(r.Raw, `"kind"`) {
		t.Errorf("unknown kind: %d %s", r.Status, r.Raw)
	}
}

func TestPermissionsAndOtherOrganisations(t *testing.T) {
	t.Parallel()
	w := setup(t)
	ts := w.ts
	// Another organisation with its own owner.
	apitest.MustStatus(t, apitest.Register(t, ts, "rival@example.mn", map[string]any{"accountType": "enterprise",
		"organization": "Rival LLC", "dateOfBirth": "1990-01-01"}), 201)
	rival := apitest.SignIn(t, ts, "rival@example.mn")
	ok := call(t, w.c["individual"], ts, "POST", "/api/opportunities/"+w.slug+"/applications", map[string]any{
		"coverLetter": "Secret cover letter", "answers": []map[string]any{{"index": 0, "value": "yes"}}})
	apitest.MustStatus(t, ok, 201)
	appID := fmt.Sprint(ok.Body["id"])

	for _, sc := range []struct {
		method, path string
		body         any
		status       int
	}{
		{"GET", "/api/org/opportunities/" + w.posting, nil, 404},
		{"PUT", "/api/org/opportunities/" + w.posting, posting("x"), 404},
		{"POST", "/api/org/opportunities/" + w.posting + "/status", map[string]any{"status": "closed"}, 404},
		{"GET", "/api/org/applications/" + appID, nil, 404},
		{"POST", "/api/org/applications/" + appID + "/notes", map[string]any{"note": "x"}, 404},
		{"PUT", "/api/org/applications/" + appID + "/labels", map[string]any{"labels": []string{"x"}}, 404},
		{"GET", "/api/org/applications?opportunity=" + w.posting, nil, 404},
	} {
		r := call(t, rival, ts, sc.method, sc.path, sc.body)
		if r.Status != sc.status || strings.Contains(r.Raw, "Secret cover letter") {
			t.Errorf("rival %s %s: %d %s", sc.method, sc.path, r.Status, r.Raw)
		}
	}
	if l := call(t, rival, ts, "GET", "/api/org/applications", nil); strings.Contains(l.Raw, "Secret") || strings.Contains(l.Raw, apitest.RoleEmails["individual"]) {
		t.Errorf("rival's pipeline shows another organisation's applicants: %s", l.Raw)
	}
	mv := call(t, rival, ts, "POST", "/api/org/applications/status", map[string]any{"ids": []any{ok.Body["id"]}, "status": "declined"})
	if !strings.Contains(mv.Raw, `"done":[]`) {
		t.Errorf("rival moved an application: %s", mv.Raw)
	}
	// Counselors review but do not edit postings.
	apitest.MustStatus(t, call(t, w.c["counselor"], ts, "PUT", "/api/org/opportunities/"+w.posting, posting("x")), 403)
	apitest.MustStatus(t, call(t, w.c["counselor"], ts, "POST", "/api/org/opportunities", posting("x")), 403)
	// Enterprise staff do not apply; individuals do not see pipelines.
	apitest.MustStatus(t, call(t, w.c["owner"], ts, "POST", "/api/opportunities/"+w.slug+"/applications", map[string]any{}), 403)
	apitest.MustStatus(t, call(t, w.c["individual"], ts, "GET", "/api/org/applications", nil), 403)
	// Without a verified national ID, nobody applies.
	apitest.MustStatus(t, apitest.Register(t, ts, "noid@example.mn", map[string]any{"dateOfBirth": "2000-01-01"}), 201)
	noid := apitest.SignIn(t, ts, "noid@example.mn")
	r := call(t, noid, ts, "POST", "/api/opportunities/"+w.slug+"/applications", map[string]any{"answers": []map[string]any{{"index": 0, "value": "yes"}}})
	if r.Status != 403 || r.Str("code") != "id_verification_required" {
		t.Errorf("no ID: %d %s", r.Status, r.Raw)
	}
	// Another applicant's application is not theirs to withdraw.
	apitest.MustStatus(t, call(t, noid, ts, "POST", "/api/me/applications/"+appID+"/withdraw", nil), 404)
}

// The organisation's list filters by a group of kinds on the server (the dashboard's jobs and
// tours: a page filtered in the browser could come back empty with more to load) and carries
// each posting's number of applications (the dashboard counted them from a 500-row page).
func TestOrgListKindsAndApplicationCounts(t *testing.T) {
	t.Parallel()
	w := setup(t)
	ts := w.ts
	apitest.MustStatus(t, call(t, w.c["individual"], ts, "POST", "/api/opportunities/"+w.slug+"/applications", map[string]any{
		"answers": []map[string]any{{"index": 0, "value": "yes"}, {"index": 1, "value": "0"}}}), 201)
	tour := call(t, w.c["owner"], ts, "POST", "/api/org/opportunities", map[string]any{"kind": "travel", "titleEn": "Summer trip to Seoul"})
	apitest.MustStatus(t, tour, 201)
	tourID := fmt.Sprint(tour.Body["id"])
	items := func(r apitest.Reply) map[string]float64 {
		t.Helper()
		apitest.MustStatus(t, r, 200)
		out := map[string]float64{}
		for _, it := range r.Body["items"].([]any) {
			m := it.(map[string]any)
			out[fmt.Sprint(m["id"])] = m["applications"].(float64)
		}
		return out
	}
	all := items(call(t, w.c["counselor"], ts, "GET", "/api/org/opportunities", nil))
	if all[w.posting] != 1 || all[tourID] != 0 || len(all) != 2 {
		t.Errorf("counts: %v", all)
	}
	if jobs := items(call(t, w.c["owner"], ts, "GET", "/api/org/opportunities?kinds=job,career,recruitment", nil)); len(jobs) != 1 || jobs[w.posting] != 1 {
		t.Errorf("jobs: %v", jobs)
	}
	if tours := items(call(t, w.c["owner"], ts, "GET", "/api/org/opportunities?kinds=travel,exchange", nil)); len(tours) != 1 {
		t.Errorf("tours: %v", tours)
	}
	for _, bad := range []string{"job,bogus", "job,,travel", strings.Repeat("job,", 20) + "job"} {
		r := call(t, w.c["owner"], ts, "GET", "/api/org/opportunities?kinds="+bad, nil)
		if r.Status != 422 || !strings.Contains(r.Raw, `"kinds"`) {
			t.Errorf("kinds=%s: %d %s", bad, r.Status, r.Raw)
		}
	}
	// Another organisation's list has neither the postings nor their counts.
	apitest.MustStatus(t, apitest.Register(t, ts, "rival2@example.mn", map[string]any{"accountType": "enterprise",
		"organization": "Rival Two LLC", "dateOfBirth": "1990-01-01"}), 201)
	if r := call(t, apitest.SignIn(t, ts, "rival2@example.mn"), ts, "GET", "/api/org/opportunities", nil); r.Status == 200 &&
		(strings.Contains(r.Raw, "Summer trip") || strings.Contains(r.Raw, `"applications":1`)) {
		t.Errorf("a rival sees the postings: %s", r.Raw)
	}
}

// The applicant's dashboard pages are in the navigation of individuals only, and the server
// lets only them open the pages.
func TestApplicantDashboardPages(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t)
	c := apitest.Roles(t, s, ts)
	for role, want := range map[string]bool{"individual": true, "owner": false, "counselor": false} {
		me := call(t, c[role], ts, "GET", "/api/auth/me", nil)
		apitest.MustStatus(t, me, 200)
		for _, key := range []string{"applications", "saved"} {
			if got := strings.Contains(me.Raw, `"`+key+`"`); got != want {
				t.Errorf("%s: %s in the dashboard navigation = %v, want %v: %s", role, key, got, want, me.Raw)
			}
		}
		for _, path := range []string{"/en/dashboard/applications", "/mn/dashboard/saved"} {
			res := apitest.Call(t, c[role], ts, "GET", path, nil, "")
			if (res.Status == 200) != want {
				t.Errorf("%s %s: %d", role, path, res.Status)
			}
		}
	}
}
