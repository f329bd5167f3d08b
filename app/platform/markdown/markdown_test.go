package markdown

import (
	"fmt"
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

// The cache gives what rendering gives, keeps HTML and Plain of the same text apart, and stays
// within its budget.
func TestCache(t *testing.T) {
	src := strings.Repeat("Some **bold** text about [Gerege](https://gerege.mn) in Ulaanbaatar. ", 5)
	for range 2 { // the second time from the cache
		if got, want := string(HTML(src)), string(render(src)); got != want {
			t.Fatalf("HTML from the cache = %q, want %q", got, want)
		}
		if got, want := Plain(src), plain(src); got != want {
			t.Fatalf("Plain from the cache = %q, want %q", got, want)
		}
	}
	c := &cache{budget: 4096, m: map[[32]byte]string{}}
	calls := 0
	for i := range 200 {
		text := fmt.Sprintf("%0100d", i)
		if got := c.get('h', text, func() string { calls++; return text }); got != text {
			t.Fatalf("get = %q, want %q", got, text)
		}
		if c.size > c.budget || c.size != sizeOf(c.m) {
			t.Fatalf("size %d (counted %d), budget %d", c.size, sizeOf(c.m), c.budget)
		}
	}
	before := calls
	c.get('h', fmt.Sprintf("%0100d", 199), func() string { calls++; return "" })
	if calls != before {
		t.Error("the newest entry was rendered again")
	}
	c.get('p', fmt.Sprintf("%0100d", 199), func() string { calls++; return "" })
	if calls != before+1 {
		t.Error("Plain of a text was taken from its HTML")
	}
}

func sizeOf(m map[[32]byte]string) (n int) {
	for _, v := range m {
		n += len(v)
	}
	return n
}

// BenchmarkHTML: a posting's description rendered, and the same from the cache.
func BenchmarkHTML(b *testing.B) {
	src := strings.Repeat("We are looking for a **software developer** to build systems in Ulaanbaatar.\n\n- Go\n- SQLite\n\n", 12)
	b.Run("render", func(b *testing.B) {
		for b.Loop() {
			_ = render(src)
		}
	})
	b.Run("cached", func(b *testing.B) {
		for b.Loop() {
			_ = HTML(src)
		}
	})
}
