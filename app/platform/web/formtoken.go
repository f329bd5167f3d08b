package web

import (
	"crypto/hmac"
	"strconv"
	"strings"
	"time"

	"gerege/app/platform/secure"
)

// FormTokens issues and checks fill-time tokens: a signed timestamp a page fetches when it
// shows a form and sends back with it, so a form sent faster than a person can fill it in
// (MinAge) is refused. Tokens older than MaxAge are refused too.
type FormTokens struct {
	Key     []byte
	Purpose string // kept apart per form family ("forms", "register")
	MinAge  time.Duration
	MaxAge  time.Duration
	Now     func() time.Time
}

// Issue returns a fresh token.
func (f *FormTokens) Issue() string {
	ts := strconv.FormatInt(f.Now().UnixMilli(), 10)
	return ts + "." + secure.HashToken(f.Key, f.Purpose+":"+ts)
}

// Check reports whether tok is genuine (MAC compared in constant time) and its age within bounds.
func (f *FormTokens) Check(tok string) bool {
	ts, mac, ok := strings.Cut(tok, ".")
	if !ok || !hmac.Equal([]byte(secure.HashToken(f.Key, f.Purpose+":"+ts)), []byte(mac)) {
		return false
	}
	ms, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return false
	}
	age := f.Now().Sub(time.UnixMilli(ms))
	return age >= f.MinAge && age < f.MaxAge
}

// FormToken is the JSON answer of the form-token endpoints.
type FormToken struct {
	FormToken string `json:"formToken"`
}
