package db

import (
	"context"
	"strings"
)

// WsPick is one of a person's own files offered to attach elsewhere (an application's
// documents): the file and the name of the folder it is in ("" at the top of the space).
type WsPick struct {
	WsFile
	Folder string
}

// WsOwnFilesOfTypes lists userID's own files of the file manager that are not in the trash,
// of one of types and at most maxSize bytes, newest first, keyset by id (before: below that
// id; 0: from the newest), at most limit (on workspace_files_user_idx).
func (s *Store) WsOwnFilesOfTypes(ctx context.Context, userID int64, types []string, maxSize, before int64, limit int) ([]WsPick, error) {
	out := []WsPick{}
	if len(types) == 0 {
		return out, nil
	}
	args := []any{userID, maxSize}
	for _, t := range types {
		args = append(args, t)
	}
	where := `WHERE w.owner_user_id = ? AND w.trashed_at IS NULL AND w.size <= ? AND w.media_type IN (?` +
		strings.Repeat(", ?", len(types)-1) + `)`
	if before > 0 {
		where += ` AND w.id < ?`
		args = append(args, before)
	}
	args = append(args, limit)
	rows, err := s.rows(ctx, `SELECT `+wsFileCols+`, coalesce(d.name, '')`+wsFileFrom+`
		LEFT JOIN workspace_folders d ON d.id = w.folder_id `+where+` ORDER BY w.id DESC LIMIT ?`, args...)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	for rows.Next() {
		var p WsPick
		if p.WsFile, err = scanWsFile(rows, &p.Folder); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, mapErr(rows.Err())
}
