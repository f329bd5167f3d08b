package i18n

import "strings"

// FullName writes a person's name in the order of lang: "Anu Bold" in English, "Болд Ану" in
// Mongolian, surname first (the patronymic "Болдын" would need a suffix on a name we do not
// know). The UI's fullName (ui/src/components/forms/order.ts) does the same.
func FullName(lang, first, last string) string {
	first, last = strings.TrimSpace(first), strings.TrimSpace(last)
	if lang == "mn" {
		first, last = last, first
	}
	return strings.TrimSpace(first + " " + last)
}
