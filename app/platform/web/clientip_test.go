package web

import (
	"net/http/httptest"
	"testing"
	"time"
)

func TestClientIPAndRateKey(t *testing.T) {
	t.Parallel()
	for addr, want := range map[string][2]string{
		"192.0.2.7:5555":             {"192.0.2.7", "192.0.2.7"},
		"[2001:db8:1:2:3:4:5:6]:443": {"2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"},
		"[2001:db8:1:2:ffff::1]:443": {"2001:db8:1:2:ffff::1", "2001:db8:1:2::/64"},
		"[::ffff:192.0.2.7]:80":      {"::ffff:192.0.2.7", "192.0.2.7"},
		"not an address":             {"not an address", "not an address"},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = addr
		if got := ClientIP(r); got != want[0] {
			t.Errorf("ClientIP(%s) = %s", addr, got)
		}
		if got := RateKey(r); got != want[1] {
			t.Errorf("RateKey(%s) = %s", addr, got)
		}
	}
}

func TestFormTokens(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
	f := &FormTokens{Key: []byte("k"), Purpose: "forms", MinAge: 3 * time.Second, MaxAge: time.Hour, Now: func() time.Time { return now }}
	tok := f.Issue()
	if f.Check(tok) {
		t.Error("accepted at once (faster than a person)")
	}
	now = now.Add(3 * time.Second)
	if !f.Check(tok) {
		t.Error("refused after the minimum fill time")
	}
	other := *f
	other.Purpose = "register"
	if other.Check(tok) {
		t.Error("a token of another form family was accepted")
	}
	if f.Check(tok+"0") || f.Check("x") || f.Check("abc."+tok[len(tok)-64:]) {
		t.Error("a forged token was accepted")
	}
	now = now.Add(time.Hour)
	if f.Check(tok) {
		t.Error("an expired token was accepted")
	}
}
