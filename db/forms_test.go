package db

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// Paging by name walks every submission exactly once, even when names contain the
// cursor's separator.
func TestSubmissionsByNamePaging(t *testing.T) {
	s := open(t)
	ctx := context.Background()
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	names := []string{"A|B", "A|B", "A", "A|", "|A", "Б|В|Г", "Сараа", "a|b|c|7", "Zed"}
	for i, name := range names {
		_, _, err := s.CreateSubmission(ctx, NewSubmission{Form: "contact", Prefix: "CON", Lang: "en", Name: name,
			Email: fmt.Sprintf("p%d@example.mn", i), Data: "{}"}, nil, now.Add(time.Duration(i)*time.Minute))
		if err != nil {
			t.Fatal(err)
		}
	}
	seen := map[int64]int{}
	after := ""
	for page := 0; page < 20; page++ {
		list, next, err := s.Submissions(ctx, SubmissionFilter{Form: "contact", Sort: "name", After: after, Limit: 2})
		if err != nil {
			t.Fatalf("page %d after %q: %v", page, after, err)
		}
		for _, x := range list {
			seen[x.ID]++
		}
		if next == "" {
			break
		}
		after = next
	}
	if len(seen) != len(names) {
		t.Errorf("saw %d of %d submissions: %v", len(seen), len(names), seen)
	}
	for id, n := range seen {
		if n != 1 {
			t.Errorf("submission %d seen %d times", id, n)
		}
	}
	if _, _, err := s.Submissions(ctx, SubmissionFilter{Form: "contact", Sort: "name", After: "no separator"}); err != ErrNotFound {
		t.Errorf("a cursor without an id: %v", err)
	}
}
