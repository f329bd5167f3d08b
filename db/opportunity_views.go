package db

import (
	"context"
	"sort"
)

// ViewDay is one posting on one Ulaanbaatar day (YYYY-MM-DD).
type ViewDay struct {
	OpportunityID int64
	Day           string
}

// AddOpportunityViews adds counted views (opportunity_views), in one transaction. Postings
// deleted since they were counted are skipped.
func (s *Store) AddOpportunityViews(ctx context.Context, counts map[ViewDay]int) error {
	if len(counts) == 0 {
		return nil
	}
	keys := make([]ViewDay, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	// One order for every writer (and for the tests).
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].OpportunityID != keys[j].OpportunityID {
			return keys[i].OpportunityID < keys[j].OpportunityID
		}
		return keys[i].Day < keys[j].Day
	})
	return s.InTx(ctx, func(tx *Store) error {
		for _, k := range keys {
			if _, err := tx.exec(ctx, `INSERT INTO opportunity_views (opportunity_id, day, views)
				SELECT id, ?, ? FROM opportunities WHERE id = ?
				ON CONFLICT (opportunity_id, day) DO UPDATE SET views = views + excluded.views`,
				k.Day, counts[k], k.OpportunityID); err != nil {
				return mapErr(err)
			}
		}
		return nil
	})
}

// OpportunityViewsOn answers a posting's views on each day that has any, oldest first.
func (s *Store) OpportunityViewsOn(ctx context.Context, opportunityID int64) (map[string]int, error) {
	rs, err := s.rows(ctx, `SELECT day, views FROM opportunity_views WHERE opportunity_id = ? ORDER BY day`, opportunityID)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rs.Close()
	out := map[string]int{}
	for rs.Next() {
		var day string
		var n int
		if err := rs.Scan(&day, &n); err != nil {
			return nil, mapErr(err)
		}
		out[day] = n
	}
	return out, mapErr(rs.Err())
}
