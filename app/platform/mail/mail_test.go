package mail_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"net"
	"net/mail"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	gmail "gerege/app/platform/mail"
	"gerege/app/platform/mail/mailtest"
	"gerege/db"
)

// parts returns the decoded text/plain and text/html bodies of a raw message.
func parts(t *testing.T, raw []byte) (subject, text, html string) {
	t.Helper()
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	subject, _ = new(mime.WordDecoder).DecodeHeader(m.Header.Get("Subject"))
	mt, params, err := mime.ParseMediaType(m.Header.Get("Content-Type"))
	if err != nil || !strings.HasPrefix(mt, "multipart/") {
		t.Fatalf("want multipart, got %q", m.Header.Get("Content-Type"))
	}
	mr := multipart.NewReader(m.Body, params["boundary"])
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(p) // multipart.Reader decodes quoted-printable
		ct := p.Header.Get("Content-Type")
		switch {
		case strings.HasPrefix(ct, "text/plain"):
			text = string(b)
		case strings.HasPrefix(ct, "text/html"):
			html = string(b)
		}
	}
	return
}

func TestDeliveryThroughRealSMTPServer(t *testing.T) {
	srv, err := mailtest.StartTestServer()
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	store, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	host, port, _ := net.SplitHostPort(srv.Addr)
	p, _ := strconv.Atoi(port)
	ml := gmail.New(store, gmail.SMTP{Host: host, Port: p, From: "Gerege <no-reply@gerege.test>", TLS: "none"},
		slog.New(slog.NewTextHandler(io.Discard, nil)), time.Now)
	ctx := context.Background()
	if err := ml.Send(ctx, gmail.Message{To: "saraa@example.mn", Lang: "mn", Kind: "verifyEmail", Name: "Сараа",
		Code: "123456", Link: "http://localhost/mn/auth/verify?token=abc<script>", Vars: []any{"minutes", 30}}); err != nil {
		t.Fatal(err)
	}
	ml.Flush(ctx)
	msgs := srv.Messages()
	if len(msgs) != 1 || msgs[0].To[0] != "saraa@example.mn" {
		t.Fatalf("delivered: %+v", msgs)
	}
	subject, text, html := parts(t, msgs[0].Data)
	if subject != "Gerege дэх имэйлээ баталгаажуулна уу" {
		t.Errorf("subject %q", subject)
	}
	if !strings.Contains(text, "Таны код: 123456") || !strings.Contains(text, "Сайн байна уу, Сараа") {
		t.Errorf("text part: %s", text)
	}
	if !strings.Contains(html, "123456") || !strings.Contains(html, `lang="mn"`) || strings.Contains(html, "<script>") {
		t.Errorf("html part (must be escaped): %s", html)
	}
	pending, _ := store.PendingEmails(ctx, 10, gmail.MaxAttempts)
	if len(pending) != 0 {
		t.Error("a delivered email is still pending")
	}
}

func TestFailedDeliveryIsRetriedLater(t *testing.T) {
	store, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close() // nothing listens there now
	ml := gmail.New(store, gmail.SMTP{Host: "127.0.0.1", Port: port, From: "x@gerege.test", TLS: "none"},
		slog.New(slog.NewTextHandler(io.Discard, nil)), time.Now)
	ctx := context.Background()
	_ = ml.Send(ctx, gmail.Message{To: "a@example.mn", Lang: "en", Kind: "resetPassword", Code: "111111"})
	ml.Flush(ctx)
	pending, _ := store.PendingEmails(ctx, 10, gmail.MaxAttempts)
	if len(pending) != 1 || pending[0].Attempts != 1 || pending[0].LastError == "" {
		t.Fatalf("want one pending email with one failed attempt: %+v", pending)
	}
}

func TestRenderEveryKindInBothLanguages(t *testing.T) {
	for _, kind := range []string{"verifyEmail", "resetPassword", "invitation", "notification", "notificationDigest"} {
		for _, lang := range []string{"en", "mn"} {
			subject, text, html := gmail.Render(gmail.Message{Lang: lang, Kind: kind, Name: "N", Code: "000111", Link: "http://x/y",
				Vars: []any{"minutes", 30, "organization", "Org", "inviter", "I", "role", "R", "title", "T", "body", "B", "count", 2}})
			for _, s := range []string{subject, text, html} {
				if strings.Contains(s, "emails.") || strings.Contains(s, "{{") {
					t.Errorf("%s/%s has an untranslated key or placeholder: %s", kind, lang, s)
				}
			}
		}
	}
}

// TestOneClickUnsubscribeHeaders: an email that may be stopped carries List-Unsubscribe and
// List-Unsubscribe-Post (RFC 8058) through the real SMTP conversation, and the unsubscribe
// link in its body; a transactional email carries neither.
func TestOneClickUnsubscribeHeaders(t *testing.T) {
	srv, err := mailtest.StartTestServer()
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	store, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	host, port, _ := net.SplitHostPort(srv.Addr)
	p, _ := strconv.Atoi(port)
	ml := gmail.New(store, gmail.SMTP{Host: host, Port: p, From: "no-reply@gerege.test", TLS: "none"},
		slog.New(slog.NewTextHandler(io.Discard, nil)), time.Now)
	ctx := context.Background()
	if err := ml.Send(ctx, gmail.Message{To: "a@example.mn", Lang: "en", Kind: "notification", Vars: []any{"title", "T", "body", "B"},
		Unsubscribe: "http://x/en/notifications/unsubscribe?token=abc", OneClick: "http://x/api/notifications/unsubscribe?token=abc"}); err != nil {
		t.Fatal(err)
	}
	if err := ml.Send(ctx, gmail.Message{To: "b@example.mn", Lang: "en", Kind: "resetPassword", Code: "111111"}); err != nil {
		t.Fatal(err)
	}
	ml.Flush(ctx)
	msgs := srv.Messages()
	if len(msgs) != 2 {
		t.Fatalf("delivered %d", len(msgs))
	}
	for _, m := range msgs {
		parsed, err := mail.ReadMessage(bytes.NewReader(m.Data))
		if err != nil {
			t.Fatal(err)
		}
		lu, lup := parsed.Header.Get("List-Unsubscribe"), parsed.Header.Get("List-Unsubscribe-Post")
		_, text, html := parts(t, m.Data)
		if m.To[0] == "a@example.mn" {
			if lu != "<http://x/api/notifications/unsubscribe?token=abc>" || lup != "List-Unsubscribe=One-Click" {
				t.Errorf("headers: %q %q", lu, lup)
			}
			if !strings.Contains(text, "Stop these emails: http://x/en/notifications/unsubscribe?token=abc") ||
				!strings.Contains(html, `href="http://x/en/notifications/unsubscribe?token=abc"`) {
				t.Errorf("no unsubscribe link in the body:\n%s\n%s", text, html)
			}
		} else if lu != "" || lup != "" || strings.Contains(text, "Stop these emails") {
			t.Errorf("a transactional email offers unsubscribe: %q %q", lu, lup)
		}
	}
}
