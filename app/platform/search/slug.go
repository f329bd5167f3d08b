package search

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"
)

// SlugMax is the longest slug Slug returns, in bytes (all ASCII).
const SlugMax = 80

// Slug returns a readable URL slug of s: lowercase ASCII letters and digits separated by
// single hyphens, at most SlugMax bytes, cut at a word boundary when it can be. Cyrillic is
// transliterated with the common formal spelling — the one on maps and in English news — not
// with Fold's matching key:
//
//	Улаанбаатар → ulaanbaatar · Хөгжил → khugjil · Өвөрхангай → uvurkhangai · Цэцэг → tsetseg
//	Шинжлэх ухаан → shinjlekh-ukhaan · Ерөнхий → yerunkhii · Сүхбаатарын → sukhbaataryn
//
// (х→kh, ө/ү→u, ц→ts, ч→ch, ш→sh, щ→shch, ж→j, ы→y, й/и/ь→i, ъ dropped, е→ye at the start
// of a word or after a vowel and e elsewhere, ё→yo, ю→yu, я→ya.) Latin diacritics are removed
// (Övörkhangai → ovorkhangai). Letters of other scripts are dropped, so the slug of a title in
// Chinese alone is "": the caller chooses a fallback (the record's id, "post").
func Slug(s string) string {
	var b strings.Builder
	pendingDash := false
	var prev rune = ' '
	eachLetter(s, func(r rune) {
		if r == ' ' {
			pendingDash = b.Len() > 0
			prev = ' '
			return
		}
		var t string
		switch {
		case r < utf8.RuneSelf:
			t = string(r)
		case r == 'е':
			t = "e"
			if prev == ' ' || strings.ContainsRune("аэиоуөүяеёюы", prev) {
				t = "ye"
			}
		default:
			t = slugCyrillic[r]
		}
		prev = r
		if t == "" {
			return
		}
		if pendingDash {
			b.WriteByte('-')
			pendingDash = false
		}
		b.WriteString(t)
	})
	return trimSlug(b.String(), SlugMax)
}

// trimSlug cuts s to at most max bytes, at the last hyphen when there is one in the second
// half, and never leaves a hyphen at either end.
func trimSlug(s string, max int) string {
	if len(s) > max {
		s = s[:max]
		if i := strings.LastIndexByte(s, '-'); i > max/2 {
			s = s[:i]
		}
	}
	return strings.Trim(s, "-")
}

var slugCyrillic = map[rune]string{
	'а': "a", 'б': "b", 'в': "v", 'г': "g", 'д': "d", 'ё': "yo", 'ж': "j", 'з': "z",
	'и': "i", 'й': "i", 'к': "k", 'л': "l", 'м': "m", 'н': "n", 'о': "o", 'ө': "u", 'п': "p",
	'р': "r", 'с': "s", 'т': "t", 'у': "u", 'ү': "u", 'ф': "f", 'х': "kh", 'ц': "ts", 'ч': "ch",
	'ш': "sh", 'щ': "shch", 'ъ': "", 'ы': "y", 'ь': "i", 'э': "e", 'ю': "yu", 'я': "ya",
	'ә': "a", 'ғ': "g", 'қ': "k", 'ң': "n", 'ұ': "u", 'һ': "h", 'і': "i", 'ї': "i", 'є': "ye",
	'ґ': "g", 'ў': "u", 'ј': "j",
}

// ErrNoSlug is returned by UniqueSlug when no free slug was found.
var ErrNoSlug = errors.New("search: no free slug")

// UniqueSlug returns the first of base, base-2 … base-9, then base-<6 random hex digits> (a
// few tries) for which exists reports false, each cut to SlugMax. An empty base is tried as
// its random suffix alone. exists is the caller's lookup (SELECT 1 FROM posts WHERE slug = ?);
// its error is returned as it is. Two writers can still pick the same slug between the lookup
// and the insert: keep a UNIQUE constraint on the column and, on ErrConflict, call again.
func UniqueSlug(base string, exists func(string) (bool, error)) (string, error) {
	try := func(s string) (bool, error) {
		taken, err := exists(s)
		return !taken, err
	}
	with := func(suffix string) string {
		b := trimSlug(base, SlugMax-len(suffix)-1)
		if b == "" {
			return suffix
		}
		return b + "-" + suffix
	}
	if base != "" {
		base = trimSlug(base, SlugMax)
		if ok, err := try(base); err != nil {
			return "", err
		} else if ok {
			return base, nil
		}
		for n := 2; n <= 9; n++ {
			s := with(strconv.Itoa(n))
			if ok, err := try(s); err != nil {
				return "", err
			} else if ok {
				return s, nil
			}
		}
	}
	for range 5 {
		var r [3]byte
		_, _ = rand.Read(r[:])
		s := with(hex.EncodeToString(r[:]))
		if ok, err := try(s); err != nil {
			return "", err
		} else if ok {
			return s, nil
		}
	}
	return "", ErrNoSlug
}
