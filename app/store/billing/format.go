package billing

import (
	"context"
	"strconv"
	"time"

	"gerege/db"
)

// Zone is Mongolia's time (UTC+8, no daylight saving): invoice years and dates are read in it.
var Zone = time.FixedZone("ULAT", 8*3600)

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

var monthsEN = []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
	"November", "December"}

// FormatDate writes a day: en "20 July 2026", mn "2026 оны 7-р сарын 20" (Mongolian time).
func FormatDate(t time.Time, lang string) string {
	t = t.In(Zone)
	if lang == "mn" {
		return strconv.Itoa(t.Year()) + " оны " + strconv.Itoa(int(t.Month())) + "-р сарын " + strconv.Itoa(t.Day())
	}
	return strconv.Itoa(t.Day()) + " " + monthsEN[t.Month()-1] + " " + strconv.Itoa(t.Year())
}

// addMonth is the same time a month later; a day the next month lacks becomes its last day
// (31 January → 28 February).
func addMonth(t time.Time) time.Time {
	y, m, d := t.Date()
	first := time.Date(y, m+1, 1, t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), t.Location())
	last := first.AddDate(0, 1, -1).Day()
	if d > last {
		d = last
	}
	return time.Date(first.Year(), first.Month(), d, t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), t.Location())
}

// audit records an event through tx, as part of the change it describes (ip "" for jobs).
func (h *Handlers) audit(ctx context.Context, tx *db.Store, ip, event string, actor, subject int64, detail string) error {
	return tx.Audit(ctx, db.AuditEvent{At: h.Now(), Event: event, ActorID: actor, SubjectID: subject, IP: ip, Detail: detail})
}
