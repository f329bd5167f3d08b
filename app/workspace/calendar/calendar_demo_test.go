package calendar_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"gerege/app"
	"gerege/app/apitest"
)

// The demo has a counselor with published hours, appointments with the demo students and
// events of their own.
func TestDemoCounselorWeek(t *testing.T) {
	t.Parallel()
	_, ts := apitest.NewServer(t, func(c *app.Config) { c.Demo = true })
	login := func(email string) string {
		r := apitest.Call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": email, "password": app.DemoPassword}, "")
		apitest.MustStatus(t, r, 200)
		return r.Str("accessToken")
	}
	student := login("student@demo.gerege.mn")
	hosts := apitest.Call(t, nil, ts, "GET", "/api/booking/hosts", nil, student)
	if !strings.Contains(hosts.Raw, "Сарнай Должин") || !strings.Contains(hosts.Raw, "Steppe Education Center") {
		t.Fatalf("hosts: %s", hosts.Raw)
	}
	// Through the API (the mobile app's bearer token): the first free time of the counselor.
	hostID := int64(hosts.Body["items"].([]any)[0].(map[string]any)["id"].(float64))
	free := apitest.Call(t, nil, ts, "GET", fmt.Sprintf("/api/booking/hosts/%d/slots?days=14", hostID), nil, student)
	slots, _ := free.Body["items"].([]any)
	if len(slots) == 0 {
		t.Fatalf("no free slots: %s", free.Raw)
	}
	start := slots[0].(map[string]any)["start"]
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/booking/bookings", map[string]any{"hostId": hostID, "start": start}, student), 201)
	if again := apitest.Call(t, nil, ts, "POST", "/api/booking/bookings", map[string]any{"hostId": hostID, "start": start}, student); again.Status != 409 {
		t.Errorf("the same slot twice: %d %s", again.Status, again.Raw)
	}
	mine := apitest.Call(t, nil, ts, "GET", "/api/booking/mine", nil, student)
	if strings.Count(mine.Raw, `"status":"booked"`) < 1 {
		t.Errorf("the student's appointments: %s", mine.Raw)
	}
	now := time.Now().UTC()
	window := "/api/calendar?from=" + now.Add(-48*time.Hour).Format(time.RFC3339) + "&to=" + now.Add(10*24*time.Hour).Format(time.RFC3339)
	counselor := login("counselor@demo.gerege.mn")
	cal := apitest.Call(t, nil, ts, "GET", window, nil, counselor)
	if strings.Count(cal.Raw, `"kind":"appointment"`) < 5 || !strings.Contains(cal.Raw, "Team meeting") || !strings.Contains(cal.Raw, `"no_show"`) {
		t.Errorf("the counselor's calendar: %s", cal.Raw)
	}
	if cal := apitest.Call(t, nil, ts, "GET", window, nil, student); !strings.Contains(cal.Raw, "IELTS") {
		t.Errorf("the student's calendar: %s", cal.Raw)
	}
}
