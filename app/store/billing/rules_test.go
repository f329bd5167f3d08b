package billing

import (
	"testing"
	"time"
)

func TestVATOf(t *testing.T) {
	for _, c := range []struct {
		total, want int64
		bp          int
	}{{110000, 10000, 1000}, {25000, 2273, 1000}, {1, 0, 1000}, {6, 1, 1000}, {-25000, -2273, 1000}, {5000, 0, 0}} {
		if got := vatOf(c.total, c.bp); got != c.want {
			t.Errorf("vatOf(%d, %d) = %d, want %d", c.total, c.bp, got, c.want)
		}
	}
}

func TestAddMonth(t *testing.T) {
	d := func(y int, m time.Month, day int) time.Time { return time.Date(y, m, day, 10, 0, 0, 0, time.UTC) }
	for _, c := range [][2]time.Time{{d(2026, 1, 31), d(2026, 2, 28)}, {d(2026, 11, 22), d(2026, 12, 22)}, {d(2026, 12, 15), d(2027, 1, 15)},
		{d(2028, 1, 30), d(2028, 2, 29)}} {
		if got := addMonth(c[0]); !got.Equal(c[1]) {
			t.Errorf("addMonth(%v) = %v, want %v", c[0], got, c[1])
		}
	}
}

func TestFirstRenewalFrom(t *testing.T) {
	end := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	if got := firstRenewalFrom(end, end.AddDate(0, 0, 29)); !got.Equal(time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("got %v", got)
	}
	if got := firstRenewalFrom(end, end); !got.Equal(end) {
		t.Errorf("got %v", got)
	}
}

// Proration never charges more than the difference of the prices, nor less than nothing; the
// VAT in a total is never more than the total and its sign follows it.
func FuzzProrationAndVAT(f *testing.F) {
	f.Add(int64(49000), int64(149000), int64(30*24*3600), int64(15*24*3600))
	f.Add(int64(0), int64(1), int64(1), int64(0))
	f.Add(int64(149000), int64(49000), int64(100), int64(200))
	f.Fuzz(func(t *testing.T, oldP, newP, length, elapsed int64) {
		if oldP < 0 || newP < 0 || oldP > maxPrice || newP > maxPrice || length <= 0 || length > 40*24*3600 || elapsed < -length || elapsed > 2*length {
			return
		}
		start := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
		end := start.Add(time.Duration(length) * time.Second)
		got := Proration(oldP, newP, start, end, start.Add(time.Duration(elapsed)*time.Second))
		if got < 0 || (newP > oldP && got > newP-oldP) || (newP <= oldP && got != 0) {
			t.Fatalf("Proration(%d, %d, %d s, %d s) = %d", oldP, newP, length, elapsed, got)
		}
		for _, total := range []int64{newP, -newP} {
			v := vatOf(total, VATRateBP)
			if (total >= 0 && (v < 0 || v > total)) || (total < 0 && (v > 0 || v < total)) {
				t.Fatalf("vatOf(%d) = %d", total, v)
			}
		}
		_ = parseLines(string(rune(oldP % 128)))
	})
}
