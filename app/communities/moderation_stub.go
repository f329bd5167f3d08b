package communities

// Stubs of the moderation part (replace with the real files).

import (
	"gerege/app/platform/authz"
	"gerege/app/platform/jobs"
	"gerege/app/platform/userdata"
)

func (h *Handlers) mountModeration(r *authz.Router, reg *authz.Registry) {}
func (h *Handlers) moderationJobs() []jobs.Job                           { return nil }
func (h *Handlers) moderationUserData() []userdata.Section               { return nil }
