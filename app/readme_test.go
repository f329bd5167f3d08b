package app_test

import (
	"bytes"
	"gerege/app"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeFlagTable keeps the README's table of serve flags in step with `gerege serve
// --help`: every flag is in the table and every flag in the table exists, with its
// environment variable and default.
func TestReadmeFlagTable(t *testing.T) {
	t.Parallel()
	var help bytes.Buffer
	if _, err := app.ParseServe([]string{"--help"}, func(string) string { return "" }, &help); err == nil {
		t.Fatal("--help should stop parsing")
	}
	type flagInfo struct{ env, def string }
	flags := map[string]flagInfo{}
	name := regexp.MustCompile(`^  -([a-z-]+)`)
	env := regexp.MustCompile(`\(env (GEREGE_[A-Z_]+)\)`)
	def := regexp.MustCompile(`\(default "([^"]*)"\)`)
	var cur string
	for _, line := range strings.Split(help.String(), "\n") {
		if m := name.FindStringSubmatch(line); m != nil {
			cur = m[1]
			flags[cur] = flagInfo{}
			continue
		}
		if cur == "" || !strings.HasPrefix(line, "    \t") {
			continue
		}
		f := flags[cur]
		if m := env.FindStringSubmatch(line); m != nil {
			f.env = m[1]
		}
		if m := def.FindStringSubmatch(line); m != nil {
			f.def = m[1]
		}
		flags[cur] = f
	}
	if len(flags) < 20 {
		t.Fatalf("read only %d flags from --help:\n%s", len(flags), help.String())
	}

	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	code := regexp.MustCompile("`([^`]*)`")
	inTable := map[string]bool{}
	for _, line := range strings.Split(string(readme), "\n") {
		if !strings.HasPrefix(line, "| `--") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if len(cells) < 4 {
			t.Errorf("README row has %d cells: %s", len(cells), line)
			continue
		}
		var names, envs, defs []string
		for _, m := range code.FindAllStringSubmatch(cells[0], -1) {
			names = append(names, strings.TrimPrefix(m[1], "--"))
		}
		for _, m := range code.FindAllStringSubmatch(cells[1], -1) {
			envs = append(envs, m[1])
		}
		for _, d := range strings.Split(cells[2], ",") {
			defs = append(defs, strings.Trim(strings.TrimSpace(d), "`"))
		}
		if len(defs) != 1 && len(defs) != len(names) { // one default for the row, or one per flag
			t.Errorf("README row gives %d defaults for %d flags: %s", len(defs), len(names), line)
			continue
		}
		for i, n := range names {
			f, ok := flags[n]
			if !ok {
				t.Errorf("README lists --%s, which serve does not have", n)
				continue
			}
			inTable[n] = true
			envOK := false
			for _, e := range envs {
				envOK = envOK || e == f.env || strings.HasSuffix(e, "*") && strings.HasPrefix(f.env, strings.TrimSuffix(e, "*"))
			}
			if !envOK {
				t.Errorf("README row of --%s names %v; serve reads %s", n, envs, f.env)
			}
			want := f.def
			if want == "" || want == "false" {
				want = "none/off"
			}
			got := defs[min(i, len(defs)-1)]
			if got == "none" || got == "off" {
				got = "none/off"
			}
			if got != want {
				t.Errorf("README gives --%s the default %q; serve has %q", n, got, f.def)
			}
		}
	}
	for n := range flags {
		if !inTable[n] {
			t.Errorf("--%s is missing from the README's flag table", n)
		}
	}
}
