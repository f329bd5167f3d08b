package calendar

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gerege/db"
)

// The target: a month view of the calendar in < 10 ms. One person has 20,000 events
// over four years (about 14 a day) and 5,000 appointments as a host; 500 other people have
// 1,000,000 events between them; 100,000 program registrations are stored. The month view is
// the 42-day window of the grid: the person's events, appointments, deadlines and program
// dates, encoded as the API sends them.
const (
	benchOwn    = 20_000
	benchOthers = 1_000_000
	benchPeople = 500
	benchBooked = 5_000
	// benchSubmissions are the forms of the Cultural Volunteer Program (program dates).
	benchSubmissions = 100_000
)

var benchNow = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

func benchStore(b *testing.B) (*db.Store, int64, int64) {
	b.Helper()
	ctx := context.Background()
	store, err := db.Open(ctx, filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { store.Close() })
	var ids []int64
	for i := 0; i <= benchPeople; i++ {
		u, err := store.CreateUser(ctx, db.NewUser{Email: fmt.Sprintf("p%d@example.mn", i), PasswordHash: "x", FirstName: "P",
			LastName: fmt.Sprint(i), AccountType: "individual", Language: "en"}, benchNow)
		if err != nil {
			b.Fatal(err)
		}
		ids = append(ids, u.ID)
	}
	me, student := ids[0], ids[1]
	r := rand.New(rand.NewPCG(1, 2))
	start := benchNow.AddDate(-2, 0, 0)
	tx, err := store.Write.Begin()
	if err != nil {
		b.Fatal(err)
	}
	ins, _ := tx.Prepare(`INSERT INTO calendar_events (user_id, title, notes, location, start_at, end_at, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?)`)
	for i := 0; i < benchOwn+benchOthers; i++ {
		user := me
		if i >= benchOwn {
			user = ids[1+r.IntN(benchPeople)]
		}
		s := start.Add(time.Duration(r.Int64N(int64(4 * 365 * 24 * time.Hour)))).Truncate(15 * time.Minute)
		e := s.Add(time.Duration(1+r.IntN(8)) * 15 * time.Minute)
		if _, err := ins.Exec(user, fmt.Sprintf("Event %d", i), "notes, with; text", "Room 1", db.T(s), db.T(e), db.T(benchNow), db.T(benchNow)); err != nil {
			b.Fatal(err)
		}
	}
	bk, _ := tx.Prepare(`INSERT INTO bookings (host_id, student_id, start_at, end_at, created_at) VALUES (?,?,?,?,?)`)
	for i := 0; i < benchBooked; i++ {
		s := start.Add(time.Duration(i) * 4 * time.Hour)
		if _, err := bk.Exec(me, student, db.T(s), db.T(s.Add(30*time.Minute)), db.T(benchNow)); err != nil {
			b.Fatal(err)
		}
	}
	// Program registrations: 100,000 Cultural Volunteer forms, one in ten sent signed in by one
	// of the others; the person's own, sent in March, puts this year's autumn phases in the view.
	sub, _ := tx.Prepare(`INSERT INTO submissions (form, reference, status, lang, name, email, user_id, data, created_at, updated_at)
		VALUES ('volunteer', ?, 'new', 'en', 'x', 'x@example.mn', ?, '{}', ?, ?)`)
	for i := 0; i < benchSubmissions; i++ {
		var user any
		if i%10 == 0 {
			user = ids[1+r.IntN(benchPeople)]
		}
		at := db.T(start.Add(time.Duration(i) * time.Minute))
		if _, err := sub.Exec(fmt.Sprintf("CV-%d", i), user, at, at); err != nil {
			b.Fatal(err)
		}
	}
	mine := db.T(time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC))
	if _, err := sub.Exec("CV-ME", me, mine, mine); err != nil {
		b.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	if _, err := store.Write.Exec(`ANALYZE`); err != nil {
		b.Fatal(err)
	}
	return store, me, student
}

func BenchmarkMonthView(b *testing.B) {
	store, me, _ := benchStore(b)
	h := &Handlers{Store: store, Now: func() time.Time { return benchNow }}
	from := time.Date(2026, 10, 26, 0, 0, 0, 0, defaultZone).UTC()
	to := from.AddDate(0, 0, 42)
	n := 0
	b.ResetTimer()
	for b.Loop() {
		out, err := h.items(context.Background(), me, "en", from, to)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := json.Marshal(out); err != nil {
			b.Fatal(err)
		}
		n = len(out.Items)
	}
	b.ReportMetric(float64(n), "items")
}

// BenchmarkBookingThroughput books distinct slots of one host from parallel callers through
// the store (the handler's transaction: insert, reminder mark, two notifications skipped).
func BenchmarkBookingThroughput(b *testing.B) {
	store, me, student := benchStore(b)
	var next atomic.Int64
	base := benchNow.AddDate(3, 0, 0)
	b.ResetTimer()
	var wg sync.WaitGroup
	per := b.N/8 + 1
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < per; i++ {
				s := base.Add(time.Duration(next.Add(1)) * 30 * time.Minute)
				err := store.InTx(context.Background(), func(tx *db.Store) error {
					_, err := tx.InsertBooking(context.Background(), db.Booking{HostID: me, StudentID: student, Start: s, End: s.Add(30 * time.Minute)}, benchNow)
					return err
				})
				if err != nil {
					b.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// BenchmarkReschedule moves one appointment back and forth between two slots through the store,
// as the handler's transaction does: the host's active bookings around the new slot (the
// overlap check), then the conditional update of the booking.
func BenchmarkReschedule(b *testing.B) {
	store, me, student := benchStore(b)
	ctx := context.Background()
	slotA := benchNow.AddDate(4, 0, 0)
	slotB := slotA.Add(time.Hour)
	var id int64
	if err := store.InTx(ctx, func(tx *db.Store) error {
		var err error
		id, err = tx.InsertBooking(ctx, db.Booking{HostID: me, StudentID: student, Start: slotA, End: slotA.Add(30 * time.Minute)}, benchNow)
		return err
	}); err != nil {
		b.Fatal(err)
	}
	cur := slotA
	b.ResetTimer()
	for b.Loop() {
		to := slotB
		if cur.Equal(slotB) {
			to = slotA
		}
		err := store.InTx(ctx, func(tx *db.Store) error {
			if _, err := tx.HostBookings(ctx, me, to.Add(-24*time.Hour), to.Add(30*time.Minute)); err != nil {
				return err
			}
			return tx.RescheduleBooking(ctx, id, cur, to, to.Add(30*time.Minute), time.Time{})
		})
		if err != nil {
			b.Fatal(err)
		}
		cur = to
	}
}

// BenchmarkRescheduleSlots is what the calendar asks for when an appointment is picked up
// (listRescheduleSlots, without HTTP): the booking, the host's bookings around the visible week
// and the free slots of their availability (weekdays 09:00–17:00, 30 minutes) with the
// appointment itself left out. The host is the person with 5,000 appointments.
func BenchmarkRescheduleSlots(b *testing.B) {
	store, me, student := benchStore(b)
	ctx := context.Background()
	a := db.BookingHost{UserID: me, SlotMinutes: 30, TimeZone: defaultZoneName, Published: true}
	for d := 1; d <= 5; d++ {
		a.Hours = append(a.Hours, db.BookingHours{Weekday: d, StartMin: 9 * 60, EndMin: 17 * 60})
	}
	from, _ := dayBounds(benchNow, defaultZone)
	to := from.AddDate(0, 0, 7)
	var id int64
	if err := store.InTx(ctx, func(tx *db.Store) error {
		var err error
		s := from.Add(33*time.Hour + 30*time.Minute) // Monday 09:30 in Ulaanbaatar (off the seeded 4-hour grid)
		id, err = tx.InsertBooking(ctx, db.Booking{HostID: me, StudentID: student, Start: s, End: s.Add(30 * time.Minute)}, benchNow)
		return err
	}); err != nil {
		b.Fatal(err)
	}
	n := 0
	b.ResetTimer()
	for b.Loop() {
		bk, err := store.BookingByID(ctx, id)
		if err != nil {
			b.Fatal(err)
		}
		booked, err := store.HostBookings(ctx, me, from.Add(-24*time.Hour), to.Add(24*time.Hour))
		if err != nil {
			b.Fatal(err)
		}
		others := booked[:0]
		for _, x := range booked {
			if x.ID != bk.ID {
				others = append(others, x)
			}
		}
		n = len(slots(a, from, 8, benchNow, others))
	}
	b.ReportMetric(float64(n), "slots")
}
