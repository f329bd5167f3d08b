package interviews

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"gerege/db"
)

// The calendar's target (issue #15): a month view in < 10 ms. Interviews add one query to it:
// the person's live interviews as applicant or as the staff member who scheduled them, in the
// window. Scale: one organisation, 50 staff, 2,000 applicants, 50 postings, 100,000
// applications each with an interview over two years (most held or cancelled, a third live);
// the measured staff member scheduled about 2,000 of them.
const (
	benchStaff      = 50
	benchApplicants = 2_000
	benchPostings   = 50
)

var benchNow = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

func benchStore(b *testing.B) (*db.Store, int64) {
	b.Helper()
	ctx := context.Background()
	store, err := db.Open(ctx, filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { store.Close() })
	now := db.T(benchNow)
	w := store.Write
	if _, err := w.Exec(`INSERT INTO organizations (id, name, created_at) VALUES (1, 'Org', ?)`, now); err != nil {
		b.Fatal(err)
	}
	users := func(n int, prefix string) []int64 {
		ids := []int64{}
		for i := 0; i < n; i++ {
			u, err := store.CreateUser(ctx, db.NewUser{Email: fmt.Sprintf("%s%d@example.mn", prefix, i), PasswordHash: "x", FirstName: "P",
				LastName: fmt.Sprint(i), AccountType: "individual", Language: "en"}, benchNow)
			if err != nil {
				b.Fatal(err)
			}
			ids = append(ids, u.ID)
		}
		return ids
	}
	staff, applicants := users(benchStaff, "s"), users(benchApplicants, "a")
	tx, err := w.Begin()
	if err != nil {
		b.Fatal(err)
	}
	for p := 1; p <= benchPostings; p++ {
		if _, err := tx.Exec(`INSERT INTO opportunities (id, organization_id, slug, kind, status, title_en, title_mn, created_at, updated_at)
			VALUES (?, 1, ?, 'job', 'published', 'Job', 'Ажил', ?, ?)`, p, fmt.Sprintf("job-%d", p), now, now); err != nil {
			b.Fatal(err)
		}
	}
	app, _ := tx.Prepare(`INSERT INTO applications (opportunity_id, user_id, lang, profile, status, created_at, updated_at)
		VALUES (?, ?, 'en', '{}', 'interview', ?, ?) RETURNING id`)
	iv, _ := tx.Prepare(`INSERT INTO interviews (application_id, organization_id, applicant_id, scheduler_id, start_at, minutes, link,
		status, created_at, updated_at) VALUES (?, 1, ?, ?, ?, ?, 'https://meet.example.mn/x', ?, ?, ?)`)
	r := rand.New(rand.NewPCG(1, 2))
	start := benchNow.AddDate(-1, 0, 0)
	statuses := []string{"held", "cancelled", "proposed", "confirmed", "held", "change_requested"}
	for p := 1; p <= benchPostings; p++ {
		for _, a := range applicants {
			var id int64
			if err := app.QueryRow(p, a, now, now).Scan(&id); err != nil {
				b.Fatal(err)
			}
			s := start.Add(time.Duration(r.Int64N(int64(2 * 365 * 24 * time.Hour)))).Truncate(15 * time.Minute)
			if _, err := iv.Exec(id, a, staff[r.IntN(benchStaff)], db.T(s), 15*(1+r.IntN(8)), statuses[r.IntN(len(statuses))], now, now); err != nil {
				b.Fatal(err)
			}
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	if _, err := w.Exec(`ANALYZE`); err != nil {
		b.Fatal(err)
	}
	return store, staff[0]
}

// BenchmarkCalendarInterviews: the interviews of one staff member in a month view's window
// (42 days), as the calendar asks for them.
func BenchmarkCalendarInterviews(b *testing.B) {
	store, me := benchStore(b)
	from := time.Date(2026, 10, 26, 0, 0, 0, 0, ulaanbaatar).UTC()
	to := from.AddDate(0, 0, 42)
	n := 0
	b.ResetTimer()
	for b.Loop() {
		list, err := store.CalendarInterviews(context.Background(), me, from.Add(-24*time.Hour), to)
		if err != nil {
			b.Fatal(err)
		}
		n = len(list)
	}
	b.ReportMetric(float64(n), "items")
}

// BenchmarkReminderScan: the reminder job's question (live interviews in the next day not
// reminded yet) over the whole table.
func BenchmarkReminderScan(b *testing.B) {
	store, _ := benchStore(b)
	n := 0
	b.ResetTimer()
	for b.Loop() {
		due, err := store.DueInterviewReminders(context.Background(), benchNow, benchNow.Add(RemindBefore), 200)
		if err != nil {
			b.Fatal(err)
		}
		n = len(due)
	}
	b.ReportMetric(float64(n), "due")
}
