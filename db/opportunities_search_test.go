package db

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"gerege/app/platform/search"
)

// The text query's plans (few matches looked up; many read into a set; dense walked with a
// check per row; relevance ranking only the newest fewMatches of a common word's matches) give
// the pages a plain reading of the data gives, through the keyset cursor, with and without a
// filter. 2,600 postings: "alpha" is in all (many: ≥ fewMatches; dense when denseAt is
// lowered), "beta" in every third (few).
func TestSearchOpportunitiesPlansAgree(t *testing.T) {
	ctx := context.Background()
	s := open(t)
	const n = 2600
	kinds := []string{"job", "career", "education", "development", "exchange", "recruitment", "travel"}
	type row struct {
		id        int64
		kind      string
		published string
		deadline  string
		beta      bool
	}
	rows := make([]row, 0, n)
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	err := s.InTx(ctx, func(tx *Store) error {
		for _, q := range []string{
			`INSERT INTO users (id, email, password_hash, first_name, last_name, account_type, language, created_at, updated_at)
			 VALUES (1, 'o@x.mn', 'x', 'O', 'W', 'enterprise', 'en', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
			`INSERT INTO organizations (id, name, created_at) VALUES (1, 'Org', '2026-01-01T00:00:00.000Z')`,
		} {
			if _, err := tx.exec(ctx, q); err != nil {
				return err
			}
		}
		for i := int64(1); i <= n; i++ {
			r := row{id: i, kind: kinds[(i*3)%7], beta: i%3 == 0,
				// Publication mostly follows the id, with some out of order (approved later).
				published: base.Add(time.Duration(i*10+(i%5)*13) * time.Minute).Format("2006-01-02T15:04:05.000Z"),
				deadline:  base.AddDate(0, 1, int(i*37%90)).Format(time.DateOnly)}
			rows = append(rows, r)
			title := "alpha posting"
			if r.beta {
				title += " beta"
			}
			if _, err := tx.exec(ctx, `INSERT INTO opportunities (id, organization_id, slug, kind, status, title_en, title_mn,
				description_en, description_mn, employment_type, classification, audience, country, city, workplace, deadline,
				pay_kind, pay_min, pay_currency, pay_period, created_at, updated_at, published_at)
				VALUES (?, 1, ?, ?, 'published', ?, '', '', '', 'part_time', 'it', 'everyone', 'MN', 'City', 'on_site', ?,
				'not_stated', 0, 'MNT', 'month', ?, ?, ?)`,
				i, fmt.Sprintf("p-%d", i), r.kind, title, r.deadline, r.published, r.published, r.published); err != nil {
				return err
			}
			if _, err := tx.exec(ctx, `INSERT INTO opportunity_search (rowid, text) VALUES (?, ?)`, i, search.Doc(title)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.RebuildSearchTerms(ctx, "opportunity_search"); err != nil {
		t.Fatal(err)
	}

	// want: the ids a plain reading gives, in order.
	want := func(word, kind, sort string) []int64 {
		var sel []row
		for _, r := range rows {
			if (word == "beta" && !r.beta) || (kind != "" && r.kind != kind) {
				continue
			}
			sel = append(sel, r)
		}
		slices.SortFunc(sel, func(a, b row) int {
			if sort == "deadline" {
				if c := compare(a.deadline, b.deadline); c != 0 {
					return c
				}
				return compare(a.id, b.id)
			}
			if c := compare(b.published, a.published); c != 0 {
				return c
			}
			return compare(b.id, a.id)
		})
		ids := make([]int64, len(sel))
		for i, r := range sel {
			ids[i] = r.id
		}
		return ids
	}
	// got: the first three pages of 20 through the cursor.
	got := func(word, kind, sort string) []int64 {
		m, _ := search.Match(word)
		f := OppFilter{Match: m, Kind: kind, Sort: sort, Limit: 20}
		var ids []int64
		for range 3 {
			p, err := s.SearchOpportunities(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			for _, o := range p.Items {
				ids = append(ids, o.ID)
			}
			if p.Next == nil {
				break
			}
			f.After = p.Next
		}
		return ids
	}
	check := func(plan, word, kind, sort string) {
		w := want(word, kind, sort)
		if len(w) > 60 {
			w = w[:60]
		}
		if g := got(word, kind, sort); !slices.Equal(g, w) {
			t.Errorf("%s: %q kind %q by %s: got %v, want %v", plan, word, kind, sort, head(g), head(w))
		}
	}
	for _, sort := range []string{"newest", "deadline"} {
		check("few", "beta", "", sort)
		check("few", "beta", "travel", sort)
		check("many", "alpha", "travel", sort)
		check("many", "alpha", "", sort)
	}
	old := denseAt
	denseAt = 2500
	for _, sort := range []string{"newest", "deadline"} {
		check("dense", "alpha", "", sort)
		check("dense, filtered (read into a set)", "alpha", "travel", sort)
	}
	denseAt = old

	// Relevance of a word in every posting ranks only the fewMatches most recently created.
	m, _ := search.Match("alpha")
	p, err := s.SearchOpportunities(ctx, OppFilter{Match: m, Sort: "relevance", Limit: 50})
	if err != nil || len(p.Items) != 50 {
		t.Fatalf("relevance: %v, %d items", err, len(p.Items))
	}
	for _, o := range p.Items {
		if o.ID <= n-fewMatches {
			t.Errorf("relevance ranked posting %d, outside the newest %d matches", o.ID, fewMatches)
		}
	}
	// A rarer word is ranked among all its matches: an old posting is found.
	m, _ = search.Match("beta")
	p, err = s.SearchOpportunities(ctx, OppFilter{Match: m, Sort: "relevance", Limit: 100, Kind: "travel"})
	if err != nil || len(p.Items) == 0 || !slices.ContainsFunc(p.Items, func(o *Opportunity) bool { return o.ID <= n-fewMatches }) {
		t.Errorf("relevance of a rarer word: %v, %d items, none older than the window", err, len(p.Items))
	}
}

func compare[T int64 | string](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func head(ids []int64) []int64 {
	if len(ids) > 8 {
		return ids[:8]
	}
	return ids
}
