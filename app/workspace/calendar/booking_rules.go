package calendar

import (
	"sort"
	"time"

	"gerege/db"
)

// The rules of appointments.
const (
	// CancelCutoff is how long before an appointment a student may still cancel it. The issue
	// left it open: 12 hours leaves the counselor time to offer the slot to someone else.
	CancelCutoff = 12 * time.Hour
	// RemindBefore: the reminder goes once, when the appointment is less than a day away.
	RemindBefore = 24 * time.Hour
	// maxSlotDays bounds one question for slots.
	maxSlotDays = 28
	// bookAhead bounds how far ahead a slot can be booked.
	bookAhead = 90 * 24 * time.Hour
)

// Time zones hosts may publish in: Mongolia's two, neither with daylight saving time since
// 2017, so fixed offsets are exact and the binary needs no time zone database.
var zones = map[string]*time.Location{
	"Asia/Ulaanbaatar": time.FixedZone("Asia/Ulaanbaatar", 8*3600),
	"Asia/Hovd":        time.FixedZone("Asia/Hovd", 7*3600),
}

// ZoneNames lists the time zones a host may choose.
var ZoneNames = []string{"Asia/Ulaanbaatar", "Asia/Hovd"}

const defaultZoneName = "Asia/Ulaanbaatar"

var defaultZone = zones[defaultZoneName]

func zoneOf(name string) *time.Location {
	if z, ok := zones[name]; ok {
		return z
	}
	return defaultZone
}

// dayBounds is the local day containing t in z, as UTC instants [from, to).
func dayBounds(t time.Time, z *time.Location) (time.Time, time.Time) {
	l := t.In(z)
	from := time.Date(l.Year(), l.Month(), l.Day(), 0, 0, 0, 0, z)
	return from.UTC(), from.AddDate(0, 0, 1).UTC()
}

// span is [start, end) in minutes from local midnight.
type span struct{ start, end int }

// Slot is one bookable time.
type Slot struct {
	Start, End time.Time
}

// slots lists the host's slots on the local days [first, first+days) that start after now and
// overlap none of the active bookings (nil bookings: every slot of the availability, taken or
// not). Weekly hours apply unless an "off" exception covers them; "extra" exceptions add hours.
func slots(h db.BookingHost, first time.Time, days int, now time.Time, bookings []db.Booking) []Slot {
	z := zoneOf(h.TimeZone)
	step := h.SlotMinutes + h.BufferMinutes
	if h.SlotMinutes <= 0 || step <= 0 {
		return []Slot{}
	}
	out := []Slot{}
	seen := map[int64]bool{}
	l := first.In(z)
	day := time.Date(l.Year(), l.Month(), l.Day(), 0, 0, 0, 0, z)
	for i := 0; i < days; i++ {
		d := day.AddDate(0, 0, i)
		key := d.Format("2006-01-02")
		var open, off []span
		for _, x := range h.Hours {
			if x.Weekday == int(d.Weekday()) {
				open = append(open, span{x.StartMin, x.EndMin})
			}
		}
		for _, x := range h.Exceptions {
			if x.Day != key {
				continue
			}
			if x.Kind == "extra" {
				open = append(open, span{x.StartMin, x.EndMin})
			} else {
				off = append(off, span{x.StartMin, x.EndMin})
			}
		}
		for _, w := range open {
			for m := w.start; m+h.SlotMinutes <= w.end; m += step {
				s := span{m, m + h.SlotMinutes}
				if overlapsAny(s, off) {
					continue
				}
				start := d.Add(time.Duration(m) * time.Minute)
				sl := Slot{Start: start.UTC(), End: start.Add(time.Duration(h.SlotMinutes) * time.Minute).UTC()}
				if !sl.Start.After(now) || seen[sl.Start.Unix()] || taken(sl, bookings) {
					continue
				}
				seen[sl.Start.Unix()] = true
				out = append(out, sl)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Start.Before(out[j].Start) })
	return out
}

func overlapsAny(s span, list []span) bool {
	for _, o := range list {
		if s.start < o.end && o.start < s.end {
			return true
		}
	}
	return false
}

// taken reports whether an active booking overlaps the slot.
func taken(s Slot, bookings []db.Booking) bool {
	for _, b := range bookings {
		if b.Status != db.BookingCancelled && s.Start.Before(b.End) && b.Start.Before(s.End) {
			return true
		}
	}
	return false
}

// whenText is an appointment's time for messages, the same in both languages: the host's
// local date and time with the zone ("2026-11-28 10:00 (UTC+08:00)").
func whenText(t time.Time, zone string) string {
	return t.In(zoneOf(zone)).Format("2006-01-02 15:04 (UTC-07:00)")
}
