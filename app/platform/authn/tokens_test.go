package authn

import (
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

func TestTokens(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	tk := NewTokens([]byte("an installation secret of 32 bytes!"), 15*time.Minute, clock)
	s, exp, err := tk.Issue(42, "sess-1")
	if err != nil || !exp.Equal(now.Add(15*time.Minute)) {
		t.Fatalf("issue: %v %v", exp, err)
	}
	c, err := tk.Parse(s)
	if err != nil || c.Subject != "42" || c.SessionID != "sess-1" {
		t.Fatalf("parse: %+v %v", c, err)
	}
	other := NewTokens([]byte("another installation's secret!!!!"), 15*time.Minute, clock)
	if _, err := other.Parse(s); err == nil {
		t.Error("a token of another installation was accepted")
	}
	// "none" and other algorithms are refused.
	none, _ := jwt.NewWithClaims(jwt.SigningMethodNone, c).SignedString(jwt.UnsafeAllowNoneSignatureType)
	if _, err := tk.Parse(none); err == nil {
		t.Error("alg none was accepted")
	}
	parts := strings.Split(s, ".")
	if _, err := tk.Parse(parts[0] + "." + parts[1] + ".AAAA"); err == nil {
		t.Error("a bad signature was accepted")
	}
	now = now.Add(15*time.Minute + time.Second)
	if _, err := tk.Parse(s); err != ErrTokenExpired {
		t.Errorf("expired: %v", err)
	}
}
