package people_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"

	"gerege/db"
	"gerege/db/dbtest"
)

// The people list at scale: accounts (GEREGE_BENCH_PEOPLE, 100,000 by default) of which a
// fifth belong to one of 1,000 organisations, a hundredth suspended, most with a last
// sign-in. Each case is one page of 20, as the list asks for it.
//
//	go test ./app/workspace/people -run '^$' -bench People -benchtime 200x
func BenchmarkPeople(b *testing.B) {
	n := 100_000
	if v, err := strconv.Atoi(os.Getenv("GEREGE_BENCH_PEOPLE")); err == nil && v > 0 {
		n = v
	}
	s := dbtest.Open(b)
	ctx := context.Background()
	seedPeople(b, s, n)
	start := time.Now()
	if err := s.RefreshPeopleSearch(ctx); err != nil {
		b.Fatal(err)
	}
	b.Logf("%d accounts; folding them into the search index took %v (once, after the migration)", n, time.Since(start).Round(time.Millisecond))
	first, err := s.People(ctx, db.PeopleFilter{Limit: 20})
	if err != nil || first.Next == nil {
		b.Fatal(err)
	}
	cases := []struct {
		name string
		f    db.PeopleFilter
	}{
		{"name", db.PeopleFilter{}},
		{"name-page2", db.PeopleFilter{After: first.Next}},
		{"created", db.PeopleFilter{Sort: "created"}},
		{"lastSignIn", db.PeopleFilter{Sort: "lastSignIn"}},
		{"search-latin", db.PeopleFilter{Query: "bat"}},
		{"search-cyrillic", db.PeopleFilter{Query: "Батболд"}},
		{"search-email", db.PeopleFilter{Query: "user4242@"}},
		{"role-counselor", db.PeopleFilter{Role: "counselor"}},
		{"org", db.PeopleFilter{OrgID: 7}},
		{"suspended", db.PeopleFilter{Status: "suspended"}},
		{"owner-view", db.PeopleFilter{OrgID: 7, Query: "bat"}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			c.f.Limit = 20
			for b.Loop() {
				if _, err := s.People(ctx, c.f); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func seedPeople(b *testing.B, s *db.Store, n int) {
	b.Helper()
	firsts := []string{"Бат", "Болд", "Сараа", "Anu", "Temuulen", "Номин", "Ганбат", "David", "Sarah", "Оюунаа", "Энхжин", "Min-ji"}
	lasts := []string{"Батболд", "Дорж", "Ганбаатар", "Erdene", "Miller", "Цэрэн", "Лхагва", "Park", "Kim", "Очир"}
	r := rand.New(rand.NewPCG(1, 2))
	tx, err := s.Write.Begin()
	if err != nil {
		b.Fatal(err)
	}
	defer tx.Rollback()
	now := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	for o := 1; o <= 1000; o++ {
		if _, err := tx.Exec(`INSERT INTO organizations (id, name, created_at) VALUES (?, ?, ?)`, o, fmt.Sprint("Org ", o), db.T(now)); err != nil {
			b.Fatal(err)
		}
	}
	roles := []string{"owner", "manager", "counselor", "counselor", "counselor"}
	for i := 1; i <= n; i++ {
		created := now.Add(-time.Duration(r.IntN(1000*24)) * time.Hour)
		var signIn, suspended any
		if r.IntN(10) > 0 {
			signIn = db.T(created.Add(time.Duration(r.IntN(100)) * time.Hour))
		}
		if r.IntN(100) == 0 {
			suspended = db.T(now)
		}
		kind := "individual"
		if i%5 == 0 {
			kind = "enterprise"
		}
		if _, err := tx.Exec(`INSERT INTO users (id, email, password_hash, first_name, last_name, account_type, language,
			created_at, updated_at, last_sign_in_at, suspended_at) VALUES (?, ?, 'x', ?, ?, ?, 'mn', ?, ?, ?, ?)`,
			i, fmt.Sprintf("user%d@example.mn", i), firsts[r.IntN(len(firsts))], lasts[r.IntN(len(lasts))], kind,
			db.T(created), db.T(created), signIn, suspended); err != nil {
			b.Fatal(err)
		}
		if kind == "enterprise" {
			if _, err := tx.Exec(`INSERT INTO memberships (organization_id, user_id, role, created_at) VALUES (?, ?, ?, ?)`,
				(i/5)%1000+1, i, roles[(i/5/1000)%len(roles)], db.T(created)); err != nil {
				b.Fatal(err)
			}
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
}
