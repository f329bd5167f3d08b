package app_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"gerege/app/apitest"
	"gerege/db"
)

// TestRetention: each kind of expiring record is kept until its period has passed and
// deleted by its module's job after it (the jobs run with the times the test gives them).
func TestRetention(t *testing.T) {
	t.Parallel()
	s, _ := apitest.NewServer(t)
	ctx := context.Background()
	st := s.Store()
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := st.Write.Exec(q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	count := func(table, where string) int {
		var n int
		st.Read.QueryRow(`SELECT count(*) FROM ` + table + ` WHERE ` + where).Scan(&n)
		return n
	}
	t0 := time.Date(2026, 1, 10, 12, 0, 0, 0, time.UTC)
	day := 24 * time.Hour
	u, err := st.CreateUser(ctx, db.NewUser{Email: "r@example.mn", PasswordHash: "x", FirstName: "R", LastName: "T",
		AccountType: "individual", Language: "en", DateOfBirth: "1990-01-01"}, t0)
	if err != nil {
		t.Fatal(err)
	}
	exec(`INSERT INTO organizations (id, name, created_at) VALUES (1, 'Org', ?)`, db.T(t0))

	cases := []struct {
		name, job, table, where string
		insert                  func()
		period                  time.Duration // after t0
	}{
		{name: "web session", job: "accounts.sessions", table: "sessions", where: "token = 'web'",
			insert: func() { db.SessionStore{S: st}.CommitCtx(ctx, "web", []byte("x"), t0) }, period: 0},
		{name: "expired device session", job: "accounts.sessions", table: "auth_sessions", where: "id = 'exp'",
			insert: func() {
				exec(`INSERT INTO auth_sessions (id, user_id, kind, created_at, last_seen_at, expires_at) VALUES ('exp', ?, 'web', ?, ?, ?)`,
					u.ID, db.T(t0.Add(-day)), db.T(t0.Add(-day)), db.T(t0))
			}, period: db.SessionRetention},
		{name: "revoked device session", job: "accounts.sessions", table: "auth_sessions", where: "id = 'rev'",
			insert: func() {
				exec(`INSERT INTO auth_sessions (id, user_id, kind, created_at, last_seen_at, expires_at, revoked_at) VALUES ('rev', ?, 'api', ?, ?, ?, ?)`,
					u.ID, db.T(t0.Add(-day)), db.T(t0.Add(-day)), db.T(t0.Add(365*day)), db.T(t0))
			}, period: db.SessionRetention},
		{name: "expired refresh token", job: "accounts.sessions", table: "refresh_tokens", where: "token_hash = 'rt'",
			insert: func() {
				exec(`INSERT INTO auth_sessions (id, user_id, kind, created_at, last_seen_at, expires_at) VALUES ('live', ?, 'api', ?, ?, ?)`,
					u.ID, db.T(t0), db.T(t0), db.T(t0.Add(365*day)))
				exec(`INSERT INTO refresh_tokens (token_hash, session_id, created_at, expires_at) VALUES ('rt', 'live', ?, ?)`,
					db.T(t0.Add(-day)), db.T(t0))
			}, period: 0},
		{name: "email code", job: "accounts.codes", table: "email_codes", where: "link_hash = 'lh'",
			insert: func() {
				exec(`INSERT INTO email_codes (user_id, purpose, code_hash, link_hash, created_at, expires_at) VALUES (?, 'reset', 'ch', 'lh', ?, ?)`,
					u.ID, db.T(t0.Add(-30*time.Minute)), db.T(t0))
			}, period: db.CodeRetention},
		{name: "invitation", job: "accounts.codes", table: "invitations", where: "token_hash = 'inv'",
			insert: func() {
				exec(`INSERT INTO invitations (organization_id, email, role, token_hash, created_at, expires_at) VALUES (1, 'i@example.mn', 'manager', 'inv', ?, ?)`,
					db.T(t0.Add(-7*day)), db.T(t0))
			}, period: db.InvitationRetention},
		{name: "unfinished attempt", job: "directionboard.attempts", table: "db_attempts", where: "id = 'att'",
			insert: func() {
				exec(`INSERT INTO db_attempts (id, key_hash, lang, started_at, deadline_at, result_token) VALUES ('att', 'k', 'en', ?, ?, 'tok')`,
					db.T(t0.Add(-20*time.Minute)), db.T(t0))
			}, period: db.AttemptRetention},
		{name: "idempotency record", job: "forms.idempotency", table: "idempotency_keys", where: "key = 'k'",
			insert: func() {
				exec(`INSERT INTO idempotency_keys (scope, key, status, body, created_at) VALUES ('forms:contact:ip:1', 'k', 201, '{}', ?)`, db.T(t0))
			}, period: db.IdempotencyTTL},
		{name: "sent email", job: "mail.outbox", table: "outbox", where: "subject = 'sent'",
			insert: func() {
				exec(`INSERT INTO outbox (to_addr, subject, body_text, body_html, kind, lang, created_at, sent_at, attempts)
					VALUES ('a@example.mn', 'sent', '', '', 'formReceived', 'en', ?, ?, 1)`, db.T(t0.Add(-day)), db.T(t0))
			}, period: db.OutboxRetention},
		{name: "dead email", job: "mail.outbox", table: "outbox", where: "subject = 'dead'",
			insert: func() {
				exec(`INSERT INTO outbox (to_addr, subject, body_text, body_html, kind, lang, created_at, attempts, last_error)
					VALUES ('a@example.mn', 'dead', '', '', 'formStaff', 'en', ?, 5, 'refused')`, db.T(t0))
			}, period: db.OutboxRetention},
		{name: "email never sent (no SMTP)", job: "mail.outbox", table: "outbox", where: "subject = 'queued'",
			insert: func() {
				exec(`INSERT INTO outbox (to_addr, subject, body_text, body_html, kind, lang, created_at)
					VALUES ('a@example.mn', 'queued', '', '', 'formReceived', 'en', ?)`, db.T(t0))
			}, period: db.OutboxRetention},
		{name: "reset link email", job: "mail.outbox", table: "outbox", where: "subject = 'reset'",
			insert: func() {
				exec(`INSERT INTO outbox (to_addr, subject, body_text, body_html, kind, lang, created_at, sent_at, attempts)
					VALUES ('a@example.mn', 'reset', 'http://x/reset?token=secret', '', 'resetPassword', 'en', ?, ?, 1)`, db.T(t0), db.T(t0))
			}, period: db.OutboxCredentialRetention},
		{name: "notification", job: "notify.retention", table: "notifications", where: "kind = 'forms.status'",
			insert: func() {
				exec(`INSERT INTO notifications (user_id, kind, params, link, created_at, read_at) VALUES (?, 'forms.status', '{}', '/dashboard', ?, ?)`,
					u.ID, db.T(t0), db.T(t0))
			}, period: db.NotificationRetention},
	}
	for _, c := range cases {
		c.insert()
		job, ok := s.Jobs().Job(c.job)
		if !ok {
			t.Fatalf("no job %s", c.job)
		}
		if err := job.Run(ctx, t0.Add(c.period-time.Second)); err != nil {
			t.Fatal(err)
		}
		if count(c.table, c.where) != 1 {
			t.Errorf("%s: deleted before its period (%v)", c.name, c.period)
		}
		if err := job.Run(ctx, t0.Add(c.period+time.Second)); err != nil {
			t.Fatal(err)
		}
		if count(c.table, c.where) != 0 {
			t.Errorf("%s: kept after its period (%v)", c.name, c.period)
		}
	}
	// What is not expired stays: the live device session, finished results, the user.
	if count("auth_sessions", "id = 'live'") != 1 || count("users", fmt.Sprint("id = ", u.ID)) != 1 {
		t.Error("a live record was deleted")
	}
}

// TestOutboxCap: unsent emails beyond db.OutboxCap are deleted oldest first, whatever their
// age, so a flood without SMTP cannot fill the disk.
func TestOutboxCap(t *testing.T) {
	t.Parallel()
	s, _ := apitest.NewServer(t)
	now := time.Date(2026, 1, 10, 12, 0, 0, 0, time.UTC)
	if _, err := s.Store().Write.Exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
		INSERT INTO outbox (to_addr, subject, body_text, body_html, kind, lang, created_at)
		SELECT 'a@example.mn', 'm' || i, '', '', 'formReceived', 'en', ? FROM n`, db.OutboxCap+5, db.T(now)); err != nil {
		t.Fatal(err)
	}
	job, _ := s.Jobs().Job("mail.outbox")
	if err := job.Run(context.Background(), now); err != nil {
		t.Fatal(err)
	}
	var n int
	var oldest string
	s.Store().Read.QueryRow(`SELECT count(*), min(subject) FROM outbox`).Scan(&n, &oldest)
	var has1, has6 int
	s.Store().Read.QueryRow(`SELECT count(*) FROM outbox WHERE subject = 'm1'`).Scan(&has1)
	s.Store().Read.QueryRow(`SELECT count(*) FROM outbox WHERE subject = 'm6'`).Scan(&has6)
	if n != db.OutboxCap || has1 != 0 || has6 != 1 {
		t.Errorf("after the cap: %d emails (want %d), m1 kept %d, m6 kept %d", n, db.OutboxCap, has1, has6)
	}
}
