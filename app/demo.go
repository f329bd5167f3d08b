package app

import (
	"context"

	"gerege/db"
)

// SeedDemo marks the database as a demo installation (the UI shows a "demo" notice from
// /api/meta). Capabilities add their demo content here as they arrive; it only ever fills an
// empty database, so running with --demo twice changes nothing.
func SeedDemo(ctx context.Context, store *db.Store) error {
	if _, err := store.Setting(ctx, db.SettingDemo); err == nil {
		return nil
	}
	return store.SetSetting(ctx, db.SettingDemo, "1")
}
