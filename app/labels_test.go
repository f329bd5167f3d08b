package app_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gerege/db"
	"gerege/i18n"
)

// The outbox and the audit log show what an email or an event is in words, from the catalog
// (dashboard.outbox.kinds.<kind>, dashboard.audit.events.<event with "_" for ".">), never the
// code. Every event the server's code writes, and every kind of email (each has its texts
// under emails.<kind> in the catalog), needs those words in both languages.
func TestOutboxAndAuditHaveWords(t *testing.T) {
	t.Parallel()
	events := regexp.MustCompile(`(?:\baudit(?:\(|In\(tx, )r, |Event: +)"([a-z_.]+)"`)
	found := map[string]string{} // catalog key → where
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != ".." && (d.Name() == "node_modules" || d.Name() == "ui" || d.Name() == "tmp" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range events.FindAllStringSubmatch(string(b), -1) {
			found["dashboard.audit.events."+strings.ReplaceAll(m[1], ".", "_")] = path
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for key := range i18n.Get("en") {
		if kind, ok := strings.CutPrefix(key, "emails."); ok && strings.HasSuffix(kind, ".subject") {
			found["dashboard.outbox.kinds."+strings.TrimSuffix(kind, ".subject")] = "i18n/en/*.json (emails.*.subject)"
		}
	}
	// Event details are codes too (db.Detail): each has its words.
	for _, code := range db.AuditDetailCodes {
		found["dashboard.audit.details."+code] = "db/audit.go (AuditDetailCodes)"
	}
	if len(found) < 20 {
		t.Fatalf("found only %d kinds and events: is the pattern still right? %v", len(found), found)
	}
	for key, where := range found {
		for _, lang := range i18n.Languages {
			if _, ok := i18n.Get(lang)[key]; !ok {
				t.Errorf("%s: %s has no words in i18n/%s/", where, key, lang)
			}
		}
	}
}

// Audit details are codes the page puts in words, never English written by the server: a
// detail given as a string literal other than "" is a test failure (use db.Detail).
func TestAuditDetailsAreCodes(t *testing.T) {
	t.Parallel()
	literal := regexp.MustCompile(`(?:\baudit(?:\(|In\(tx, )r, "[a-z_.]+", [^,]+, [^,]+, |Detail: +)("[^"]+")`)
	n := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != ".." && (d.Name() == "node_modules" || d.Name() == "ui" || d.Name() == "tmp" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		n += strings.Count(string(b), "Detail: ") + strings.Count(string(b), "audit(r, ") + strings.Count(string(b), "auditIn(tx, r, ")
		for _, m := range literal.FindAllStringSubmatch(string(b), -1) {
			t.Errorf("%s: the audit detail %s is text, not a code (db.Detail)", path, m[1])
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 20 {
		t.Fatalf("found only %d audit calls: is the pattern still right?", n)
	}
}
