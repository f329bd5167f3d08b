package notify

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"log/slog"
	"net/url"
	"strconv"
	"strings"
	"time"

	"gerege/app/platform/jobs"
	"gerege/app/platform/mail"
	"gerege/db"
	"gerege/i18n"
)

// DigestScope is the scope of the unsubscribe link in a digest: it turns off every kind the
// person receives by digest.
const DigestScope = "digest"

// unsubToken is what an unsubscribe link carries: whose, and which kind (or DigestScope).
type unsubToken struct {
	userID int64
	scope  string
}

var b64 = base64.RawURLEncoding

func sign(key []byte, payload string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("notify unsubscribe\x00" + payload))
	return m.Sum(nil)[:16]
}

// Token returns the signed unsubscribe token for a person and a kind (or DigestScope). It
// does not expire: an unsubscribe link must keep working for as long as the email is kept.
func Token(key []byte, userID int64, scope string) string {
	payload := strconv.FormatInt(userID, 10) + ":" + scope
	return b64.EncodeToString([]byte(payload)) + "." + b64.EncodeToString(sign(key, payload))
}

func parseToken(key []byte, token string) (unsubToken, bool) {
	p64, s64, ok := strings.Cut(token, ".")
	if !ok {
		return unsubToken{}, false
	}
	payload, err1 := b64.DecodeString(p64)
	sig, err2 := b64.DecodeString(s64)
	if err1 != nil || err2 != nil || !hmac.Equal(sig, sign(key, string(payload))) {
		return unsubToken{}, false
	}
	id, scope, _ := strings.Cut(string(payload), ":")
	uid, err := strconv.ParseInt(id, 10, 64)
	if err != nil || uid <= 0 {
		return unsubToken{}, false
	}
	if _, known := Lookup(scope); !known && scope != DigestScope {
		return unsubToken{}, false
	}
	return unsubToken{userID: uid, scope: scope}, true
}

// unsubscribeLinks returns the confirmation page (linked in the email's body) and the one-click
// URL (the List-Unsubscribe header) of a token.
func (s *Service) unsubscribeLinks(lang string, userID int64, scope string) (page, oneClick string) {
	q := "?token=" + url.QueryEscape(Token(s.Key, userID, scope))
	return s.BaseURL + "/" + lang + "/notifications/unsubscribe" + q, s.BaseURL + "/api/notifications/unsubscribe" + q
}

func langOf(l string) string {
	if i18n.Supported(l) {
		return l
	}
	return i18n.Default
}

// DeliverDue renders and queues the immediate emails that notifications owe, each in its
// recipient's language, and returns how many went into the outbox. A notification read
// before its email went out is not emailed.
func (s *Service) DeliverDue(ctx context.Context, now time.Time) (int, error) {
	s.running.Lock()
	defer s.running.Unlock()
	sent := 0
	for {
		due, err := s.Store.DueNotificationEmails(ctx, 50)
		if err != nil || len(due) == 0 {
			return sent, err
		}
		for _, n := range due {
			if !n.ReadAt.IsZero() {
				if err := s.Store.SetNotificationEmail(ctx, []int64{n.ID}, db.NotifyEmailNone, now); err != nil {
					return sent, err
				}
				continue
			}
			lang := langOf(n.Lang)
			title, body := Render(lang, n.Notification)
			page, oneClick := s.unsubscribeLinks(lang, n.UserID, n.Kind)
			emails := s.Mailer.Compose(mail.Message{To: n.To, Lang: lang, Kind: "notification", Name: n.FirstName,
				Link: s.BaseURL + "/" + lang + linkOr(n.Link), Vars: []any{"title", title, "body", body},
				Unsubscribe: page, OneClick: oneClick})
			if err := s.queue(ctx, []int64{n.ID}, emails, now); err != nil {
				return sent, err
			}
			sent++
		}
	}
}

// queue puts composed emails into the outbox (the mailer's Queue) in the transaction that
// marks the notifications ids emailed: a crash cannot leave one without the other.
func (s *Service) queue(ctx context.Context, ids []int64, emails []db.Email, now time.Time) error {
	return s.Store.InTx(ctx, func(tx *db.Store) error {
		if err := s.Mailer.Queue(ctx, tx, emails...); err != nil {
			return err
		}
		return tx.SetNotificationEmail(ctx, ids, db.NotifyEmailSent, now)
	})
}

// digestSince returns the start of the current digest day: the latest DigestHour:00 UTC not
// after now. A digest holds what arrived before it.
func (s *Service) digestSince(now time.Time) time.Time {
	now = now.UTC()
	b := time.Date(now.Year(), now.Month(), now.Day(), s.DigestHour, 0, 0, 0, time.UTC)
	if b.After(now) {
		b = b.AddDate(0, 0, -1)
	}
	return b
}

// SendDigests sends each person with unread notifications waiting for a digest one email
// listing them, and returns how many digests it queued. It takes what arrived before today's
// digest hour, so however often it runs, a person gets at most one digest a day.
func (s *Service) SendDigests(ctx context.Context, now time.Time) (int, error) {
	s.running.Lock()
	defer s.running.Unlock()
	waiting, err := s.Store.DigestNotificationEmails(ctx, s.digestSince(now))
	if err != nil {
		return 0, err
	}
	sent := 0
	for len(waiting) > 0 {
		end := 1
		for end < len(waiting) && waiting[end].UserID == waiting[0].UserID {
			end++
		}
		mine := waiting[:end]
		waiting = waiting[end:]
		var unread, read []int64
		var rows [][2]string
		lang := langOf(mine[0].Lang)
		for _, n := range mine {
			if !n.ReadAt.IsZero() {
				read = append(read, n.ID)
				continue
			}
			unread = append(unread, n.ID)
			title, body := Render(lang, n.Notification)
			rows = append(rows, [2]string{title, body})
		}
		if err := s.Store.SetNotificationEmail(ctx, read, db.NotifyEmailNone, now); err != nil {
			return sent, err
		}
		if len(unread) == 0 {
			continue
		}
		p := mine[0]
		page, oneClick := s.unsubscribeLinks(lang, p.UserID, DigestScope)
		emails := s.Mailer.Compose(mail.Message{To: p.To, Lang: lang, Kind: "notificationDigest", Name: p.FirstName,
			Link: s.BaseURL + "/" + lang + "/dashboard/notifications", Vars: []any{"count", len(unread)}, Table: rows,
			Unsubscribe: page, OneClick: oneClick})
		if err := s.queue(ctx, unread, emails, now); err != nil {
			return sent, err
		}
		sent++
	}
	return sent, nil
}

// linkOr is where a notification leads: its link, or the list when it has none.
func linkOr(link string) string {
	if link == "" {
		return "/dashboard/notifications"
	}
	return link
}

// Jobs are the notifications' periodic work (app/platform/jobs runs them): a sweep for
// immediate emails every minute (for rings that came before their transaction committed, and
// after a restart), the digest check every hour, and retention (db.NotificationRetention).
func (s *Service) Jobs() []jobs.Job {
	return []jobs.Job{
		{Name: "notify.email", Every: time.Minute, Run: func(ctx context.Context, now time.Time) error {
			_, err := s.DeliverDue(ctx, now)
			return err
		}},
		{Name: "notify.digest", Every: time.Hour, Run: func(ctx context.Context, now time.Time) error {
			_, err := s.SendDigests(ctx, now)
			return err
		}},
		{Name: "notify.retention", Every: time.Hour, Run: func(ctx context.Context, now time.Time) error {
			_, err := s.Store.PurgeNotifications(ctx, now)
			return err
		}},
	}
}

// Run sends immediate emails as soon as Send rings the doorbell, until ctx ends (the jobs
// sweep for the rest). Like the mailer's worker, it is a goroutine of the server.
func (s *Service) Run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-doorbell:
			if _, err := s.DeliverDue(ctx, s.Now()); err != nil && ctx.Err() == nil {
				s.Log.Error("notification emails", slog.String("error", err.Error()))
			}
		}
	}
}
