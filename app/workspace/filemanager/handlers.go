package filemanager

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"gerege/app/platform/authn"
	"gerege/app/platform/authz"
	"gerege/app/platform/files"
	"gerege/app/platform/web"
	"gerege/db"
)

// The rules of the file manager, each in one place.

const (
	// MaxFile is the largest file accepted (the request's bound, files.MaxUpload, is above it).
	MaxFile = 25 << 20
	// MaxName is the most characters of a file's or folder's name.
	MaxName = 200
	purpose = "workspace.file"
	// UploadTime is how long one upload's body may take to arrive (25 MB at 1 Mbit/s: 3.5 minutes).
	UploadTime = 5 * time.Minute
)

// accepted: documents and pictures, the types the platform sniffs from content.
var accepted = []string{files.PDF, files.DOC, files.DOCX, files.PNG, files.JPEG, files.WebP, files.GIF}

// preview is how the file page shows a type: PDFs in a frame, pictures as images, nothing else.
func preview(mediaType string) string {
	switch mediaType {
	case files.PDF:
		return "pdf"
	case files.PNG, files.JPEG, files.WebP, files.GIF:
		return "image"
	}
	return "none"
}

// access is what the caller may do in a space.
type access struct {
	space db.Space
	name  string // "me" or "org"
	write bool
}

// hasOrg: the organisation's staff (owner, manager, counselor) share its space.
func hasOrg(u *db.User) bool { return u.OrgID != 0 && authz.IsOrgStaff(u) }

// spaceOf resolves the space a request names: the caller's own, or their organisation's
// (staff only; writing needs workspace.files.org.write).
func spaceOf(u *db.User, name string) (access, error) {
	switch name {
	case "", "me":
		return access{space: db.Space{User: u.ID}, name: "me", write: true}, nil
	case "org":
		if !hasOrg(u) {
			return access{}, &web.Error{Status: http.StatusForbidden, Code: "files_no_org", Message: web.M("fileManager.errors.noOrg")}
		}
		return access{space: db.Space{Org: u.OrgID}, name: "org", write: authz.Can(u, authz.WorkspaceFilesOrgWrite)}, nil
	}
	return access{}, web.Invalid(map[string]web.Msg{"space": web.M("fileManager.errors.space")})
}

// accessTo is what the caller may do with something of space sp: ok false when they may not
// see it at all.
func accessTo(u *db.User, sp db.Space) (access, bool) {
	if sp.User != 0 && sp.User == u.ID {
		return access{space: sp, name: "me", write: true}, true
	}
	if sp.Org != 0 && hasOrg(u) && sp.Org == u.OrgID {
		return access{space: sp, name: "org", write: authz.Can(u, authz.WorkspaceFilesOrgWrite)}, true
	}
	return access{}, false
}

// readOnly is the refusal to change a space one may only read.
func readOnly() *web.Error {
	return &web.Error{Status: http.StatusForbidden, Code: "files_read_only", Message: web.M("fileManager.errors.readOnly")}
}

// quotaError is the refusal of an upload over the space's quota; nothing is kept.
func quotaError(q Quota) *web.Error {
	msg := web.M("fileManager.errors.quota", "free", humanMB(q.Free), "limit", humanMB(q.Limit))
	return &web.Error{Status: http.StatusRequestEntityTooLarge, Code: "quota", Message: msg, Fields: map[string]web.Msg{"file": msg}}
}

// humanMB is n bytes in megabytes with one decimal ("12.5").
func humanMB(n int64) string {
	if n < 0 {
		n = 0
	}
	tenths := (n*10 + 1<<19) >> 20
	return strconv.FormatInt(tenths/10, 10) + "." + strconv.FormatInt(tenths%10, 10)
}

// checkName cleans a name and checks it: required, at most MaxName characters, no slashes.
func checkName(field, name string) (string, error) {
	name = strings.TrimSpace(name)
	var c web.Checker
	switch {
	case name == "":
		c.Add(field, web.M("validation.required"))
	case len([]rune(name)) > MaxName:
		c.Add(field, web.M("validation.tooLong", "max", MaxName))
	case strings.ContainsAny(name, `/\`) || files.CleanName(name) != name:
		c.Add(field, web.M("fileManager.errors.name"))
	}
	return name, c.Err()
}

func (h *Handlers) user(r *http.Request) *db.User { return authn.UserOf(r) }

func (h *Handlers) quota(ctx context.Context, sp db.Space) (Quota, error) {
	limit := int64(0)
	if h.QuotaFor != nil {
		limit = h.QuotaFor(ctx, sp)
	}
	if limit <= 0 {
		q := h.Quotas
		if q == (Quotas{}) {
			q = DefaultQuotas
		}
		limit = q.Person
		if sp.Org != 0 {
			limit = q.Org
		}
	}
	used, err := h.Store.WsSpaceBytes(ctx, sp)
	return Quota{Used: used, Limit: limit, Free: max(limit-used, 0)}, err
}

func folderView(f db.WsFolder, space string) FolderView {
	v := FolderView{ID: f.ID, Name: f.Name, ParentID: f.ParentID, Space: space, CreatedAt: f.CreatedAt, UpdatedAt: f.UpdatedAt}
	if !f.TrashedAt.IsZero() {
		t, p := f.TrashedAt, f.TrashedAt.Add(TrashRetention)
		v.TrashedAt, v.PurgeAt = &t, &p
	}
	return v
}

func fileView(f db.WsFile, space string) FileView {
	v := FileView{ID: f.ID, Name: f.Name, FolderID: f.FolderID, Space: space, Size: f.Size, MediaType: f.MediaType,
		Preview: preview(f.MediaType), Uploader: f.Uploader, CreatedAt: f.CreatedAt, UpdatedAt: f.UpdatedAt, SharedBy: f.SharedBy}
	if !f.TrashedAt.IsZero() {
		t, p := f.TrashedAt, f.TrashedAt.Add(TrashRetention)
		v.TrashedAt, v.PurgeAt = &t, &p
	}
	if !f.SharedAt.IsZero() {
		t := f.SharedAt
		v.SharedAt = &t
	}
	return v
}

// folderIn returns folder id when it is a folder of sp not in the trash (0: the root).
func (h *Handlers) folderIn(ctx context.Context, sp db.Space, id int64, field string) (db.WsFolder, error) {
	if id == 0 {
		return db.WsFolder{}, nil
	}
	f, err := h.Store.WsFolderByID(ctx, id)
	if db.IsNotFound(err) || (err == nil && (f.Space != sp || !f.TrashedAt.IsZero())) {
		return db.WsFolder{}, web.Invalid(map[string]web.Msg{field: web.M("fileManager.errors.folder")})
	}
	return f, err
}

// path is the folders from the root down to id.
func (h *Handlers) path(ctx context.Context, id int64) ([]Crumb, error) {
	out := []Crumb{}
	for i := 0; id != 0 && i < 64; i++ {
		f, err := h.Store.WsFolderByID(ctx, id)
		if err != nil {
			return out, err
		}
		out = append([]Crumb{{ID: f.ID, Name: f.Name}}, out...)
		id = f.ParentID
	}
	return out, nil
}

func queryID(r *http.Request, name string) (int64, error) {
	s := r.URL.Query().Get(name)
	if s == "" {
		return 0, nil
	}
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id < 0 {
		return 0, web.Invalid(map[string]web.Msg{name: web.M("fileManager.errors.folder")})
	}
	return id, nil
}

// List is GET /api/files.
func (h *Handlers) List(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	ctx := r.Context()
	a, err := spaceOf(u, r.URL.Query().Get("space"))
	if err != nil {
		return err
	}
	folder, err := queryID(r, "folder")
	if err != nil {
		return err
	}
	if _, err := h.folderIn(ctx, a.space, folder, "folder"); err != nil {
		if web.AsError(err) != nil {
			return web.NotFound()
		}
		return err
	}
	out := Listing{Space: a.name, Folder: folder, Folders: []FolderView{}, Files: []FileView{}, CanWrite: a.write, HasOrg: hasOrg(u),
		MaxFile: MaxFile}
	if out.HasOrg {
		out.OrgName = u.OrgName
	}
	if out.Path, err = h.path(ctx, folder); err != nil {
		return err
	}
	ds, err := h.Store.WsFolders(ctx, a.space, folder)
	if err != nil {
		return err
	}
	for _, d := range ds {
		out.Folders = append(out.Folders, folderView(d, a.name))
	}
	fs, err := h.Store.WsFiles(ctx, a.space, folder)
	if err != nil {
		return err
	}
	for _, f := range fs {
		out.Files = append(out.Files, fileView(f, a.name))
	}
	if out.Quota, err = h.quota(ctx, a.space); err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// AllFolders is GET /api/files/folders.
func (h *Handlers) AllFolders(w http.ResponseWriter, r *http.Request) error {
	a, err := spaceOf(h.user(r), r.URL.Query().Get("space"))
	if err != nil {
		return err
	}
	ds, err := h.Store.WsAllFolders(r.Context(), a.space)
	if err != nil {
		return err
	}
	out := FolderList{Folders: []FolderView{}}
	for _, d := range ds {
		out.Folders = append(out.Folders, folderView(d, a.name))
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// Shared is GET /api/files/shared.
func (h *Handlers) Shared(w http.ResponseWriter, r *http.Request) error {
	fs, err := h.Store.WsSharedWith(r.Context(), h.user(r).ID)
	if err != nil {
		return err
	}
	out := SharedList{Files: []FileView{}}
	for _, f := range fs {
		out.Files = append(out.Files, fileView(f, "shared"))
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// Trash is GET /api/files/trash.
func (h *Handlers) Trash(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	a, err := spaceOf(h.user(r), r.URL.Query().Get("space"))
	if err != nil {
		return err
	}
	out := TrashList{Space: a.name, Folders: []FolderView{}, Files: []FileView{}, CanWrite: a.write, RetentionDays: int(TrashRetention / (24 * time.Hour))}
	ds, err := h.Store.WsTrashedFolders(ctx, a.space)
	if err != nil {
		return err
	}
	for _, d := range ds {
		out.Folders = append(out.Folders, folderView(d, a.name))
	}
	fs, err := h.Store.WsTrashedFiles(ctx, a.space)
	if err != nil {
		return err
	}
	for _, f := range fs {
		out.Files = append(out.Files, fileView(f, a.name))
	}
	if out.Quota, err = h.quota(ctx, a.space); err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// Contacts is GET /api/files/contacts: the people the caller may talk to (the chat's contacts).
func (h *Handlers) Contacts(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	list, err := authz.Contacts(r, h.Store, u)
	if err != nil {
		return err
	}
	out := ContactList{Items: []ContactView{}}
	for _, c := range list {
		out.Items = append(out.Items, ContactView{UserID: c.UserID, Name: c.Name})
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// Upload is POST /api/files/upload: one file, streamed from the multipart body into the file
// store (never ParseMultipartForm), bounded by the smaller of MaxFile and the space's free
// room; the quota is checked again in the transaction that records it, so two uploads at once
// cannot both take the last room. A refused upload leaves nothing behind.
func (h *Handlers) Upload(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	ctx := r.Context()
	if err := h.limit(u, "upload"); err != nil {
		return err
	}
	a, err := spaceOf(u, r.URL.Query().Get("space"))
	if err != nil {
		return err
	}
	if !a.write {
		return readOnly()
	}
	folderID, err := queryID(r, "folder")
	if err != nil {
		return err
	}
	if _, err := h.folderIn(ctx, a.space, folderID, "folder"); err != nil {
		return err
	}
	q, err := h.quota(ctx, a.space)
	if err != nil {
		return err
	}
	if q.Free <= 0 {
		return quotaError(q)
	}
	// The server reads a whole request within its ReadTimeout (30 s); a large file on a slow
	// line needs longer, so this request may take up to UploadTime (where the server allows it).
	_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(UploadTime))
	mr, err := r.MultipartReader()
	if err != nil {
		return &web.Error{Status: http.StatusUnsupportedMediaType, Code: "unsupported_media_type", Message: web.M("files.notMultipart"), Err: err}
	}
	owner := u.ID // a person's file is their personal data; an organisation's has no owner
	if a.space.Org != 0 {
		owner = 0
	}
	pol := files.Policy{Purpose: purpose, MaxBytes: min(MaxFile, q.Free), Allowed: accepted}
	var stored files.File
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return h.discard(ctx, stored, files.HTTPError("file", &files.ReadError{Err: err}))
		}
		if part.FormName() != "file" || stored.ID != 0 {
			part.Close()
			return h.discard(ctx, stored, web.Invalid(map[string]web.Msg{"file": web.M("fileManager.errors.oneFile")}))
		}
		stored, err = h.Files.Put(ctx, part, part.FileName(), pol, owner)
		part.Close()
		if err != nil {
			var le *files.LimitError
			if errors.As(err, &le) && q.Free < MaxFile {
				return quotaError(q)
			}
			return files.HTTPError("file", err)
		}
	}
	if stored.ID == 0 {
		return web.Invalid(map[string]web.Msg{"file": web.M("files.required")})
	}
	name := stored.Name
	if len([]rune(name)) > MaxName {
		name = string([]rune(name)[:MaxName])
	}
	wf := db.WsFile{FileID: stored.ID, Space: a.space, FolderID: folderID, Name: name, Size: stored.Size, MediaType: stored.MediaType,
		UploadedBy: u.ID, Uploader: u.FirstName + " " + u.LastName}
	var over Quota
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		used, err := tx.WsSpaceBytes(ctx, a.space)
		if err != nil {
			return err
		}
		if used+stored.Size > q.Limit {
			over = Quota{Used: used, Limit: q.Limit, Free: max(q.Limit-used, 0)}
			return errQuota
		}
		if err := h.Files.Attach(ctx, tx, owner, stored.ID); err != nil {
			return err
		}
		now := h.Now()
		wf.CreatedAt, wf.UpdatedAt = now, now
		wf.ID, err = tx.InsertWsFile(ctx, wf, now)
		return err
	})
	if errors.Is(err, errQuota) {
		return h.discard(ctx, stored, quotaError(over))
	}
	if err != nil {
		return h.discard(ctx, stored, err)
	}
	web.JSON(w, http.StatusCreated, fileView(wf, a.name))
	return nil
}

var errQuota = errors.New("filemanager: over quota")

// discard deletes an upload that was refused after it was stored, and returns err.
func (h *Handlers) discard(ctx context.Context, f files.File, err error) error {
	if f.ID != 0 {
		dctx := context.WithoutCancel(ctx)
		_ = h.Store.InTx(dctx, func(tx *db.Store) error { return h.Files.Delete(dctx, tx, f.ID) })
	}
	return err
}

// CreateFolder is POST /api/files/folders.
func (h *Handlers) CreateFolder(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	ctx := r.Context()
	var req FolderRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	if err := h.limit(u, "folder"); err != nil {
		return err
	}
	a, err := spaceOf(u, req.Space)
	if err != nil {
		return err
	}
	if !a.write {
		return readOnly()
	}
	name, err := checkName("name", req.Name)
	if err != nil {
		return err
	}
	if _, err := h.folderIn(ctx, a.space, req.ParentID, "parentId"); err != nil {
		return err
	}
	if err := h.nameFree(ctx, a.space, req.ParentID, name, 0); err != nil {
		return err
	}
	f := db.WsFolder{Space: a.space, ParentID: req.ParentID, Name: name, CreatedBy: u.ID}
	now := h.Now()
	if f.ID, err = h.Store.InsertWsFolder(ctx, f, now); err != nil {
		return err
	}
	f.CreatedAt, f.UpdatedAt = now.UTC().Truncate(time.Millisecond), now.UTC().Truncate(time.Millisecond)
	web.JSON(w, http.StatusCreated, folderView(f, a.name))
	return nil
}

// nameFree refuses a second folder of the same name (any case) in one folder.
func (h *Handlers) nameFree(ctx context.Context, sp db.Space, parent int64, name string, except int64) error {
	taken, err := h.Store.WsNameTaken(ctx, sp, parent, name, true, except)
	if err != nil {
		return err
	}
	if taken {
		return web.Invalid(map[string]web.Msg{"name": web.M("fileManager.errors.nameTaken")})
	}
	return nil
}

// folderFor loads folder {id} for the caller: 404 unless it is in a space they may see;
// writable also demands write access.
func (h *Handlers) folderFor(r *http.Request, writable bool) (db.WsFolder, access, error) {
	id, err := web.PathID(r, "id")
	if err != nil {
		return db.WsFolder{}, access{}, err
	}
	f, err := h.Store.WsFolderByID(r.Context(), id)
	if db.IsNotFound(err) {
		return f, access{}, web.NotFound()
	}
	if err != nil {
		return f, access{}, err
	}
	a, ok := accessTo(h.user(r), f.Space)
	if !ok {
		return f, a, web.NotFound()
	}
	if writable && !a.write {
		return f, a, readOnly()
	}
	return f, a, nil
}

// ChangeFolder is PATCH /api/files/folders/{id}.
func (h *Handlers) ChangeFolder(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var req ChangeRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	f, a, err := h.folderFor(r, true)
	if err != nil {
		return err
	}
	if !f.TrashedAt.IsZero() {
		return inTrash()
	}
	parent := f.ParentID
	if req.FolderID != nil {
		parent = *req.FolderID
		if _, err := h.folderIn(ctx, f.Space, parent, "folderId"); err != nil {
			return err
		}
		if parent != 0 {
			within, err := h.Store.WsFolderWithin(ctx, parent, f.ID)
			if err != nil {
				return err
			}
			if within {
				return web.Invalid(map[string]web.Msg{"folderId": web.M("fileManager.errors.intoItself")})
			}
		}
	}
	name := f.Name
	if req.Name != nil {
		if name, err = checkName("name", *req.Name); err != nil {
			return err
		}
	}
	if err := h.nameFree(ctx, f.Space, parent, name, f.ID); err != nil {
		return err
	}
	now := h.Now()
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		if name != f.Name {
			if err := tx.RenameWsFolder(ctx, f.ID, name, now); err != nil {
				return err
			}
		}
		if parent != f.ParentID {
			return tx.MoveWsFolder(ctx, f.ID, parent, now)
		}
		return nil
	})
	if err != nil {
		return err
	}
	f, err = h.Store.WsFolderByID(ctx, f.ID)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, folderView(f, a.name))
	return nil
}

func inTrash() *web.Error {
	return &web.Error{Status: http.StatusConflict, Code: "files_in_trash", Message: web.M("fileManager.errors.inTrash")}
}

// moved answers a move into or out of the trash that found nothing to move (the row was already
// in it, or not in it) with refusal.
func moved(err error, refusal func() *web.Error) error {
	if db.IsNotFound(err) {
		return refusal()
	}
	return err
}

func notInTrash() *web.Error {
	return &web.Error{Status: http.StatusConflict, Code: "files_not_in_trash", Message: web.M("fileManager.errors.notInTrash")}
}

// TrashFolder is DELETE /api/files/folders/{id}.
func (h *Handlers) TrashFolder(w http.ResponseWriter, r *http.Request) error {
	f, a, err := h.folderFor(r, true)
	if err != nil {
		return err
	}
	if err := moved(h.Store.TrashWsFolder(r.Context(), f.ID, h.Now()), inTrash); err != nil {
		return err
	}
	return h.answerFolder(w, r, f.ID, a)
}

// RestoreFolder is POST /api/files/folders/{id}/restore.
func (h *Handlers) RestoreFolder(w http.ResponseWriter, r *http.Request) error {
	f, a, err := h.folderFor(r, true)
	if err != nil {
		return err
	}
	if err := moved(h.Store.RestoreWsFolder(r.Context(), f.ID), notInTrash); err != nil {
		return err
	}
	return h.answerFolder(w, r, f.ID, a)
}

func (h *Handlers) answerFolder(w http.ResponseWriter, r *http.Request, id int64, a access) error {
	f, err := h.Store.WsFolderByID(r.Context(), id)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, folderView(f, a.name))
	return nil
}

// PurgeFolder is POST /api/files/folders/{id}/purge.
func (h *Handlers) PurgeFolder(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	f, _, err := h.folderFor(r, true)
	if err != nil {
		return err
	}
	if f.TrashedAt.IsZero() || f.TrashRoot != 0 {
		return notInTrash()
	}
	p, err := h.Store.WsFolderPurge(ctx, f.ID)
	if err != nil {
		return err
	}
	if err := h.Store.InTx(ctx, func(tx *db.Store) error {
		if err := h.Files.Delete(ctx, tx, p.FileIDs...); err != nil {
			return err
		}
		return tx.DeleteWsFolders(ctx, p.FolderIDs...)
	}); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// fileFor loads file {id} for the caller: their space's, their organisation's, or shared with
// them (not in the trash); anyone else gets 404. writable demands write access to its space.
func (h *Handlers) fileFor(r *http.Request, writable bool) (db.WsFile, access, error) {
	ctx := r.Context()
	id, err := web.PathID(r, "id")
	if err != nil {
		return db.WsFile{}, access{}, err
	}
	f, err := h.Store.WsFileByID(ctx, id)
	if db.IsNotFound(err) {
		return f, access{}, web.NotFound()
	}
	if err != nil {
		return f, access{}, err
	}
	u := h.user(r)
	if a, ok := accessTo(u, f.Space); ok {
		if writable && !a.write {
			return f, a, readOnly()
		}
		return f, a, nil
	}
	if f.TrashedAt.IsZero() {
		shared, err := h.Store.WsSharedWithUser(ctx, f.ID, u.ID)
		if err != nil {
			return f, access{}, err
		}
		if shared {
			if writable {
				return f, access{name: "shared"}, readOnly()
			}
			return f, access{name: "shared"}, nil
		}
	}
	return f, access{}, web.NotFound()
}

// Get is GET /api/files/items/{id}.
func (h *Handlers) Get(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	f, a, err := h.fileFor(r, false)
	if err != nil {
		return err
	}
	out := FileDetail{File: fileView(f, a.name), Path: []Crumb{}, Shares: []ShareView{}, CanWrite: a.write}
	if a.name == "shared" {
		web.JSON(w, http.StatusOK, out)
		return nil
	}
	if out.Path, err = h.path(ctx, f.FolderID); err != nil {
		return err
	}
	if out.Shares, err = h.shares(ctx, f.ID); err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

func (h *Handlers) shares(ctx context.Context, id int64) ([]ShareView, error) {
	list, err := h.Store.WsShares(ctx, id)
	out := []ShareView{}
	for _, s := range list {
		out = append(out, ShareView{UserID: s.UserID, Name: s.Name, CreatedAt: s.CreatedAt})
	}
	return out, err
}

// ChangeFile is PATCH /api/files/items/{id}.
func (h *Handlers) ChangeFile(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var req ChangeRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	f, a, err := h.fileFor(r, true)
	if err != nil {
		return err
	}
	if !f.TrashedAt.IsZero() {
		return inTrash()
	}
	folder := f.FolderID
	if req.FolderID != nil {
		folder = *req.FolderID
		if _, err := h.folderIn(ctx, f.Space, folder, "folderId"); err != nil {
			return err
		}
	}
	name := f.Name
	if req.Name != nil {
		if name, err = checkName("name", *req.Name); err != nil {
			return err
		}
	}
	now := h.Now()
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		if name != f.Name {
			if err := tx.RenameWsFile(ctx, f.ID, name, now); err != nil {
				return err
			}
		}
		if folder != f.FolderID {
			return tx.MoveWsFile(ctx, f.ID, folder, now)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return h.answerFile(w, r, f.ID, a)
}

func (h *Handlers) answerFile(w http.ResponseWriter, r *http.Request, id int64, a access) error {
	f, err := h.Store.WsFileByID(r.Context(), id)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, fileView(f, a.name))
	return nil
}

// TrashFile is DELETE /api/files/items/{id}.
func (h *Handlers) TrashFile(w http.ResponseWriter, r *http.Request) error {
	f, a, err := h.fileFor(r, true)
	if err != nil {
		return err
	}
	if err := moved(h.Store.TrashWsFile(r.Context(), f.ID, h.Now()), inTrash); err != nil {
		return err
	}
	return h.answerFile(w, r, f.ID, a)
}

// RestoreFile is POST /api/files/items/{id}/restore.
func (h *Handlers) RestoreFile(w http.ResponseWriter, r *http.Request) error {
	f, a, err := h.fileFor(r, true)
	if err != nil {
		return err
	}
	if err := moved(h.Store.RestoreWsFile(r.Context(), f.ID), notInTrash); err != nil {
		return err
	}
	return h.answerFile(w, r, f.ID, a)
}

// PurgeFile is POST /api/files/items/{id}/purge.
func (h *Handlers) PurgeFile(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	f, _, err := h.fileFor(r, true)
	if err != nil {
		return err
	}
	if f.TrashedAt.IsZero() || f.TrashRoot != 0 {
		return notInTrash()
	}
	if err := h.Store.InTx(ctx, func(tx *db.Store) error { return h.Files.Delete(ctx, tx, f.FileID) }); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// Download is GET /api/files/items/{id}/download: the platform's download answer
// (Content-Disposition attachment, nosniff, sandboxed).
func (h *Handlers) Download(w http.ResponseWriter, r *http.Request) error {
	f, _, err := h.fileFor(r, false)
	if err != nil {
		return err
	}
	return h.serve(w, r, f, false)
}

// Preview is GET /api/files/items/{id}/preview: a PDF or an image shown in place by the file
// page. The answer is inline and may be framed by this site only (frame-ancestors 'self',
// X-Frame-Options SAMEORIGIN) where every other answer may not be framed at all; it keeps
// nosniff and a policy that lets the document load nothing from anywhere (default-src
// 'none'). Images keep the sandbox; a PDF cannot have it, because Chromium refuses to show a
// PDF in a sandboxed document.
func (h *Handlers) Preview(w http.ResponseWriter, r *http.Request) error {
	f, _, err := h.fileFor(r, false)
	if err != nil {
		return err
	}
	if preview(f.MediaType) == "none" {
		return web.NotFound()
	}
	return h.serve(w, r, f, true)
}

func (h *Handlers) serve(w http.ResponseWriter, r *http.Request, f db.WsFile, inline bool) error {
	rc, meta, err := h.Files.Open(r.Context(), f.FileID)
	if db.IsNotFound(err) {
		return web.NotFound()
	}
	if err != nil {
		return err
	}
	defer rc.Close()
	meta.Name = f.Name // the name in the file manager (renamed or not)
	if !inline {
		files.ServeContent(w, r, meta, rc)
		return nil
	}
	hd := w.Header()
	hd.Set("Content-Type", meta.MediaType)
	hd.Set("Content-Disposition", strings.Replace(files.ContentDisposition(files.DownloadName(meta)), "attachment", "inline", 1))
	hd.Set("X-Content-Type-Options", "nosniff")
	csp := "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'self'"
	if preview(meta.MediaType) == "image" {
		csp = "sandbox; default-src 'none'; frame-ancestors 'self'"
	}
	hd.Set("Content-Security-Policy", csp)
	hd.Set("X-Frame-Options", "SAMEORIGIN")
	hd.Set("Cache-Control", "private, no-cache")
	hd.Set("ETag", `"`+meta.SHA256+`"`)
	http.ServeContent(w, r, "", meta.CreatedAt, rc)
	return nil
}

// Share is POST /api/files/items/{id}/shares: only with a person the caller may talk to
// (authz.MayTalk, the chat's rule); anyone else, or an account that does not exist, gets
// the same refusal.
func (h *Handlers) Share(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	u := h.user(r)
	var req ShareRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	f, _, err := h.fileFor(r, true)
	if err != nil {
		return err
	}
	if !f.TrashedAt.IsZero() {
		return inTrash()
	}
	if err := h.limit(u, "share"); err != nil {
		return err
	}
	other, err := h.Store.UserByID(ctx, req.UserID)
	if err != nil && !db.IsNotFound(err) {
		return err
	}
	why := ""
	if other != nil {
		if why, err = authz.MayTalk(ctx, h.Store, u, other); err != nil {
			return err
		}
	}
	refused := &web.Error{Status: http.StatusForbidden, Code: "files_share_not_allowed", Message: web.M("fileManager.errors.shareNotAllowed"),
		Fields: map[string]web.Msg{"userId": web.M("fileManager.errors.shareNotAllowed")}}
	if why == "" {
		return refused
	}
	if err := h.Store.ShareWsFile(ctx, f.ID, other.ID, u.ID, h.Now()); errors.Is(err, db.ErrWsBlocked) {
		return refused // a block made since MayTalk's check
	} else if err != nil {
		return err
	}
	out := ShareList{}
	if out.Shares, err = h.shares(ctx, f.ID); err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// Unshare is DELETE /api/files/items/{id}/shares/{user}.
func (h *Handlers) Unshare(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	f, _, err := h.fileFor(r, true)
	if err != nil {
		return err
	}
	other, err := web.PathID(r, "user")
	if err != nil {
		return err
	}
	if err := h.Store.UnshareWsFile(ctx, f.ID, other); db.IsNotFound(err) {
		return web.NotFound()
	} else if err != nil {
		return err
	}
	out := ShareList{}
	if out.Shares, err = h.shares(ctx, f.ID); err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// Attachment is POST /api/files/items/{id}/attachment: the hook for modules that take an
// uploaded file's id (the chat's message fileId). It records a second row of the same blob,
// owned by the caller and unattached, which the module attaches in its own transaction (or the
// platform's cleanup deletes a day later); the bytes are not copied.
func (h *Handlers) Attachment(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	u := h.user(r)
	f, _, err := h.fileFor(r, false)
	if err != nil {
		return err
	}
	if !f.TrashedAt.IsZero() {
		return inTrash()
	}
	if err := h.limit(u, "upload"); err != nil {
		return err
	}
	var cp db.File
	// In one transaction with reading the source row: the blob is named by a row throughout.
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		src, err := tx.File(ctx, f.FileID)
		if err != nil {
			return err
		}
		cp = db.File{SHA256: src.SHA256, Size: src.Size, MediaType: src.MediaType, Name: files.CleanName(f.Name), Owner: u.ID,
			Purpose: "chat.attachment", CreatedAt: h.Now().UTC().Truncate(time.Millisecond)}
		cp.ID, err = tx.InsertFile(ctx, cp)
		return err
	})
	if db.IsNotFound(err) {
		return web.NotFound()
	}
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusCreated, AttachmentView{FileID: cp.ID, Name: cp.Name, MediaType: cp.MediaType, Size: cp.Size})
	return nil
}
