// Package files is the one store for uploads (job applications, later posts, chat and the
// file manager). A file is a row in the files table (its id, sniffed type, cleaned name,
// owner, purpose) and a blob on disk in the folder beside the data file (db.FilesDir), named
// by the SHA-256 of its content, so two rows with the same content share one blob.
//
// How a module uses it:
//
//	f, err := store.Put(ctx, part, part.FileName(), files.Documents, userID) // streams, sniffs, limits
//	// or, for a whole multipart request: form, err := store.ReadForm(r, userID, fields)
//	err = db.InTx(ctx, func(tx *db.Store) error {
//		... insert the module's row naming f.ID ...
//		return store.Attach(ctx, tx, userID, f.ID) // in the module's own transaction
//	})
//	// reading: the module checks who may read, then
//	err = store.Serve(w, r, id)
//
// A file is never trusted by its name: its type comes from its content (Sniff) and must be
// one of the policy's; it is at most the policy's size, counted while streaming (a file is
// never held in memory whole). The store does not decide who may read a file: the module
// that attached it does, before calling Open or Serve.
//
// A file Put but never attached (the form failed, the person left) is deleted a day later by
// the cleanup job (Jobs). A blob is removed from disk only once no row names its SHA-256.
package files

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"gerege/app/platform/jobs"
	"gerege/db"
)

// File is one stored file's metadata.
type File = db.File

// Policy is what a kind of upload accepts. Copy a preset and change what differs:
//
//	p := files.Documents
//	p.Purpose = "opportunities.application"
type Policy struct {
	Purpose  string   // stored with the file ("document", "image", "opportunities.application")
	MaxBytes int64    // the largest file accepted
	Allowed  []string // media types accepted (the constants PDF, DOCX, ...), checked by content
	// Quota, when positive, bounds the total bytes of one owner's files of this Purpose.
	Quota int64
}

// Presets.
var (
	// Documents: CVs, cover letters, transcripts — PDF, Word (both formats) and scans.
	Documents = Policy{Purpose: "document", MaxBytes: 10 << 20, Allowed: []string{PDF, DOC, DOCX, PNG, JPEG}}
	// Images: pictures shown in pages (posts, avatars).
	Images = Policy{Purpose: "image", MaxBytes: 5 << 20, Allowed: []string{PNG, JPEG, WebP, GIF}}
)

// Errors of Put. HTTPError turns them into the 413 and 415 answers.
var (
	// ErrEmpty: the file has no bytes.
	ErrEmpty = errors.New("files: empty file")
	// ErrQuota: the owner's files of this purpose would exceed the policy's quota.
	ErrQuota = errors.New("files: quota exceeded")
)

// LimitError is returned by Put for a file larger than the policy's MaxBytes.
type LimitError struct{ Max int64 }

func (e *LimitError) Error() string { return fmt.Sprintf("files: larger than %d bytes", e.Max) }

// TypeError is returned by Put for content of a type the policy does not accept.
type TypeError struct {
	Sniffed string // the type found ("" when none known)
	Allowed []string
}

func (e *TypeError) Error() string { return fmt.Sprintf("files: type %q refused", e.Sniffed) }

// ReadError is returned by Put when reading the content failed (the client went away, the
// body was truncated or over the request's limit): the sender's fault, not the store's.
type ReadError struct{ Err error }

func (e *ReadError) Error() string { return "files: reading the upload: " + e.Err.Error() }
func (e *ReadError) Unwrap() error { return e.Err }

// UnattachedRetention is how long a file may stay unattached before the cleanup job deletes it.
const UnattachedRetention = 24 * time.Hour

// TempRetention is how long a partial upload (a temporary file left by a crash) is kept.
const TempRetention = 24 * time.Hour

// Store writes, reads and deletes files. One per server; safe for concurrent use.
type Store struct {
	db  *db.Store
	dir string
	now func() time.Time
	log *slog.Logger

	// mu orders Put's "the blob is there" against the removal of unreferenced blobs;
	// inflight counts the Puts of each sha256 between that decision and their row's commit.
	mu       sync.Mutex
	inflight map[string]int
}

// New returns the store of the blobs of store's data file, in db.FilesDir beside it,
// creating the folder (private to the server's user) and its subfolders.
func New(store *db.Store, now func() time.Time, log *slog.Logger) (*Store, error) {
	return NewIn(store, db.FilesDir(store.Path()), now, log)
}

// NewIn is New with the blobs in dir.
func NewIn(store *db.Store, dir string, now func() time.Time, log *slog.Logger) (*Store, error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s := &Store{db: store, dir: dir, now: now, log: log, inflight: map[string]int{}}
	if err := Prepare(dir); err != nil {
		return nil, err
	}
	return s, nil
}

// Prepare creates dir, its tmp folder and its 256 blob subfolders when missing, and syncs
// them, so that a blob's rename never needs a new folder.
func Prepare(dir string) error {
	if err := os.MkdirAll(filepath.Join(dir, "tmp"), 0o700); err != nil {
		return fmt.Errorf("files: %w", err)
	}
	for i := range 256 {
		if err := os.Mkdir(filepath.Join(dir, fmt.Sprintf("%02x", i)), 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("files: %w", err)
		}
	}
	if err := syncDir(dir); err != nil {
		return fmt.Errorf("files: %w", err)
	}
	return syncDir(filepath.Dir(dir))
}

// Dir is the folder of the blobs.
func (s *Store) Dir() string { return s.dir }

var bufPool = sync.Pool{New: func() any { b := make([]byte, 64<<10); return &b }}

// head keeps the first HeadSize bytes written to it.
type head struct {
	b [HeadSize]byte
	n int
}

func (h *head) Write(p []byte) (int, error) {
	if h.n < len(h.b) {
		h.n += copy(h.b[h.n:], p)
	}
	return len(p), nil
}

// Put stores the content of r as a file named name (cleaned: see CleanName) of owner (0 for
// none), if p accepts it. It streams r to a temporary file while hashing and counting, and
// stops reading at p.MaxBytes+1 (*LimitError); then it sniffs the type (*TypeError when p
// does not allow it), checks the quota (ErrQuota), moves the content to its blob (synced;
// an existing blob of the same content is reused) and inserts the row, unattached, in a
// transaction of its own. Read errors of r come back wrapped (an *http.MaxBytesError when
// the request body was over its limit).
//
// The file is the owner's but no module's until Attach: if it is not attached within
// UnattachedRetention, the cleanup job deletes it.
func (s *Store) Put(ctx context.Context, r io.Reader, name string, p Policy, owner int64) (File, error) {
	tmp, err := os.CreateTemp(filepath.Join(s.dir, "tmp"), "put-*")
	if err != nil {
		return File{}, fmt.Errorf("files: %w", err)
	}
	tmpName := tmp.Name()
	defer func() {
		if tmp != nil {
			tmp.Close()
		}
		if tmpName != "" {
			os.Remove(tmpName)
		}
	}()

	h := sha256.New()
	var hd head
	bp := bufPool.Get().(*[]byte)
	n, err := io.CopyBuffer(multiWriter{tmp, h, &hd}, io.LimitReader(r, p.MaxBytes+1), *bp)
	bufPool.Put(bp)
	if err != nil {
		return File{}, &ReadError{Err: err}
	}
	if n > p.MaxBytes {
		return File{}, &LimitError{Max: p.MaxBytes}
	}
	if n == 0 {
		return File{}, ErrEmpty
	}
	mt := Sniff(hd.b[:hd.n], tmp, n)
	if mt == "" || !slices.Contains(p.Allowed, mt) {
		return File{}, &TypeError{Sniffed: mt, Allowed: p.Allowed}
	}
	if p.Quota > 0 && owner != 0 {
		used, err := s.db.OwnedFileBytes(ctx, owner, p.Purpose)
		if err != nil {
			return File{}, err
		}
		if used+n > p.Quota {
			return File{}, ErrQuota
		}
	}
	sha := hex.EncodeToString(h.Sum(nil))
	blob := db.BlobPath(s.dir, sha)

	// The blob: when it is already there, this content is stored and the temporary file
	// goes; otherwise the temporary file is synced and renamed into place, and the rename
	// made durable, before the row that names it is committed. The in-flight count keeps
	// the cleanup from removing the blob between here and the commit.
	_, statErr := os.Stat(blob)
	if statErr != nil {
		if err := tmp.Sync(); err != nil {
			return File{}, fmt.Errorf("files: %w", err)
		}
	}
	if err := tmp.Close(); err != nil {
		return File{}, fmt.Errorf("files: %w", err)
	}
	tmp = nil
	s.mu.Lock()
	s.inflight[sha]++
	renamed := false
	if _, err := os.Stat(blob); err != nil {
		if statErr == nil { // removed meanwhile: the temporary file was not synced
			if err = syncFile(tmpName); err != nil {
				s.release(sha)
				s.mu.Unlock()
				return File{}, err
			}
		}
		if err := os.Rename(tmpName, blob); err != nil {
			s.release(sha)
			s.mu.Unlock()
			return File{}, fmt.Errorf("files: %w", err)
		}
		tmpName = ""
		renamed = true
	}
	s.mu.Unlock()
	f := File{SHA256: sha, Size: n, MediaType: mt, Name: CleanName(name), Owner: owner, Purpose: p.Purpose,
		CreatedAt: s.now().UTC().Truncate(time.Millisecond)}
	if renamed {
		err = syncDir(filepath.Dir(blob))
	}
	if err == nil {
		f.ID, err = s.db.InsertFile(ctx, f)
	}
	s.mu.Lock()
	s.release(sha)
	s.mu.Unlock()
	if err != nil {
		s.removeUnreferenced(sha) // unless another row or Put names it
		return File{}, err
	}
	return f, nil
}

// release ends one in-flight Put of sha (s.mu held).
func (s *Store) release(sha string) {
	if s.inflight[sha]--; s.inflight[sha] <= 0 {
		delete(s.inflight, sha)
	}
}

// multiWriter writes to each writer in turn (io.MultiWriter without its allocations).
type multiWriter [3]io.Writer

func (m multiWriter) Write(p []byte) (int, error) {
	for _, w := range m {
		if n, err := w.Write(p); err != nil {
			return n, err
		}
	}
	return len(p), nil
}

// Get returns the metadata of file id (db.ErrNotFound when there is none).
func (s *Store) Get(ctx context.Context, id int64) (File, error) { return s.db.File(ctx, id) }

// Open returns the content of file id and its metadata. The caller closes the content. It
// does not check who may read the file: the module that attached it does that first.
func (s *Store) Open(ctx context.Context, id int64) (io.ReadSeekCloser, File, error) {
	f, err := s.db.File(ctx, id)
	if err != nil {
		return nil, File{}, err
	}
	if !db.ValidSHA256(f.SHA256) {
		return nil, File{}, fmt.Errorf("files: file %d has a malformed sha256", id)
	}
	rc, err := os.Open(db.BlobPath(s.dir, f.SHA256))
	if err != nil {
		return nil, File{}, fmt.Errorf("files: the blob of file %d: %w", id, err)
	}
	return rc, f, nil
}

// Attach marks files ids as in use by a module's row, inside the module's transaction tx
// (so the file and the row that names it are kept or rolled back together). Each file must
// be owner's and not attached yet, or nothing is attached and the result is db.ErrNotFound:
// a person cannot attach someone else's upload by sending its id. Pass owner 0 for files
// stored without an owner.
func (s *Store) Attach(ctx context.Context, tx *db.Store, owner int64, ids ...int64) error {
	return tx.AttachFiles(ctx, owner, s.now(), ids...)
}

// Delete deletes files ids (missing ones are skipped) in tx; once tx has committed, their
// blobs are removed unless another row still names them. A module calls it when it deletes
// the row a file was attached to.
func (s *Store) Delete(ctx context.Context, tx *db.Store, ids ...int64) error {
	shas, err := tx.DeleteFiles(ctx, ids...)
	if err != nil {
		return err
	}
	tx.AfterCommit(func() { s.removeUnreferenced(shas...) })
	return nil
}

// DeleteOwned deletes every file of owner in tx, attached or not, and their unshared blobs
// once tx has committed: what erasing a person's account (or their data) does with their
// uploads. Deleting the user row also deletes the rows (ON DELETE CASCADE); the cleanup job
// then removes the blobs within the hour — DeleteOwned removes them at once.
func (s *Store) DeleteOwned(ctx context.Context, tx *db.Store, owner int64) error {
	shas, err := tx.DeleteOwnedFiles(ctx, owner)
	if err != nil {
		return err
	}
	tx.AfterCommit(func() { s.removeUnreferenced(shas...) })
	return nil
}

// Owned lists owner's files, oldest first: what "download my data" includes.
func (s *Store) Owned(ctx context.Context, owner int64) ([]File, error) {
	return s.db.OwnedFiles(ctx, owner)
}

// removeUnreferenced removes each blob no row names and no Put is about to name. Failures are
// logged: the cleanup job tries again.
func (s *Store) removeUnreferenced(shas ...string) {
	ctx := context.Background()
	for _, sha := range shas {
		if !db.ValidSHA256(sha) {
			continue
		}
		s.mu.Lock()
		if s.inflight[sha] == 0 {
			used, err := s.db.FileBlobReferenced(ctx, sha)
			if err == nil && !used {
				err = os.Remove(db.BlobPath(s.dir, sha))
				if errors.Is(err, fs.ErrNotExist) {
					err = nil
				}
			}
			if err != nil {
				s.log.Warn("files: removing a blob failed", slog.String("error", err.Error()))
			}
		}
		s.mu.Unlock()
	}
}

// Jobs is the store's housekeeping, run hourly: see Cleanup.
func (s *Store) Jobs() []jobs.Job {
	return []jobs.Job{{Name: "files.cleanup", Every: time.Hour, Run: func(ctx context.Context, now time.Time) error {
		_, err := s.Cleanup(ctx, now)
		return err
	}}}
}

// CleanupReport says what Cleanup removed.
type CleanupReport struct {
	Unattached int // rows of files never attached
	Blobs      int // blobs no row named
	Temp       int // partial uploads
}

// Cleanup deletes files left unattached for UnattachedRetention before now, removes every
// blob no row names (left by those, by deleted accounts, or by a crash between a blob's
// rename and its row's commit) and partial uploads older than TempRetention.
func (s *Store) Cleanup(ctx context.Context, now time.Time) (CleanupReport, error) {
	var rep CleanupReport
	shas, err := s.db.DeleteUnattachedFiles(ctx, now.Add(-UnattachedRetention))
	if err != nil {
		return rep, err
	}
	rep.Unattached = len(shas)
	for i := range 256 {
		if err := ctx.Err(); err != nil {
			return rep, err
		}
		sub := filepath.Join(s.dir, fmt.Sprintf("%02x", i))
		entries, err := os.ReadDir(sub)
		if err != nil {
			return rep, fmt.Errorf("files: %w", err)
		}
		for _, e := range entries {
			if !db.ValidSHA256(e.Name()) {
				continue
			}
			if s.removeIfUnreferenced(ctx, e.Name()) {
				rep.Blobs++
			}
		}
	}
	tmps, err := os.ReadDir(filepath.Join(s.dir, "tmp"))
	if err != nil {
		return rep, fmt.Errorf("files: %w", err)
	}
	for _, e := range tmps {
		if fi, err := e.Info(); err == nil && now.Sub(fi.ModTime()) > TempRetention {
			if os.Remove(filepath.Join(s.dir, "tmp", e.Name())) == nil {
				rep.Temp++
			}
		}
	}
	return rep, nil
}

func (s *Store) removeIfUnreferenced(ctx context.Context, sha string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.inflight[sha] > 0 {
		return false
	}
	used, err := s.db.FileBlobReferenced(ctx, sha)
	if err != nil || used {
		return false
	}
	return os.Remove(db.BlobPath(s.dir, sha)) == nil
}

// maxName bounds a stored file name, in characters.
const maxName = 200

// CleanName makes an uploader's file name safe to store and show: the last element of any
// path (either slash), without control or invalid characters, trimmed of spaces and dots, at
// most 200 characters (the extension kept); "file" when nothing is left.
func CleanName(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	name = strings.ToValidUTF8(name, "")
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == utf8.RuneError || unicode.Is(unicode.Bidi_Control, r) {
			return -1
		}
		return r
	}, name)
	name = strings.Trim(name, " .")
	if utf8.RuneCountInString(name) > maxName {
		ext := filepath.Ext(name)
		if utf8.RuneCountInString(ext) > 16 {
			ext = ""
		}
		r := []rune(strings.TrimSuffix(name, ext))
		name = string(r[:maxName-utf8.RuneCountInString(ext)]) + ext
	}
	if name == "" {
		return "file"
	}
	return name
}

// DownloadName is the name a file is saved under: its cleaned name with the extension of its
// sniffed type (a PDF uploaded as cv.txt is saved as cv.pdf), so that the saved file opens
// as what it is.
func DownloadName(f File) string {
	info, ok := typeInfo[f.MediaType]
	if !ok {
		return f.Name
	}
	ext := strings.ToLower(filepath.Ext(f.Name))
	if ext == info.ext || (f.MediaType == JPEG && ext == ".jpeg") {
		return f.Name
	}
	base := f.Name
	if _, known := extTypes[ext]; known || ext == ".txt" {
		base = strings.TrimSuffix(f.Name, filepath.Ext(f.Name))
	}
	return base + info.ext
}

// extTypes are the extensions replaced (rather than kept before the right one) by DownloadName.
var extTypes = map[string]struct{}{".pdf": {}, ".doc": {}, ".docx": {}, ".png": {}, ".jpg": {}, ".jpeg": {},
	".webp": {}, ".gif": {}}

func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return fmt.Errorf("files: %w", err)
	}
	defer f.Close()
	if err := f.Sync(); err != nil {
		return fmt.Errorf("files: %w", err)
	}
	return nil
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return err
	}
	return nil
}

// Accepts tells whether the content of the stored file id would be accepted by p as an upload:
// its type sniffed again from the blob (never taken from the row or the name), its size within
// p.MaxBytes, not empty. It answers with Put's errors (*LimitError, *TypeError, ErrEmpty), so
// HTTPError words them as for an upload, and db.ErrNotFound when there is no such file. A
// module reusing a file someone already stored (Reuse) checks it with its own policy first.
func (s *Store) Accepts(ctx context.Context, id int64, p Policy) (File, error) {
	rc, f, err := s.Open(ctx, id)
	if err != nil {
		return File{}, err
	}
	defer rc.Close()
	if f.Size > p.MaxBytes {
		return File{}, &LimitError{Max: p.MaxBytes}
	}
	if f.Size == 0 {
		return File{}, ErrEmpty
	}
	var hd head
	if _, err := io.Copy(&hd, io.LimitReader(rc, HeadSize)); err != nil {
		return File{}, fmt.Errorf("files: %w", err)
	}
	ra, ok := rc.(io.ReaderAt)
	if !ok {
		return File{}, fmt.Errorf("files: the blob of file %d cannot be read at offsets", id)
	}
	mt := Sniff(hd.b[:hd.n], ra, f.Size)
	if mt == "" || !slices.Contains(p.Allowed, mt) {
		return File{}, &TypeError{Sniffed: mt, Allowed: p.Allowed}
	}
	f.MediaType = mt
	return f, nil
}

// Reuse records, in the module's transaction tx, a new row of owner for the content of src (a
// file Accepts returned): the same blob — no bytes copied; a blob is named by its SHA-256 and
// never changes — named name, under p.Purpose, attached at once. The new row is the module's
// own: renaming, trashing or deleting src later changes nothing in it, and the blob stays on
// disk while any row names it. db.ErrNotFound when src was deleted (or changed) meanwhile;
// since tx also holds the new row, a deletion of src that commits first is seen here, and one
// that commits after finds the new row naming the blob.
func (s *Store) Reuse(ctx context.Context, tx *db.Store, src File, name string, p Policy, owner int64) (File, error) {
	cur, err := tx.File(ctx, src.ID)
	if err != nil {
		return File{}, err
	}
	if cur.SHA256 != src.SHA256 || !db.ValidSHA256(cur.SHA256) {
		return File{}, db.ErrNotFound
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	f := File{SHA256: cur.SHA256, Size: cur.Size, MediaType: src.MediaType, Name: CleanName(name), Owner: owner,
		Purpose: p.Purpose, CreatedAt: now}
	if f.ID, err = tx.InsertFile(ctx, f); err != nil {
		return File{}, err
	}
	if err := tx.AttachFiles(ctx, owner, now, f.ID); err != nil {
		return File{}, err
	}
	f.AttachedAt = now
	return f, nil
}
