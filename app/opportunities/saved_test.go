package opportunities_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"gerege/app/apitest"
)

func TestSavedSearchAlerts(t *testing.T) {
	t.Parallel()
	w := setup(t)
	me := w.c["individual"]
	bad := call(t, me, w.ts, "POST", "/api/me/saved-searches", map[string]any{"name": "x", "query": "kind=boat"})
	if bad.Status != 422 || !strings.Contains(bad.Raw, `"kind"`) {
		t.Errorf("an invalid search: %d %s", bad.Status, bad.Raw)
	}
	s := call(t, me, w.ts, "POST", "/api/me/saved-searches", map[string]any{"name": "Tours", "query": "kind=travel&after=zzz&junk=1"})
	apitest.MustStatus(t, s, 201)
	if !strings.Contains(s.Raw, `"query":"kind=travel"`) {
		t.Errorf("kept query: %s", s.Raw)
	}
	// Nothing new yet: no alert. Then a tour is published; the next run tells the person once.
	if err := w.s.RunJob(context.Background(), "opportunities.alerts"); err != nil {
		t.Fatal(err)
	}
	w.clock.Advance(time.Hour)
	tour := posting("Study tour to Japan")
	tour["kind"], tour["country"], tour["visaType"], tour["city"], tour["employmentType"] = "travel", "JP", "tourist", "Tokyo", ""
	tour["startDate"], tour["endDate"] = "2027-03-01", "2027-03-10"
	w.publish(t, tour)
	w.clock.Advance(time.Hour)
	for i := 0; i < 2; i++ {
		if err := w.s.RunJob(context.Background(), "opportunities.alerts"); err != nil {
			t.Fatal(err)
		}
	}
	n := call(t, me, w.ts, "GET", "/api/notifications", nil, "mn")
	if strings.Count(n.Raw, "хайлтад тохирох шинэ боломж: 1") != 1 || !strings.Contains(n.Raw, "/opportunities?kind=travel") {
		t.Errorf("alert: %s", n.Raw)
	}
	// Another person cannot delete it; its owner can.
	id := fmt.Sprint(s.Body["items"].([]any)[0].(map[string]any)["id"])
	apitest.MustStatus(t, call(t, w.c["owner"], w.ts, "DELETE", "/api/me/saved-searches/"+id, nil), 403)
	apitest.MustStatus(t, apitest.Register(t, w.ts, "x@example.mn", map[string]any{"dateOfBirth": "2000-01-01"}), 201)
	apitest.MustStatus(t, call(t, apitest.SignIn(t, w.ts, "x@example.mn"), w.ts, "DELETE", "/api/me/saved-searches/"+id, nil), 404)
	apitest.MustStatus(t, call(t, me, w.ts, "DELETE", "/api/me/saved-searches/"+id, nil), 204)
}

func TestEligibility(t *testing.T) {
	t.Parallel()
	w := setup(t)
	me := w.c["individual"]
	tour := posting("Seasonal work in Korea")
	tour["kind"], tour["country"], tour["visaType"], tour["city"], tour["noFee"] = "recruitment", "KR", "seasonal_work", "Seoul", true
	tour["languages"] = []string{"ko"}
	_, slug := w.publish(t, tour)
	d := call(t, me, w.ts, "GET", "/api/opportunities/"+slug, nil)
	if !strings.Contains(d.Raw, `"visaNeeded":"seasonal_work"`) || !strings.Contains(d.Raw, `"known":false`) {
		t.Errorf("before stating: %s", d.Raw)
	}
	apitest.MustStatus(t, call(t, me, w.ts, "PUT", "/api/me/eligibility", map[string]any{"passportCountry": "ZZ"}), 422)
	apitest.MustStatus(t, call(t, me, w.ts, "PUT", "/api/me/eligibility", map[string]any{"passportCountry": "kr", "languages": []string{"mn", "en"}}), 200)
	d = call(t, me, w.ts, "GET", "/api/opportunities/"+slug, nil)
	if !strings.Contains(d.Raw, `"visaNeeded":""`) || !strings.Contains(d.Raw, `"languagesOk":false`) {
		t.Errorf("a Korean passport, no Korean: %s", d.Raw)
	}
	// Never hidden from the list.
	if l := call(t, me, w.ts, "GET", "/api/opportunities?country=KR", nil); !strings.Contains(l.Raw, slug) {
		t.Errorf("hidden: %s", l.Raw)
	}
}
