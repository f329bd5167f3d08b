package communities

import (
	"context"

	"gerege/app/platform/notify"
	"gerege/db"
)

// The notifications of moderation, each rendered in its reader's language.
var (
	// ReportAnswered tells a reporter what was decided about what they reported.
	ReportAnswered = notify.Register(notify.Kind{
		Name: "moderation.outcome", Title: "moderation.server.notify.outcome.title",
		Body: "moderation.server.notify.outcome.body", Label: "moderation.server.notify.outcome.label",
		DefaultEmail: notify.Digest, Translate: map[string]string{"outcome": "moderation.server.outcomes.", "target": "moderation.server.targets."},
	})
	// ModeratedYou tells an author what a moderator decided about their content or membership.
	ModeratedYou = notify.Register(notify.Kind{
		Name: "moderation.decision", Title: "moderation.server.notify.decision.title",
		Body: "moderation.server.notify.decision.body", Label: "moderation.server.notify.decision.label",
		DefaultEmail: notify.Immediate, Translate: map[string]string{"action": "moderation.server.decisions.", "target": "moderation.server.targets."},
	})
	// KindEscalated tells a community's admins that reports have waited 12 hours.
	KindEscalated = notify.Register(notify.Kind{
		Name: "moderation.escalated", Title: "moderation.server.notify.escalated.title",
		Body: "moderation.server.notify.escalated.body", Label: "moderation.server.notify.escalated.label",
		DefaultEmail: notify.Immediate,
	})
	// KindLate tells the platform's admins that reports passed their 24 hours unanswered.
	KindLate = notify.Register(notify.Kind{
		Name: "moderation.late", Title: "moderation.server.notify.late.title",
		Body: "moderation.server.notify.late.body", Label: "moderation.server.notify.late.label",
		DefaultEmail: notify.Immediate,
	})
	// AppealDecided tells an author what was decided about their appeal.
	AppealDecided = notify.Register(notify.Kind{
		Name: "moderation.appeal", Title: "moderation.server.notify.appeal.title",
		Body: "moderation.server.notify.appeal.body", Label: "moderation.server.notify.appeal.label",
		DefaultEmail: notify.Immediate, Translate: map[string]string{"decision": "moderation.server.appealOutcomes."},
	})
)

// notifyAll sends n to each of users.
func notifyAll(ctx context.Context, tx *db.Store, users []int64, n notify.Notification) error {
	for _, id := range users {
		n.UserID = id
		if err := notify.Send(ctx, tx, n); err != nil {
			return err
		}
	}
	return nil
}
