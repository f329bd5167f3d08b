package files

import (
	"context"
	"time"

	"gerege/app/platform/userdata"
	"gerege/db"
)

// Upload is one of a person's uploaded files as "download my data" shows it (the metadata;
// the content is downloaded where the module that attached it shows it).
type Upload struct {
	ID        int64     `json:"id"`
	Name      string    `json:"name"`
	Type      string    `json:"type"`
	Size      int64     `json:"size"`
	Purpose   string    `json:"purpose"`
	CreatedAt time.Time `json:"createdAt"`
	Attached  bool      `json:"attached"`
}

// UserData is the uploads section of a person's data: exported as the list of their files,
// erased with DeleteOwned (rows, then unshared blobs once the deletion commits).
func (s *Store) UserData() []userdata.Section {
	return []userdata.Section{userdata.Of("uploads", func(ctx context.Context, store *db.Store, userID int64) ([]Upload, error) {
		fs, err := store.OwnedFiles(ctx, userID)
		out := make([]Upload, 0, len(fs))
		for _, f := range fs {
			out = append(out, Upload{ID: f.ID, Name: f.Name, Type: f.MediaType, Size: f.Size, Purpose: f.Purpose,
				CreatedAt: f.CreatedAt, Attached: !f.AttachedAt.IsZero()})
		}
		return out, err
	}).WithErase(s.DeleteOwned)}
}
