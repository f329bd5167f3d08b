package analytics_test

import (
	"testing"

	"gerege/app/workspace/analytics"
	"gerege/db"
)

// The median: odd and even samples, unsorted input, none; rounded to 0.1 h.
func TestMedian(t *testing.T) {
	t.Parallel()
	if m := analytics.Median(nil); m != nil {
		t.Errorf("empty: %v", *m)
	}
	for _, c := range []struct {
		in   []float64
		want float64
	}{{[]float64{5}, 5}, {[]float64{9, 1, 4}, 4}, {[]float64{1, 2, 4, 10}, 3}, {[]float64{0.04, 0.1}, 0.1}} {
		if m := analytics.Median(c.in); m == nil || *m != c.want {
			t.Errorf("median %v = %v, want %v", c.in, m, c.want)
		}
	}
}

// The funnel: a stage counts everything that reached it; declined and opted-out count as
// submitted, and reviewed when opened; an unopened "submitted" is not reviewed.
func TestFunnel(t *testing.T) {
	t.Parallel()
	got := analytics.Funnel([]db.StatusCount{
		{Status: "submitted", N: 4}, {Status: "submitted", Reviewed: true, N: 1}, {Status: "offer", Reviewed: true, N: 2},
		{Status: "declined", N: 3}, {Status: "opted_out", Reviewed: true, N: 1}, {Status: "hired", Reviewed: true, N: 1},
	})
	want := []int{12, 5, 3, 3, 3, 1}
	for i, s := range got {
		if s.Count != want[i] {
			t.Errorf("%s = %d, want %d", s.Stage, s.Count, want[i])
		}
	}
}
