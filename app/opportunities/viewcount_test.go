package opportunities_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"gerege/app/apitest"
	"gerege/db"
)

// views of a posting: a person counts once a Ulaanbaatar day, whether they open the page, ask
// the API, or both; robots and the organisation's own staff are not counted; the numbers reach
// the database through the job (or when the server stops) and the organisation's analytics.
func TestViewsAreCountedOncePerPersonAndDay(t *testing.T) {
	t.Parallel()
	w := setup(t)
	ts, c := w.ts, w.c
	api, page := "/api/opportunities/"+w.slug, "/en/opportunities/"+w.slug
	id, _ := strconv.ParseInt(w.posting, 10, 64)
	views := func() map[string]int {
		t.Helper()
		if err := w.s.RunJob(context.Background(), "opportunities.views"); err != nil {
			t.Fatal(err)
		}
		got, err := w.s.Store().OpportunityViewsOn(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	get := func(name, path string, headers ...string) {
		t.Helper()
		r := apitest.Call(t, c[name], ts, "GET", path, nil, "", headers...)
		apitest.MustStatus(t, r, 200)
	}
	day := w.clock.Now().In(time.FixedZone("UB", 8*3600)).Format(time.DateOnly)

	// A visitor opens the page and reloads it; the student reads the page and the API (the web
	// page asks it for what is theirs): two people.
	get("anonymous", page)
	get("anonymous", page)
	get("individual", page)
	get("individual", api)
	get("individual", api)
	// Not counted: a search engine, the organisation's own staff.
	get("anonymous", page, "User-Agent", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")
	get("owner", api)
	get("counselor", page)
	if got := views(); got[day] != 2 || len(got) != 1 {
		t.Fatalf("views after the first day: %v, want %s: 2", got, day)
	}
	// Nothing counted twice by a second flush.
	if got := views(); got[day] != 2 {
		t.Fatalf("views after a second flush: %v", got)
	}

	// The next Ulaanbaatar day the same people count again.
	w.clock.Advance(24 * time.Hour)
	next := w.clock.Now().In(time.FixedZone("UB", 8*3600)).Format(time.DateOnly)
	get("individual", api)
	get("anonymous", page)
	get("anonymous", page)
	if got := views(); got[day] != 2 || got[next] != 2 {
		t.Fatalf("views after the second day: %v", got)
	}

	// Views the job has not stored yet are stored when the server stops.
	w.clock.Advance(24 * time.Hour)
	last := w.clock.Now().In(time.FixedZone("UB", 8*3600)).Format(time.DateOnly)
	get("individual", api)
	w.ts.Close()
	if err := w.s.Close(); err != nil {
		t.Fatal(err)
	}
	st, err := db.Open(context.Background(), w.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	got, err := st.OpportunityViewsOn(context.Background(), id)
	if err != nil || got[last] != 1 {
		t.Fatalf("views stored when the server stopped: %v %v, want %s: 1", got, err, last)
	}
}

// TestAnalyticsShowViews: the organisation's analytics count the views of its postings, per
// posting and as the funnel's first step; another organisation's views are not in them.
func TestAnalyticsShowViews(t *testing.T) {
	t.Parallel()
	w := setup(t)
	ts, c := w.ts, w.c
	apitest.MustStatus(t, apitest.Call(t, c["individual"], ts, "GET", "/api/opportunities/"+w.slug, nil, ""), 200)
	apitest.MustStatus(t, apitest.Call(t, c["anonymous"], ts, "GET", "/en/opportunities/"+w.slug, nil, ""), 200)
	if err := w.s.RunJob(context.Background(), "opportunities.views"); err != nil {
		t.Fatal(err)
	}
	r := apitest.Call(t, c["owner"], ts, "GET", "/api/analytics/organization", nil, "")
	apitest.MustStatus(t, r, 200)
	if !strings.Contains(r.Raw, `"views":2,"applications":0`) || !strings.Contains(r.Raw, `{"stage":"viewed","count":2}`) {
		t.Fatalf("analytics without the posting's 2 views: %s", r.Raw)
	}
}
