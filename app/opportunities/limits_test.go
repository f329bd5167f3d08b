package opportunities_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"gerege/app/apitest"
)

// draft creates a complete draft as the owner and returns its id.
func (w *world) draft(t *testing.T, title string) string {
	t.Helper()
	cr := call(t, w.c["owner"], w.ts, "POST", "/api/org/opportunities", posting(title))
	apitest.MustStatus(t, cr, 201)
	return fmt.Sprint(cr.Body["id"])
}

func (w *world) move(t *testing.T, id, status string, lang ...string) apitest.Reply {
	t.Helper()
	return call(t, w.c["owner"], w.ts, "POST", "/api/org/opportunities/"+id+"/status", map[string]any{"status": status}, lang...)
}

// usage is the postings dashboard's "used of max".
func (w *world) usage(t *testing.T) string {
	t.Helper()
	r := call(t, w.c["owner"], w.ts, "GET", "/api/org/opportunities", nil)
	apitest.MustStatus(t, r, 200)
	u := r.Body["usage"].(map[string]any)
	return fmt.Sprintf("%v %v of %v", u["code"], u["used"], u["max"])
}

// The free plan allows two open postings: submitted and published ones count, drafts, postings
// sent back and closed ones do not; the third submission is refused in the reader's language
// until one is withdrawn or closed. Ending a paid plan closes nothing.
func TestOpenPostingsLimit(t *testing.T) {
	t.Parallel()
	w := setup(t) // one published posting: 1 of 2
	if got := w.usage(t); got != "free 1 of 2" {
		t.Fatalf("usage %q", got)
	}
	a, b, c := w.draft(t, "Second"), w.draft(t, "Third"), w.draft(t, "Fourth")
	apitest.MustStatus(t, w.move(t, a, "submitted"), 200) // 2 of 2: drafts do not count
	en := w.move(t, b, "submitted")
	apitest.MustStatus(t, en, 409)
	if en.Str("code") != "plan_limit" || en.Str("message") != "Your plan Free allows 2 open postings. Close one or upgrade on the Pricing page." {
		t.Errorf("refusal in English: %s", en.Raw)
	}
	mn := w.move(t, b, "submitted", "mn")
	apitest.MustStatus(t, mn, 409)
	if want := "Таны «Үнэгүй» багцаар нэгэн зэрэг 2 нээлттэй зар байршуулах боломжтой. Нэг зараа хаах эсвэл «Үнэ» хуудаснаас багцаа ахиулна уу."; mn.Str("message") != want {
		t.Errorf("refusal in Mongolian: %s", mn.Raw)
	}
	if ed := call(t, w.c["owner"], w.ts, "GET", "/api/org/opportunities/"+b, nil); ed.Str("status") != "draft" {
		t.Errorf("a refused submission changed the posting: %s", ed.Raw)
	}
	if got := w.usage(t); got != "free 2 of 2" {
		t.Errorf("usage %q", got)
	}

	// Withdrawing a submission frees its slot; so does closing a published posting; a posting
	// sent back by the admins is not open either.
	apitest.MustStatus(t, w.move(t, a, "draft"), 200)
	apitest.MustStatus(t, w.move(t, b, "submitted"), 200)
	apitest.MustStatus(t, call(t, w.c["admin"], w.ts, "POST", "/api/admin/opportunities/decisions",
		map[string]any{"ids": []any{json.Number(b)}, "decision": "return", "reason": "Add the salary"}), 200)
	apitest.MustStatus(t, w.move(t, c, "submitted"), 200) // b was sent back: 2 of 2 again
	apitest.MustStatus(t, w.move(t, b, "submitted"), 409) // re-submitting what was sent back opens it again
	apitest.MustStatus(t, w.move(t, w.posting, "closed"), 200)
	apitest.MustStatus(t, w.move(t, b, "submitted"), 200)

	// A paid plan: Pro has no limit (no usage shown), so more postings open.
	org := apitest.OnPlan(t, w.s, apitest.RoleEmails["owner"], "pro")
	if got := w.usage(t); got != "pro 0 of -1" {
		t.Errorf("usage on Pro %q", got)
	}
	apitest.MustStatus(t, w.move(t, a, "submitted"), 200)
	d := w.draft(t, "Fifth")
	apitest.MustStatus(t, w.move(t, d, "submitted"), 200)
	// The plan ends: back on the free plan with its data kept — the four open postings stay
	// open (one of them is approved even now); only a new opening is refused.
	apitest.SetPlan(t, w.s.Store(), org, "free")
	apitest.MustStatus(t, call(t, w.c["admin"], w.ts, "POST", "/api/admin/opportunities/decisions",
		map[string]any{"ids": []any{json.Number(d)}, "decision": "approve"}), 200)
	if got := w.usage(t); got != "free 4 of 2" {
		t.Errorf("usage after the fall-back %q", got)
	}
	e := w.draft(t, "Sixth")
	if r := w.move(t, e, "submitted"); r.Status != 409 || r.Str("code") != "plan_limit" {
		t.Errorf("over the limit after the fall-back: %d %s", r.Status, r.Raw)
	}
}

// Many submissions at the same moment for the last open slot: exactly one passes (the count
// and the change are one transaction of the single writer).
func TestOpenPostingsLimitRace(t *testing.T) {
	t.Parallel()
	w := setup(t) // 1 of 2: one slot left
	const n = 8
	ids := make([]string, n)
	for i := range ids {
		ids[i] = w.draft(t, fmt.Sprint("Race ", i))
	}
	var wg sync.WaitGroup
	status := make([]int, n)
	start := make(chan struct{})
	for i := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			status[i] = w.move(t, ids[i], "submitted").Status
		}()
	}
	close(start)
	wg.Wait()
	ok, refused := 0, 0
	for _, s := range status {
		switch s {
		case 200:
			ok++
		case 409:
			refused++
		}
	}
	if ok != 1 || refused != n-1 {
		t.Fatalf("%d submissions passed and %d were refused (statuses %v), want 1 and %d", ok, refused, status, n-1)
	}
	if got := w.usage(t); got != "free 2 of 2" {
		t.Errorf("usage %q", got)
	}
	if r := call(t, w.c["owner"], w.ts, "GET", "/api/org/opportunities?status=submitted", nil); strings.Count(r.Raw, `"status":"submitted"`) != 1 {
		t.Errorf("submitted postings: %s", r.Raw)
	}
}
