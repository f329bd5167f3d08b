package communities_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/url"
	"testing"
	"time"

	"gerege/app/apitest"
	"gerege/app/platform/secure"
	"gerege/db"
)

// The events' scale: 2,000 communities with 100 events each (one with 10,000, half of them
// past), 20,000 people with 1,000,000 answers, and one person going to 2,000 events over four
// years. What is measured: the calendar's added query (the events a person is going to in a
// month view's 42 days), a community's next events (its page), the whole month view of the
// calendar over HTTP, and an answer (going / not going) over HTTP.
//
//	go test -run '^$' -bench Events -benchtime 200x ./app/communities/
func BenchmarkEvents(b *testing.B) {
	clock := apitest.NewClock()
	s, ts := apitest.NewServerClock(b, clock)
	store := s.Store()
	ctx := context.Background()
	now := clock.Now()
	hash, _ := secure.NewHasher().Hash(apitest.Password)
	person, err := store.CreateUser(ctx, db.NewUser{Email: "bench@example.mn", PasswordHash: hash, FirstName: "Bench", LastName: "Person",
		Language: "en", DateOfBirth: "1990-01-01", AccountType: "individual", Verified: true}, now.Add(-48*time.Hour))
	if err != nil {
		b.Fatal(err)
	}
	const communities, perCommunity, hot, people, answers, mine = 2000, 100, 10000, 20000, 1_000_000, 2000
	start := time.Now()
	tx, err := store.Write.Begin()
	if err != nil {
		b.Fatal(err)
	}
	must := func(_ any, err error) {
		if err != nil {
			b.Fatal(err)
		}
	}
	t := db.T(now)
	for i := 1; i <= people; i++ {
		must(tx.Exec(`INSERT INTO users (id, email, password_hash, first_name, last_name, account_type, language, created_at, updated_at)
			VALUES (?, ?, 'x', 'P', 'Q', 'individual', 'en', ?, ?)`, 1_000_000+i, fmt.Sprintf("p%d@bench.mn", i), t, t))
	}
	for c := 1; c <= communities; c++ {
		must(tx.Exec(`INSERT INTO communities (id, slug, name_en, visibility, created_at, updated_at) VALUES (?, ?, ?, 'public', ?, ?)`,
			100_000+c, fmt.Sprintf("bench-%d", c), fmt.Sprintf("Bench %d", c), t, t))
	}
	ins, err := tx.Prepare(`INSERT INTO community_events (community_id, created_by, title_en, title_mn, start_at, end_at, place, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, 'Ulaanbaatar', ?, ?)`)
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	var total int64
	for c := 1; c <= communities; c++ {
		n := perCommunity
		if c == 1 {
			n = hot
		}
		for i := 0; i < n; i++ {
			// Starts spread over four years around now (the hot community: half past, half to come).
			at := now.Add(time.Duration(r.Int64N(int64(4*365*24*time.Hour))) - 2*365*24*time.Hour).Truncate(time.Minute)
			must(ins.Exec(100_000+c, person.ID, fmt.Sprintf("Event %d-%d", c, i), fmt.Sprintf("Арга хэмжээ %d-%d", c, i),
				db.T(at), db.T(at.Add(2*time.Hour)), t, t))
			total++
		}
	}
	rsvp, err := tx.Prepare(`INSERT OR IGNORE INTO community_event_rsvps (event_id, user_id, answer, start_at, created_at, updated_at)
		SELECT ?, ?, ?, start_at, ?, ? FROM community_events WHERE id = ?`)
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < answers; i++ {
		answer := "going"
		if i%4 == 0 {
			answer = "not_going"
		}
		ev := 1 + r.Int64N(total)
		must(rsvp.Exec(ev, 1_000_000+1+r.IntN(people), answer, t, t, ev))
	}
	for i := 0; i < mine; i++ {
		ev := 1 + r.Int64N(total)
		must(rsvp.Exec(ev, person.ID, "going", t, t, ev))
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	b.Logf("seeded %d events, %d answers in %s", total, answers+mine, time.Since(start).Round(time.Second))
	if _, err := store.Write.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		b.Fatal(err)
	}

	for _, q := range []string{
		`EXPLAIN QUERY PLAN SELECT e.id FROM community_event_rsvps r JOIN community_events e ON e.id = r.event_id JOIN communities c ON c.id = e.community_id WHERE r.user_id = 5 AND r.answer = 'going' AND r.start_at < 'b' AND r.start_at > 'a' AND e.status = 'scheduled' AND e.end_at > 'a'`,
		`EXPLAIN QUERY PLAN SELECT e.id FROM community_event_rsvps r JOIN community_events e ON e.id = r.event_id WHERE r.answer = 'going' AND r.reminded_at IS NULL AND r.start_at > 'a' AND r.start_at <= 'b' AND e.status = 'scheduled'`,
		`EXPLAIN QUERY PLAN SELECT e.id FROM community_events e WHERE e.community_id = 100001 AND e.end_at > 'a' AND e.start_at > 'a' ORDER BY e.start_at, e.id LIMIT 21`,
	} {
		rows, err := store.Read.Query(q)
		if err != nil {
			b.Fatal(err)
		}
		for rows.Next() {
			var id, parent, x int
			var d string
			_ = rows.Scan(&id, &parent, &x, &d)
			b.Log(d)
		}
		rows.Close()
	}
	from := now.Add(-7 * 24 * time.Hour)
	to := from.Add(42 * 24 * time.Hour)
	b.Run("calendarQuery", func(b *testing.B) {
		for b.Loop() {
			list, err := store.EventsGoingOf(ctx, person.ID, from, to, now, 2000)
			if err != nil || len(list) == 0 {
				b.Fatal(len(list), err)
			}
		}
	})
	b.Run("communityPage", func(b *testing.B) {
		for b.Loop() {
			list, _, err := store.CommunityEvents(ctx, db.CommunityEventFilter{CommunityID: 100_001, Viewer: person.ID, Now: now, Limit: 20})
			if err != nil || len(list) != 20 {
				b.Fatal(len(list), err)
			}
		}
	})
	c := apitest.SignIn(b, ts, "bench@example.mn")
	month := "/api/calendar?from=" + url.QueryEscape(from.Format(time.RFC3339)) + "&to=" + url.QueryEscape(to.Format(time.RFC3339))
	b.Run("monthViewHTTP", func(b *testing.B) {
		for b.Loop() {
			apitest.MustStatus(b, apitest.Call(b, c, ts, "GET", month, nil, "", "Sec-Fetch-Site", "same-origin"), 200)
		}
	})
	// An answer, over HTTP: the person is a member of the hot community; it flips between going
	// and not going on one upcoming event (each a transaction).
	if _, err := store.Write.Exec(`INSERT INTO community_members (community_id, user_id, role, joined_at) VALUES (100001, ?, 'member', ?)`, person.ID, t); err != nil {
		b.Fatal(err)
	}
	var ev int64
	if err := store.Read.QueryRow(`SELECT id FROM community_events WHERE community_id = 100001 AND start_at > ? ORDER BY start_at LIMIT 1`, db.T(now.Add(7*24*time.Hour))).Scan(&ev); err != nil {
		b.Fatal(err)
	}
	path := fmt.Sprintf("/api/communities/bench-1/events/%d/rsvp", ev)
	b.Run("answerHTTP", func(b *testing.B) {
		i := 0
		for b.Loop() {
			i++
			clock.Advance(time.Minute) // the answers' limit (120 an hour) counts on the clock
			answer := []string{"going", "not_going"}[i%2]
			apitest.MustStatus(b, apitest.Call(b, c, ts, "PUT", path, map[string]any{"answer": answer}, "", "Sec-Fetch-Site", "same-origin"), 200)
		}
	})
}
