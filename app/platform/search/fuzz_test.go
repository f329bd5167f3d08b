package search

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

var fuzzSeeds = []string{"Улаанбаатар", "medeelel tekhnologi", "Övörkhangai", "Cecег", "ХӨВСГӨЛ", "a\x00b", "\xff", `"`,
	"NEAR(a b)", "kkh zzh ccch yye", "ﬁ Ａ İ ß", "и\u0306 е\u0308 о\u0308", "", strings.Repeat("аа", 600)}

// FuzzFold: Fold is idempotent and returns lowercase words of letters and digits separated by
// single spaces.
func FuzzFold(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		k := Fold(s)
		if again := Fold(k); again != k {
			t.Fatalf("Fold(%q) = %q, but Fold of that = %q", s, k, again)
		}
		if !utf8.ValidString(k) || strings.HasPrefix(k, " ") || strings.HasSuffix(k, " ") || strings.Contains(k, "  ") {
			t.Fatalf("Fold(%q) = %q: not single-spaced valid text", s, k)
		}
		for _, r := range k {
			if r != ' ' && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				t.Fatalf("Fold(%q) = %q holds %q", s, k, r)
			}
		}
	})
}

// FuzzSlug: a slug is lowercase ASCII letters and digits joined by single hyphens, at most
// SlugMax bytes, and the slug of a slug is itself.
func FuzzSlug(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g := Slug(s)
		if len(g) > SlugMax || strings.HasPrefix(g, "-") || strings.HasSuffix(g, "-") || strings.Contains(g, "--") {
			t.Fatalf("Slug(%q) = %q", s, g)
		}
		for _, c := range []byte(g) {
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
				t.Fatalf("Slug(%q) = %q holds %q", s, g, c)
			}
		}
		if again := Slug(g); again != g {
			t.Fatalf("Slug(%q) = %q, but Slug of that = %q", s, g, again)
		}
	})
}

// FuzzMatch: whatever is typed, Match gives false or an expression SQLite's FTS5 accepts.
func FuzzMatch(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	db := memFTS(f)
	if _, err := db.Exec(`INSERT INTO s (rowid, text) VALUES (1, ?)`, Doc("Улаанбаатар", "medeelel")); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, q string) {
		expr, ok := Match(q)
		if !ok {
			if expr != "" {
				t.Fatalf("Match(%q) = %q, false", q, expr)
			}
			return
		}
		var n int
		if err := db.QueryRow(`SELECT count(*) FROM s WHERE s MATCH ?`, expr).Scan(&n); err != nil {
			t.Fatalf("Match(%q) = %q: %v", q, expr, err)
		}
	})
}
