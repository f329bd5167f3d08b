package site

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	"gerege/app/platform/web"
	"gerege/i18n"
)

// Phase is one phase of the Cultural Volunteer Program's yearly timeline.
type Phase struct {
	Key                  string
	FromMonth, FromDay   int
	UntilMonth, UntilDay int // inclusive
}

// VolunteerTimeline is the program's timeline as the product states it.
var VolunteerTimeline = []Phase{
	{"orientation", 7, 20, 7, 25},
	{"training", 7, 26, 8, 31},
	{"implementation", 9, 1, 12, 15},
	{"conclusion", 9, 1, 12, 15},
}

// TimelineYear is the year of the next timeline: this year's until its orientation begins,
// then next year's.
func TimelineYear(now time.Time) int {
	if now.Before(time.Date(now.Year(), 7, 20, 0, 0, 0, 0, time.UTC)) {
		return now.Year()
	}
	return now.Year() + 1
}

// VolunteerCalendar is GET /api/programs/volunteer/timeline.ics?lang=&phase=: all-day events
// for the next timeline (one phase, or all four) as an iCalendar file.
func (h *Handlers) VolunteerCalendar(w http.ResponseWriter, r *http.Request) error {
	lang := r.URL.Query().Get("lang")
	if !i18n.Supported(lang) {
		lang = web.Lang(r)
	}
	want := r.URL.Query().Get("phase")
	now := h.Now().UTC()
	year := TimelineYear(now)
	var b strings.Builder
	b.WriteString("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Gerege//Cultural Volunteer Program//" + strings.ToUpper(lang) + "\r\nCALSCALE:GREGORIAN\r\nMETHOD:PUBLISH\r\n")
	found := false
	for _, p := range VolunteerTimeline {
		if want != "" && want != p.Key {
			continue
		}
		found = true
		start := time.Date(year, time.Month(p.FromMonth), p.FromDay, 0, 0, 0, 0, time.UTC)
		end := time.Date(year, time.Month(p.UntilMonth), p.UntilDay, 0, 0, 0, 0, time.UTC).AddDate(0, 0, 1) // DTEND is exclusive
		summary := i18n.T(lang, "programs.volunteer.calendar.summary", "phase", i18n.T(lang, "programs.volunteer.calendar.phases."+p.Key))
		fmt.Fprintf(&b, "BEGIN:VEVENT\r\nUID:cvp-%d-%s@gerege\r\nDTSTAMP:%s\r\nDTSTART;VALUE=DATE:%s\r\nDTEND;VALUE=DATE:%s\r\nSUMMARY:%s\r\nEND:VEVENT\r\n",
			year, p.Key, now.Format("20060102T150405Z"), start.Format("20060102"), end.Format("20060102"), icsEscape(summary))
	}
	b.WriteString("END:VCALENDAR\r\n")
	if !found {
		return web.NotFound()
	}
	name := "cultural-volunteer-program"
	if want != "" {
		name += "-" + want
	}
	w.Header().Set("Content-Type", "text/calendar; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-%d.ics"`, name, year))
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, _ = w.Write([]byte(b.String()))
	return nil
}

func icsEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, ";", `\;`, ",", `\,`, "\n", `\n`).Replace(s)
}
