package mail_test

import (
	"fmt"
	"strings"
	"testing"

	"gerege/app/apitest"
)

// Several threads change in one request, all or nothing: one thread that is not the caller's
// in the list refuses the whole request (404, as for a thread that does not exist) and none
// of the caller's own threads changes; the answer shows nothing of the other's thread.
func TestModifySeveralAllOrNothing(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.letter("applicant", "First of several", "one", "counselor1")
	b := w.letter("applicant", "Second of several", "two", "counselor1")
	c := w.letter("owner1", "Third of several", "three", "counselor1")
	other := w.letter("owner1", "Not the counselor's", "private words", "manager1")
	label := w.must(201, "counselor1", "POST", "/api/mail/labels", map[string]any{"name": "Batch"})
	labelID := int64(label.Body["id"].(float64))

	mod := func(who string, ids []int64, action string, extra ...any) apitest.Reply {
		body := map[string]any{"threadIds": ids, "action": action}
		if len(extra) == 2 {
			body[extra[0].(string)] = extra[1]
		}
		return w.call(who, "POST", "/api/mail/modify", body)
	}
	// Every action on the three at once; a repeated id counts once.
	for _, step := range []struct {
		action string
		extra  []any
	}{{"star", nil}, {"important", nil}, {"read", nil}, {"unread", nil}, {"label", []any{"labelId", labelID}}, {"archive", nil}} {
		r := mod("counselor1", []int64{a, b, c, a}, step.action, step.extra...)
		if r.Status != 200 || r.Body["changed"].(float64) != 3 {
			t.Errorf("%s on three: %d %s", step.action, r.Status, r.Raw)
		}
	}
	if r := w.must(200, "counselor1", "GET", "/api/mail/list?folder=starred", nil); strings.Count(r.Raw, `"starred":true`) != 3 {
		t.Errorf("three starred: %s", r.Raw)
	}
	if r := w.must(200, "counselor1", "GET", fmt.Sprintf("/api/mail/list?label=%d", labelID), nil); strings.Count(r.Raw, `"folder":"archive"`) != 3 {
		t.Errorf("three labelled and archived: %s", r.Raw)
	}
	w.checkCounts()

	// Someone else's thread among them: the whole request is refused, nothing changed.
	before := w.count("mail_views", "1")
	for _, action := range []string{"trash", "unstar", "unlabel", "inbox", "read"} {
		var extra []any
		if action == "unlabel" {
			extra = []any{"labelId", labelID}
		}
		for _, ids := range [][]int64{{a, b, other}, {other, c}, {a, 999999}} {
			r := mod("counselor1", ids, action, extra...)
			if r.Status != 404 {
				t.Errorf("%s with another's thread %v: %d %s", action, ids, r.Status, r.Raw)
			}
			for _, s := range []string{"Not the counselor's", "private words", "changed"} {
				if strings.Contains(r.Raw, s) {
					t.Errorf("%s: the refusal shows %q: %s", action, s, r.Raw)
				}
			}
		}
	}
	r := w.must(200, "counselor1", "GET", "/api/mail/list?folder=archive", nil)
	if strings.Count(r.Raw, `"starred":true`) != 3 || strings.Count(r.Raw, fmt.Sprintf(`"labelIds":[%d]`, labelID)) != 3 || strings.Contains(r.Raw, "Not the counselor's") {
		t.Errorf("the refused changes changed something: %s", r.Raw)
	}
	if r := w.must(200, "manager1", "GET", "/api/mail/list", nil); !strings.Contains(r.Raw, "Not the counselor's") || !strings.Contains(r.Raw, `"unread":1`) {
		t.Errorf("the other's thread moved: %s", r.Raw)
	}
	if after := w.count("mail_views", "1"); after != before {
		t.Errorf("views: %d, then %d", before, after)
	}
	// Trash and restore the three together; then for good.
	for _, action := range []string{"trash", "restore", "trash", "delete"} {
		if r := mod("counselor1", []int64{a, b, c}, action); r.Status != 200 || r.Body["changed"].(float64) != 3 {
			t.Errorf("%s: %d %s", action, r.Status, r.Raw)
		}
	}
	if r := w.must(200, "counselor1", "GET", "/api/mail/list?folder=all", nil); strings.Contains(r.Raw, "of several") {
		t.Errorf("deleted for good: %s", r.Raw)
	}
	// More than 100 at once: a field error.
	many := make([]int64, 101)
	for i := range many {
		many[i] = int64(i + 1)
	}
	if r := mod("counselor1", many, "read"); r.Status != 422 || !strings.Contains(r.Raw, `"threadIds"`) {
		t.Errorf("101 threads: %d %s", r.Status, r.Raw)
	}
	w.checkCounts()
}
