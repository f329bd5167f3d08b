package app

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

func boardAnswers(v int) map[string]any {
	a := map[string]any{}
	for _, t := range []string{"R", "I", "A", "S", "E", "C"} {
		for i := 1; i <= 9; i++ {
			a[t+"0"+string(rune('0'+i))] = v
		}
	}
	return a
}

func TestDirectionBoardFlow(t *testing.T) {
	clock := newClock()
	s, ts := newTestServerClock(t, clock)
	c := webClient()
	test := call(t, c, ts, "GET", "/api/direction-board", nil, "", "Accept-Language", "mn")
	if test.status != 200 || !strings.Contains(test.raw, `"timeLimitSeconds":1200`) || strings.Count(test.raw, `"id":"`) != 54 {
		t.Fatalf("test content: %.300s", test.raw)
	}
	if strings.Contains(test.raw, `"type"`) {
		t.Error("items must not reveal their type")
	}
	start := call(t, c, ts, "POST", "/api/direction-board/attempts", nil, "")
	mustStatus(t, start, 201)
	id := start.str("id")
	// Reload: the same attempt is offered to continue, with its server-kept deadline.
	again := call(t, c, ts, "POST", "/api/direction-board/attempts", nil, "")
	if again.status != 200 || again.str("id") != id || again.str("deadlineAt") != start.str("deadlineAt") {
		t.Errorf("resume: %s", again.raw)
	}
	// Someone else cannot touch it.
	stranger := webClient()
	mustStatus(t, call(t, stranger, ts, "PUT", "/api/direction-board/attempts/"+id+"/answers", map[string]any{"answers": map[string]any{"R01": 5}}, ""), 404)
	// Bad answers are refused whole.
	mustStatus(t, call(t, c, ts, "PUT", "/api/direction-board/attempts/"+id+"/answers", map[string]any{"answers": map[string]any{"R01": 6}}, ""), 422)
	mustStatus(t, call(t, c, ts, "PUT", "/api/direction-board/attempts/"+id+"/answers", map[string]any{"answers": map[string]any{"X99": 3}}, ""), 422)
	// Partly answered, time left: 'Please fill out all answers' names the first unanswered item.
	mustStatus(t, call(t, c, ts, "PUT", "/api/direction-board/attempts/"+id+"/answers", map[string]any{"answers": map[string]any{"R01": 5, "I01": 4}}, ""), 200)
	fin := call(t, c, ts, "POST", "/api/direction-board/attempts/"+id+"/finish", map[string]any{"confirm": true}, "", "Accept-Language", "mn")
	if fin.status != 422 || fin.str("code") != "unanswered" || fin.str("message") != "Бүх асуултад хариулна уу" || fin.str("errors", "A01") == "" {
		t.Errorf("unanswered: %s", fin.raw)
	}
	all := boardAnswers(4)
	for _, k := range []string{"S01", "S02", "S03", "S04", "S05", "S06", "S07", "S08", "S09"} {
		all[k] = 5
	}
	mustStatus(t, call(t, c, ts, "PUT", "/api/direction-board/attempts/"+id+"/answers", map[string]any{"answers": all}, ""), 200)
	noConfirm := call(t, c, ts, "POST", "/api/direction-board/attempts/"+id+"/finish", map[string]any{}, "")
	if noConfirm.status != 422 || noConfirm.str("code") != "confirm_required" {
		t.Errorf("time remains, so finishing needs confirmation: %s", noConfirm.raw)
	}
	res := call(t, c, ts, "POST", "/api/direction-board/attempts/"+id+"/finish", map[string]any{"confirm": true}, "", "Accept-Language", "mn")
	mustStatus(t, res, 200)
	if res.str("code") != "SRI" || !strings.Contains(res.raw, `"S":100`) || !strings.Contains(res.raw, "Нийгмийн") {
		t.Errorf("result: %.400s", res.raw)
	}
	token := res.str("resultToken")
	shared := call(t, nil, ts, "GET", "/api/direction-board/results/"+token, nil, "")
	if shared.status != 200 || shared.str("code") != "SRI" {
		t.Errorf("shared link: %s", shared.raw)
	}
	mustStatus(t, call(t, nil, ts, "GET", "/api/direction-board/results/not-a-token", nil, ""), 404)

	// Email: consent required, one per attempt unless asked again.
	noConsent := call(t, c, ts, "POST", "/api/direction-board/attempts/"+id+"/email", map[string]any{"email": "me@example.mn"}, "")
	if noConsent.status != 422 || noConsent.str("errors", "consent") == "" {
		t.Errorf("consent: %s", noConsent.raw)
	}
	mustStatus(t, call(t, c, ts, "POST", "/api/direction-board/attempts/"+id+"/email", map[string]any{"email": "me@example.mn", "consent": true}, "", "Accept-Language", "mn"), 202)
	mustStatus(t, call(t, c, ts, "POST", "/api/direction-board/attempts/"+id+"/email", map[string]any{"email": "me@example.mn", "consent": true}, ""), 409)
	mustStatus(t, call(t, c, ts, "POST", "/api/direction-board/attempts/"+id+"/email", map[string]any{"email": "me@example.mn", "consent": true, "again": true}, "", "Accept-Language", "mn"), 202)
	e := lastEmail(t, s, "me@example.mn")
	if !strings.Contains(e.Subject, "SRI") || !strings.Contains(e.Text, "/mn/direction-board/results/"+token) || !strings.Contains(e.HTML, "<table") {
		t.Errorf("email: %s\n%s", e.Subject, e.Text)
	}

	// Staff statistics: counts only. A second visitor starts in Mongolian and does not finish.
	mustStatus(t, call(t, webClient(), ts, "POST", "/api/direction-board/attempts", nil, "", "Accept-Language", "mn"), 201)
	if _, err := CreateAdmin(t.Context(), s.Store(), "stats@example.mn", "correct horse battery", "S", "A"); err != nil {
		t.Fatal(err)
	}
	admin := webClient()
	call(t, admin, ts, "POST", "/api/web/auth/login", map[string]any{"email": "stats@example.mn", "password": "correct horse battery"}, "")
	st := call(t, admin, ts, "GET", "/api/admin/direction-board/stats", nil, "")
	if st.status != 200 || !strings.Contains(st.raw, `"finishRate":0.5,"finished":1,"started":2`) ||
		!strings.Contains(st.raw, `"byLanguage":{"en":{"started":1,"finished":1},"mn":{"started":1,"finished":0}}`) ||
		!strings.Contains(st.raw, `{"code":"SRI","count":1}`) || strings.Contains(st.raw, "me@example.mn") {
		t.Errorf("stats: %s", st.raw)
	}
}

func TestDirectionBoardTimer(t *testing.T) {
	clock := newClock()
	_, ts := newTestServerClock(t, clock)
	c := webClient()
	id := call(t, c, ts, "POST", "/api/direction-board/attempts", nil, "").str("id")
	mustStatus(t, call(t, c, ts, "PUT", "/api/direction-board/attempts/"+id+"/answers", map[string]any{"answers": map[string]any{"R01": 5}}, ""), 200)
	// Exactly at the limit an answer still counts.
	clock.Advance(20 * time.Minute)
	mustStatus(t, call(t, c, ts, "PUT", "/api/direction-board/attempts/"+id+"/answers", map[string]any{"answers": map[string]any{"I01": 5}}, ""), 200)
	// One second later it is refused and the attempt is finished with what was answered.
	clock.Advance(time.Second)
	late := call(t, c, ts, "PUT", "/api/direction-board/attempts/"+id+"/answers", map[string]any{"answers": map[string]any{"A01": 5}}, "")
	if late.status != 409 || late.str("code") != "time_up" {
		t.Fatalf("late answer: %s", late.raw)
	}
	res := call(t, c, ts, "GET", "/api/direction-board/attempts/"+id+"/result", nil, "")
	if res.status != 200 || res.body["timedOut"] != true || res.body["unanswered"].(float64) != 52 {
		t.Errorf("timed-out result: %s", res.raw)
	}
	// A new visit offers the finished result, and starting again makes a new attempt.
	next := call(t, c, ts, "POST", "/api/direction-board/attempts", nil, "")
	if next.status != 201 || next.str("id") == id {
		t.Errorf("new attempt: %s", next.raw)
	}
	// Finishing exactly at the limit, everything answered: accepted as an ordinary finish (no
	// time remains, so no confirmation is asked), not as a timed-out one.
	id2 := next.str("id")
	mustStatus(t, call(t, c, ts, "PUT", "/api/direction-board/attempts/"+id2+"/answers", map[string]any{"answers": boardAnswers(3)}, ""), 200)
	clock.Advance(20 * time.Minute)
	fin := call(t, c, ts, "POST", "/api/direction-board/attempts/"+id2+"/finish", map[string]any{}, "")
	if fin.status != 200 || fin.body["timedOut"] != false || fin.body["unanswered"].(float64) != 0 {
		t.Errorf("finish at the limit: %s", fin.raw)
	}
}

func TestDirectionBoardMobileKeyAndAccount(t *testing.T) {
	_, ts := newTestServer(t)
	tok := register(t, ts, "taker@example.mn", nil).str("accessToken")
	start := call(t, nil, ts, "POST", "/api/direction-board/attempts", nil, tok)
	mustStatus(t, start, 201)
	id, key := start.str("id"), start.str("key")
	// With the bearer token the owner needs no key; an anonymous client needs the key.
	mustStatus(t, call(t, nil, ts, "PUT", "/api/direction-board/attempts/"+id+"/answers", map[string]any{"answers": boardAnswers(3)}, tok), 200)
	mustStatus(t, call(t, nil, ts, "GET", "/api/direction-board/attempts/"+id+"/result", nil, "", "X-Attempt-Key", key), 409)
	mustStatus(t, call(t, nil, ts, "POST", "/api/direction-board/attempts/"+id+"/finish", map[string]any{"confirm": true}, tok), 200)
	mine := call(t, nil, ts, "GET", "/api/account/direction-board", nil, tok)
	if mine.status != 200 || !strings.Contains(mine.raw, `"code":"RIA"`) {
		t.Errorf("past results: %s", mine.raw)
	}
	_ = http.StatusOK
}
