package search

import (
	"database/sql"
	"strings"
	"testing"

	_ "modernc.org/sqlite"
)

func TestMatch(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"Улаанбаатар", `"ulanbat"*`},
		{"medeelel tehnologi", `("medelel"* OR "medel"*) AND ("tehnulug"* OR "tehnulg"*)`},
		{"  мэдээлэл   ТЕХНОЛОГИ ", `("medelel"* OR "medel"*) AND ("tehnulug"* OR "tehnulg"*)`},
		{"ажил", `("ajil"* OR "ajl"*)`},   // ажлын: the vowel of the last syllable drops before an ending
		{"ухааны", `("uhan"* OR "uhn"*)`}, // folding loses the long vowel, so the stem without it is tried too
		{"data", `"data"*`},
		{"a b", `"a" AND "b"`},
		{"ул", `"ul"*`},
		{`"unbalanced`, `"unbalants"*`},
		{`title:x OR y NOT z NEAR(a b) ^c *`, `"title"* AND "h" AND "ur"* AND "i" AND "nut"* AND "z" AND "near"* AND "a"`},
		{"data data DATA", `"data"*`},
		{"a\x00b", `"a" AND "b"`},
	} {
		got, ok := Match(c.q)
		if !ok || got != c.want {
			t.Errorf("Match(%q) = %q, %v; want %q", c.q, got, ok, c.want)
		}
	}
	for _, q := range []string{"", "   ", `"`, `""`, `*`, `-- ; ' " ( ) :`, "\x00\x00", "\xff\xfe", "…", "👍"} {
		if got, ok := Match(q); ok {
			t.Errorf("Match(%q) = %q, true; want false", q, got)
		}
	}
	long := strings.Repeat("улаан ", 1000)
	if got, ok := Match(long); !ok || got != `("ulan"* OR "uln"*)` {
		t.Errorf("Match(long) = %q, %v", got, ok)
	}
	many, _ := Match("one two three four five six seven eight nine ten")
	if n := strings.Count(many, " AND ") + 1; n != WordsMax {
		t.Errorf("Match(10 words) has %d words, want %d: %s", n, WordsMax, many)
	}
}

// memFTS opens an in-memory database with one search table, s, for tests.
func memFTS(t testing.TB) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", "file::memory:")
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	t.Cleanup(func() { db.Close() })
	if _, err := db.Exec(Table("s")); err != nil {
		t.Fatal(err)
	}
	return db
}

// TestMatchNeverFailsInSQLite runs hostile queries through a real FTS5 table.
func TestMatchNeverFailsInSQLite(t *testing.T) {
	db := memFTS(t)
	if _, err := db.Exec(`INSERT INTO s (rowid, text) VALUES (1, ?)`, Doc("and or not near", "Улаанбаатар")); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{`AND`, `OR`, `NOT`, `near`, `"a" OR "b"`, `(`, `)`, `*a`, `a*b`, `^`, `:`, `s:x`, `{a b}`, `a + b`,
		`NEAR(a b, 3)`, "\x00", strings.Repeat(`"`, 1001), strings.Repeat("ab ", 400), "улаан*", "💥 ulaan"} {
		expr, ok := Match(q)
		if !ok {
			continue
		}
		var n int
		if err := db.QueryRow(`SELECT count(*) FROM s WHERE s MATCH ?`, expr).Scan(&n); err != nil {
			t.Errorf("Match(%q) = %q: %v", q, expr, err)
		}
	}
}
