package accounts

import (
	"gerege/app/platform/secure"
	"strings"
	"testing"
	"time"
)

func TestRegistryNumber(t *testing.T) {
	d := func(s string) time.Time { t, _ := time.Parse(time.DateOnly, s); return t }
	cases := []struct {
		num, dob, want string
	}{
		{"УБ05231412", "2005-03-14", ""},
		{"ӨҮ98110207", "1998-11-02", ""},
		{"АА00210101", "2000-01-01", ""},
		{"АА99123112", "1999-12-31", ""},
		{"УБ05231412", "2005-03-15", "mismatch"},
		{"УБ05031412", "2005-03-14", "mismatch"}, // born 1905 by the number
		{"UB05231412", "2005-03-14", "format"},   // Latin letters
		{"уб05231412", "2005-03-14", "format"},   // not normalised (lower case)
		{"УБ0523141", "2005-03-14", "format"},
		{"УБ052314123", "2005-03-14", "format"},
		{"УБ05331412", "2005-03-14", "format"}, // month 13
		{"УБ05223012", "2005-02-30", "format"}, // 30 February
		{"УБ05230012", "2005-03-00", "format"},
		{"1205231412", "2005-03-14", "format"},
	}
	for _, c := range cases {
		got := CheckRegistryNumber(c.num, d(c.dob))
		if (c.want == "" && got != "") || (c.want != "" && !strings.HasSuffix(got, c.want)) {
			t.Errorf("%s / %s: %q, want %q", c.num, c.dob, got, c.want)
		}
	}
	if n := NormalizeRegistryNumber(" уб 0523-1412 "); n != "УБ05231412" {
		t.Errorf("normalise: %q", n)
	}
	if m := MaskRegistryNumber("УБ05231412"); m != "УБ******12" {
		t.Errorf("mask: %q", m)
	}
}

func FuzzRegistryNumber(f *testing.F) {
	for _, s := range []string{"УБ05231412", "уб 0523 1412", "", "ӨҮ98110207", "\xff\xfe", "АА99999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := NormalizeRegistryNumber(s)
		got := CheckRegistryNumber(n, time.Time{})
		if got != "" && got != "account.idVerification.errors.format" {
			t.Fatalf("%q: %q", s, got)
		}
		_ = MaskRegistryNumber(n)
	})
}

func TestPasswordHashing(t *testing.T) {
	h := secure.NewHasher()
	enc, err := h.Hash("correct horse battery")
	if err != nil || !strings.HasPrefix(enc, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("%q %v", enc, err)
	}
	if ok, _ := h.Verify("correct horse battery", enc); !ok {
		t.Error("right password refused")
	}
	if ok, _ := h.Verify("correct horse batterY", enc); ok {
		t.Error("wrong password accepted")
	}
	for _, bad := range []string{"", "$argon2i$v=19$m=1,t=1,p=1$aa$bb", "$argon2id$v=19$m=99999999,t=1,p=1$aa$bb", "$argon2id$v=19$m=1,t=1,p=1$!!$bb"} {
		if _, err := h.Verify("x", bad); err == nil {
			t.Errorf("malformed hash %q accepted", bad)
		}
	}
	if !secure.IsCommon("Password123") || !secure.IsCommon("qwertyuiop") || secure.IsCommon("correct horse battery") {
		t.Error("common-password list")
	}
}

func TestSealer(t *testing.T) {
	s := secure.NewSealer([]byte("0123456789abcdef0123456789abcdef"), "test")
	enc := s.Seal("УБ05231412")
	if got, err := s.Open(enc); err != nil || got != "УБ05231412" {
		t.Fatalf("%q %v", got, err)
	}
	enc[len(enc)-1] ^= 1
	if _, err := s.Open(enc); err == nil {
		t.Error("tampered ciphertext opened")
	}
	other := secure.NewSealer([]byte("0123456789abcdef0123456789abcdef"), "other purpose")
	if _, err := other.Open(s.Seal("x")); err == nil {
		t.Error("a key for another purpose opened it")
	}
}

// BenchmarkPasswordHash is the cost of one argon2id hash (and so of one sign-in).
func BenchmarkPasswordHash(b *testing.B) {
	h := secure.NewHasher()
	for b.Loop() {
		if _, err := h.Hash("correct horse battery"); err != nil {
			b.Fatal(err)
		}
	}
}

// Device names our own app in the reader's language: a Mongolian page never says "Gerege app".
func TestDevice(t *testing.T) {
	for _, c := range []struct{ lang, ua, want string }{
		{"en", "Gerege/1.0 (Android 14)", "Gerege app · Android"},
		{"mn", "Gerege/1.0 (Android 14)", "Gerege апп · Android"},
		{"mn", "Gerege/1.0 (iPhone; iOS 18.1)", "Gerege апп · iOS"},
		{"mn", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36", "Chrome · Windows"},
		{"mn", "", "—"},
	} {
		if got := Device(c.lang, c.ua); got != c.want {
			t.Errorf("Device(%q, %q) = %q, want %q", c.lang, c.ua, got, c.want)
		}
	}
}
