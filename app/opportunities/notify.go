package opportunities

import (
	"context"

	"gerege/app/platform/notify"
	"gerege/db"
)

// The notifications of opportunities. Titles of postings are sent in both languages
// ("title.en", "title.mn"): each reader sees theirs.
var (
	// ApplicationStatus tells applicants that their application moved.
	ApplicationStatus = notify.Register(notify.Kind{
		Name: "opportunities.application", Title: "opportunities.notify.application.title",
		Body: "opportunities.notify.application.body", Label: "opportunities.notify.application.label",
		DefaultEmail: notify.Immediate, Translate: map[string]string{"status": "opportunities.applicationStatuses."},
	})
	// NewApplication tells the organisation's staff that someone applied.
	NewApplication = notify.Register(notify.Kind{
		Name: "opportunities.applied", Title: "opportunities.notify.applied.title",
		Body: "opportunities.notify.applied.body", Label: "opportunities.notify.applied.label",
		DefaultEmail: notify.Digest,
	})
	// PostingDecided tells the organisation's owner and managers what the admins decided.
	PostingDecided = notify.Register(notify.Kind{
		Name: "opportunities.posting", Title: "opportunities.notify.posting.title",
		Body: "opportunities.notify.posting.body", Label: "opportunities.notify.posting.label",
		DefaultEmail: notify.Immediate, Translate: map[string]string{"status": "opportunities.statuses."},
	})
	// OrgDecided tells them about the organisation's verification.
	OrgDecided = notify.Register(notify.Kind{
		Name: "opportunities.organization", Title: "opportunities.notify.organization.title",
		Body: "opportunities.notify.organization.body", Label: "opportunities.notify.organization.label",
		DefaultEmail: notify.Immediate, Translate: map[string]string{"status": "opportunities.orgStatuses."},
	})
	// SearchAlert tells a person how many postings matched a saved search since yesterday.
	SearchAlert = notify.Register(notify.Kind{
		Name: "opportunities.alert", Title: "opportunities.notify.alert.title",
		Body: "opportunities.notify.alert.body", Label: "opportunities.notify.alert.label",
		DefaultEmail: notify.Digest,
	})
	// Waiting is the status promise: applications nobody reviewed within the promise.
	Waiting = notify.Register(notify.Kind{
		Name: "opportunities.waiting", Title: "opportunities.notify.waiting.title",
		Body: "opportunities.notify.waiting.body", Label: "opportunities.notify.waiting.label",
		DefaultEmail: notify.Immediate,
	})
)

// notifyStaff sends n to every member of the organisation with one of roles, in tx.
func notifyStaff(ctx context.Context, tx *db.Store, orgID int64, n notify.Notification, roles ...string) error {
	staff, err := tx.OrgStaff(ctx, orgID, roles...)
	if err != nil {
		return err
	}
	for _, uid := range staff {
		n.UserID = uid
		if err := notify.Send(ctx, tx, n); err != nil {
			return err
		}
	}
	return nil
}
