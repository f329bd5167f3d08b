package i18n

import "testing"

func TestFullName(t *testing.T) {
	for _, c := range []struct{ lang, first, last, want string }{
		{"en", "Anu", "Bold", "Anu Bold"},
		{"mn", "Ану", "Болд", "Болд Ану"},
		{"mn", "Ану", "", "Ану"},
		{"en", " Anu ", "", "Anu"},
	} {
		if got := FullName(c.lang, c.first, c.last); got != c.want {
			t.Errorf("FullName(%q, %q, %q) = %q, want %q", c.lang, c.first, c.last, got, c.want)
		}
	}
}
