package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCommands(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"version"}, &out, &errb); code != 0 || !strings.HasPrefix(out.String(), "gerege ") {
		t.Errorf("version: %d %q", code, out.String())
	}
	out.Reset()
	if code := run([]string{"--help"}, &out, &errb); code != 0 {
		t.Errorf("--help exit %d", code)
	}
	for _, want := range []string{"serve", "migrate", "maintenance", "-addr", "-db", "-demo", "GEREGE_DB"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("--help lacks %q", want)
		}
	}
	if code := run([]string{"bogus"}, &out, &errb); code != 2 {
		t.Errorf("unknown command exit %d", code)
	}
	db := filepath.Join(t.TempDir(), "m.db")
	if code := run([]string{"migrate", "--db", db}, &out, &errb); code != 0 {
		t.Fatalf("migrate: %d %s", code, errb.String())
	}
	if _, err := os.Stat(db); err != nil {
		t.Fatal(err)
	}
	if code := run([]string{"maintenance", "--db", db, "on"}, &out, &errb); code != 0 {
		t.Errorf("maintenance on: %d %s", code, errb.String())
	}
	if code := run([]string{"maintenance", "--db", db, "sideways"}, &out, &errb); code != 1 {
		t.Errorf("maintenance sideways: %d", code)
	}
	if code := run([]string{"serve", "--base-url", "nope"}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "--base-url") {
		t.Errorf("bad flag: %d %s", code, errb.String())
	}
}

func TestCreateAdmin(t *testing.T) {
	var out, errb bytes.Buffer
	db := filepath.Join(t.TempDir(), "a.db")
	if code := run([]string{"user", "create-admin", "--db", db, "--email", "not-an-email"}, &out, &errb); code != 1 {
		t.Errorf("bad email: %d", code)
	}
	if code := run([]string{"user", "create-admin", "--db", db, "--email", "Admin@Example.mn"}, &out, &errb); code != 0 {
		t.Fatalf("create-admin: %d %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "password (shown once): ") {
		t.Errorf("a generated password must be printed once: %s", out.String())
	}
	out.Reset()
	if code := run([]string{"user", "create-admin", "--db", db, "--email", "admin@example.mn"}, &out, &errb); code != 0 ||
		!strings.Contains(out.String(), "is now a platform admin") {
		t.Errorf("second run promotes: %d %s", code, out.String())
	}
}
