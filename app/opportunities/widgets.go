package opportunities

import (
	"context"
	"time"

	"gerege/app/platform/authz"
	"gerege/app/platform/widgets"
	"gerege/db"
)

// Widgets: on the workspace home, the organisation's staff see the applications waiting to be
// reviewed; individuals see their saved opportunities closing within 7 days.
func (h *Handlers) Widgets() []widgets.Widget {
	return []widgets.Widget{
		{Key: "applicationsToReview", Perm: authz.OpportunitiesReview, Href: "/dashboard/kanban", Order: 30,
			Count: func(ctx context.Context, u *db.User) (int, error) {
				if u.OrgID == 0 {
					return 0, nil
				}
				return h.Store.NewApplicationsOf(ctx, u.OrgID)
			}},
		{Key: "deadlines", Perm: authz.OpportunitiesApply, Href: "/dashboard/saved", Order: 50,
			Count: func(ctx context.Context, u *db.User) (int, error) {
				now := h.Now()
				return h.Store.SavedClosing(ctx, u.ID, ubDay(now), ubDay(now.Add(7*24*time.Hour)))
			}},
	}
}
