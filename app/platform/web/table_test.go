package web

import "testing"

func TestCSVSafe(t *testing.T) {
	for in, want := range map[string]string{
		"=1+2":                 "'=1+2",
		"+cmd|' /C calc'!A0":   "'+cmd|' /C calc'!A0",
		"-2+3":                 "'-2+3",
		"@SUM(A1)":             "'@SUM(A1)",
		"\t=1+2":               "'\t=1+2",
		"\r=1+2":               "'\r=1+2",
		"+97688112233":         "+97688112233",
		"-5":                   "-5",
		"3.75":                 "3.75",
		"+":                    "'+",
		"-.":                   "'-.",
		"1.2.3":                "1.2.3",
		"Сараа = Бат":          "Сараа = Бат",
		"":                     "",
		"a@example.mn":         "a@example.mn",
		"-- not a number --":   "'-- not a number --",
		"+976 8811 2233 (ext)": "'+976 8811 2233 (ext)",
	} {
		if got := CSVSafe([]string{in})[0]; got != want {
			t.Errorf("CSVSafe(%q) = %q, want %q", in, got, want)
		}
	}
}
