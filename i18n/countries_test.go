package i18n

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"regexp"
	"testing"

	"golang.org/x/text/language"
	"golang.org/x/text/language/display"
)

var update = flag.Bool("update", false, "rewrite content/countries.json from CLDR")

// The committed names are CLDR's (x/text/language/display): -update rewrites the file
// for the codes it already lists.
func TestCountriesAreCLDR(t *testing.T) {
	en, mn := display.English.Regions(), display.Mongolian.Regions()
	want := map[string]CountryNames{}
	for _, code := range CountryCodes() {
		if !regexp.MustCompile(`^[A-Z]{2}$`).MatchString(code) {
			t.Fatalf("%q is not an ISO 3166-1 alpha-2 code", code)
		}
		r := language.MustParseRegion(code)
		want[code] = CountryNames{EN: en.Name(r), MN: mn.Name(r)}
		if want[code].EN == "" || want[code].MN == "" {
			t.Errorf("%s: CLDR has no name (en %q, mn %q)", code, want[code].EN, want[code].MN)
		}
	}
	b, err := json.MarshalIndent(want, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	b = append(b, '\n')
	if *update {
		if err := os.WriteFile("content/countries.json", b, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	have, _ := content.ReadFile("content/countries.json")
	if !bytes.Equal(have, b) {
		t.Fatal("content/countries.json is not what CLDR says: go test ./i18n -run TestCountries -update")
	}
}

func TestCountryName(t *testing.T) {
	for _, c := range []struct{ lang, code, want string }{
		{"mn", "JP", "Япон"},
		{"mn", "KR", "Өмнөд Солонгос"},
		{"mn", "US", "Америкийн Нэгдсэн Улс"},
		{"en", "JP", "Japan"},
		{"xx", "MN", "Mongolia"},
		{"mn", "ZZ", "ZZ"},
	} {
		if got := CountryName(c.lang, c.code); got != c.want {
			t.Errorf("CountryName(%q, %q) = %q, want %q", c.lang, c.code, got, c.want)
		}
	}
	if n := len(CountryCodes()); n != 249 {
		t.Errorf("%d countries, want the 249 of ISO 3166-1", n)
	}
}
