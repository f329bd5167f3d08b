package i18n

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

var placeholder = regexp.MustCompile(`\{\{\s*[a-zA-Z0-9_]+\s*\}\}`)

// TestCatalogParity keeps the catalogs in step: the same keys in every language, no empty
// value, and the same {{placeholders}} in each translation of a key.
func TestCatalogParity(t *testing.T) {
	en, err := Load("en")
	if err != nil {
		t.Fatal(err)
	}
	if len(en) == 0 {
		t.Fatal("en catalog is empty")
	}
	for _, lang := range Languages {
		c, err := Load(lang)
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range c {
			if strings.TrimSpace(v) == "" {
				t.Errorf("%s: %q is empty", lang, k)
			}
			if _, ok := en[k]; !ok {
				t.Errorf("%s: %q is not in en", lang, k)
			}
			if strings.HasPrefix(k, "format.") {
				// Formats (dates, money) are language-specific patterns: en "20 July 2026" takes
				// a month name, mn "2026 оны 7-р сарын 20" a month number.
				continue
			}
			want := placeholder.FindAllString(en[k], -1)
			got := placeholder.FindAllString(v, -1)
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(want, got) {
				t.Errorf("%s: %q has placeholders %v, en has %v", lang, k, got, want)
			}
		}
		for k := range en {
			if _, ok := c[k]; !ok {
				t.Errorf("%s: %q is missing", lang, k)
			}
		}
	}
}

// TestCatalogFilesPerModule: every language has the same files (i18n/<lang>/<module>.json),
// each file's keys the same in every language (the lint says which file a key is missing from;
// this is the server's own check).
func TestCatalogFilesPerModule(t *testing.T) {
	en, err := Files("en")
	if err != nil {
		t.Fatal(err)
	}
	if len(en) < 2 || !slices.Contains(en, "platform.json") {
		t.Fatalf("en catalog files = %v, want platform.json and the modules'", en)
	}
	for _, lang := range Languages {
		got, err := Files(lang)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, en) {
			t.Errorf("%s catalog files = %v, en has %v", lang, got, en)
		}
	}
}

// TestLoadMergesModuleFiles: files are merged deeply (two modules may share a group such as
// "emails"), and a key defined twice, or a string where another file has a group, fails the
// load with both files named.
func TestLoadMergesModuleFiles(t *testing.T) {
	file := func(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }
	c, err := load(fstest.MapFS{
		"en/a.json": file(`{"emails": {"a": {"subject": "A"}}, "x": "X"}`),
		"en/b.json": file(`{"emails": {"b": {"subject": "B"}}}`),
	}, "en")
	if err != nil {
		t.Fatal(err)
	}
	if len(c) != 3 || c["emails.a.subject"] != "A" || c["emails.b.subject"] != "B" || c["x"] != "X" {
		t.Errorf("merged = %v", c)
	}

	for name, tc := range map[string]struct {
		fs   fstest.MapFS
		want string
	}{
		"the same key in two files": {fstest.MapFS{
			"en/a.json": file(`{"emails": {"a": {"subject": "A"}}}`),
			"en/b.json": file(`{"emails": {"a": {"subject": "B"}}}`),
		}, `i18n/en/b.json: "emails.a.subject" is also defined in i18n/en/a.json`},
		"a string where another file has a group": {fstest.MapFS{
			"en/a.json": file(`{"emails": {"a": "A"}}`),
			"en/b.json": file(`{"emails": {"a": {"subject": "B"}}}`),
		}, `i18n/en/b.json: "emails.a" is a string in i18n/en/a.json`},
		"no files": {fstest.MapFS{"mn/a.json": file(`{}`)}, "no catalog files in i18n/en/"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := load(tc.fs, "en")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("load = %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

// TestMongolianIsCyrillic catches an English string pasted into the Mongolian catalog: every
// mn value with letters must contain Cyrillic, except brand names and codes listed here.
func TestMongolianIsCyrillic(t *testing.T) {
	mn := Get("mn")
	cyr := regexp.MustCompile(`\p{Cyrillic}`)
	latinOnly := regexp.MustCompile(`^[\p{Latin}\d\s.,:;!?()«»"'’+·/&@#%*-]+$`)
	for k, v := range mn {
		if latinOnly.MatchString(v) && !cyr.MatchString(v) && !allowedLatin(v) {
			t.Errorf("mn: %q = %q has no Cyrillic", k, v)
		}
	}
}

func allowedLatin(v string) bool {
	switch strings.TrimSpace(v) {
	case "Gerege", "English", "EN", "MN", "JSON", "CSV", "XLSX", "OK", "Email", "GPA", "Road Map", "App Store", "Google Play", "QPay":
		return true
	}
	return len([]rune(v)) <= 3 // short codes and numbers such as "403"
}

func TestT(t *testing.T) {
	if got := T("mn", "errors.generic"); got != "Алдаа гарлаа" {
		t.Errorf("mn errors.generic = %q", got)
	}
	if got := T("en", "errors.generic"); got != "Something went wrong" {
		t.Errorf("en errors.generic = %q", got)
	}
	if got := T("xx", "errors.generic"); got != "Something went wrong" {
		t.Errorf("unknown language should fall back to en, got %q", got)
	}
	if got := T("en", "no.such.key"); got != "no.such.key" {
		t.Errorf("missing key = %q", got)
	}
}
