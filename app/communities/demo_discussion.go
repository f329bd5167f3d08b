package communities

import (
	"context"

	"gerege/db"
)

// seedDiscussionDemo adds comments, replies and polls to the demo's posts and topics.
func seedDiscussionDemo(ctx context.Context, tx *db.Store, w *demoWorld) error { return nil }
