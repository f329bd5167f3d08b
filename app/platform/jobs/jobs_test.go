package jobs

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"
)

func TestRunDueFollowsIntervals(t *testing.T) {
	t0 := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	var runs []time.Time
	r := &Runner{}
	r.Add(Job{Name: "hourly", Every: time.Hour, Run: func(_ context.Context, now time.Time) error {
		runs = append(runs, now)
		return nil
	}}, Job{Name: "failing", Every: 30 * time.Minute, Run: func(context.Context, time.Time) error { return errors.New("x") }})
	ctx := context.Background()
	for _, c := range []struct {
		at   time.Duration
		want []string
	}{
		{0, nil}, // start-up schedules, runs nothing
		{59 * time.Minute, []string{"failing"}},
		{60 * time.Minute, []string{"hourly"}},
		{89 * time.Minute, []string{"failing"}}, // a failing job keeps its schedule
		{118 * time.Minute, nil},
		{119 * time.Minute, []string{"failing"}},
		{180 * time.Minute, []string{"hourly", "failing"}},
	} {
		if got := r.RunDue(ctx, t0.Add(c.at)); !slices.Equal(got, c.want) {
			t.Errorf("at +%v ran %v, want %v", c.at, got, c.want)
		}
	}
	if len(runs) != 2 || !runs[0].Equal(t0.Add(time.Hour)) {
		t.Errorf("runs %v", runs)
	}
	if _, ok := r.Job("hourly"); !ok {
		t.Error("Job by name")
	}
}

func TestAddRefusesIncompleteOrDuplicateJobs(t *testing.T) {
	for name, js := range map[string][]Job{
		"no interval": {{Name: "a", Run: func(context.Context, time.Time) error { return nil }}},
		"duplicate": {{Name: "a", Every: time.Hour, Run: func(context.Context, time.Time) error { return nil }},
			{Name: "a", Every: time.Hour, Run: func(context.Context, time.Time) error { return nil }}},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: accepted", name)
				}
			}()
			(&Runner{}).Add(js...)
		}()
	}
}
