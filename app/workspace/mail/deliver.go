package mail

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"gerege/app/platform/notify"
	"gerege/db"
)

// Letter is what the platform puts in a person's mailbox (an application update, a report's
// outcome, an invoice): text in the person's language, from "Gerege", without reply.
type Letter struct {
	UserID  int64
	Subject string
	Body    string
	Link    string // the page it is about: a path without the language prefix ("/dashboard/applications")
	At      time.Time
}

// Deliver files l in its person's inbox as a new unread thread, inside the caller's
// transaction tx (so the letter exists exactly when the change it tells of does). Texts
// longer than the limits are cut. It returns the thread's id. Any module may call it; every
// notification (app/platform/notify) already arrives this way (see mirror). Once tx commits,
// the person's open mailbox is told, as for people's letters (announce).
func Deliver(ctx context.Context, tx *db.Store, l Letter) (int64, error) {
	subject := cut(strings.TrimSpace(l.Subject), MaxSubject)
	if subject == "" {
		subject = systemName
	}
	link := l.Link
	if !strings.HasPrefix(link, "/") || strings.HasPrefix(link, "//") {
		link = "" // only a path of the site: never another site or a script
	}
	sent, err := tx.SendMail(ctx, db.MailOutgoing{SenderName: systemName, Recipients: []int64{l.UserID}, Subject: subject,
		Body: cut(l.Body, MaxBody), Link: link}, l.At)
	if err != nil {
		return 0, err
	}
	announce(tx, liveOf(tx), []int64{l.UserID}, sent.ThreadID)
	return sent.ThreadID, nil
}

func cut(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// unmirrored are the notifications that do not become letters: new letters themselves, and
// the chat's "a message waits" (the conversation is where it is read).
var unmirrored = []string{NewMail.Name, "chat.message", "chat.added"}

// mirror files each notification as a letter from the platform, rendered in the person's
// language when it is sent (the bell renders it when it is read).
func mirror(ctx context.Context, tx *db.Store, n notify.Notification) error {
	for _, k := range unmirrored {
		if n.Kind == k {
			return nil
		}
	}
	u, err := tx.UserByID(ctx, n.UserID)
	if db.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	params, err := json.Marshal(n.Params)
	if err != nil {
		return err
	}
	title, body := notify.Render(u.Language, db.Notification{Kind: n.Kind, Params: string(params)})
	_, err = Deliver(ctx, tx, Letter{UserID: n.UserID, Subject: title, Body: body, Link: n.Link, At: n.At})
	return err
}

func init() { notify.Listen(mirror) }
