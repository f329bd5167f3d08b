package communities

import (
	"context"

	"gerege/app/platform/authz"
	"gerege/app/platform/widgets"
	"gerege/db"
)

// Widgets: on the workspace home, moderators see the open reports on their clock (those of the
// communities they moderate; platform admins also those outside communities).
func (h *Handlers) Widgets() []widgets.Widget {
	return []widgets.Widget{
		{Key: "reportsOnTheClock", Perm: authz.CommunitiesParticipate, Href: "/dashboard/moderation", Order: 40,
			Count: func(ctx context.Context, u *db.User) (int, error) {
				return h.Store.OpenReportsFor(ctx, u.ID, authz.Can(u, authz.CommunitiesAdmin), h.Now())
			}},
	}
}
