package markdown

import (
	"strings"
	"testing"
)

func TestHTMLIsSanitised(t *testing.T) {
	for _, tc := range []struct{ in, want, not string }{
		{"**bold** and _it_", "<strong>bold</strong>", ""},
		{"<script>alert(1)</script>", "", "<script"},
		{"[x](javascript:alert(1))", "", "javascript:"},
		{"<img src=x onerror=alert(1)>", "", "onerror"},
		{"[site](https://example.org)", `rel="nofollow noreferrer noopener"`, ""},
		{"| a | b |\n|---|---|\n| 1 | 2 |", "<table>", ""},
		{"Улаанбаатар **хот**", "Улаанбаатар <strong>хот</strong>", ""},
	} {
		got := string(HTML(tc.in))
		if tc.want != "" && !strings.Contains(got, tc.want) {
			t.Errorf("HTML(%q) = %q, want %q in it", tc.in, got, tc.want)
		}
		if tc.not != "" && strings.Contains(got, tc.not) {
			t.Errorf("HTML(%q) = %q, must not contain %q", tc.in, got, tc.not)
		}
	}
}

func TestPlainAndExcerpt(t *testing.T) {
	if got := Plain("# Title\n\nSome **bold** & <b>raw</b> text"); got != "Title Some bold & raw text" {
		t.Errorf("Plain = %q", got)
	}
	if got := Excerpt("one two three four five", 12); got != "one two…" {
		t.Errorf("Excerpt = %q", got)
	}
	if got := Excerpt("short", 12); got != "short" {
		t.Errorf("Excerpt = %q", got)
	}
}

func FuzzHTML(f *testing.F) {
	f.Add("**a** <script>x</script> [l](javascript:1)")
	f.Fuzz(func(t *testing.T, s string) {
		out := strings.ToLower(string(HTML(s)))
		if strings.Contains(out, "<script") || strings.Contains(out, "javascript:") {
			t.Fatalf("unsafe output %q", out)
		}
	})
}
