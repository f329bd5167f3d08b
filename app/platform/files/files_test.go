package files

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gerege/db"
	"gerege/db/dbtest"
)

var t0 = time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)

// clock is an injected clock tests move by hand.
type clock struct{ ns atomic.Int64 }

func newClock() *clock               { c := &clock{}; c.ns.Store(t0.UnixNano()); return c }
func (c *clock) Now() time.Time      { return time.Unix(0, c.ns.Load()).UTC() }
func (c *clock) Add(d time.Duration) { c.ns.Add(int64(d)) }

func newStore(t testing.TB) (*Store, *db.Store, *clock) {
	t.Helper()
	d := dbtest.Open(t)
	c := newClock()
	s, err := New(d, c.Now, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s, d, c
}

var userSeq atomic.Int64

func newUser(t testing.TB, d *db.Store) int64 {
	t.Helper()
	u, err := d.CreateUser(context.Background(), db.NewUser{Email: fmt.Sprintf("u%d@example.mn", userSeq.Add(1)),
		PasswordHash: "x", FirstName: "A", LastName: "B", AccountType: "individual", Language: "en"}, t0)
	if err != nil {
		t.Fatal(err)
	}
	return u.ID
}

func blobs(t testing.TB, s *Store) []string {
	t.Helper()
	var out []string
	for i := range 256 {
		es, err := os.ReadDir(filepath.Join(s.Dir(), fmt.Sprintf("%02x", i)))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range es {
			out = append(out, e.Name())
		}
	}
	return out
}

func read(t testing.TB, s *Store, id int64) []byte {
	t.Helper()
	rc, _, err := s.Open(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	b, err := io.ReadAll(rc)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestPutByContent: the type is the content's, whatever the name says.
func TestPutByContent(t *testing.T) {
	t.Parallel()
	s, d, _ := newStore(t)
	ctx := context.Background()
	owner := newUser(t, d)
	exe := append([]byte("MZ\x90\x00"), make([]byte, 4000)...)
	cases := []struct {
		name    string
		data    []byte
		want    string // media type, "" for refused
		dlName  string
		storeAs string
	}{
		{"cv.txt", pdfFile(10), PDF, "cv.pdf", "cv.txt"},
		{"cv.pdf", exe, "", "", ""},
		{"letter.docx", docxFile(), DOCX, "letter.docx", "letter.docx"},
		{"old.doc", oleFile("WordDocument", 1), DOC, "old.doc", "old.doc"},
		{"sheet.xls.doc", oleFile("Workbook", 1), "", "", ""},
		{"scan.JPEG", jpegFile(), JPEG, "scan.JPEG", "scan.JPEG"},
		{"../../etc/passwd.png", pngFile(), PNG, "passwd.png", "passwd.png"},
		{"pic.gif", gifFile(), "", "", ""}, // an image, but not one Documents accepts
		{"Миний CV\x00.html", pdfFile(0), PDF, "Миний CV.html.pdf", "Миний CV.html"},
	}
	for _, c := range cases {
		f, err := s.Put(ctx, bytes.NewReader(c.data), c.name, Documents, owner)
		if c.want == "" {
			var te *TypeError
			if !errors.As(err, &te) {
				t.Errorf("%s: err = %v, want a TypeError", c.name, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if f.MediaType != c.want || f.Name != c.storeAs || DownloadName(f) != c.dlName || f.Size != int64(len(c.data)) {
			t.Errorf("%s: got %q %q %q %d", c.name, f.MediaType, f.Name, DownloadName(f), f.Size)
		}
		if got := read(t, s, f.ID); !bytes.Equal(got, c.data) {
			t.Errorf("%s: content differs", c.name)
		}
		g, err := s.Get(ctx, f.ID)
		if err != nil || g != f {
			t.Errorf("%s: Get = %+v, %v; want %+v", c.name, g, err, f)
		}
	}
	if _, err := s.Put(ctx, strings.NewReader(""), "empty.pdf", Documents, owner); !errors.Is(err, ErrEmpty) {
		t.Errorf("empty: %v", err)
	}
	// Nothing refused left a blob or a temporary file behind.
	if n := len(blobs(t, s)); n != 6 {
		t.Errorf("%d blobs, want 6", n)
	}
	if es, _ := os.ReadDir(filepath.Join(s.Dir(), "tmp")); len(es) != 0 {
		t.Errorf("temporary files left: %d", len(es))
	}
}

// TestPutLimit: exactly MaxBytes is accepted, one byte more is refused.
func TestPutLimit(t *testing.T) {
	t.Parallel()
	s, _, _ := newStore(t)
	ctx := context.Background()
	p := Policy{Purpose: "test", MaxBytes: 4096, Allowed: []string{PDF}}
	at := pdfFile(0)
	at = append(at, bytes.Repeat([]byte{'\n'}, 4096-len(at))...)
	if f, err := s.Put(ctx, bytes.NewReader(at), "a.pdf", p, 0); err != nil || f.Size != 4096 {
		t.Fatalf("at the limit: %+v, %v", f, err)
	}
	var le *LimitError
	if _, err := s.Put(ctx, bytes.NewReader(append(at, '\n')), "a.pdf", p, 0); !errors.As(err, &le) || le.Max != 4096 {
		t.Fatalf("over the limit: %v", err)
	}
	// The reader was not read to its end: Put stops at MaxBytes+1.
	r := &countingReader{r: io.MultiReader(bytes.NewReader(at), infinite{})}
	if _, err := s.Put(ctx, r, "a.pdf", p, 0); !errors.As(err, &le) {
		t.Fatalf("endless: %v", err)
	}
	if r.n != 4097 {
		t.Errorf("read %d bytes of an endless upload, want 4097", r.n)
	}
}

type infinite struct{}

func (infinite) Read(p []byte) (int, error) { clear(p); return len(p), nil }

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// TestPutStreams: a 50 MB upload is never held in memory — Put allocates a small, fixed
// amount whatever the size.
func TestPutStreams(t *testing.T) {
	// Not parallel: TotalAlloc counts every goroutine's allocations.
	if testing.Short() {
		t.Skip("writes 50 MB")
	}
	s, _, _ := newStore(t)
	ctx := context.Background()
	const size = 50 << 20
	p := Policy{Purpose: "test", MaxBytes: size, Allowed: []string{PDF}}
	put := func() {
		r := io.MultiReader(bytes.NewReader(pdfFile(0)), io.LimitReader(infinite{}, size-int64(len(pdfFile(0)))))
		if _, err := s.Put(ctx, r, "big.pdf", p, 0); err != nil {
			t.Fatal(err)
		}
	}
	put() // warm up (the statement cache, the buffer pool)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	put()
	runtime.ReadMemStats(&after)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
		t.Errorf("a 50 MB Put allocated %d bytes; want under 1 MB", alloc)
	} else {
		t.Logf("a 50 MB Put allocated %d bytes", alloc)
	}
}

// TestDedup: the same content twice is two rows and one blob; the blob goes with the last row.
func TestDedup(t *testing.T) {
	t.Parallel()
	s, d, _ := newStore(t)
	ctx := context.Background()
	a, err := s.Put(ctx, bytes.NewReader(pdfFile(5)), "a.pdf", Documents, 0)
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.Put(ctx, bytes.NewReader(pdfFile(5)), "b.pdf", Documents, 0)
	if err != nil {
		t.Fatal(err)
	}
	if a.ID == b.ID || a.SHA256 != b.SHA256 || b.Name != "b.pdf" {
		t.Fatalf("a %+v b %+v", a, b)
	}
	if n := len(blobs(t, s)); n != 1 {
		t.Fatalf("%d blobs, want 1", n)
	}
	del := func(id int64) {
		if err := d.InTx(ctx, func(tx *db.Store) error { return s.Delete(ctx, tx, id) }); err != nil {
			t.Fatal(err)
		}
	}
	del(a.ID)
	if got := read(t, s, b.ID); !bytes.Equal(got, pdfFile(5)) {
		t.Fatal("the shared blob went with the first row")
	}
	del(b.ID)
	if n := len(blobs(t, s)); n != 0 {
		t.Fatalf("%d blobs after both rows went", n)
	}
	if _, _, err := s.Open(ctx, b.ID); !errors.Is(err, db.ErrNotFound) {
		t.Fatalf("Open of a deleted file: %v", err)
	}
}

// TestConcurrentPuts: many Puts of the same content at once all succeed and share one blob,
// while deletions of other rows of that content run beside them.
func TestConcurrentPuts(t *testing.T) {
	t.Parallel()
	s, d, _ := newStore(t)
	ctx := context.Background()
	content := pdfFile(100)
	var wg sync.WaitGroup
	ids := make([]int64, 16)
	errs := make([]error, 16)
	for i := range ids {
		wg.Go(func() {
			f, err := s.Put(ctx, bytes.NewReader(content), "same.pdf", Documents, 0)
			ids[i], errs[i] = f.ID, err
			if err == nil && i%2 == 1 { // half are deleted at once, racing the others' Puts
				errs[i] = d.InTx(ctx, func(tx *db.Store) error { return s.Delete(ctx, tx, f.ID) })
			}
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
		if i%2 == 0 && !bytes.Equal(read(t, s, ids[i]), content) {
			t.Fatal("content differs")
		}
	}
	if n := len(blobs(t, s)); n != 1 {
		t.Fatalf("%d blobs, want 1", n)
	}
}

// TestAttach: only the owner's unattached files, all or none, and only if the module's
// transaction commits.
func TestAttach(t *testing.T) {
	t.Parallel()
	s, d, c := newStore(t)
	ctx := context.Background()
	alice, bob := newUser(t, d), newUser(t, d)
	f1, _ := s.Put(ctx, bytes.NewReader(pdfFile(1)), "1.pdf", Documents, alice)
	f2, _ := s.Put(ctx, bytes.NewReader(pdfFile(2)), "2.pdf", Documents, alice)
	attach := func(owner int64, ids ...int64) error {
		return d.InTx(ctx, func(tx *db.Store) error { return s.Attach(ctx, tx, owner, ids...) })
	}
	if err := attach(bob, f1.ID); !errors.Is(err, db.ErrNotFound) {
		t.Fatalf("bob attached alice's file: %v", err)
	}
	// A module whose own write fails after attaching: the attachment is rolled back too.
	boom := errors.New("boom")
	if err := d.InTx(ctx, func(tx *db.Store) error {
		if err := s.Attach(ctx, tx, alice, f1.ID); err != nil {
			return err
		}
		return boom
	}); !errors.Is(err, boom) {
		t.Fatal(err)
	}
	if g, _ := s.Get(ctx, f1.ID); !g.AttachedAt.IsZero() {
		t.Fatal("attached although the transaction rolled back")
	}
	if err := attach(alice, f1.ID, 999999); !errors.Is(err, db.ErrNotFound) {
		t.Fatalf("a missing id: %v", err)
	}
	if g, _ := s.Get(ctx, f1.ID); !g.AttachedAt.IsZero() {
		t.Fatal("half attached")
	}
	c.Add(time.Minute)
	if err := attach(alice, f1.ID, f2.ID); err != nil {
		t.Fatal(err)
	}
	if g, _ := s.Get(ctx, f2.ID); !g.AttachedAt.Equal(t0.Add(time.Minute)) {
		t.Fatalf("attached at %v", g.AttachedAt)
	}
	if err := attach(alice, f1.ID); !errors.Is(err, db.ErrNotFound) {
		t.Fatalf("attached twice: %v", err)
	}
}

// TestCleanup: unattached files go a day after upload (with their blobs unless shared with an
// attached file), stray blobs and old partial uploads go, attached files stay.
func TestCleanup(t *testing.T) {
	t.Parallel()
	s, d, c := newStore(t)
	ctx := context.Background()
	owner := newUser(t, d)
	kept, _ := s.Put(ctx, bytes.NewReader(pdfFile(1)), "kept.pdf", Documents, owner)
	if err := d.InTx(ctx, func(tx *db.Store) error { return s.Attach(ctx, tx, owner, kept.ID) }); err != nil {
		t.Fatal(err)
	}
	shared, _ := s.Put(ctx, bytes.NewReader(pdfFile(1)), "again.pdf", Documents, owner)
	orphan, _ := s.Put(ctx, bytes.NewReader(pdfFile(2)), "left.pdf", Documents, owner)
	stray := strings.Repeat("ab", 32)
	if err := os.WriteFile(db.BlobPath(s.Dir(), stray), []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	oldTmp := filepath.Join(s.Dir(), "tmp", "put-old")
	newTmp := filepath.Join(s.Dir(), "tmp", "put-new")
	for _, p := range []string{oldTmp, newTmp} {
		if err := os.WriteFile(p, []byte("partial"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	// Partial uploads are aged by their modification time, against the injected clock.
	_ = os.Chtimes(oldTmp, t0.Add(-2*time.Hour), t0.Add(-2*time.Hour))
	_ = os.Chtimes(newTmp, t0.Add(24*time.Hour), t0.Add(24*time.Hour))

	c.Add(23 * time.Hour)
	rep, err := s.Cleanup(ctx, c.Now())
	if err != nil {
		t.Fatal(err)
	}
	if rep != (CleanupReport{Blobs: 1, Temp: 1}) {
		t.Fatalf("after 23 h: %+v", rep)
	}
	c.Add(2 * time.Hour)
	rep, err = s.Cleanup(ctx, c.Now())
	if err != nil {
		t.Fatal(err)
	}
	if rep != (CleanupReport{Unattached: 2, Blobs: 1}) { // the orphan's blob; the shared one stays
		t.Fatalf("after 25 h: %+v", rep)
	}
	for _, id := range []int64{shared.ID, orphan.ID} {
		if _, err := s.Get(ctx, id); !errors.Is(err, db.ErrNotFound) {
			t.Errorf("file %d still there", id)
		}
	}
	if got := read(t, s, kept.ID); !bytes.Equal(got, pdfFile(1)) {
		t.Fatal("the attached file's blob went")
	}
	if bs := blobs(t, s); len(bs) != 1 || bs[0] != kept.SHA256 {
		t.Fatalf("blobs left: %v", bs)
	}
	if _, err := os.Stat(newTmp); err != nil {
		t.Fatal("a recent partial upload was removed")
	}
	// The job is the same cleanup.
	if js := s.Jobs(); len(js) != 1 || js[0].Name != "files.cleanup" || js[0].Run(ctx, c.Now()) != nil {
		t.Fatal("job")
	}
}

// TestErasure: DeleteOwned removes a person's files and their blobs at once; deleting the
// account removes the rows (cascade) and the next cleanup the blobs.
func TestErasure(t *testing.T) {
	t.Parallel()
	s, d, _ := newStore(t)
	ctx := context.Background()
	alice, bob := newUser(t, d), newUser(t, d)
	a, _ := s.Put(ctx, bytes.NewReader(pdfFile(1)), "a.pdf", Documents, alice)
	shared, _ := s.Put(ctx, bytes.NewReader(pdfFile(2)), "s.pdf", Documents, alice)
	b, _ := s.Put(ctx, bytes.NewReader(pdfFile(2)), "s.pdf", Documents, bob)
	if fs, err := s.Owned(ctx, alice); err != nil || len(fs) != 2 || fs[0].ID != a.ID {
		t.Fatalf("Owned: %v %v", fs, err)
	}
	if err := d.InTx(ctx, func(tx *db.Store) error { return s.DeleteOwned(ctx, tx, alice) }); err != nil {
		t.Fatal(err)
	}
	for _, id := range []int64{a.ID, shared.ID} {
		if _, err := s.Get(ctx, id); !errors.Is(err, db.ErrNotFound) {
			t.Fatal("alice's file is still there")
		}
	}
	if bs := blobs(t, s); len(bs) != 1 || bs[0] != b.SHA256 {
		t.Fatalf("blobs: %v", bs)
	}
	if err := d.DeleteUser(ctx, bob); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, b.ID); !errors.Is(err, db.ErrNotFound) {
		t.Fatal("bob's file survived his account")
	}
	if rep, err := s.Cleanup(ctx, t0); err != nil || rep.Blobs != 1 || len(blobs(t, s)) != 0 {
		t.Fatalf("cleanup: %+v %v", rep, err)
	}
}

// TestQuota: an owner's files of a purpose stay within the quota.
func TestQuota(t *testing.T) {
	t.Parallel()
	s, d, _ := newStore(t)
	ctx := context.Background()
	owner := newUser(t, d)
	p := Documents
	p.Quota = int64(2*len(pdfFile(0))) + 5
	for i := range 2 {
		if _, err := s.Put(ctx, bytes.NewReader(pdfFile(i)), "a.pdf", p, owner); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Put(ctx, bytes.NewReader(pdfFile(9)), "a.pdf", p, owner); !errors.Is(err, ErrQuota) {
		t.Fatalf("over quota: %v", err)
	}
}

func TestCleanName(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("ө", 300) + ".pdf"
	cases := map[string]string{
		"cv.pdf":                   "cv.pdf",
		`C:\Users\me\CV final.pdf`: "CV final.pdf",
		"../../x.doc":              "x.doc",
		"  .hidden. ":              "hidden",
		"a\x00b\x1fc\u202e.pdf":    "abc.pdf",
		"\xff\xfe":                 "file",
		"":                         "file",
		long:                       strings.Repeat("ө", 196) + ".pdf",
	}
	for in, want := range cases {
		if got := CleanName(in); got != want {
			t.Errorf("CleanName(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestUserData: the uploads section exports a person's files and erases them with their blobs.
func TestUserData(t *testing.T) {
	t.Parallel()
	s, d, _ := newStore(t)
	ctx := context.Background()
	owner := newUser(t, d)
	f, _ := s.Put(ctx, bytes.NewReader(pdfFile(3)), "cv.pdf", Documents, owner)
	sec := s.UserData()[0]
	got, err := sec.Export(ctx, d, owner)
	if ups, ok := got.([]Upload); err != nil || !ok || len(ups) != 1 || ups[0].ID != f.ID || ups[0].Type != PDF || ups[0].Attached {
		t.Fatalf("export: %#v %v", got, err)
	}
	if err := d.InTx(ctx, func(tx *db.Store) error { return sec.Erase(ctx, tx, owner) }); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, f.ID); !errors.Is(err, db.ErrNotFound) || len(blobs(t, s)) != 0 {
		t.Fatalf("erase left %v, %d blobs", err, len(blobs(t, s)))
	}
}
