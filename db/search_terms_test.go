package db_test

import (
	"context"
	"fmt"
	"testing"

	"gerege/app/platform/search"
	"gerege/db"
	"gerege/db/dbtest"
)

// A prefix word is spelled out into the words it covers, and finds what the prefix found;
// a word nothing starts with matches nothing; a prefix of more than 64 words stays a prefix.
func TestExpandedPrefixesFindWhatPrefixesFound(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, err := db.Open(ctx, dbtest.Path(t))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	docs := map[int64]string{
		1: search.Doc("Scholarships for students", "Тэтгэлэгт хөтөлбөр"),
		2: search.Doc("A scholarship in Korea"),
		3: search.Doc("Visa interview tips"),
		4: search.Doc("Улаанбаатарын их сургууль"),
	}
	// 70 words starting with "ab": a prefix that covers more than 64 words.
	many := ""
	for i := range 70 {
		many += fmt.Sprintf(" ab%03d", i)
	}
	docs[5] = search.Doc(many)
	err = s.InTx(ctx, func(tx *db.Store) error {
		for id, text := range docs {
			if err := tx.IndexCommunity(ctx, id, text); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		query string
		want  []int64
	}{
		{"scholarship", []int64{1, 2}},
		{"Scholarships", []int64{1}},
		{"тэтгэлэг", []int64{1}},
		{"tetgeleg", []int64{1}},
		{"visa interv", []int64{3}},
		{"Улаанбаатар", []int64{4}},
		{"улаанбаатарт", []int64{4}},
		{"ab0", []int64{5}},
		{"korean", nil},
		{"zzz", nil},
	} {
		expr, ok := search.Match(c.query)
		if !ok {
			t.Fatalf("%q: nothing to search", c.query)
		}
		got, err := communityMatches(ctx, s, expr)
		if err != nil {
			t.Fatalf("%q (%s): %v", c.query, expr, err)
		}
		if fmt.Sprint(got) != fmt.Sprint(c.want) && !(len(got) == 0 && len(c.want) == 0) {
			t.Errorf("%q (%s): got %v, want %v", c.query, expr, got, c.want)
		}
	}
	// The expression itself: spelled out, exact when nothing starts with it, a prefix when too many do.
	f := search.Fold
	for _, c := range []struct{ query, want string }{
		{"scholarship", `("` + f("scholarship") + `" OR "` + f("scholarships") + `")`},
		{"korea", `"` + f("korea") + `"`},
		{"xylophone", `"` + f("xylophone") + `"`},
		{"ab0", `"ab0"*`},
	} {
		expr, _ := search.Match(c.query)
		got, err := db.ExpandMatch(s, ctx, "community_search", expr)
		if err != nil || got != c.want {
			t.Errorf("%q: %q (%v), want %q", c.query, got, err, c.want)
		}
	}
}

// communityMatches is what a community search finds: the expression expanded as the store
// expands it, then matched.
func communityMatches(ctx context.Context, s *db.Store, expr string) ([]int64, error) {
	m, err := db.ExpandMatch(s, ctx, "community_search", expr)
	if err != nil {
		return nil, err
	}
	rows, err := s.Write.QueryContext(ctx, `SELECT rowid FROM community_search WHERE community_search MATCH ? ORDER BY rowid`, m)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}
