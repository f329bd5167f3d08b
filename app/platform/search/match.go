package search

import (
	"fmt"
	"strings"
)

// Limits on what Match reads of a query.
const (
	// QueryMax is how many bytes of a query Match reads; the rest is ignored.
	QueryMax = 1000
	// WordsMax is how many distinct words of a query are searched (all must match).
	WordsMax = 8
	// wordMax is the longest word kept, in bytes: longer ones are cut (and still match as a
	// prefix).
	wordMax = 40
)

// Tokenizer is the FTS5 tokenizer every search table uses: Doc and Match are built for it (see
// Table). Fold has already lowercased and removed diacritics; unicode61 splits on the spaces
// and the prefix indexes make the prefix queries Match writes cheap.
const Tokenizer = "unicode61 remove_diacritics 2"

// Table returns the statement that creates a module's search table called name, for its
// migration (write the statement out in the .sql file; a test can compare it with Table):
//
//	CREATE VIRTUAL TABLE opportunity_search USING fts5 (text, tokenize = 'unicode61 remove_diacritics 2',
//	    prefix = '2 3', content = '', contentless_delete = 1);
//
// Contentless: the table keeps only the index (the record's own table has the text), so it
// costs little space; contentless_delete = 1 lets a module DELETE a row by rowid. name must be
// a plain SQL identifier chosen by the programmer, never input.
func Table(name string) string {
	return fmt.Sprintf("CREATE VIRTUAL TABLE %s USING fts5 (text, tokenize = '%s', prefix = '2 3', content = '', contentless_delete = 1);",
		name, Tokenizer)
}

// Doc returns the text to index for a record made of fields (title, description,
// organisation, in either language or both): Fold of each, one after the other. Index it as
// the table's text column, with the record's id as rowid.
func Doc(fields ...string) string {
	parts := make([]string, 0, len(fields))
	for _, f := range fields {
		if f = Fold(f); f != "" {
			parts = append(parts, f)
		}
	}
	return strings.Join(parts, " ")
}

// Match returns the FTS5 MATCH expression for what a person typed, and false when there is
// nothing to search for in it (empty, only punctuation or spaces): then the caller shows the
// list without a text condition. Any input gives either false or a valid expression — quotes,
// NUL bytes, FTS5 operators (AND, OR, NOT, NEAR, *, ^, :, parentheses) are only text here.
//
// Every word must match (AND), each as a prefix of a word of the document, so "Улаанбаатар"
// finds "Улаанбаатарын" (Mongolian adds case endings) and the last word matches while it is
// being typed; a long word also loses one case ending first (see stem), so "Улаанбаатарт"
// finds "Улаанбаатар". One-letter words must match a whole word. Only the first QueryMax
// bytes and WordsMax distinct words are read.
//
// Use it as a bound parameter, never pasted into the SQL:
//
//	WHERE o.id IN (SELECT rowid FROM opportunity_search WHERE opportunity_search MATCH ?)
func Match(query string) (expr string, ok bool) {
	words := queryWords(query)
	if len(words) == 0 {
		return "", false
	}
	var b strings.Builder
	for i, w := range words {
		if i > 0 {
			b.WriteString(" AND ") // explicit: FTS5 has no implicit AND next to a parenthesis
		}
		// Fold leaves only letters and digits, so a word never holds a quote; quoting it
		// anyway keeps words such as "and", "or", "not" and "near" from being operators.
		if alt := fleeting(w); alt != "" {
			// The word, or its stem without its fleeting vowel: ("medelel"* OR "medel"*).
			b.WriteString(`("` + w + `"* OR "` + alt + `"*)`)
			continue
		}
		b.WriteByte('"')
		b.WriteString(w)
		b.WriteByte('"')
		if len(w) > 1 {
			b.WriteByte('*')
		}
	}
	return b.String(), true
}

// fleeting returns the stem a Mongolian word takes before a case ending when it loses the
// vowel of its last syllable (мэдээлэл → мэдээллийн, ажил → ажлын, хөгжил → хөгжлийн, дэвтэр →
// дэвтрийн), as Fold spells it, or "" when the word does not end that way. The folded document
// holds the short stem ("medelin"), which the full query word ("medelel") is no prefix of.
func fleeting(w string) string {
	n := len(w)
	if n < 4 {
		return ""
	}
	for i := 0; i < n; i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return ""
		}
	}
	vowel := func(c byte) bool { return strings.IndexByte("aeiou", c) >= 0 }
	if !strings.ContainsRune("lrngsdmbv", rune(w[n-1])) || !vowel(w[n-2]) || vowel(w[n-3]) {
		return ""
	}
	alt := Fold(w[:n-2] + w[n-1:])
	if len(alt) < 3 || alt == w {
		return ""
	}
	return alt
}

// queryWords returns the distinct folded words of query, within the limits.
func queryWords(query string) []string {
	if len(query) > QueryMax {
		query = query[:QueryMax] // a cut rune becomes invalid UTF-8, which Fold treats as a space
	}
	var words []string
	seen := map[string]bool{}
	for _, w := range strings.Fields(Fold(query)) {
		if len(w) > wordMax {
			w = cutUTF8(w, wordMax)
		}
		w = stem(w)
		if seen[w] {
			continue
		}
		seen[w] = true
		words = append(words, w)
		if len(words) == WordsMax {
			break
		}
	}
	return words
}

// cutUTF8 returns the longest prefix of s of at most n bytes that ends on a rune boundary.
func cutUTF8(s string, n int) string {
	for n > 0 && n < len(s) && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n]
}

// suffixes are Mongolian case and plural endings as Fold spells them (ын, ийн → in; ний, ны →
// ni; аар, ээр, оор, өөр → ar, er, ur; аас … → as, es, us; ад, ууд, тай …), longest first.
var suffixes = []string{"tai", "tei", "tui", "nar", "ni", "in", "ig", "ar", "er", "ur", "as", "es", "us",
	"ad", "ed", "ud", "i", "d", "t"}

// stem removes one case or plural ending from a query word of at least 5 Latin letters,
// keeping at least 4: matched as a prefix, "ухааны" (of science) then finds "ухаан" and
// "Улаанбаатарт" finds "Улаанбаатарын". Documents are indexed whole, so the ending a document
// uses never matters; only the query is cut. English loses little: "teacher" → "teach",
// still a prefix of the same words.
func stem(w string) string {
	if len(w) < 5 {
		return w
	}
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return w
		}
	}
	for _, suf := range suffixes {
		if strings.HasSuffix(w, suf) && len(w)-len(suf) >= 4 {
			return w[:len(w)-len(suf)]
		}
	}
	return w
}
