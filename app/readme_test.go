package app_test

import (
	"bytes"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gerege/app"
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

// TestDocLinks keeps README.md and docs/*.md from pointing at files the repository does not
// have: every relative link resolves to a file (and its #anchor to a heading of it), and every
// file name ending in .md mentioned in the text exists, relative to the page or to the root.
func TestDocLinks(t *testing.T) {
	pages, err := filepath.Glob("../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	pages = append(pages, "../README.md", "../ui/README.md")
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	mention := regexp.MustCompile(`(?:^|[\s(\x60])([\w./-]+\.md)\b`)
	checked := 0
	for _, page := range pages {
		raw, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Dir(page)
		inFence := false
		for n, line := range strings.Split(string(raw), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "```") {
				inFence = !inFence
				continue
			}
			if inFence {
				continue
			}
			where := fmt.Sprintf("%s:%d", strings.TrimPrefix(page, "../"), n+1)
			for _, m := range link.FindAllStringSubmatch(line, -1) {
				target := m[1]
				if u, err := url.Parse(target); err == nil && u.Scheme != "" {
					continue // http(s), mailto: not ours to check here
				}
				file, anchor, _ := strings.Cut(target, "#")
				if file == "" {
					file = page
				} else {
					file = filepath.Join(dir, file)
				}
				checked++
				if _, err := os.Stat(file); err != nil || outside(file) {
					t.Errorf("%s links %s, which is not in the repository", where, target)
					continue
				}
				if anchor != "" && strings.HasSuffix(file, ".md") && !hasHeading(t, file, anchor) {
					t.Errorf("%s links %s: %s has no heading #%s", where, target, strings.TrimPrefix(file, "../"), anchor)
				}
			}
			for _, m := range mention.FindAllStringSubmatch(line, -1) {
				name := m[1]
				checked++
				in := func(p string) bool { _, err := os.Stat(p); return err == nil && !outside(p) }
				if !in(filepath.Join(dir, name)) && !in(filepath.Join("..", name)) {
					t.Errorf("%s mentions %s, which is not in the repository", where, name)
				}
			}
		}
	}
	if checked < 5 {
		t.Fatalf("checked only %d links: is the link pattern still right?", checked)
	}
}

// hasHeading reports whether the Markdown file has a heading whose GitHub anchor is anchor.
func hasHeading(t *testing.T, file, anchor string) bool {
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	drop := regexp.MustCompile(`[^\p{L}\p{N}\- _]`)
	for _, line := range strings.Split(string(raw), "\n") {
		if !strings.HasPrefix(line, "#") {
			continue
		}
		text := strings.TrimSpace(strings.TrimLeft(line, "#"))
		slug := strings.ReplaceAll(drop.ReplaceAllString(strings.ToLower(text), ""), " ", "-")
		if slug == anchor {
			return true
		}
	}
	return false
}

// outside reports whether path (relative to this package's folder, app/) leaves the
// repository: such a file may exist on one machine (../shared beside a checkout) and not in a
// fresh clone, so it never counts as there.
func outside(path string) bool {
	rel, err := filepath.Rel("..", path)
	return err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
