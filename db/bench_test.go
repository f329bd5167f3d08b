package db

import (
	"context"
	"fmt"
	"path/filepath"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// benchSubmission is one contact submission as the forms capability stores it: a reference,
// the row, its search entry and history, and two emails (7 write statements).
func benchSubmission(ctx context.Context, s *Store, i int64) error {
	return s.InTx(ctx, func(tx *Store) error {
		sub, _, err := tx.CreateSubmission(ctx, NewSubmission{Form: "contact", Prefix: "CON", Lang: "mn", Name: "Сараа Бат",
			Email: "saraa@example.mn", Data: `{"firstName":"Сараа","lastName":"Бат","description":"Манай сургуульд демо үзүүлнэ үү."}`,
			Search: fmt.Sprint("сараа бат saraa@example.mn ", i)}, nil, time.Now())
		if err != nil {
			return err
		}
		for _, e := range []Email{{To: sub.Email, Subject: "Хүлээн авлаа " + sub.Reference, Text: "…", HTML: "<p>…</p>", Kind: "formReceived", Lang: "mn"},
			{To: "desk@example.mn", Subject: "New " + sub.Reference, Text: "…", HTML: "<p>…</p>", Kind: "formStaff", Lang: "en"}} {
			if _, err := tx.QueueEmail(ctx, e); err != nil {
				return err
			}
		}
		return nil
	})
}

// BenchmarkInTx: durable (synchronous=FULL) form submissions through the single writer.
// "single" has one caller at a time, so every commit holds one transaction; "grouped-N" has
// N concurrent callers, whose transactions the writer commits together; "ungrouped-16" has 16
// callers but a writer that commits one transaction at a time (as before group commit). ns/op is per
// submission; "tx/commit" is how many submissions one commit held on average; "cpu-µs/op" is
// the process's CPU time per submission (less sensitive than ns/op to other load on a
// shared machine).
func BenchmarkInTx(b *testing.B) {
	ctx := context.Background()
	for _, c := range []struct {
		callers  int
		maxGroup int
	}{{1, maxGroup}, {16, 1}, {4, maxGroup}, {16, maxGroup}, {64, maxGroup}} {
		callers := c.callers
		name := fmt.Sprint("grouped-", callers)
		switch {
		case callers == 1:
			name = "single"
		case c.maxGroup == 1:
			name = fmt.Sprint("ungrouped-", callers)
		}
		b.Run(name, func(b *testing.B) {
			s, err := Open(ctx, filepath.Join(b.TempDir(), "b.db"))
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			s.w.maxGroup = c.maxGroup // the writer is idle: nothing reads it now
			var n atomic.Int64
			groups, jobs := s.w.groups.Load(), s.w.jobsDone.Load()
			cpu0 := cpuTime()
			b.ReportAllocs()
			b.SetParallelism((callers + 1) / 2) // RunParallel runs parallelism × GOMAXPROCS goroutines
			if callers == 1 {
				for b.Loop() {
					if err := benchSubmission(ctx, s, n.Add(1)); err != nil {
						b.Fatal(err)
					}
				}
			} else {
				b.RunParallel(func(pb *testing.PB) {
					for pb.Next() {
						if err := benchSubmission(ctx, s, n.Add(1)); err != nil {
							b.Error(err)
							return
						}
					}
				})
			}
			b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/float64(b.N), "cpu-µs/op")
			if g := s.w.groups.Load() - groups; g > 0 {
				b.ReportMetric(float64(s.w.jobsDone.Load()-jobs)/float64(g), "tx/commit")
			}
		})
	}
}

// cpuTime is the CPU time (user and system) the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
