package accounts

import (
	"strings"
	"time"
	"unicode"
)

// NormalizeRegistryNumber upper-cases and removes spaces: "уб 05231412" → "УБ05231412".
func NormalizeRegistryNumber(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || r == '-' {
			return -1
		}
		return unicode.ToUpper(r)
	}, s)
}

// CheckRegistryNumber checks a Mongolian registry number (регистрийн дугаар): two Cyrillic
// letters and eight digits whose first six encode the birth date as YYMMDD, with 20 added
// to the month for people born from 2000. It returns a message key, or "" when valid and
// consistent with dob.
func CheckRegistryNumber(num string, dob time.Time) string {
	r := []rune(num)
	if len(r) != 10 || !unicode.Is(unicode.Cyrillic, r[0]) || !unicode.Is(unicode.Cyrillic, r[1]) ||
		!unicode.IsUpper(r[0]) || !unicode.IsUpper(r[1]) {
		return "account.idVerification.errors.format"
	}
	for _, c := range r[2:] {
		if c < '0' || c > '9' {
			return "account.idVerification.errors.format"
		}
	}
	d := func(i int) int { return int(r[i]-'0')*10 + int(r[i+1]-'0') }
	yy, mm, dd := d(2), d(4), d(6)
	year := 1900 + yy
	if mm > 20 {
		year, mm = 2000+yy, mm-20
	}
	if mm < 1 || mm > 12 || dd < 1 || dd > 31 {
		return "account.idVerification.errors.format"
	}
	born := time.Date(year, time.Month(mm), dd, 0, 0, 0, 0, time.UTC)
	if born.Day() != dd {
		return "account.idVerification.errors.format" // 31 February and friends
	}
	if !dob.IsZero() && !born.Equal(time.Date(dob.Year(), dob.Month(), dob.Day(), 0, 0, 0, 0, time.UTC)) {
		return "account.idVerification.errors.mismatch"
	}
	return ""
}

// MaskRegistryNumber shows only the letters and the last two digits: "УБ******12".
func MaskRegistryNumber(num string) string {
	r := []rune(num)
	if len(r) != 10 {
		return strings.Repeat("*", len(r))
	}
	return string(r[:2]) + "******" + string(r[8:])
}
