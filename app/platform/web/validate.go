package web

import (
	"net/mail"
	"strings"
	"time"
	"unicode/utf8"
)

// Checker collects per-field messages for one form; Err returns them as a 422.
type Checker struct{ fields map[string]Msg }

// Add records msg for field unless the field already has one (the first problem wins).
func (c *Checker) Add(field string, msg Msg) {
	if c.fields == nil {
		c.fields = map[string]Msg{}
	}
	if _, ok := c.fields[field]; !ok {
		c.fields[field] = msg
	}
}

// Has reports whether field already has a message.
func (c *Checker) Has(field string) bool { _, ok := c.fields[field]; return ok }

// Err is nil when no field has a message, else a 422 *Error.
func (c *Checker) Err() error {
	if len(c.fields) == 0 {
		return nil
	}
	return Invalid(c.fields)
}

// Text checks a trimmed free-text value: required or not, at most max characters, and no
// control characters.
func (c *Checker) Text(field, v string, required bool, max int) {
	switch {
	case strings.TrimSpace(v) == "":
		if required {
			c.Add(field, M("validation.required"))
		}
	case !utf8.ValidString(v) || strings.ContainsFunc(v, func(r rune) bool { return r < 0x20 && r != '\n' && r != '\t' || r == 0x7f }):
		c.Add(field, M("validation.invalidCharacters"))
	case utf8.RuneCountInString(v) > max:
		c.Add(field, M("validation.tooLong", "max", max))
	}
}

// Email checks an email address (required).
func (c *Checker) Email(field, v string) {
	if strings.TrimSpace(v) == "" {
		c.Add(field, M("validation.required"))
		return
	}
	if !ValidEmail(v) {
		c.Add(field, M("validation.email"))
	}
}

// ValidEmail accepts a bare address such as name@example.mn, at most 254 characters.
func ValidEmail(v string) bool {
	if len(v) > 254 || strings.ContainsAny(v, " <>\"") {
		return false
	}
	a, err := mail.ParseAddress(v)
	if err != nil || a.Address != v {
		return false
	}
	at := strings.LastIndexByte(v, '@')
	return at > 0 && strings.Contains(v[at+1:], ".") && !strings.HasSuffix(v, ".")
}

// Date parses a YYYY-MM-DD date; "" is missing (ok=false without a message when optional).
func (c *Checker) Date(field, v string, required bool) (time.Time, bool) {
	if v == "" {
		if required {
			c.Add(field, M("validation.required"))
		}
		return time.Time{}, false
	}
	d, err := time.Parse(time.DateOnly, v)
	if err != nil {
		c.Add(field, M("validation.date"))
		return time.Time{}, false
	}
	return d, true
}

// OneOf checks that v is one of the allowed values.
func (c *Checker) OneOf(field, v string, required bool, allowed ...string) {
	if v == "" {
		if required {
			c.Add(field, M("validation.required"))
		}
		return
	}
	for _, a := range allowed {
		if v == a {
			return
		}
	}
	c.Add(field, M("validation.choice"))
}

// Age returns the full years between birth and on.
func Age(birth, on time.Time) int {
	y := on.Year() - birth.Year()
	if on.Month() < birth.Month() || (on.Month() == birth.Month() && on.Day() < birth.Day()) {
		y--
	}
	return y
}
