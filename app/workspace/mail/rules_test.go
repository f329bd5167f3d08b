package mail

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzCheckLetter: any request either is refused or comes out within the limits, trimmed,
// with distinct recipients other than the caller; never a panic.
func FuzzCheckLetter(f *testing.F) {
	f.Add("Hello", "Text\r\nmore", int64(2), int64(2), int64(0), int64(0), false)
	f.Add("", "", int64(1), int64(0), int64(5), int64(7), true)
	f.Add("Сайн уу", strings.Repeat("я", MaxBody+1), int64(3), int64(-1), int64(0), int64(0), false)
	f.Add("\x00", "\x7f", int64(0), int64(0), int64(0), int64(3), false)
	f.Fuzz(func(t *testing.T, subject, body string, to1, to2, thread, forward int64, draft bool) {
		req := SendRequest{Subject: subject, Body: body, To: []int64{to1, to2}, ThreadID: thread, ForwardOf: forward}
		if err := checkLetter(&req, 1, draft); err != nil {
			return
		}
		if utf8.RuneCountInString(req.Body) > MaxBody || utf8.RuneCountInString(req.Subject) > MaxSubject {
			t.Fatalf("over a limit: %d, %d", len(req.Body), len(req.Subject))
		}
		if strings.Contains(req.Body, "\r") || req.Subject != strings.TrimSpace(req.Subject) {
			t.Fatalf("not normalised: %q %q", req.Subject, req.Body)
		}
		seen := map[int64]bool{}
		for _, id := range req.To {
			if id <= 0 || id == 1 || seen[id] {
				t.Fatalf("recipients %v", req.To)
			}
			seen[id] = true
		}
		if thread != 0 && forward != 0 {
			t.Fatal("a reply and a forward at once")
		}
	})
}
