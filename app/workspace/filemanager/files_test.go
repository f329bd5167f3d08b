package filemanager_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/db"
)

// Spaces: one's own files are one's own; the organisation's are its staff's (owner and
// manager write, the counselor reads); nobody else sees either, by list, page or download.
func TestSpacesMustNotLeak(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	own := w.uploaded("owner1", "", "owner-private.pdf", pdf("OWNER-PRIVATE-BYTES", 2000))
	org := w.uploaded("manager1", "space=org", "org-plan.pdf", pdf("ORG-PLAN-BYTES", 2000))

	// The owner's own space has their file, and not the organisation's.
	r := w.must(200, "owner1", "GET", "/api/files", nil)
	if !strings.Contains(r.Raw, "owner-private.pdf") || strings.Contains(r.Raw, "org-plan.pdf") {
		t.Errorf("own list: %s", r.Raw)
	}
	// Every staff member sees the organisation's file; only the owner and the manager may change it.
	for _, who := range []string{"owner1", "manager1", "counselor1"} {
		r := w.must(200, who, "GET", "/api/files?space=org", nil)
		if !strings.Contains(r.Raw, "org-plan.pdf") || strings.Contains(r.Raw, "owner-private.pdf") {
			t.Errorf("%s: org list: %s", who, r.Raw)
		}
		if want := who != "counselor1"; strings.Contains(r.Raw, `"canWrite":true`) != want {
			t.Errorf("%s: canWrite should be %v: %s", who, want, r.Raw)
		}
		if d := w.call(who, "GET", item(org, "/download"), nil); d.Status != 200 || !strings.Contains(d.Raw, "ORG-PLAN-BYTES") {
			t.Errorf("%s: org download: %d", who, d.Status)
		}
	}
	if r := w.call("counselor1", "PATCH", item(org, ""), map[string]any{"name": "mine.pdf"}); r.Status != 403 || r.Str("code") != "files_read_only" {
		t.Errorf("a counselor renames the org's file: %d %s", r.Status, r.Raw)
	}
	if r := w.upload("counselor1", "space=org", "c.pdf", pdf("C", 100)); r.Status != 403 {
		t.Errorf("a counselor uploads into the org: %d %s", r.Status, r.Raw)
	}
	// Nobody else: not the manager in the owner's own space, not another organisation, not a stranger.
	for _, c := range []struct {
		who string
		id  int64
	}{{"manager1", own}, {"counselor1", own}, {"owner2", own}, {"owner2", org}, {"stranger", own}, {"stranger", org}, {"applicant", org}} {
		for _, path := range []string{item(c.id, ""), item(c.id, "/download"), item(c.id, "/preview")} {
			r := w.call(c.who, "GET", path, nil)
			if r.Status != 404 || strings.Contains(r.Raw, "PRIVATE-BYTES") || strings.Contains(r.Raw, "PLAN-BYTES") ||
				strings.Contains(r.Raw, "owner-private") || strings.Contains(r.Raw, "org-plan") {
				t.Errorf("%s GET %s: %d %.200s", c.who, path, r.Status, r.Raw)
			}
		}
		for _, m := range []struct{ method, path string }{{"PATCH", item(c.id, "")}, {"DELETE", item(c.id, "")},
			{"POST", item(c.id, "/shares")}, {"POST", item(c.id, "/attachment")}} {
			if r := w.call(c.who, m.method, m.path, map[string]any{"name": "x.pdf", "userId": w.ids[c.who]}); r.Status != 404 {
				t.Errorf("%s %s %s: %d %.200s", c.who, m.method, m.path, r.Status, r.Raw)
			}
		}
	}
	for _, who := range []string{"stranger", "applicant", "owner2"} {
		r := w.call(who, "GET", "/api/files?space=org", nil)
		if strings.Contains(r.Raw, "org-plan") {
			t.Errorf("%s sees org1's files: %s", who, r.Raw)
		}
	}
	if r := w.call("stranger", "GET", "/api/files?space=org", nil); r.Status != 403 || r.Str("code") != "files_no_org" {
		t.Errorf("no organisation: %d %s", r.Status, r.Raw)
	}
	// A folder of another space is not found either, and cannot be uploaded into.
	f := w.must(201, "owner1", "POST", "/api/files/folders", map[string]any{"space": "me", "name": "Private"})
	if r := w.call("stranger", "GET", fmt.Sprintf("/api/files?folder=%d", id(f)), nil); r.Status != 404 || strings.Contains(r.Raw, "Private") {
		t.Errorf("another's folder: %d %s", r.Status, r.Raw)
	}
	if r := w.upload("stranger", fmt.Sprintf("folder=%d", id(f)), "x.pdf", pdf("X", 100)); r.Status != 422 {
		t.Errorf("upload into another's folder: %d %s", r.Status, r.Raw)
	}
}

// Download and preview headers: attachment and nosniff to download; inline, framable by this
// site only, for the PDF and image preview; no preview of other types.
func TestDownloadAndPreviewHeaders(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	p := w.uploaded("owner1", "", "Гэрээ 2026.pdf", pdf("P", 500))
	d := w.must(200, "owner1", "GET", item(p, "/download"), nil)
	if cd := d.Header.Get("Content-Disposition"); !strings.HasPrefix(cd, "attachment;") || !strings.Contains(cd, "filename*=UTF-8''%D0%93") {
		t.Errorf("download disposition: %q", cd)
	}
	if d.Header.Get("X-Content-Type-Options") != "nosniff" || d.Header.Get("Content-Type") != "application/pdf" {
		t.Errorf("download headers: %v", d.Header)
	}
	v := w.must(200, "owner1", "GET", item(p, "/preview"), nil)
	h := v.Header
	if !strings.HasPrefix(h.Get("Content-Disposition"), "inline;") || h.Get("X-Frame-Options") != "SAMEORIGIN" ||
		!strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'self'") || h.Get("X-Content-Type-Options") != "nosniff" ||
		!strings.Contains(h.Get("Content-Security-Policy"), "default-src 'none'") {
		t.Errorf("preview headers: %v", h)
	}
	// Every other answer stays unframable.
	if l := w.must(200, "owner1", "GET", "/api/files", nil); l.Header.Get("X-Frame-Options") != "DENY" {
		t.Errorf("the list is framable: %v", l.Header)
	}
	img := w.uploaded("owner1", "", "photo.png", pngBytes(t))
	if v := w.must(200, "owner1", "GET", item(img, "/preview"), nil); !strings.Contains(v.Header.Get("Content-Security-Policy"), "sandbox") {
		t.Errorf("image preview: %v", v.Header)
	}
	if r := w.must(200, "owner1", "GET", item(img, ""), nil); r.Str("file", "preview") != "image" {
		t.Errorf("detail: %s", r.Raw)
	}
}

// Bad input: a refused type (by content, whatever its name), a name with a slash, a folder
// moved into itself, a bad space, each refused in the person's language, nothing saved.
func TestBadInput(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	before := w.count(`SELECT count(*) FROM files`)
	r := w.upload("owner1", "", "cv.pdf", []byte("MZ\x90\x00 this is a program, not a PDF"), "Accept-Language", "mn")
	if r.Status != 415 || !strings.Contains(r.Raw, "хавсаргах боломжгүй") && !strings.Contains(r.Raw, "PDF") {
		t.Errorf("an exe named .pdf: %d %s", r.Status, r.Raw)
	}
	if r := w.upload("owner1", "", "empty.pdf", nil); r.Status != 422 {
		t.Errorf("empty: %d %s", r.Status, r.Raw)
	}
	if n := w.count(`SELECT count(*) FROM files`); n != before {
		t.Errorf("refused uploads left %d rows", n-before)
	}
	a := w.must(201, "owner1", "POST", "/api/files/folders", map[string]any{"space": "me", "name": "A"})
	b := w.must(201, "owner1", "POST", "/api/files/folders", map[string]any{"space": "me", "name": "B", "parentId": id(a)})
	for _, c := range []struct {
		method, path string
		body         any
		status       int
		field        string
	}{
		{"POST", "/api/files/folders", map[string]any{"space": "me", "name": "a/b"}, 422, "name"},
		{"POST", "/api/files/folders", map[string]any{"space": "me", "name": "  "}, 422, "name"},
		{"POST", "/api/files/folders", map[string]any{"space": "me", "name": "a"}, 422, "name"}, // taken (any case)
		{"POST", "/api/files/folders", map[string]any{"space": "mars", "name": "x"}, 422, "space"},
		{"POST", "/api/files/folders", map[string]any{"space": "me", "name": "x", "parentId": 999999}, 422, "parentId"},
		{"PATCH", fmt.Sprintf("/api/files/folders/%d", id(a)), map[string]any{"folderId": id(b)}, 422, "folderId"},
		{"PATCH", fmt.Sprintf("/api/files/folders/%d", id(a)), map[string]any{"folderId": id(a)}, 422, "folderId"},
		{"POST", "/api/files/folders", map[string]any{"space": "me", "name": strings.Repeat("я", 201)}, 422, "name"},
	} {
		r := w.call("owner1", c.method, c.path, c.body, "Accept-Language", "mn")
		if r.Status != c.status || !strings.Contains(r.Raw, `"`+c.field+`"`) {
			t.Errorf("%s %s %v: %d %s", c.method, c.path, c.body, r.Status, r.Raw)
		}
	}
	if r := w.call("owner1", "GET", "/api/files?folder=abc", nil); r.Status != 422 {
		t.Errorf("folder=abc: %d %s", r.Status, r.Raw)
	}
	// Not a multipart body: 415, no 500.
	if r := w.call("owner1", "POST", "/api/files/upload", map[string]any{"file": "x"}); r.Status != 415 {
		t.Errorf("json upload: %d %s", r.Status, r.Raw)
	}
}

// Quota: an upload over the space's room is refused with the localized message and leaves
// nothing (no row, no blob, no temporary file); the listing shows used/free.
func TestQuota(t *testing.T) {
	t.Parallel()
	w := newWorld(t, func(c *app.Config) { c.FileQuotaPerson = 10_000; c.FileQuotaOrg = 20_000 })
	w.uploaded("applicant", "", "one.pdf", pdf("ONE", 6000))
	r := w.must(200, "applicant", "GET", "/api/files", nil)
	if !strings.Contains(r.Raw, `"limit":10000`) || !strings.Contains(r.Raw, `"free":3`) {
		t.Errorf("quota: %s", r.Raw)
	}
	rowsBefore := w.count(`SELECT count(*) FROM files`)
	for _, lang := range []string{"en", "mn"} {
		r := w.upload("applicant", "", "two.pdf", pdf("TWO", 6000), "Accept-Language", lang)
		want := map[string]string{"en": "not enough room", "mn": "хангалттай зай алга"}[lang]
		if r.Status != 413 || r.Str("code") != "quota" || !strings.Contains(r.Raw, want) {
			t.Errorf("%s: over quota: %d %s", lang, r.Status, r.Raw)
		}
	}
	if n := w.count(`SELECT count(*) FROM files`); n != rowsBefore {
		t.Errorf("the refused upload left %d rows", n-rowsBefore)
	}
	tmp, _ := os.ReadDir(db.FilesDir(w.s.Store().Path()) + "/tmp")
	if len(tmp) != 0 {
		t.Errorf("temporary files left: %d", len(tmp))
	}
	if r := w.must(200, "applicant", "GET", "/api/files", nil); strings.Contains(r.Raw, "two.pdf") {
		t.Errorf("the refused file is listed: %s", r.Raw)
	}
	// The trash counts until it is emptied; deleting for good frees the room.
	one := int64(w.must(200, "applicant", "GET", "/api/files", nil).Body["files"].([]any)[0].(map[string]any)["id"].(float64))
	w.must(200, "applicant", "DELETE", item(one, ""), nil)
	if r := w.upload("applicant", "", "two.pdf", pdf("TWO", 6000)); r.Status != 413 {
		t.Errorf("the trash should still count: %d", r.Status)
	}
	w.must(204, "applicant", "POST", item(one, "/purge"), nil)
	w.uploaded("applicant", "", "two.pdf", pdf("TWO", 6000))
	// The organisation has its own, larger room.
	w.uploaded("owner1", "space=org", "org.pdf", pdf("ORG", 15000))
}

// Trash: a folder goes with what is in it, comes back whole, and is purged for good 30 days
// after it was trashed (the injected clock), its blob with it; the file is no longer served.
func TestTrashExpiry(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	f := w.must(201, "owner1", "POST", "/api/files/folders", map[string]any{"space": "me", "name": "Old"})
	sub := w.must(201, "owner1", "POST", "/api/files/folders", map[string]any{"space": "me", "name": "Sub", "parentId": id(f)})
	file := w.uploaded("owner1", fmt.Sprintf("folder=%d", id(sub)), "inside.pdf", pdf("INSIDE-BYTES", 900))
	w.must(200, "owner1", "DELETE", fmt.Sprintf("/api/files/folders/%d", id(f)), nil)
	tr := w.must(200, "owner1", "GET", "/api/files/trash", nil)
	if !strings.Contains(tr.Raw, `"name":"Old"`) || strings.Contains(tr.Raw, "inside.pdf") || strings.Contains(tr.Raw, `"Sub"`) {
		t.Errorf("the trash lists what was trashed itself only: %s", tr.Raw)
	}
	if r := w.must(200, "owner1", "GET", "/api/files", nil); strings.Contains(r.Raw, "Old") {
		t.Errorf("a trashed folder is listed: %s", r.Raw)
	}
	if r := w.call("owner1", "PATCH", item(file, ""), map[string]any{"name": "x.pdf"}); r.Status != 409 {
		t.Errorf("renaming a trashed file: %d", r.Status)
	}
	w.must(200, "owner1", "POST", fmt.Sprintf("/api/files/folders/%d/restore", id(f)), nil)
	if r := w.must(200, "owner1", "GET", fmt.Sprintf("/api/files?folder=%d", id(sub)), nil); !strings.Contains(r.Raw, "inside.pdf") {
		t.Errorf("restored with its content: %s", r.Raw)
	}
	// Trashed again; 29 days later it is still restorable, after 30 it is gone for good.
	w.must(200, "owner1", "DELETE", fmt.Sprintf("/api/files/folders/%d", id(f)), nil)
	job, ok := w.s.Jobs().Job("filemanager.purge")
	if !ok {
		t.Fatal("no purge job")
	}
	var sha string
	if err := w.s.Store().Read.QueryRow(`SELECT f.sha256 FROM files f JOIN workspace_files w ON w.file_id = f.id WHERE w.id = ?`, file).Scan(&sha); err != nil {
		t.Fatal(err)
	}
	blob := db.BlobPath(db.FilesDir(w.s.Store().Path()), sha)
	if err := job.Run(ctx, w.clock.Now().Add(29*24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if r := w.must(200, "owner1", "GET", "/api/files/trash", nil); !strings.Contains(r.Raw, "Old") {
		t.Errorf("purged too early: %s", r.Raw)
	}
	if err := job.Run(ctx, w.clock.Now().Add(30*24*time.Hour+time.Minute)); err != nil {
		t.Fatal(err)
	}
	if r := w.must(200, "owner1", "GET", "/api/files/trash", nil); strings.Contains(r.Raw, "Old") {
		t.Errorf("not purged after 30 days: %s", r.Raw)
	}
	for _, path := range []string{item(file, ""), item(file, "/download")} {
		if r := w.call("owner1", "GET", path, nil); r.Status != 404 || strings.Contains(r.Raw, "INSIDE-BYTES") {
			t.Errorf("after the purge %s: %d", path, r.Status)
		}
	}
	if n := w.count(`SELECT count(*) FROM workspace_folders WHERE owner_user_id = ?`, w.ids["owner1"]); n != 0 {
		t.Errorf("%d folders left", n)
	}
	if _, err := os.Stat(blob); !os.IsNotExist(err) {
		t.Errorf("the blob is still on disk: %v", err)
	}
}

// Sharing: only with people one may talk to; the recipient sees the file under Shared with me
// and downloads it; not after unsharing, not while it is in the trash, not after the purge.
func TestSharing(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	f := w.uploaded("owner1", "", "brief.pdf", pdf("BRIEF-BYTES", 700))
	// A stranger, an unknown account and oneself: the same refusal.
	for _, to := range []int64{w.ids["stranger"], w.ids["owner2"], 999999, w.ids["owner1"]} {
		r := w.call("owner1", "POST", item(f, "/shares"), map[string]any{"userId": to})
		if r.Status != 403 || r.Str("code") != "files_share_not_allowed" {
			t.Errorf("share with %d: %d %s", to, r.Status, r.Raw)
		}
	}
	// Contacts offer the people one may share with, never a stranger.
	c := w.must(200, "owner1", "GET", "/api/files/contacts", nil)
	if !strings.Contains(c.Raw, "Counselor1") || !strings.Contains(c.Raw, "Applicant") || strings.Contains(c.Raw, "Stranger") {
		t.Errorf("contacts: %s", c.Raw)
	}
	// A colleague and an applicant to the organisation.
	for _, to := range []string{"counselor1", "applicant"} {
		r := w.must(200, "owner1", "POST", item(f, "/shares"), map[string]any{"userId": w.ids[to]})
		if !strings.Contains(r.Raw, strings.ToUpper(to[:1])+to[1:]) {
			t.Errorf("shares: %s", r.Raw)
		}
	}
	sh := w.must(200, "applicant", "GET", "/api/files/shared", nil)
	if !strings.Contains(sh.Raw, "brief.pdf") || !strings.Contains(sh.Raw, `"sharedBy":"Owner1 Test"`) {
		t.Errorf("shared with me: %s", sh.Raw)
	}
	if d := w.call("applicant", "GET", item(f, "/download"), nil); d.Status != 200 || !strings.Contains(d.Raw, "BRIEF-BYTES") {
		t.Errorf("the recipient's download: %d", d.Status)
	}
	// The recipient only reads: no rename, no trash, no reshare; and does not see who else has it.
	if r := w.call("applicant", "PATCH", item(f, ""), map[string]any{"name": "mine.pdf"}); r.Status != 403 {
		t.Errorf("recipient renames: %d", r.Status)
	}
	if r := w.must(200, "applicant", "GET", item(f, ""), nil); strings.Contains(r.Raw, "Counselor1") {
		t.Errorf("the recipient sees the other recipients: %s", r.Raw)
	}
	if r := w.call("stranger", "GET", "/api/files/shared", nil); strings.Contains(r.Raw, "brief.pdf") {
		t.Errorf("a stranger's shared list: %s", r.Raw)
	}
	// Unshared: gone for the applicant, still there for the counselor.
	w.must(200, "owner1", "DELETE", item(f, fmt.Sprintf("/shares/%d", w.ids["applicant"])), nil)
	if r := w.must(200, "applicant", "GET", "/api/files/shared", nil); strings.Contains(r.Raw, "brief.pdf") {
		t.Errorf("after unsharing: %s", r.Raw)
	}
	for _, path := range []string{item(f, ""), item(f, "/download"), item(f, "/preview")} {
		if r := w.call("applicant", "GET", path, nil); r.Status != 404 || strings.Contains(r.Raw, "BRIEF-BYTES") {
			t.Errorf("after unsharing %s: %d", path, r.Status)
		}
	}
	// In the trash: hidden from the counselor; back when restored; purged: gone for good.
	w.must(200, "owner1", "DELETE", item(f, ""), nil)
	if r := w.must(200, "counselor1", "GET", "/api/files/shared", nil); strings.Contains(r.Raw, "brief.pdf") {
		t.Errorf("a trashed file is still shared: %s", r.Raw)
	}
	if r := w.call("counselor1", "GET", item(f, "/download"), nil); r.Status != 404 {
		t.Errorf("a trashed file downloads: %d", r.Status)
	}
	w.must(200, "owner1", "POST", item(f, "/restore"), nil)
	w.must(200, "counselor1", "GET", item(f, "/download"), nil)
	w.must(200, "owner1", "DELETE", item(f, ""), nil)
	w.must(204, "owner1", "POST", item(f, "/purge"), nil)
	for _, path := range []string{"/api/files/shared", item(f, ""), item(f, "/download")} {
		if r := w.call("counselor1", "GET", path, nil); strings.Contains(r.Raw, "brief.pdf") || strings.Contains(r.Raw, "BRIEF-BYTES") {
			t.Errorf("after the purge %s: %d %s", path, r.Status, r.Raw)
		}
	}
}

// Rename and move: files and folders within their space; a file into another space's folder is refused.
func TestRenameAndMove(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := id(w.must(201, "owner1", "POST", "/api/files/folders", map[string]any{"space": "me", "name": "Contracts"}))
	f := w.uploaded("owner1", "", "draft.pdf", pdf("D", 300))
	r := w.must(200, "owner1", "PATCH", item(f, ""), map[string]any{"name": "Гэрээ.pdf", "folderId": a})
	if r.Str("name") != "Гэрээ.pdf" || int64(r.Body["folderId"].(float64)) != a {
		t.Errorf("rename and move: %s", r.Raw)
	}
	if l := w.must(200, "owner1", "GET", fmt.Sprintf("/api/files?folder=%d", a), nil); !strings.Contains(l.Raw, "Гэрээ.pdf") ||
		!strings.Contains(l.Raw, `"path":[{"id":`) {
		t.Errorf("folder listing: %s", l.Raw)
	}
	orgFolder := id(w.must(201, "owner1", "POST", "/api/files/folders", map[string]any{"space": "org", "name": "Shared"}))
	if r := w.call("owner1", "PATCH", item(f, ""), map[string]any{"folderId": orgFolder}); r.Status != 422 {
		t.Errorf("moving into another space: %d %s", r.Status, r.Raw)
	}
	w.must(200, "owner1", "PATCH", fmt.Sprintf("/api/files/folders/%d", a), map[string]any{"name": "Гэрээнүүд"})
	if d := w.must(200, "owner1", "GET", item(f, "/download"), nil); !strings.Contains(d.Header.Get("Content-Disposition"), "filename*=UTF-8''%D0%93") {
		t.Errorf("download under the new name: %v", d.Header)
	}
}

// The chat hook: a copy of a file (the same blob) that the chat accepts as a message's file.
func TestAttachToChat(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	f := w.uploaded("owner1", "space=org", "offer.pdf", pdf("OFFER", 400))
	cp := w.must(201, "owner1", "POST", item(f, "/attachment"), nil)
	// Writing to people waits for a verified national ID (the chat's rule).
	for _, name := range []string{"owner1", "manager1"} {
		if err := w.s.Store().SaveIDVerification(context.Background(), db.IDVerification{UserID: w.ids[name], Status: "verified",
			Surname: "Test", GivenName: name, DateOfBirth: "1999-01-01", IDNumberEnc: []byte("x"), IDNumberMask: "УБ******01",
			UpdatedAt: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	conv := w.call("owner1", "POST", "/api/chat/conversations", map[string]any{"userIds": []int64{w.ids["applicant"]}})
	if conv.Status != 201 {
		t.Fatalf("conversation: %d %s", conv.Status, conv.Raw)
	}
	msg := w.must(201, "owner1", "POST", fmt.Sprintf("/api/chat/conversations/%d/messages", id(conv)),
		map[string]any{"clientId": "file-manager-01", "fileId": cp.Body["fileId"]})
	if d := w.call("applicant", "GET", fmt.Sprintf("/api/chat/messages/%d/attachment", id(msg)), nil); d.Status != 200 || !strings.Contains(d.Raw, "OFFER") {
		t.Errorf("the chat attachment: %d", d.Status)
	}
	// Another person cannot use the copy.
	cp2 := w.must(201, "owner1", "POST", item(f, "/attachment"), nil)
	conv2 := w.call("manager1", "POST", "/api/chat/conversations", map[string]any{"userIds": []int64{w.ids["applicant"]}})
	if r := w.call("manager1", "POST", fmt.Sprintf("/api/chat/conversations/%d/messages", id(conv2)),
		map[string]any{"clientId": "file-manager-02", "fileId": cp2.Body["fileId"]}); r.Status != 422 {
		t.Errorf("someone else's copy: %d %s", r.Status, r.Raw)
	}
}

// Download my data lists the person's own files and folders (not the organisation's);
// erasing the account removes them and their bytes, and leaves the organisation's files.
func TestUserData(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.must(201, "manager1", "POST", "/api/files/folders", map[string]any{"space": "me", "name": "Мои"})
	own := w.uploaded("manager1", "", "own-cv.pdf", pdf("OWN", 300))
	org := w.uploaded("manager1", "space=org", "org-doc.pdf", pdf("ORGDOC", 300))
	exp := w.must(200, "manager1", "GET", "/api/account/export", nil)
	if !strings.Contains(exp.Raw, `"sharedByMe"`) || !strings.Contains(exp.Raw, "own-cv.pdf") || !strings.Contains(exp.Raw, "Мои") {
		t.Errorf("export: %.800s", exp.Raw)
	}
	w.must(204, "manager1", "DELETE", "/api/account", map[string]any{"password": apitest.Password})
	if n := w.count(`SELECT count(*) FROM workspace_files WHERE id = ?`, own); n != 0 {
		t.Error("the person's file survived their account")
	}
	if r := w.must(200, "owner1", "GET", item(org, "/download"), nil); !strings.Contains(r.Raw, "ORGDOC") {
		t.Error("the organisation's file went with its uploader")
	}
}

// Two uploads at once for the last room: the quota is checked again in the transaction that
// records each, so exactly one is kept and the other leaves nothing.
func TestQuotaRace(t *testing.T) {
	t.Parallel()
	w := newWorld(t, func(c *app.Config) { c.FileQuotaPerson = 10_000 })
	w.as("applicant")
	statuses := make(chan int, 2)
	for i := range 2 {
		go func() {
			statuses <- w.upload("applicant", "", fmt.Sprintf("race-%d.pdf", i), pdf(fmt.Sprintf("RACE-%d", i), 6000)).Status
		}()
	}
	got := map[int]int{}
	for range 2 {
		got[<-statuses]++
	}
	if got[201] != 1 || got[413] != 1 {
		t.Errorf("two uploads for the last room: %v", got)
	}
	if n := w.count(`SELECT count(*) FROM files WHERE owner_user_id = ?`, w.ids["applicant"]); n != 1 {
		t.Errorf("%d files kept", n)
	}
}

// A block withdraws the shares between the two people, both ways, in the block's transaction:
// gone from Shared with me, 404 to open, and nothing comes back when the block is lifted
// (the owner shares again if they want to). A share a third colleague made stays.
func TestBlockWithdrawsShares(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	mine := w.uploaded("owner1", "", "owner-brief.pdf", pdf("OWNER-BYTES", 600))
	theirs := w.uploaded("applicant", "", "applicant-cv.pdf", pdf("APPLICANT-BYTES", 600))
	orgFile := w.uploaded("manager1", "space=org", "org-guide.pdf", pdf("ORG-BYTES", 600))
	share := func(by string, f int64, to string) apitest.Reply {
		return w.call(by, "POST", item(f, "/shares"), map[string]any{"userId": w.ids[to]})
	}
	shareAll := func() {
		t.Helper()
		for _, s := range []struct {
			by string
			f  int64
			to string
		}{{"owner1", mine, "applicant"}, {"applicant", theirs, "owner1"}, {"owner1", mine, "counselor1"}, {"manager1", orgFile, "applicant"}} {
			apitest.MustStatus(t, share(s.by, s.f, s.to), 200)
		}
	}
	gone := func(who string, f int64, name, marker string) {
		t.Helper()
		if r := w.must(200, who, "GET", "/api/files/shared", nil); strings.Contains(r.Raw, name) {
			t.Errorf("%s still has %s under Shared with me: %s", who, name, r.Raw)
		}
		for _, path := range []string{item(f, ""), item(f, "/download"), item(f, "/preview")} {
			if r := w.call(who, "GET", path, nil); r.Status != 404 || strings.Contains(r.Raw, marker) || strings.Contains(r.Raw, name) {
				t.Errorf("%s opens %s after the block: %d %.200s", who, path, r.Status, r.Raw)
			}
		}
	}
	kept := func(who string, f int64, name string) {
		t.Helper()
		if r := w.must(200, who, "GET", "/api/files/shared", nil); !strings.Contains(r.Raw, name) {
			t.Errorf("%s lost %s: %s", who, name, r.Raw)
		}
		w.must(200, who, "GET", item(f, "/download"), nil)
	}
	shareAll()
	for _, c := range []struct{ blocker, blocked string }{{"applicant", "owner1"}, {"owner1", "applicant"}} {
		w.must(204, c.blocker, "PUT", fmt.Sprintf("/api/me/blocks/%d", w.ids[c.blocked]), struct{}{})
		gone("applicant", mine, "owner-brief.pdf", "OWNER-BYTES")
		gone("owner1", theirs, "applicant-cv.pdf", "APPLICANT-BYTES")
		kept("counselor1", mine, "owner-brief.pdf")
		kept("applicant", orgFile, "org-guide.pdf")
		// The owner's list of shares says so too; sharing again is refused while blocked.
		if r := w.must(200, "owner1", "GET", item(mine, ""), nil); strings.Contains(r.Raw, "Applicant") {
			t.Errorf("the owner still lists the blocked person: %s", r.Raw)
		}
		for _, s := range []struct {
			by string
			f  int64
			to string
		}{{"owner1", mine, "applicant"}, {"applicant", theirs, "owner1"}} {
			if r := share(s.by, s.f, s.to); r.Status != 403 || r.Str("code") != "files_share_not_allowed" {
				t.Errorf("%s shares while blocked: %d %s", s.by, r.Status, r.Raw)
			}
		}
		// Lifted: nothing comes back by itself; sharing again works.
		w.must(204, c.blocker, "DELETE", fmt.Sprintf("/api/me/blocks/%d", w.ids[c.blocked]), nil)
		gone("applicant", mine, "owner-brief.pdf", "OWNER-BYTES")
		gone("owner1", theirs, "applicant-cv.pdf", "APPLICANT-BYTES")
		shareAll()
		kept("applicant", mine, "owner-brief.pdf")
		kept("owner1", theirs, "applicant-cv.pdf")
	}
	// A share racing a block (MayTalk checked before the block committed) is refused in its transaction.
	ctx := context.Background()
	if err := w.s.Store().Block(ctx, w.ids["counselor1"], w.ids["owner1"], w.clock.Now()); err != nil {
		t.Fatal(err)
	}
	if err := w.s.Store().ShareWsFile(ctx, mine, w.ids["counselor1"], w.ids["owner1"], w.clock.Now()); !errors.Is(err, db.ErrWsBlocked) {
		t.Errorf("a share after a block: %v", err)
	}
}
