package filemanager_test

import (
	"context"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/app/platform/secure"
	"gerege/db"
)

// uploadSize is the speed target's file: 20 MB.
const uploadSize = 20 << 20

// memServer is the real router (no test wrapper) and a signed-in client of a person.
func memServer(t testing.TB) (*httptest.Server, *http.Client) {
	s, _ := apitest.NewServer(t, func(c *app.Config) { c.FileQuotaPerson = 1 << 40 })
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	hash, _ := secure.NewHasher().Hash(apitest.Password)
	if _, err := s.Store().CreateUser(context.Background(), db.NewUser{Email: "mem@example.mn", PasswordHash: hash, FirstName: "Mem",
		LastName: "Test", Language: "en", DateOfBirth: "1999-01-01", Verified: true, AccountType: "individual"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	return ts, apitest.SignIn(t, ts, "mem@example.mn")
}

// pdfStream writes a PDF of n bytes into a multipart body as it is read: the client never
// holds the file either, so what the process gains is the server's.
func streamUpload(t testing.TB, ts *httptest.Server, c *http.Client, n int, name string) int {
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		fw, err := mw.CreateFormFile("file", name)
		if err == nil {
			chunk := []byte(strings.Repeat("% streamed content of the benchmark's PDF, line after line ...\n", 1024))
			_, err = fw.Write([]byte("%PDF-1.7\n"))
			for left := n - 16; err == nil && left > 0; left -= len(chunk) {
				_, err = fw.Write(chunk[:min(len(chunk), left)])
			}
			if err == nil {
				_, err = fw.Write([]byte("\n%%EOF\n"))
			}
		}
		if err == nil {
			err = mw.Close()
		}
		pw.CloseWithError(err)
	}()
	req, _ := http.NewRequest("POST", ts.URL+"/api/files/upload", pr)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, res.Body)
	return res.StatusCode
}

// rss is the process's resident memory in bytes (Linux; 0 elsewhere).
func rss() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}

// peaks samples resident memory and the Go heap every few milliseconds until stopped and
// reports the largest of each.
func peaks() (stop func() (rss, heap int64)) {
	var maxRSS, maxHeap atomic.Int64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var ms runtime.MemStats
		for {
			if r := rss(); r > maxRSS.Load() {
				maxRSS.Store(r)
			}
			runtime.ReadMemStats(&ms)
			if h := int64(ms.HeapInuse); h > maxHeap.Load() {
				maxHeap.Store(h)
			}
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	return func() (int64, int64) {
		close(done)
		wg.Wait()
		return maxRSS.Load(), maxHeap.Load()
	}
}

// The speed target: uploading a 20 MB file through the real router does not raise resident
// memory by more than 5 MB (the upload is streamed to disk, never buffered). One warm-up
// upload first, so that pools, the TLS-free HTTP stack and the database's caches are in place.
func TestUpload20MBMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 40 MB")
	}
	ts, c := memServer(t)
	if st := streamUpload(t, ts, c, 1<<20, "warm.pdf"); st != 201 {
		t.Fatalf("warm-up: %d", st)
	}
	runtime.GC()
	debug.FreeOSMemory()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	rss0, heap0 := rss(), int64(ms.HeapInuse)
	stop := peaks()
	start := time.Now()
	st := streamUpload(t, ts, c, uploadSize, "big.pdf")
	took := time.Since(start)
	rss1, heap1 := stop()
	if st != 201 {
		t.Fatalf("upload: %d", st)
	}
	dRSS, dHeap := rss1-rss0, heap1-heap0
	t.Logf("20 MB upload in %v: peak resident memory +%.2f MB (from %.1f MB), peak Go heap in use +%.2f MB",
		took.Round(time.Millisecond), float64(dRSS)/(1<<20), float64(rss0)/(1<<20), float64(dHeap)/(1<<20))
	if dHeap > 5<<20 {
		t.Errorf("the Go heap grew by %d bytes during a 20 MB upload: it is buffered", dHeap)
	}
	if rss0 > 0 && dRSS > 5<<20 {
		t.Errorf("resident memory grew by %d bytes during a 20 MB upload", dRSS)
	}
}

// BenchmarkUpload20MB: one 20 MB upload per iteration through the real router (the disk's
// write and fsync dominate).
func BenchmarkUpload20MB(b *testing.B) {
	ts, c := memServer(b)
	b.SetBytes(uploadSize)
	i := 0
	for b.Loop() {
		i++
		if st := streamUpload(b, ts, c, uploadSize-i, fmt.Sprintf("big-%d.pdf", i)); st != 201 {
			b.Fatalf("upload: %d", st)
		}
	}
}

// A slow upload outlives the server's read timeout: the upload route extends its own read
// deadline (UploadTime), through every wrapper of the real router.
func TestSlowUploadOutlivesReadTimeout(t *testing.T) {
	t.Parallel()
	s, _ := apitest.NewServer(t)
	ts := httptest.NewUnstartedServer(s.Handler())
	ts.Config.ReadTimeout = 300 * time.Millisecond
	ts.Start()
	t.Cleanup(ts.Close)
	hash, _ := secure.NewHasher().Hash(apitest.Password)
	if _, err := s.Store().CreateUser(context.Background(), db.NewUser{Email: "slow@example.mn", PasswordHash: hash, FirstName: "Slow",
		LastName: "Test", Language: "en", DateOfBirth: "1999-01-01", Verified: true, AccountType: "individual"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	c := apitest.SignIn(t, ts, "slow@example.mn")
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		fw, _ := mw.CreateFormFile("file", "slow.pdf")
		_, _ = fw.Write([]byte("%PDF-1.4\n"))
		for range 8 { // 8 × 100 ms: well past the 300 ms read timeout
			time.Sleep(100 * time.Millisecond)
			_, _ = fw.Write([]byte("% a slow line\n"))
		}
		_ = mw.Close()
		pw.Close()
	}()
	req, _ := http.NewRequest("POST", ts.URL+"/api/files/upload", pr)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 201 {
		t.Errorf("slow upload: %d", res.StatusCode)
	}
}
