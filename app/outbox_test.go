package app_test

import (
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/app/platform/mail/mailtest"
)

// TestFormEmailsAreDeliveredAtOnce: a form's emails (queued in the submission's
// transaction) wake the mail worker like every other email, instead of waiting for its
// 30-second retry tick.
func TestFormEmailsAreDeliveredAtOnce(t *testing.T) {
	t.Parallel()
	srv, err := mailtest.StartTestServer()
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	host, port, _ := net.SplitHostPort(srv.Addr)
	p, _ := strconv.Atoi(port)
	_, ts := apitest.NewServer(t, func(c *app.Config) {
		c.SMTP.Host, c.SMTP.Port, c.SMTP.From, c.SMTP.TLS = host, p, "no-reply@gerege.test", "none"
	})
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/forms/contact", map[string]any{"firstName": "A", "lastName": "B",
		"email": "a@example.mn", "description": "Demo"}, ""), 201)
	select {
	case <-srv.Delivered():
	case <-time.After(10 * time.Second): // the retry tick is 30 s: only a wake-up delivers sooner
		t.Fatal("the form's confirmation was not delivered at once")
	}
	if m := srv.Messages(); len(m) != 1 || m[0].To[0] != "a@example.mn" {
		t.Errorf("delivered: %+v", m)
	}
}

// TestOneWayIntoTheOutbox: the outbox has one insert (db's queueEmail) and only the mailer
// calls the store's QueueEmail, so every email wakes the worker.
func TestOneWayIntoTheOutbox(t *testing.T) {
	t.Parallel()
	inserts, queuers := 0, []string{}
	insert := regexp.MustCompile(`(?i)insert\s+into\s+outbox`)
	err := filepath.WalkDir("..", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() && (strings.HasPrefix(d.Name(), ".") && d.Name() != ".." || d.Name() == "node_modules" || d.Name() == "ui" || d.Name() == "tmp") {
			if err == nil {
				return filepath.SkipDir
			}
			return err
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		inserts += len(insert.FindAll(b, -1))
		if strings.Contains(string(b), ".QueueEmail(") && !strings.Contains(path, filepath.Join("platform", "mail")) {
			queuers = append(queuers, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if inserts != 1 || len(queuers) != 0 {
		t.Errorf("want one INSERT INTO outbox (db's queueEmail) and QueueEmail called only by the mailer; got %d inserts, callers %v",
			inserts, queuers)
	}
}
