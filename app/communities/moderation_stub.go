package communities

// Stubs of the moderation part (replace with the real files).

import (
	"context"
	"gerege/app/platform/authz"
	"gerege/app/platform/jobs"
	"gerege/app/platform/userdata"
	"gerege/db"
)

func (h *Handlers) mountModeration(r *authz.Router, reg *authz.Registry) {}
func (h *Handlers) moderationJobs() []jobs.Job                           { return nil }
func (h *Handlers) moderationUserData() []userdata.Section               { return nil }

func seedModerationDemo(ctx context.Context, tx *db.Store, w *demoWorld) error { return nil }
