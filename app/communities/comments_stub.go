package communities

// Stubs of the comments and polls part (replace with the real files).

import (
	"context"

	"gerege/app/platform/authz"
	"gerege/db"
)

func (h *Handlers) mountComments(r *authz.Router, reg *authz.Registry) {}
func (h *Handlers) mountPolls(r *authz.Router, reg *authz.Registry)    {}

func seedDiscussionDemo(ctx context.Context, tx *db.Store, w *demoWorld) error { return nil }
