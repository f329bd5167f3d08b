package interviews

import (
	"net/url"
	"strings"
	"time"

	"gerege/app/platform/web"
)

const (
	minMinutes, maxMinutes = 15, 240
	maxLink, maxPlace      = 500, 200
	maxNote, maxReason     = 1000, 500
	// maxAhead bounds how far ahead an interview is scheduled.
	maxAhead = 365 * 24 * time.Hour
	// RemindBefore: the reminder goes once an interview is less than this away (as appointments').
	RemindBefore = 24 * time.Hour
)

// ulaanbaatar is the time interviews are written in (Mongolia has no daylight saving time since 2017).
var ulaanbaatar = time.FixedZone("ULAT", 8*3600)

// ubText is an instant in Ulaanbaatar time as messages write it; the texts name the zone.
func ubText(t time.Time) string { return t.In(ulaanbaatar).Format("2006-01-02 15:04") }

// parseStart reads "YYYY-MM-DDTHH:MM" (Ulaanbaatar time) or an RFC 3339 instant.
func parseStart(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	for _, layout := range []string{"2006-01-02T15:04", "2006-01-02T15:04:05"} {
		if t, err := time.ParseInLocation(layout, s, ulaanbaatar); err == nil {
			return t.UTC(), true
		}
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t.UTC(), true
	}
	return time.Time{}, false
}

// httpsLink says whether s is an https address with a host.
func httpsLink(s string) bool {
	u, err := url.Parse(s)
	return err == nil && u.Scheme == "https" && u.Host != "" && u.User == nil && !strings.ContainsAny(s, " \t\r\n<>\"")
}

// check validates a schedule request; the times are checked against now.
func check(req *ScheduleRequest, now time.Time) (time.Time, error) {
	req.Link, req.Place = strings.TrimSpace(req.Link), strings.TrimSpace(req.Place)
	req.Note = strings.TrimSpace(strings.ReplaceAll(req.Note, "\r\n", "\n"))
	c := &web.Checker{}
	start, ok := parseStart(req.Start)
	switch {
	case strings.TrimSpace(req.Start) == "":
		c.Add("start", web.M("validation.required"))
	case !ok:
		c.Add("start", web.M("workspaceInterviews.errors.start"))
	case !start.After(now):
		c.Add("start", web.M("workspaceInterviews.errors.past"))
	case start.Sub(now) > maxAhead:
		c.Add("start", web.M("workspaceInterviews.errors.tooFar"))
	}
	if req.Minutes < minMinutes || req.Minutes > maxMinutes {
		c.Add("minutes", web.M("workspaceInterviews.errors.minutes", "min", minMinutes, "max", maxMinutes))
	}
	if req.Link == "" && req.Place == "" {
		c.Add("link", web.M("workspaceInterviews.errors.where"))
	}
	if req.Link != "" {
		if len(req.Link) > maxLink || !httpsLink(req.Link) {
			c.Add("link", web.M("workspaceInterviews.errors.link"))
		}
	}
	c.Text("place", req.Place, false, maxPlace)
	c.Text("note", req.Note, false, maxNote)
	return start, c.Err()
}
