package billing

import (
	"context"

	"gerege/app/platform/authz"
	"gerege/db"
)

func (h *Handlers) mountSubscriptions(r *authz.Router, reg *authz.Registry) {}

// afterManualIssue: a manual invoice to an organisation is collected by bank transfer.
func (h *Handlers) afterManualIssue(ctx context.Context, tx *db.Store, id, actor int64) error { return nil }
