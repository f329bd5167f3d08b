package app_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

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
