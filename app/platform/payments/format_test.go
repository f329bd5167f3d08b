package payments

import "testing"

func TestFormatMoney(t *testing.T) {
	for _, c := range []struct {
		n         int64
		cur, lang string
		want      string
	}{{25000, "MNT", "mn", "25 000₮"}, {25000, "MNT", "en", "MNT 25,000"}, {2900, "USD", "en", "USD 29.00"},
		{1234567, "USD", "mn", "12 345.67 $"}, {-2273, "MNT", "mn", "-2 273₮"}, {-5, "USD", "en", "USD -0.05"}, {0, "MNT", "en", "MNT 0"},
		{1250, "USD", "en", "USD 12.50"}, {1250000, "MNT", "mn", "1 250 000₮"}, {999, "MNT", "en", "MNT 999"}} {
		if got := FormatMoney(c.n, c.cur, c.lang); got != c.want {
			t.Errorf("FormatMoney(%d, %s, %s) = %q, want %q", c.n, c.cur, c.lang, got, c.want)
		}
	}
}
