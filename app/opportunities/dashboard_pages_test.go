package opportunities_test

import (
	"net/http"
	"slices"
	"testing"

	"gerege/app/apitest"
)

// TestDashboardPages: the postings, the board and the approval queue are dashboard pages for
// the people who may use them (in the navigation of /api/auth/me and opened by the server),
// detail pages below the postings included; everyone else gets 403.
func TestDashboardPages(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t)
	users := apitest.Roles(t, s, ts)
	staff := []string{"owner", "manager", "counselor"}
	for _, sc := range []struct {
		key, path string
		who       []string
	}{
		{"jobs", "/en/dashboard/job", staff},
		{"jobs", "/mn/dashboard/job/new", staff},
		{"jobs", "/en/dashboard/job/12", staff},
		{"jobs", "/mn/dashboard/job/12/edit", staff},
		{"tours", "/en/dashboard/tour", staff},
		{"tours", "/en/dashboard/tour/12/edit", staff},
		{"kanban", "/mn/dashboard/kanban", staff},
		{"approvals", "/en/dashboard/approvals", []string{"admin"}},
	} {
		for _, who := range []string{"individual", "owner", "manager", "counselor", "admin"} {
			may := slices.Contains(sc.who, who)
			r := call(t, users[who], ts, "GET", "/api/auth/me", nil)
			var keys []string
			for _, k := range r.Body["dashboard"].([]any) {
				keys = append(keys, k.(string))
			}
			if slices.Contains(keys, sc.key) != may {
				t.Errorf("%s: page %s in the navigation = %v, want %v", who, sc.key, !may, may)
			}
			want := http.StatusForbidden
			if may {
				want = http.StatusOK
			}
			if got := apitest.Call(t, users[who], ts, "GET", sc.path, nil, "").Status; got != want {
				t.Errorf("%s GET %s: %d, want %d", who, sc.path, got, want)
			}
		}
	}
}
