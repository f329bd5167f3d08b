// Package search is the platform's one way to search text in both languages: it folds
// Mongolian Cyrillic and the Latin ways people type Mongolian to one matching key (Fold), builds
// the text a module indexes in its own SQLite FTS5 table (Doc) and a safe MATCH expression from
// anything a person types (Match), and turns titles into readable URL slugs (Slug, UniqueSlug).
//
// A module owns its FTS5 table in its migration (see Table for the statement) and keeps one row
// per searchable record, rowid = the record's id:
//
//	INSERT INTO opportunity_search (rowid, text) VALUES (?, ?)   -- search.Doc(title, description, org)
//	DELETE FROM opportunity_search WHERE rowid = ?               -- before re-inserting on edit, and on delete
//
// and searches with
//
//	expr, ok := search.Match(q)   // ok == false: nothing searchable in q; show the unfiltered list
//	... WHERE o.id IN (SELECT rowid FROM opportunity_search WHERE opportunity_search MATCH ?) ...
//
// Fold's output is a matching key, not text to show: it is lossy on purpose (see Fold).
package search

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Fold returns the matching key of s: lowercase, Latin, words separated by single spaces.
// Text in Mongolian Cyrillic and the same text in any common Latin spelling fold to the same
// key, so an index of Fold(document) matched with Fold(query) finds both scripts:
//
//	Улаанбаатар, Ulaanbaatar             → ulanbatar
//	Өвөрхангай, Övörkhangai, Uvurkhangai, Ovorhangai → uvurhangai
//	мэдээлэл технологи, medeelel tekhnologi → medelel tehnulugi
//
// The rules, in order (letters and digits are kept, everything else separates words):
//   - Cyrillic (Mongolian, Russian, and a few Kazakh/Ukrainian letters) is transliterated
//     letter by letter: х→h, ц→ts, ч→ch, ш/щ→sh, ж→j, й/и/ы/ь→i, ъ dropped, э/е→e, ё→yo,
//     ю→yu, я→ya, and о, ө, у, ү all → u;
//   - Latin diacritics are removed (ö→o, ü→u, é→e), compatibility forms folded (ﬁ→fi, Ａ→a);
//   - informal Latin spellings are folded to the same letters: kh→h, x→h, zh→j, c→ts (but ch
//     stays ch), w→v, o→u, ye→e, y→i unless before a, o or u (ya, yo, yu stay);
//   - runs of the same letter collapse to one (aa→a, ii→i, gg→g: Chinggis = Чингис).
//
// The cost is precision: о/ө/у/ү are one letter, long and short vowels are one, and English
// words fold too ("good" and "god" are both gud). For finding a title among listings that is
// the right trade; the ranking (bm25) and the other words of the query do the rest.
// Fold is idempotent: Fold(Fold(s)) == Fold(s).
func Fold(s string) string {
	var b strings.Builder
	b.Grow(len(s) + len(s)/4)
	var word []byte
	flush := func() {
		if len(word) == 0 {
			return
		}
		w := foldLatin(word)
		if len(w) > 0 {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.Write(w)
		}
		word = word[:0]
	}
	eachLetter(s, func(r rune) {
		if r == ' ' {
			flush()
			return
		}
		if r < utf8.RuneSelf {
			word = append(word, byte(r))
		} else if t, ok := foldCyrillic[r]; ok {
			word = append(word, t...)
		} else {
			word = utf8.AppendRune(word, r)
		}
	})
	flush()
	return b.String()
}

// eachLetter calls f with each letter or digit of s, lowercased and without diacritics
// (compatibility-decomposed, combining marks dropped), and with ' ' for every run of anything
// else (punctuation, spaces, control characters, invalid UTF-8). The Cyrillic letters that
// decompose (й, ё, and ӧ, ӱ, which older fonts used for ө, ү) are put back together first.
func eachLetter(s string, f func(rune)) {
	d := norm.NFKD.String(strings.ToValidUTF8(s, " "))
	space := true
	for i := 0; i < len(d); {
		r, n := utf8.DecodeRuneInString(d[i:])
		i += n
		if r == utf8.RuneError && n <= 1 {
			r = ' '
		}
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		r = unicode.ToLower(r)
		if i < len(d) {
			next, m := utf8.DecodeRuneInString(d[i:])
			if c, ok := composeCyrillic[[2]rune{r, next}]; ok {
				r = c
				i += m
			}
		}
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			f(r)
			space = false
		} else if !space {
			f(' ')
			space = true
		}
	}
}

// composeCyrillic puts back the Cyrillic letters NFKD takes apart, where the mark matters.
var composeCyrillic = map[[2]rune]rune{
	{'и', '\u0306'}: 'й',
	{'е', '\u0308'}: 'ё',
	{'о', '\u0308'}: 'ө', // ӧ, typed for ө where fonts lacked it
	{'у', '\u0308'}: 'ү', // ӱ, typed for ү
	{'у', '\u0306'}: 'ў',
	{'і', '\u0308'}: 'ї',
}

// foldCyrillic maps each lowercase Cyrillic letter straight to its folded Latin form (the
// Latin pass below then leaves it as it is, except for collapsing repeats).
var foldCyrillic = map[rune]string{
	'а': "a", 'б': "b", 'в': "v", 'г': "g", 'д': "d", 'е': "e", 'ё': "yo", 'ж': "j", 'з': "z",
	'и': "i", 'й': "i", 'к': "k", 'л': "l", 'м': "m", 'н': "n", 'о': "u", 'ө': "u", 'п': "p",
	'р': "r", 'с': "s", 'т': "t", 'у': "u", 'ү': "u", 'ф': "f", 'х': "h", 'ц': "ts", 'ч': "ch",
	'ш': "sh", 'щ': "sh", 'ъ': "", 'ы': "i", 'ь': "i", 'э': "e", 'ю': "yu", 'я': "ya",
	// Kazakh, Ukrainian, Belarusian letters that turn up in names.
	'ә': "a", 'ғ': "g", 'қ': "k", 'ң': "n", 'ұ': "u", 'һ': "h", 'і': "i", 'ї': "i", 'є': "e",
	'ґ': "g", 'ў': "u", 'ј': "j",
}

// foldLatin applies the informal-spelling rules to one lowercase word until nothing changes
// (at most a few passes: every rule shortens the word or removes a c, x, w, o or y).
func foldLatin(w []byte) []byte {
	out := latinPass(w)
	for i := 0; i < 16; i++ {
		next := latinPass(out)
		if string(next) == string(out) {
			break
		}
		out = next
	}
	return out
}

func latinPass(w []byte) []byte {
	out := make([]byte, 0, len(w)+2)
	put := func(c ...byte) {
		for _, x := range c {
			if n := len(out); n > 0 && out[n-1] == x && x < utf8.RuneSelf && isLatin(x) {
				continue // runs of one letter collapse
			}
			out = append(out, x)
		}
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		var next byte
		if i+1 < len(w) {
			next = w[i+1]
		}
		switch c {
		case 'k':
			if next == 'h' {
				continue // kh → h
			}
			put('k')
		case 'z':
			if next == 'h' {
				put('j') // zh → j
				i++
				continue
			}
			put('z')
		case 'c':
			if next == 'h' {
				put('c', 'h')
				i++
				continue
			}
			put('t', 's')
		case 'x':
			put('h')
		case 'w':
			put('v')
		case 'o':
			put('u')
		case 'y':
			switch next {
			case 'a', 'o', 'u':
				put('y')
			case 'e':
				// ye → e
			default:
				put('i')
			}
		default:
			if c >= utf8.RuneSelf {
				out = append(out, c) // part of a non-Latin letter: kept as it is
				continue
			}
			put(c)
		}
	}
	return out
}

func isLatin(c byte) bool { return c >= 'a' && c <= 'z' }
