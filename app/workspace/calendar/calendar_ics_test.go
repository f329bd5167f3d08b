package calendar

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// parseICS unfolds and splits an iCalendar stream the way a reader does (RFC 5545 3.1),
// checking the line rules on the way.
func parseICS(t *testing.T, s string) [][2]string {
	t.Helper()
	if !strings.HasSuffix(s, "\r\n") {
		t.Fatal("the stream does not end with CRLF")
	}
	raw := strings.Split(strings.TrimSuffix(s, "\r\n"), "\r\n")
	var lines []string
	for _, l := range raw {
		if len(l) > 75 {
			t.Errorf("a line of %d octets: %q", len(l), l)
		}
		if !utf8.ValidString(l) {
			t.Errorf("a fold split a character: %q", l)
		}
		if strings.ContainsAny(l, "\r\n") {
			t.Errorf("a bare line break: %q", l)
		}
		if strings.HasPrefix(l, " ") {
			lines[len(lines)-1] += l[1:]
			continue
		}
		lines = append(lines, l)
	}
	out := [][2]string{}
	for _, l := range lines {
		name, value, ok := strings.Cut(l, ":")
		if !ok {
			t.Fatalf("no colon: %q", l)
		}
		out = append(out, [2]string{name, value})
	}
	return out
}

func unescape(v string) string {
	return strings.NewReplacer(`\\`, `\`, `\;`, ";", `\,`, ",", `\n`, "\n", `\N`, "\n").Replace(v)
}

func TestICSEscapesAndFolds(t *testing.T) {
	t.Parallel()
	title := "Зөвлөгөө: Солонгост суралцах, тэтгэлэг; бичиг баримт \\ visa — a long title that must be folded over several lines"
	notes := "Line one\nLine two, with; everything\r\nLine three"
	items := []CalendarItem{
		{Key: "event:1", Kind: "event", Title: title, Notes: notes, Location: "Room 1, floor 2",
			Start: time.Date(2026, 11, 25, 5, 0, 0, 0, time.UTC), End: time.Date(2026, 11, 25, 6, 30, 0, 0, time.UTC)},
		{Key: "deadline:7", Kind: "deadline", Title: "Scholarship", AllDay: true,
			Start: time.Date(2026, 11, 30, 16, 0, 0, 0, time.UTC), End: time.Date(2026, 12, 1, 16, 0, 0, 0, time.UTC)},
		{Key: "event:1", Kind: "event", Title: "duplicate from the next window"},
	}
	props := parseICS(t, ics(items, time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)))
	get := func(name string, nth int) string {
		for _, p := range props {
			if p[0] == name {
				if nth == 0 {
					return p[1]
				}
				nth--
			}
		}
		return ""
	}
	if props[0] != [2]string{"BEGIN", "VCALENDAR"} || props[len(props)-1] != [2]string{"END", "VCALENDAR"} || get("VERSION", 0) != "2.0" || get("PRODID", 0) == "" {
		t.Fatalf("calendar envelope: %v", props)
	}
	n := 0
	for _, p := range props {
		if p == [2]string{"BEGIN", "VEVENT"} {
			n++
		}
	}
	if n != 2 {
		t.Errorf("%d events, want 2 (the duplicate key once)", n)
	}
	if got := unescape(get("SUMMARY", 0)); got != title {
		t.Errorf("SUMMARY round trip:\n got %q\nwant %q", got, title)
	}
	if got := unescape(get("DESCRIPTION", 0)); got != "Line one\nLine two, with; everything\nLine three" {
		t.Errorf("DESCRIPTION: %q", got)
	}
	if get("LOCATION", 0) != `Room 1\, floor 2` {
		t.Errorf("LOCATION: %q", get("LOCATION", 0))
	}
	if get("DTSTART", 0) != "20261125T050000Z" || get("DTEND", 0) != "20261125T063000Z" {
		t.Errorf("times: %s %s", get("DTSTART", 0), get("DTEND", 0))
	}
	// The deadline is an all-day event on its Ulaanbaatar day.
	if get("DTSTART;VALUE=DATE", 0) != "20261201" || get("DTEND;VALUE=DATE", 0) != "20261202" {
		t.Errorf("all-day: %v", props)
	}
	if get("UID", 0) != "event-1@gerege" || get("DTSTAMP", 0) != "20261122T100000Z" {
		t.Errorf("UID/DTSTAMP: %s %s", get("UID", 0), get("DTSTAMP", 0))
	}
}

func TestSlotsFollowHoursExceptionsAndBookings(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	h := hostFixture()
	got := slots(h, now, 7, now, nil)
	// Mon–Fri 09:00–10:00 with 20-minute slots and a 10-minute buffer: 09:00 and 09:30 each
	// day; Wednesday off; Saturday extra 14:00–15:00 → 14:00, 14:30.
	var days []string
	for _, s := range got {
		days = append(days, s.Start.In(defaultZone).Format("Mon 15:04"))
	}
	want := "Mon 09:00,Mon 09:30,Tue 09:00,Tue 09:30,Thu 09:00,Thu 09:30,Fri 09:00,Fri 09:30,Sat 14:00,Sat 14:30"
	if strings.Join(days, ",") != want {
		t.Errorf("slots:\n got %s\nwant %s", strings.Join(days, ","), want)
	}
	// A booking (even one of another length, from before the host changed it) hides the slots it overlaps.
	b := []dbBooking{{Start: got[0].Start.Add(10 * time.Minute), End: got[1].Start.Add(time.Minute), Status: "booked"}}
	if left := slots(h, now, 1, now, b); len(left) != 0 && left[0].Start.Equal(got[0].Start) {
		t.Errorf("overlapped slots offered: %v", left)
	}
	if left := slots(h, now, 3, now, b); len(left) != 2 || !left[0].Start.Equal(got[2].Start) {
		t.Errorf("after a booking: %v", left)
	}
}

func hostFixture() dbHost {
	h := dbHost{SlotMinutes: 20, BufferMinutes: 10, TimeZone: "Asia/Ulaanbaatar"}
	for d := 1; d <= 5; d++ {
		h.Hours = append(h.Hours, dbHours{Weekday: d, StartMin: 9 * 60, EndMin: 10 * 60})
	}
	h.Exceptions = append(h.Exceptions, dbException{Day: "2026-11-25", Kind: "off", StartMin: 0, EndMin: 1440},
		dbException{Day: "2026-11-28", Kind: "extra", StartMin: 14 * 60, EndMin: 15 * 60})
	return h
}
