package people_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"gerege/app/apitest"
	"gerege/db"
	"gerege/db/dbtest"
)

// dump is every row of the tables a people change writes.
func dump(t *testing.T, s *db.Store) string {
	t.Helper()
	var b strings.Builder
	for _, table := range []string{"users", "memberships", "auth_sessions", "refresh_tokens", "audit_log", "people_search_stale"} {
		rows, err := s.Read.QueryContext(context.Background(), `SELECT * FROM `+table+` ORDER BY 1`)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "%s %q\n", table, vals)
		}
		rows.Close()
	}
	return b.String()
}

// Each change and its audit entries are one transaction: failing any one of its writes leaves
// every table as it was (the approach of app's TestRoleChangeIsAtomic, with db/dbtest's hook).
func TestChangesAreAtomic(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	same := []string{"Sec-Fetch-Site", "same-origin"}
	flows := []struct {
		name, method, suffix, who string
		body                      any
		target                    string
	}{
		{"name and role", "PATCH", "", "owner", map[string]any{"firstName": "Renamed", "orgRole": "manager"}, "counselor"},
		{"platform roles", "PUT", "/roles", "admin", map[string]any{"admin": true, "deskLevel": "sensitive", "organizationId": 0}, "manager"},
		{"suspension", "POST", "/suspend", "admin", struct{}{}, "individual"},
		{"sign-out", "POST", "/sign-out", "admin", struct{}{}, "desk"},
	}
	faults := dbtest.Inject(t, w.s.Store())
	for _, f := range flows {
		path := fmt.Sprint("/api/people/", w.id[f.target], f.suffix)
		run := func() apitest.Reply {
			return apitest.Call(t, w.clients[f.who], w.ts, f.method, path, f.body, "", same...)
		}
		// Fail write 1, 2, … until the flow has fewer writes than n: then it went through,
		// and all its writes were in one transaction.
		writes := 0
		for n := 1; ; n++ {
			before := dump(t, w.s.Store())
			faults.FailNth(n)
			r := run()
			failed, most, total := faults.Failed(), faults.MostWrites(), faults.TotalWrites()
			faults.FailNth(0)
			if failed == 0 { // the flow has fewer than n writes: it went through
				apitest.MustStatus(t, r, 200)
				writes = n - 1
				if total != most {
					t.Errorf("%s: %d writes, only %d of them in its largest transaction", f.name, total, most)
				}
				break
			}
			if r.Status != 500 {
				t.Fatalf("%s: write %d failed, answer %d %s", f.name, n, r.Status, r.Raw)
			}
			if after := dump(t, w.s.Store()); after != before {
				t.Errorf("%s: write %d failed, yet the database changed", f.name, n)
			}
		}
		if writes < 2 {
			t.Errorf("%s: %d writes: nothing to prove (the audit entry is one)", f.name, writes)
		}
		t.Logf("%s: %d writes, each failed in turn, nothing half-done", f.name, writes)
	}
}
