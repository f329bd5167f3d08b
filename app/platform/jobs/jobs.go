// Package jobs runs the platform's periodic work (retention, reminders): each module declares
// its jobs — a name, an interval and a function of the current time — and the server runs
// them. Tests call a job's Run directly with the time they want, so nothing waits on a clock.
package jobs

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// Job is one periodic task. Run gets the time from the injected clock; it should be
// idempotent (a job may run again after a restart before its interval has passed).
type Job struct {
	Name  string
	Every time.Duration
	Run   func(ctx context.Context, now time.Time) error
}

// Runner runs jobs on their intervals.
type Runner struct {
	Now     func() time.Time
	Log     *slog.Logger
	Tick    time.Duration // how often due jobs are looked for; a minute when zero
	Timeout time.Duration // per run; five minutes when zero

	mu   sync.Mutex
	jobs []Job
	next map[string]time.Time
}

// Add registers jobs. A job with no name, interval or function is a programming error.
func (r *Runner) Add(js ...Job) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, j := range js {
		if j.Name == "" || j.Every <= 0 || j.Run == nil {
			panic("jobs: incomplete job " + j.Name)
		}
		for _, k := range r.jobs {
			if k.Name == j.Name {
				panic("jobs: two jobs named " + j.Name)
			}
		}
		r.jobs = append(r.jobs, j)
	}
}

// Jobs returns the registered jobs in order.
func (r *Runner) Jobs() []Job {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Job(nil), r.jobs...)
}

// Job returns the job called name.
func (r *Runner) Job(name string) (Job, bool) {
	for _, j := range r.Jobs() {
		if j.Name == name {
			return j, true
		}
	}
	return Job{}, false
}

// RunDue runs, one after another, every job whose time has come at now, and schedules its
// next run one interval later. A job's first run is one interval after the first call, so
// starting the server does no housekeeping. It returns the names of the jobs it ran.
func (r *Runner) RunDue(ctx context.Context, now time.Time) []string {
	r.mu.Lock()
	if r.next == nil {
		r.next = map[string]time.Time{}
	}
	var due []Job
	for _, j := range r.jobs {
		at, ok := r.next[j.Name]
		switch {
		case !ok:
			r.next[j.Name] = now.Add(j.Every)
		case !now.Before(at):
			due = append(due, j)
			r.next[j.Name] = now.Add(j.Every)
		}
	}
	r.mu.Unlock()
	var ran []string
	for _, j := range due {
		if ctx.Err() != nil {
			break
		}
		timeout := r.Timeout
		if timeout <= 0 {
			timeout = 5 * time.Minute
		}
		jctx, cancel := context.WithTimeout(ctx, timeout)
		err := j.Run(jctx, now)
		cancel()
		ran = append(ran, j.Name)
		if err != nil && r.Log != nil {
			r.Log.Warn("job failed", slog.String("job", j.Name), slog.String("error", err.Error()))
		}
	}
	return ran
}

// Run looks for due jobs every Tick until ctx ends.
func (r *Runner) Run(ctx context.Context) {
	tick := r.Tick
	if tick <= 0 {
		tick = time.Minute
	}
	t := time.NewTicker(tick)
	defer t.Stop()
	r.RunDue(ctx, r.Now()) // schedules the first runs
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			r.RunDue(ctx, r.Now())
		}
	}
}
