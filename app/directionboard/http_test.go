package directionboard_test

import (
	"gerege/app"
	"gerege/app/apitest"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestDirectionBoardFlow(t *testing.T) {
	t.Parallel()
	clock := apitest.NewClock()
	s, ts := apitest.NewServerClock(t, clock)
	c := apitest.WebClient()
	test := apitest.Call(t, c, ts, "GET", "/api/direction-board", nil, "", "Accept-Language", "mn")
	if test.Status != 200 || !strings.Contains(test.Raw, `"timeLimitSeconds":1200`) || strings.Count(test.Raw, `"id":"`) != 54 {
		t.Fatalf("test content: %.300s", test.Raw)
	}
	if strings.Contains(test.Raw, `"type"`) {
		t.Error("items must not reveal their type")
	}
	start := apitest.Call(t, c, ts, "POST", "/api/direction-board/attempts", nil, "")
	apitest.MustStatus(t, start, 201)
	id := start.Str("id")
	// Reload: the same attempt is offered to continue, with its server-kept deadline.
	again := apitest.Call(t, c, ts, "POST", "/api/direction-board/attempts", nil, "")
	if again.Status != 200 || again.Str("id") != id || again.Str("deadlineAt") != start.Str("deadlineAt") {
		t.Errorf("resume: %s", again.Raw)
	}
	// Someone else cannot touch it.
	stranger := apitest.WebClient()
	apitest.MustStatus(t, apitest.Call(t, stranger, ts, "PUT", "/api/direction-board/attempts/"+id+"/answers", map[string]any{"answers": map[string]any{"R01": 5}}, ""), 404)
	// Bad answers are refused whole.
	apitest.MustStatus(t, apitest.Call(t, c, ts, "PUT", "/api/direction-board/attempts/"+id+"/answers", map[string]any{"answers": map[string]any{"R01": 6}}, ""), 422)
	apitest.MustStatus(t, apitest.Call(t, c, ts, "PUT", "/api/direction-board/attempts/"+id+"/answers", map[string]any{"answers": map[string]any{"X99": 3}}, ""), 422)
	// Partly answered, time left: 'Please fill out all answers' names the first unanswered item.
	apitest.MustStatus(t, apitest.Call(t, c, ts, "PUT", "/api/direction-board/attempts/"+id+"/answers", map[string]any{"answers": map[string]any{"R01": 5, "I01": 4}}, ""), 200)
	fin := apitest.Call(t, c, ts, "POST", "/api/direction-board/attempts/"+id+"/finish", map[string]any{"confirm": true}, "", "Accept-Language", "mn")
	if fin.Status != 422 || fin.Str("code") != "unanswered" || fin.Str("message") != "Бүх асуултад хариулна уу" || fin.Str("errors", "A01") == "" {
		t.Errorf("unanswered: %s", fin.Raw)
	}
	all := apitest.BoardAnswers(4)
	for _, k := range []string{"S01", "S02", "S03", "S04", "S05", "S06", "S07", "S08", "S09"} {
		all[k] = 5
	}
	apitest.MustStatus(t, apitest.Call(t, c, ts, "PUT", "/api/direction-board/attempts/"+id+"/answers", map[string]any{"answers": all}, ""), 200)
	noConfirm := apitest.Call(t, c, ts, "POST", "/api/direction-board/attempts/"+id+"/finish", map[string]any{}, "")
	if noConfirm.Status != 422 || noConfirm.Str("code") != "confirm_required" {
		t.Errorf("time remains, so finishing needs confirmation: %s", noConfirm.Raw)
	}
	res := apitest.Call(t, c, ts, "POST", "/api/direction-board/attempts/"+id+"/finish", map[string]any{"confirm": true}, "", "Accept-Language", "mn")
	apitest.MustStatus(t, res, 200)
	if res.Str("code") != "SRI" || !strings.Contains(res.Raw, `"S":100`) || !strings.Contains(res.Raw, "Нийгмийн") {
		t.Errorf("result: %.400s", res.Raw)
	}
	token := res.Str("resultToken")
	shared := apitest.Call(t, nil, ts, "GET", "/api/direction-board/results/"+token, nil, "")
	if shared.Status != 200 || shared.Str("code") != "SRI" {
		t.Errorf("shared link: %s", shared.Raw)
	}
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "GET", "/api/direction-board/results/not-a-token", nil, ""), 404)

	// Email: consent required, one per attempt unless asked again.
	noConsent := apitest.Call(t, c, ts, "POST", "/api/direction-board/attempts/"+id+"/email", map[string]any{"email": "me@example.mn"}, "")
	if noConsent.Status != 422 || noConsent.Str("errors", "consent") == "" {
		t.Errorf("consent: %s", noConsent.Raw)
	}
	apitest.MustStatus(t, apitest.Call(t, c, ts, "POST", "/api/direction-board/attempts/"+id+"/email", map[string]any{"email": "me@example.mn", "consent": true}, "", "Accept-Language", "mn"), 202)
	apitest.MustStatus(t, apitest.Call(t, c, ts, "POST", "/api/direction-board/attempts/"+id+"/email", map[string]any{"email": "me@example.mn", "consent": true}, ""), 409)
	apitest.MustStatus(t, apitest.Call(t, c, ts, "POST", "/api/direction-board/attempts/"+id+"/email", map[string]any{"email": "me@example.mn", "consent": true, "again": true}, "", "Accept-Language", "mn"), 202)
	e := apitest.LastEmail(t, s, "me@example.mn")
	if !strings.Contains(e.Subject, "SRI") || !strings.Contains(e.Text, "/mn/direction-board/results/"+token) || !strings.Contains(e.HTML, "<table") {
		t.Errorf("email: %s\n%s", e.Subject, e.Text)
	}

	// Staff statistics: counts only. A second visitor starts in Mongolian and does not finish.
	apitest.MustStatus(t, apitest.Call(t, apitest.WebClient(), ts, "POST", "/api/direction-board/attempts", nil, "", "Accept-Language", "mn"), 201)
	if _, err := app.CreateAdmin(t.Context(), s.Store(), "stats@example.mn", "correct horse battery", "S", "A"); err != nil {
		t.Fatal(err)
	}
	admin := apitest.WebClient()
	apitest.Call(t, admin, ts, "POST", "/api/web/auth/login", map[string]any{"email": "stats@example.mn", "password": "correct horse battery"}, "")
	st := apitest.Call(t, admin, ts, "GET", "/api/admin/direction-board/stats", nil, "")
	if st.Status != 200 || !strings.Contains(st.Raw, `"finishRate":0.5,"finished":1,"started":2`) ||
		!strings.Contains(st.Raw, `"byLanguage":{"en":{"started":1,"finished":1},"mn":{"started":1,"finished":0}}`) ||
		!strings.Contains(st.Raw, `{"code":"SRI","count":1}`) || strings.Contains(st.Raw, "me@example.mn") {
		t.Errorf("stats: %s", st.Raw)
	}
}

func TestDirectionBoardTimer(t *testing.T) {
	t.Parallel()
	clock := apitest.NewClock()
	_, ts := apitest.NewServerClock(t, clock)
	c := apitest.WebClient()
	id := apitest.Call(t, c, ts, "POST", "/api/direction-board/attempts", nil, "").Str("id")
	apitest.MustStatus(t, apitest.Call(t, c, ts, "PUT", "/api/direction-board/attempts/"+id+"/answers", map[string]any{"answers": map[string]any{"R01": 5}}, ""), 200)
	// Exactly at the limit an answer still counts.
	clock.Advance(20 * time.Minute)
	apitest.MustStatus(t, apitest.Call(t, c, ts, "PUT", "/api/direction-board/attempts/"+id+"/answers", map[string]any{"answers": map[string]any{"I01": 5}}, ""), 200)
	// One second later it is refused and the attempt is finished with what was answered.
	clock.Advance(time.Second)
	late := apitest.Call(t, c, ts, "PUT", "/api/direction-board/attempts/"+id+"/answers", map[string]any{"answers": map[string]any{"A01": 5}}, "")
	if late.Status != 409 || late.Str("code") != "time_up" {
		t.Fatalf("late answer: %s", late.Raw)
	}
	res := apitest.Call(t, c, ts, "GET", "/api/direction-board/attempts/"+id+"/result", nil, "")
	if res.Status != 200 || res.Body["timedOut"] != true || res.Body["unanswered"].(float64) != 52 {
		t.Errorf("timed-out result: %s", res.Raw)
	}
	// A new visit offers the finished result, and starting again makes a new attempt.
	next := apitest.Call(t, c, ts, "POST", "/api/direction-board/attempts", nil, "")
	if next.Status != 201 || next.Str("id") == id {
		t.Errorf("new attempt: %s", next.Raw)
	}
	// Finishing exactly at the limit, everything answered: accepted as an ordinary finish (no
	// time remains, so no confirmation is asked), not as a timed-out one.
	id2 := next.Str("id")
	apitest.MustStatus(t, apitest.Call(t, c, ts, "PUT", "/api/direction-board/attempts/"+id2+"/answers", map[string]any{"answers": apitest.BoardAnswers(3)}, ""), 200)
	clock.Advance(20 * time.Minute)
	fin := apitest.Call(t, c, ts, "POST", "/api/direction-board/attempts/"+id2+"/finish", map[string]any{}, "")
	if fin.Status != 200 || fin.Body["timedOut"] != false || fin.Body["unanswered"].(float64) != 0 {
		t.Errorf("finish at the limit: %s", fin.Raw)
	}
}

func TestDirectionBoardMobileKeyAndAccount(t *testing.T) {
	t.Parallel()
	_, ts := apitest.NewServer(t)
	tok := apitest.Register(t, ts, "taker@example.mn", nil).Str("accessToken")
	start := apitest.Call(t, nil, ts, "POST", "/api/direction-board/attempts", nil, tok)
	apitest.MustStatus(t, start, 201)
	id, key := start.Str("id"), start.Str("key")
	// With the bearer token the owner needs no key; an anonymous client needs the key.
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "PUT", "/api/direction-board/attempts/"+id+"/answers", map[string]any{"answers": apitest.BoardAnswers(3)}, tok), 200)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "GET", "/api/direction-board/attempts/"+id+"/result", nil, "", "X-Attempt-Key", key), 409)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/direction-board/attempts/"+id+"/finish", map[string]any{"confirm": true}, tok), 200)
	mine := apitest.Call(t, nil, ts, "GET", "/api/account/direction-board", nil, tok)
	if mine.Status != 200 || !strings.Contains(mine.Raw, `"code":"RIA"`) {
		t.Errorf("past results: %s", mine.Raw)
	}
	_ = http.StatusOK
}
