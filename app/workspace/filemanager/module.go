// Package filemanager is the workspace's file manager (/dashboard/file-manager, /dashboard/file,
// /api/files): a person's own files and their organisation's, in folders; uploads streamed into
// the platform's file store (app/platform/files: blobs by SHA-256 beside the data file, types
// checked by content) within a quota per space; rename, move, trash with restore for 30 days
// (then purged by a job on the injected clock); preview of PDFs and images; sharing a file
// with a person one may talk to (authz.MayTalk), who finds it under "Shared with me"; and a
// copy of a file to attach to a chat message.
package filemanager

import (
	"context"
	"strconv"
	"time"

	"gerege/app/platform/authz"
	"gerege/app/platform/files"
	"gerege/app/platform/jobs"
	"gerege/app/platform/userdata"
	"gerege/app/platform/web"
	"gerege/db"
)

// Handlers serves the file manager. Its dependencies are explicit.
type Handlers struct {
	Store   *db.Store
	Files   *files.Store
	Limiter *web.Limiter
	Now     func() time.Time
	// Quotas are the default limits of a space (DefaultQuotas when zero).
	Quotas Quotas
	// QuotaFor, when set, decides a space's limit (a plan's, from billing); 0 falls back to Quotas.
	QuotaFor func(ctx context.Context, sp db.Space) int64
	// Rate bounds the uploads, folders and shares one account makes (a zero Rate: no limit).
	Rate web.Rate
}

// Quotas are the bytes a space may hold: a person's own files, an organisation's.
type Quotas struct {
	Person int64
	Org    int64
}

// DefaultQuotas: 200 MB for a person, 2 GB for an organisation.
var DefaultQuotas = Quotas{Person: 200 << 20, Org: 2 << 30}

// DefaultRate: uploads, folders and shares per account, far above a person's pace.
var DefaultRate = web.Rate{N: 300, Per: time.Hour}

// Mount declares the file manager's routes and its two dashboard pages.
func (h *Handlers) Mount(r *authz.Router, reg *authz.Registry) {
	type none = struct{}
	p := authz.WorkspaceFiles
	r.Get("/files", p, h.List, authz.Doc{ID: "listFiles", Query: ListQuery{}, Resp: Listing{},
		Summary: "A folder of the caller's own space or their organisation's: its folders and files, the path to it, the space's quota (used/free)"})
	r.Get("/files/folders", p, h.AllFolders, authz.Doc{ID: "listFileFolders", Query: SpaceQuery{}, Resp: FolderList{},
		Summary: "Every folder of a space not in the trash (where to move something)"})
	r.Get("/files/shared", p, h.Shared, authz.Doc{ID: "listSharedFiles", Resp: SharedList{},
		Summary: "Files other people shared with the caller (not those in their owner's trash)"})
	r.Get("/files/trash", p, h.Trash, authz.Doc{ID: "listFileTrash", Query: SpaceQuery{}, Resp: TrashList{},
		Summary: "A space's trash: what was deleted in the last 30 days, restorable until it is purged"})
	r.Get("/files/contacts", p, h.Contacts, authz.Doc{ID: "listFileContacts", Query: ContactsQuery{}, Resp: ContactList{},
		Summary: "People the caller may share a file with (the people they may talk to), by name"})
	r.Post("/files/upload", p, h.Upload, authz.Doc{ID: "uploadFile", Query: UploadQuery{}, Req: Upload{}, Resp: FileView{}, Status: 201,
		Summary: "Upload one file (multipart field file, streamed) into a folder; refused over the space's quota (413 quota) or of a type the content shows is not accepted (415)"})
	r.Post("/files/folders", p, h.CreateFolder, authz.Doc{ID: "createFileFolder", Req: FolderRequest{}, Resp: FolderView{}, Status: 201,
		Summary: "Make a folder in a space"})
	r.Patch("/files/folders/{id}", p, h.ChangeFolder, authz.Doc{ID: "changeFileFolder", Req: ChangeRequest{}, Resp: FolderView{},
		Summary: "Rename a folder or move it into another folder of its space (never into itself)"})
	r.Delete("/files/folders/{id}", p, h.TrashFolder, authz.Doc{ID: "trashFileFolder", Resp: FolderView{},
		Summary: "Move a folder and everything in it to the trash (restorable for 30 days)"})
	r.Post("/files/folders/{id}/restore", p, h.RestoreFolder, authz.Doc{ID: "restoreFileFolder", Req: none{}, Resp: FolderView{},
		Summary: "Take a folder and what was trashed with it out of the trash"})
	r.Post("/files/folders/{id}/purge", p, h.PurgeFolder, authz.Doc{ID: "purgeFileFolder", Req: none{}, Status: 204,
		Summary: "Delete a trashed folder and everything in it for good"})
	r.Get("/files/items/{id}", p, h.Get, authz.Doc{ID: "getFile", Resp: FileDetail{},
		Summary: "One file: details, the path to its folder, who it is shared with (404 for anyone who may not see it)"})
	r.Patch("/files/items/{id}", p, h.ChangeFile, authz.Doc{ID: "changeFile", Req: ChangeRequest{}, Resp: FileView{},
		Summary: "Rename a file or move it into another folder of its space"})
	r.Delete("/files/items/{id}", p, h.TrashFile, authz.Doc{ID: "trashFile", Resp: FileView{},
		Summary: "Move a file to the trash (restorable for 30 days; no longer seen by the people it is shared with)"})
	r.Post("/files/items/{id}/restore", p, h.RestoreFile, authz.Doc{ID: "restoreFile", Req: none{}, Resp: FileView{},
		Summary: "Take a file out of the trash"})
	r.Post("/files/items/{id}/purge", p, h.PurgeFile, authz.Doc{ID: "purgeFile", Req: none{}, Status: 204,
		Summary: "Delete a trashed file for good"})
	r.Get("/files/items/{id}/download", p, h.Download, authz.Doc{ID: "downloadFile", Produces: "application/octet-stream",
		Summary: "The file's content as a download (Content-Disposition attachment, nosniff); 404 for anyone who may not see it"})
	r.Get("/files/items/{id}/preview", p, h.Preview, authz.Doc{ID: "previewFile", Produces: "application/octet-stream",
		Summary: "A PDF or image shown in place on the file page (inline, framable by this site only); 404 for other types"})
	r.Post("/files/items/{id}/shares", p, h.Share, authz.Doc{ID: "shareFile", Req: ShareRequest{}, Resp: ShareList{},
		Summary: "Share a file with a person the caller may talk to (they see it under Shared with me)"})
	r.Delete("/files/items/{id}/shares/{user}", p, h.Unshare, authz.Doc{ID: "unshareFile", Resp: ShareList{},
		Summary: "Stop sharing a file with a person"})
	r.Post("/files/items/{id}/attachment", p, h.Attachment, authz.Doc{ID: "copyFileForAttachment", Req: none{}, Resp: AttachmentView{}, Status: 201,
		Summary: "A copy of a file (the same bytes) that the caller may attach to a chat message by its fileId within a day"})

	reg.AddPage(authz.Page{Key: "fileManager", Path: "/dashboard/file-manager", Perm: p, Order: 13})
	reg.AddPage(authz.Page{Key: "file", Path: "/dashboard/file", Perm: p, Order: 14})
}

// TrashRetention is how long something stays in the trash before the purge job deletes it.
const TrashRetention = 30 * 24 * time.Hour

// Jobs: the trash's purge, hourly.
func (h *Handlers) Jobs() []jobs.Job {
	return []jobs.Job{{Name: "filemanager.purge", Every: time.Hour, Run: func(ctx context.Context, now time.Time) error {
		_, err := h.PurgeExpired(ctx, now)
		return err
	}}}
}

// PurgeExpired deletes for good what was trashed more than TrashRetention before now (the
// files' rows and, once nothing names them, their blobs) and returns how many files went.
func (h *Handlers) PurgeExpired(ctx context.Context, now time.Time) (int, error) {
	n := 0
	for {
		p, err := h.Store.WsExpiredTrash(ctx, now.Add(-TrashRetention))
		if err != nil || len(p.FileIDs)+len(p.FolderIDs) == 0 {
			return n, err
		}
		if err := h.Store.InTx(ctx, func(tx *db.Store) error {
			if err := h.Files.Delete(ctx, tx, p.FileIDs...); err != nil {
				return err
			}
			return tx.DeleteWsFolders(ctx, p.FolderIDs...)
		}); err != nil {
			return n, err
		}
		n += len(p.FileIDs)
	}
}

// UserData: the folders and files of the person's own space and the shares they made.
// Erasing deletes their own space (rows and, once unreferenced, blobs); the organisation's
// files they uploaded stay the organisation's (their uploader becomes unknown).
func (h *Handlers) UserData() []userdata.Section {
	return []userdata.Section{userdata.Of("files", h.export).WithErase(func(ctx context.Context, tx *db.Store, userID int64) error {
		ids, err := tx.WsUserFileIDs(ctx, userID)
		if err != nil {
			return err
		}
		if err := h.Files.Delete(ctx, tx, ids...); err != nil {
			return err
		}
		return tx.DeleteWsUserFolders(ctx, userID)
	})}
}

func (h *Handlers) export(ctx context.Context, store *db.Store, userID int64) (Exported, error) {
	out := Exported{Folders: []ExportedFolder{}, Files: []ExportedFile{}, Shared: []ExportedShare{}}
	fs, err := store.WsUserFiles(ctx, userID)
	if err != nil {
		return out, err
	}
	for _, f := range fs {
		out.Files = append(out.Files, ExportedFile{Name: f.Name, Size: f.Size, MediaType: f.MediaType, CreatedAt: f.CreatedAt,
			Trashed: !f.TrashedAt.IsZero()})
	}
	ds, err := store.WsAllFoldersAny(ctx, db.Space{User: userID})
	if err != nil {
		return out, err
	}
	for _, d := range ds {
		out.Folders = append(out.Folders, ExportedFolder{Name: d.Name, CreatedAt: d.CreatedAt, Trashed: !d.TrashedAt.IsZero()})
	}
	sh, err := store.WsSharesBy(ctx, userID)
	for _, s := range sh {
		out.Shared = append(out.Shared, ExportedShare{File: s[0], With: s[1]})
	}
	return out, err
}

// limit refuses more than Rate creations of one kind from one account (429 with Retry-After).
func (h *Handlers) limit(u *db.User, what string) error {
	if h.Rate.N == 0 || h.Limiter == nil {
		return nil
	}
	return h.Limiter.Limit("files:"+what+":"+strconv.FormatInt(u.ID, 10), h.Rate)
}
