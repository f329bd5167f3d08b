package web

import (
	"strings"
	"testing"
)

// The same verdicts as the UI's looksLikeEmail (ui/src/lib/email.test.ts).
func TestValidEmail(t *testing.T) {
	for _, v := range []string{"saraa@example.mn", "first.last+tag@sub.example.org", "бат@жишээ.мн"} {
		if !ValidEmail(v) {
			t.Errorf("%q refused", v)
		}
	}
	for _, v := range []string{"", "saraa", "saraa@", "saraa@example", "saraa@example.", "sa raa@example.mn", "a..b@example.mn",
		`"a"@example.mn`, "<a@example.mn>", "a@b@example.mn", "a,b@example.mn", strings.Repeat("a", 250) + "@x.mn"} {
		if ValidEmail(v) {
			t.Errorf("%q accepted", v)
		}
	}
}
