// Package mail writes the platform's emails (HTML and plain text, in the recipient's
// language) into the outbox table and delivers them by SMTP when a server is configured.
// Without SMTP the outbox is where admins read them, so offline installations still work.
package mail

import (
	"bytes"
	"context"
	"fmt"
	"html/template"
	"log/slog"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"

	"gerege/app/platform/jobs"
	"gerege/db"
	"gerege/i18n"
)

// SMTP is where mail goes; an empty Host keeps everything in the outbox.
type SMTP struct {
	Host     string
	Port     int
	User     string
	Password string
	From     string
	// TLS: "opportunistic" (STARTTLS when offered, the default), "mandatory", or "none".
	TLS string
}

// Mailer queues and delivers email.
type Mailer struct {
	Store *db.Store
	SMTP  SMTP
	Log   *slog.Logger
	Now   func() time.Time
	kick  chan struct{}
}

// New returns a Mailer; call Run in a goroutine to deliver.
func New(store *db.Store, smtp SMTP, log *slog.Logger, now func() time.Time) *Mailer {
	return &Mailer{Store: store, SMTP: smtp, Log: log, Now: now, kick: make(chan struct{}, 1)}
}

// Message is what a capability asks to send: a kind whose texts live in the catalog under
// emails.<kind>.{subject,intro,action,outro}, and the values they use.
type Message struct {
	To   string
	Lang string
	Kind string
	Name string // the greeting's name
	Code string // a one-time code to show large, if any
	Link string // the call-to-action URL, if any
	Vars []any  // more {{name}} values for the texts, as pairs
	// Table is shown as a two-column table (HTML) or "label: value" lines (text).
	Table [][2]string
	// Unsubscribe, for email people may stop (notifications), is the page that confirms it,
	// linked at the bottom; OneClick is the URL a mail client POSTs to (RFC 8058), sent as the
	// List-Unsubscribe header with List-Unsubscribe-Post. Both empty for transactional email.
	Unsubscribe string
	OneClick    string
}

// Render returns the subject, text and HTML bodies of m.
func Render(m Message) (subject, text, html string) {
	lang := m.Lang
	if !i18n.Supported(lang) {
		lang = i18n.Default
	}
	vars := append([]any{"name", m.Name, "code", m.Code, "link", m.Link}, m.Vars...)
	t := func(key string) string { return i18n.T(lang, key, vars...) }
	k := "emails." + m.Kind + "."
	subject = t(k + "subject")
	greeting := t("emails.layout.greeting")
	if m.Name == "" {
		greeting = t("emails.layout.greetingNoName")
	}
	d := view{
		Lang: lang, Subject: subject, Greeting: greeting, Intro: paragraphs(t(k + "intro")),
		Code: m.Code, CodeLabel: t("emails.layout.codeLabel"), Link: m.Link, Action: t(k + "action"),
		Outro: paragraphs(t(k + "outro")), Footer: t("emails.layout.footer"), Table: m.Table,
		Unsubscribe: m.Unsubscribe, UnsubscribeLabel: t("emails.layout.unsubscribe"),
	}
	var tb strings.Builder
	tb.WriteString(d.Greeting + "\n\n" + strings.Join(d.Intro, "\n\n") + "\n\n")
	if m.Code != "" {
		tb.WriteString(d.CodeLabel + ": " + m.Code + "\n\n")
	}
	for _, row := range m.Table {
		tb.WriteString(row[0] + ": " + row[1] + "\n")
	}
	if len(m.Table) > 0 {
		tb.WriteString("\n")
	}
	if m.Link != "" {
		tb.WriteString(d.Action + ": " + m.Link + "\n\n")
	}
	if len(d.Outro) > 0 {
		tb.WriteString(strings.Join(d.Outro, "\n\n") + "\n\n")
	}
	tb.WriteString("— " + d.Footer + "\n")
	if m.Unsubscribe != "" {
		tb.WriteString("\n" + d.UnsubscribeLabel + ": " + m.Unsubscribe + "\n")
	}
	var hb bytes.Buffer
	if err := htmlTmpl.Execute(&hb, d); err != nil {
		panic(err) // the template is fixed and tested; a failure here is a programming error
	}
	return subject, tb.String(), hb.String()
}

func paragraphs(s string) []string {
	var out []string
	for p := range strings.SplitSeq(s, "\n\n") {
		if p = strings.TrimSpace(p); p != "" && p != "-" {
			out = append(out, p)
		}
	}
	return out
}

type view struct {
	Lang, Subject, Greeting, Code, CodeLabel, Link, Action, Footer string
	Unsubscribe, UnsubscribeLabel                                  string
	Intro, Outro                                                   []string
	Table                                                          [][2]string
}

var htmlTmpl = template.Must(template.New("email").Parse(`<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>{{.Subject}}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1d2733">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:28px">
<p style="font-size:20px;font-weight:700;color:#0b5cad;margin:0 0 20px">Gerege</p>
<p>{{.Greeting}}</p>
{{range .Intro}}<p>{{.}}</p>{{end}}
{{if .Code}}<p style="margin:24px 0">{{.CodeLabel}}:<br><span style="display:inline-block;font-size:28px;letter-spacing:6px;font-weight:700;padding:8px 16px;background:#eef4fb;border-radius:8px">{{.Code}}</span></p>{{end}}
{{if .Table}}<table style="border-collapse:collapse;margin:16px 0">{{range .Table}}<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;font-weight:600">{{index . 0}}</th><td style="padding:4px 0">{{index . 1}}</td></tr>{{end}}</table>{{end}}
{{if .Link}}<p style="margin:24px 0"><a href="{{.Link}}" style="display:inline-block;background:#0b5cad;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px">{{.Action}}</a></p>
<p style="font-size:13px;color:#5b6672;word-break:break-all">{{.Link}}</p>{{end}}
{{range .Outro}}<p>{{.}}</p>{{end}}
<p style="font-size:13px;color:#5b6672;margin-top:28px">{{.Footer}}</p>
{{if .Unsubscribe}}<p style="font-size:13px;color:#5b6672"><a href="{{.Unsubscribe}}" style="color:#5b6672">{{.UnsubscribeLabel}}</a></p>{{end}}
</div></body></html>
`))

// The outbox has one way in, this Mailer (TestOneWayIntoTheOutbox keeps it so):
//   - Send renders messages, queues them and wakes the worker at once;
//   - a state change that queues its emails inside its own transaction (a form submission,
//     a registration with its verification code) renders them with Compose before the
//     transaction and hands them to Queue with the store bound to it: they are written in
//     that transaction (gone if it rolls back) and the worker is woken after the commit.
// Either way the worker delivers at once; its 30-second tick is only for retries.

// Send renders each message, queues it, and wakes the worker.
func (ml *Mailer) Send(ctx context.Context, msgs ...Message) error {
	return ml.Queue(ctx, ml.Store, ml.Compose(msgs...)...)
}

// Compose renders messages into outbox rows (not yet queued). Render before a transaction,
// so the single writer is not held while templates run.
func (ml *Mailer) Compose(msgs ...Message) []db.Email {
	out := make([]db.Email, len(msgs))
	for i, m := range msgs {
		subject, text, html := Render(m)
		out[i] = db.Email{To: m.To, Subject: subject, Text: text, HTML: html, Kind: m.Kind, Lang: m.Lang,
			ListUnsubscribe: m.OneClick, CreatedAt: ml.Now()}
	}
	return out
}

// Queue writes composed emails into the outbox through store (db's one outbox insert): a
// store bound to a transaction queues them in that transaction, and the worker is woken
// once it has committed (at once on the unbound store).
func (ml *Mailer) Queue(ctx context.Context, store *db.Store, emails ...db.Email) error {
	for _, e := range emails {
		if _, err := store.QueueEmail(ctx, e); err != nil {
			return err
		}
	}
	store.AfterCommit(ml.Wake)
	return nil
}

// QueueOne is Queue for one email, answering its outbox id (kept as proof that a notice was
// sent, e.g. billing's price-change notices).
func (ml *Mailer) QueueOne(ctx context.Context, store *db.Store, e db.Email) (int64, error) {
	id, err := store.QueueEmail(ctx, e)
	if err != nil {
		return 0, err
	}
	store.AfterCommit(ml.Wake)
	return id, nil
}

// Wake tells the worker that email was queued (Queue calls it after the commit).
func (ml *Mailer) Wake() {
	select {
	case ml.kick <- struct{}{}:
	default:
	}
}

// Jobs: the outbox keeps sent, dead and unsendable emails only as long as db's retention
// periods say (docs/operations.md).
func (ml *Mailer) Jobs() []jobs.Job {
	return []jobs.Job{{Name: "mail.outbox", Every: time.Hour, Run: func(ctx context.Context, now time.Time) error {
		_, err := ml.Store.PurgeOutbox(ctx, now)
		return err
	}}}
}

// Enabled reports whether SMTP delivery is configured.
func (ml *Mailer) Enabled() bool { return ml.SMTP.Host != "" }

// MaxAttempts is how often delivery of one email is tried.
const MaxAttempts = 5

// Run delivers queued email until ctx ends: at once when something is queued, and every
// 30 seconds for retries.
func (ml *Mailer) Run(ctx context.Context) {
	if !ml.Enabled() {
		return
	}
	t := time.NewTicker(30 * time.Second)
	defer t.Stop()
	for {
		ml.Flush(ctx)
		select {
		case <-ctx.Done():
			return
		case <-ml.kick:
		case <-t.C:
		}
	}
}

// Flush tries to deliver every pending email once.
func (ml *Mailer) Flush(ctx context.Context) {
	pending, err := ml.Store.PendingEmails(ctx, 50, MaxAttempts)
	if err != nil {
		ml.Log.Error("outbox", slog.String("error", err.Error()))
		return
	}
	if len(pending) == 0 {
		return
	}
	client, err := ml.client()
	if err != nil {
		ml.Log.Error("smtp client", slog.String("error", err.Error()))
		return
	}
	for _, e := range pending {
		msg := gomail.NewMsg()
		if err := msg.From(ml.SMTP.From); err != nil {
			ml.Log.Error("smtp from address", slog.String("error", err.Error()))
			return
		}
		if err := msg.To(e.To); err != nil {
			_ = ml.Store.MarkEmailFailed(ctx, e.ID, "invalid recipient")
			continue
		}
		msg.Subject(e.Subject)
		msg.SetDate()
		msg.SetMessageID()
		if e.ListUnsubscribe != "" {
			// RFC 8058 one-click unsubscribe: the client POSTs "List-Unsubscribe=One-Click" to the URL.
			msg.SetGenHeader(gomail.Header("List-Unsubscribe"), "<"+e.ListUnsubscribe+">")
			msg.SetGenHeader(gomail.Header("List-Unsubscribe-Post"), "List-Unsubscribe=One-Click")
		}
		msg.SetBodyString(gomail.TypeTextPlain, e.Text)
		msg.AddAlternativeString(gomail.TypeTextHTML, e.HTML)
		sctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		err := client.DialAndSendWithContext(sctx, msg)
		cancel()
		if err != nil {
			ml.Log.Warn("email not delivered", slog.Int64("email_id", e.ID), slog.String("error", err.Error()))
			_ = ml.Store.MarkEmailFailed(ctx, e.ID, truncate(err.Error(), 300))
			continue
		}
		_ = ml.Store.MarkEmailSent(ctx, e.ID, ml.Now())
		ml.Log.Info("email delivered", slog.Int64("email_id", e.ID), slog.String("kind", e.Kind))
	}
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

func (ml *Mailer) client() (*gomail.Client, error) {
	opts := []gomail.Option{gomail.WithPort(ml.SMTP.Port), gomail.WithTimeout(20 * time.Second)}
	switch ml.SMTP.TLS {
	case "none":
		opts = append(opts, gomail.WithTLSPortPolicy(gomail.NoTLS), gomail.WithPort(ml.SMTP.Port))
	case "mandatory":
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	default:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	}
	if ml.SMTP.User != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthPlain), gomail.WithUsername(ml.SMTP.User),
			gomail.WithPassword(ml.SMTP.Password))
	}
	c, err := gomail.NewClient(ml.SMTP.Host, opts...)
	if err != nil {
		return nil, fmt.Errorf("smtp: %w", err)
	}
	return c, nil
}
