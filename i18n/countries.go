package i18n

import (
	"encoding/json"
	"sort"
)

// CountryNames is a country's name in each language.
type CountryNames struct {
	EN string `json:"en"`
	MN string `json:"mn"`
}

// Country names come from CLDR through golang.org/x/text/language/display, written once into
// content/countries.json (go test ./i18n -run TestCountries -update) so the server and the UI
// read the same names and no browser's Intl data is needed: Debian's chromium has no
// Mongolian region names and shows English.
var countries = mustCountries()

func mustCountries() map[string]CountryNames {
	b, err := content.ReadFile("content/countries.json")
	if err != nil {
		panic(err)
	}
	out := map[string]CountryNames{}
	if err := json.Unmarshal(b, &out); err != nil {
		panic("i18n: content/countries.json: " + err.Error())
	}
	return out
}

// CountryCodes are the ISO 3166-1 alpha-2 codes with names, sorted.
func CountryCodes() []string {
	out := make([]string, 0, len(countries))
	for c := range countries {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

// CountryName is the name of the country with ISO code code in lang (English when lang is
// unknown); an unknown code is returned as it is.
func CountryName(lang, code string) string {
	n, ok := countries[code]
	switch {
	case !ok:
		return code
	case lang == "mn":
		return n.MN
	default:
		return n.EN
	}
}
