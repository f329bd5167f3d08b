package payments

import (
	"strconv"
	"strings"
)

// FormatMoney writes an amount in minor units the way the glossary says, everywhere money is
// shown (pages, invoices, emails, notifications): mn "25 000₮", en "MNT 25,000"; US dollars
// with their cents, en "USD 29.00", mn "29.00 $". The UI's ui/src/lib/money.ts writes the same.
func FormatMoney(amount int64, currency, lang string) string {
	sep := ","
	if lang == "mn" {
		sep = " "
	}
	sign := ""
	if amount < 0 {
		sign, amount = "-", -amount
	}
	num := group(amount, sep)
	if currency == "USD" {
		num = group(amount/100, sep) + "." + strconv.FormatInt(100+amount%100, 10)[1:]
	}
	switch {
	case lang == "mn" && currency == "USD":
		return sign + num + " $"
	case lang == "mn":
		return sign + num + "₮"
	}
	return currency + " " + sign + num
}

// group writes n (not negative) with sep every three digits.
func group(n int64, sep string) string {
	s := strconv.FormatInt(n, 10)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(c)
	}
	return b.String()
}
