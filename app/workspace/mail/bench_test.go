package mail_test

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"gerege/db"
	"gerege/db/dbtest"
)

// benchLetters is how many letters the person's mailbox holds for BenchmarkMailboxList
// (MAIL_BENCH_MESSAGES, times GEREGE_BENCH_SCALE; the target is at 100,000).
func benchLetters() int {
	n := 100_000
	if v, err := strconv.Atoi(os.Getenv("MAIL_BENCH_MESSAGES")); err == nil && v > 0 {
		n = v
	}
	return n * dbtest.Scale()
}

// BenchmarkMailboxList: a page of 50 threads of a person's inbox (what opening the mailbox
// loads: subjects, snippets, participants, labels) with that many letters in it, at the top
// and deep in the list (keyset cursor), and the folders' unread counts. Target: < 10 ms at
// 100,000 messages.
func BenchmarkMailboxList(b *testing.B) {
	ctx := context.Background()
	store, err := db.Open(ctx, dbtest.Path(b))
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	mk := func(email string) *db.User {
		u, err := store.CreateUser(ctx, db.NewUser{Email: email, PasswordHash: "x", FirstName: "B", LastName: "B", AccountType: "individual", Language: "en"}, now)
		if err != nil {
			b.Fatal(err)
		}
		return u
	}
	owner, sender := mk("owner@bench.mn"), mk("sender@bench.mn")
	n := benchLetters()
	start := time.Now()
	if err := store.MailSeed(ctx, owner.ID, sender.ID, n, now); err != nil {
		b.Fatal(err)
	}
	b.Logf("seeded %d letters in %s", n, time.Since(start).Round(time.Millisecond))
	// The cursor of a page half-way down the list.
	var deep *db.MailCursor
	{
		var at string
		var id int64
		if err := store.Read.QueryRow(`SELECT last_at, thread_id FROM mail_boxes WHERE owner_id = ? AND box = 'inbox'
			ORDER BY last_at DESC, thread_id DESC LIMIT 1 OFFSET ?`, owner.ID, n/2).Scan(&at, &id); err != nil {
			b.Fatal(err)
		}
		deep = &db.MailCursor{At: at, ID: id}
	}
	for _, c := range []struct {
		name  string
		after *db.MailCursor
	}{{"first-page", nil}, {"deep-page", deep}} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				list, next, err := store.MailList(ctx, db.MailListQuery{Owner: owner.ID, Box: "inbox", After: c.after, Limit: 50})
				if err != nil || len(list) != 50 || next == nil {
					b.Fatal(len(list), err)
				}
			}
		})
	}
	// Several at once: 50 threads of the first page starred and unstarred in one transaction
	// (the all-or-nothing check, each view and its listing rows and counts), as the list's
	// "select all on this page" then "Star" does.
	page, _, err := store.MailList(ctx, db.MailListQuery{Owner: owner.ID, Box: "inbox", Limit: 50})
	if err != nil {
		b.Fatal(err)
	}
	ids := make([]int64, 0, len(page))
	for _, m := range page {
		ids = append(ids, m.ThreadID)
	}
	b.Run("modify-50", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			action := []string{"star", "unstar"}[i%2]
			if n, _, err := store.MailModify(ctx, owner.ID, ids, action, 0, now); err != nil || n != len(ids) {
				b.Fatal(n, err)
			}
		}
	})
	b.Run("unread-counts", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := store.MailUnreadCounts(ctx, owner.ID); err != nil {
				b.Fatal(err)
			}
		}
	})
}
