package calendar

import (
	"strings"
	"time"
	"unicode/utf8"
)

// ics writes items as an iCalendar stream (RFC 5545): CRLF line ends, text values escaped
// (backslash, semicolon, comma, newline) and lines folded at 75 octets without splitting a
// UTF-8 character. An item in two windows of the feed appears once (by its key).
func ics(items []CalendarItem, now time.Time) string {
	var b strings.Builder
	line := func(s string) { b.WriteString(fold(s)) }
	line("BEGIN:VCALENDAR")
	line("VERSION:2.0")
	line("PRODID:-//Gerege//Calendar//EN")
	line("CALSCALE:GREGORIAN")
	line("METHOD:PUBLISH")
	line("X-WR-CALNAME:Gerege")
	seen := map[string]bool{}
	stamp := now.UTC().Format("20060102T150405Z")
	for _, it := range items {
		if seen[it.Key] || (it.Kind == "invitation" && it.Status == "declined") {
			continue
		}
		seen[it.Key] = true
		line("BEGIN:VEVENT")
		line("UID:" + strings.ReplaceAll(it.Key, ":", "-") + "@gerege")
		line("DTSTAMP:" + stamp)
		if it.AllDay {
			line("DTSTART;VALUE=DATE:" + it.Start.In(defaultZone).Format("20060102"))
			line("DTEND;VALUE=DATE:" + it.End.In(defaultZone).Format("20060102"))
		} else {
			line("DTSTART:" + it.Start.UTC().Format("20060102T150405Z"))
			line("DTEND:" + it.End.UTC().Format("20060102T150405Z"))
		}
		line("SUMMARY:" + escapeText(it.Title))
		if it.Notes != "" {
			line("DESCRIPTION:" + escapeText(it.Notes))
		}
		if it.Location != "" {
			line("LOCATION:" + escapeText(it.Location))
		}
		if (it.Kind == "appointment" && it.Status == "booked") || (it.Kind == "interview" && it.Status == "confirmed") {
			line("STATUS:CONFIRMED")
		} else if it.Kind == "interview" {
			line("STATUS:TENTATIVE")
		}
		line("CATEGORIES:" + strings.ToUpper(it.Kind))
		line("END:VEVENT")
	}
	line("END:VCALENDAR")
	return b.String()
}

// escapeText escapes a TEXT value (RFC 5545 3.3.11).
func escapeText(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	r := strings.NewReplacer(`\`, `\\`, ";", `\;`, ",", `\,`, "\n", `\n`, "\r", `\n`)
	return r.Replace(s)
}

// fold ends a content line with CRLF, folded into lines of at most 75 octets (continuations
// start with a space), never inside a UTF-8 character.
func fold(s string) string {
	var b strings.Builder
	limit := 75
	for len(s) > limit {
		cut := limit
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		b.WriteString(s[:cut])
		b.WriteString("\r\n ")
		s = s[cut:]
		limit = 74 // the leading space counts
	}
	b.WriteString(s)
	b.WriteString("\r\n")
	return b.String()
}
