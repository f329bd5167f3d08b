package site_test

import (
	"gerege/app"
	"gerege/app/apitest"
	"strings"
	"testing"
)

func TestSiteExtras(t *testing.T) {
	t.Parallel()
	clock := apitest.NewClock() // 22 November 2026: the next timeline is 2027's
	_, ts := apitest.NewServerClock(t, clock, func(c *app.Config) {
		c.AppStoreURL, c.PlayStoreURL = "https://apps.apple.com/app/id1", "https://play.google.com/store/apps/details?id=mn.gerege"
	})
	meta := apitest.Call(t, nil, ts, "GET", "/api/meta", nil, "")
	if meta.Str("appStoreUrl") != "https://apps.apple.com/app/id1" || meta.Str("supportEmail") != "support@gerege.mn" {
		t.Errorf("meta: %s", meta.Raw)
	}
	ics := apitest.Do(t, ts, "GET", "/api/programs/volunteer/timeline.ics?lang=mn", "", nil)
	if ics.Status != 200 || !strings.HasPrefix(ics.Header.Get("Content-Type"), "text/calendar") ||
		!strings.Contains(ics.Raw, "DTSTART;VALUE=DATE:20270720\r\nDTEND;VALUE=DATE:20270726") ||
		!strings.Contains(ics.Raw, "DTSTART;VALUE=DATE:20270901\r\nDTEND;VALUE=DATE:20271216") ||
		strings.Count(ics.Raw, "BEGIN:VEVENT") != 4 || !strings.Contains(ics.Raw, "Соёлын сайн дурын хөтөлбөр") {
		t.Errorf("ics: %d %s", ics.Status, ics.Raw)
	}
	one := apitest.Do(t, ts, "GET", "/api/programs/volunteer/timeline.ics?phase=training", "", nil)
	if strings.Count(one.Raw, "BEGIN:VEVENT") != 1 || !strings.Contains(one.Raw, "DTEND;VALUE=DATE:20270901") {
		t.Errorf("training: %s", one.Raw)
	}
	if r := apitest.Do(t, ts, "GET", "/api/programs/volunteer/timeline.ics?phase=party", "", nil); r.Status != 404 {
		t.Errorf("unknown phase: %d", r.Status)
	}
	robots := apitest.Do(t, ts, "GET", "/robots.txt", "", nil)
	if robots.Status != 200 || !strings.Contains(robots.Raw, "Sitemap: http://localhost:8080/sitemap.xml") {
		t.Errorf("robots: %s", robots.Raw)
	}
}
