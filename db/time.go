package db

import "time"

// TimeFormat is how instants are stored: UTC, fixed width, so text order is time order.
const TimeFormat = "2006-01-02T15:04:05.000Z"

// T formats t for storage.
func T(t time.Time) string { return t.UTC().Format(TimeFormat) }

// ParseT reads a stored instant; the zero time for "" or garbage.
func ParseT(s string) time.Time {
	t, _ := time.Parse(TimeFormat, s)
	return t
}

func nullT(s *string) time.Time {
	if s == nil {
		return time.Time{}
	}
	return ParseT(*s)
}
