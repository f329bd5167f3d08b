package communities_test

import (
	"strings"
	"testing"

	"gerege/app"
	"gerege/app/apitest"
)

// TestCommunitiesDemo: the demo's three communities — the school's (members only, approval,
// the owner its admin, a request waiting), the NGO's and the study-abroad one (public, open;
// the student a moderator) — with their forums in both languages.
func TestCommunitiesDemo(t *testing.T) {
	t.Parallel()
	_, ts := apitest.NewServer(t, func(c *app.Config) { c.Demo = true })
	login := func(email string) string {
		return apitest.Call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": email, "password": app.DemoPassword}, "").Str("accessToken")
	}
	list := apitest.Do(t, ts, "GET", "/api/communities", "", map[string]string{"Accept-Language": "mn"})
	for _, want := range []string{"Ногоон тал сайн дурынхан", "Гадаадад суралцах"} {
		if !strings.Contains(list.Raw, want) {
			t.Errorf("the list lacks %s: %.300s", want, list.Raw)
		}
	}
	if strings.Contains(list.Raw, "steppe-education-center") {
		t.Errorf("the school's members-only community is listed to visitors")
	}
	for slug, forums := range map[string]int{"steppe-education-center": 3, "green-steppe-volunteers": 2, "study-abroad": 3} {
		for _, lang := range []string{"en", "mn"} {
			r := apitest.Call(t, nil, ts, "GET", "/api/communities/"+slug, nil, login("admin@demo.gerege.mn"), "Accept-Language", lang)
			if n := strings.Count(r.Raw, `"topicCount"`); r.Status != 200 || n != forums || r.Str("name") == "" || r.Str("rulesHtml") == "" {
				t.Errorf("%s (%s): %d, %d forums: %.200s", slug, lang, r.Status, n, r.Raw)
			}
		}
	}
	owner := login("owner@demo.gerege.mn")
	if r := apitest.Call(t, nil, ts, "GET", "/api/communities/steppe-education-center/members?status=pending", nil, owner); !strings.Contains(r.Raw, `"status":"pending"`) {
		t.Errorf("the school's waiting request: %.300s", r.Raw)
	}
	student := login("student@demo.gerege.mn")
	if r := apitest.Call(t, nil, ts, "GET", "/api/communities/study-abroad", nil, student); r.Str("membership", "role") != "moderator" {
		t.Errorf("the student moderates study abroad: %.300s", r.Raw)
	}
	if r := apitest.Call(t, nil, ts, "GET", "/api/communities/green-steppe-volunteers", nil, student); r.Body["membership"] != nil {
		t.Errorf("the student is not yet in the NGO's community (the journey joins it): %.300s", r.Raw)
	}
}
