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
	if code := run([]string{"migrate", "--db", db, "--create"}, &out, &errb); code != 0 {
		t.Fatalf("migrate --create: %d %s", code, errb.String())
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
	if code := run([]string{"migrate", "--create", "--db", db}, &out, &errb); code != 0 {
		t.Fatalf("migrate --create: %d %s", code, errb.String())
	}
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

// TestCommandsRefuseMissingDB: a mistyped --db made maintenance, user create-admin and
// migrate create a new empty database and report success on it. Every command but serve,
// migrate --create and restore refuses a missing data file and creates nothing.
func TestCommandsRefuseMissingDB(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "gerege-typo.db") // a mistyped name in the right folder
	for _, args := range [][]string{
		{"migrate", "--db", missing},
		{"maintenance", "on", "--db", missing},
		{"maintenance", "--db", missing, "off"},
		{"user", "create-admin", "--email", "admin@example.mn", "--db", missing},
		{"backup", filepath.Join(dir, "b.db"), "--db", missing},
	} {
		var out, errb bytes.Buffer
		code := run(args, &out, &errb)
		if code != 1 || !strings.Contains(errb.String(), "no data file at "+missing) {
			t.Errorf("%q: exit %d, stderr %q; want 1 and a message naming the missing file", args, code, errb.String())
		}
		if strings.Contains(out.String(), "maintenance mode") || strings.Contains(out.String(), "created admin") {
			t.Errorf("%q reported success: %s", args, out.String())
		}
	}
	if _, err := os.Stat(missing); !os.IsNotExist(err) {
		t.Errorf("a command created %s: %v", missing, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "b.db")); !os.IsNotExist(err) {
		t.Errorf("backup of a missing file wrote one: %v", err)
	}
	// A folder is not a data file either.
	var out, errb bytes.Buffer
	if code := run([]string{"maintenance", "on", "--db", dir}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "folder") {
		t.Errorf("maintenance on a folder: %d %s", code, errb.String())
	}
}

// TestFlagsAfterArguments: docs/operations.md prints `gerege maintenance on --db FILE`; the
// flag package stopped at "on" and the command failed. Flags go before or after the
// positional arguments of every command.
func TestFlagsAfterArguments(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "g.db")
	ok := func(args ...string) string {
		t.Helper()
		var out, errb bytes.Buffer
		if code := run(args, &out, &errb); code != 0 {
			t.Fatalf("%q: exit %d: %s", args, code, errb.String())
		}
		return out.String()
	}
	ok("migrate", "--create", "--db", data)
	ok("maintenance", "on", "--db", data)
	if got := setting(t, data, "maintenance"); got != "on" {
		t.Errorf("maintenance on --db: setting %q", got)
	}
	ok("maintenance", "--db", data, "off")
	if got := setting(t, data, "maintenance"); got != "off" {
		t.Errorf("maintenance --db FILE off: setting %q", got)
	}
	ok("maintenance", "on", "--db="+data)
	if got := setting(t, data, "maintenance"); got != "on" {
		t.Errorf("maintenance on --db=FILE: setting %q", got)
	}
	ok("user", "create-admin", "--email", "a@example.mn", "--db", data)
	ok("backup", filepath.Join(dir, "b.db"), "--db", data)
	ok("backup", "--db", data, filepath.Join(dir, "c.db"))
	var out, errb bytes.Buffer
	if code := run([]string{"maintenance", "on", "off", "--db", data}, &out, &errb); code != 1 {
		t.Errorf("two states: exit %d", code)
	}
	if code := run([]string{"maintenance", "on", "--nope", "--db", data}, &out, &errb); code != 2 && code != 1 {
		t.Errorf("unknown flag after the argument: exit %d", code)
	}
}

func setting(t *testing.T, path, key string) string {
	t.Helper()
	s := openStore(t, path)
	defer s.Close()
	v, _ := s.Setting(t.Context(), key)
	return v
}
