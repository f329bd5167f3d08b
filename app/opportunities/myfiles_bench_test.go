package opportunities_test

import (
	"strings"
	"testing"
	"time"

	"gerege/app/apitest"
)

// The apply throughput target (≥ 200 applications/s with a 1 MB document) for the two ways of
// sending the document: uploaded with the application (multipart, streamed, hashed, synced) and
// chosen from My files (checked by content and recorded as a new row on the same blob). One
// applicant applies again and again to one posting through the real server (in-process); the
// application is deleted between iterations with the timer stopped (and the injected clock
// moved on a minute, past the applications' rate limit).
//
//	go test ./app/opportunities -run XXX -bench ApplyDocument -benchtime 200x
func BenchmarkApplyDocument(b *testing.B) {
	w := setup(b)
	p := posting("Benchmark engineer")
	p["documents"] = []string{"cv"}
	_, slug := w.publish(b, p)
	ind := w.c["individual"]
	doc := pdf + "%" + strings.Repeat("x", 1<<20-len(pdf)-2) + "\n" // 1 MB
	mine := upload(b, w, ind, "", "cv-1mb.pdf", doc)
	answers := map[string]any{"coverLetter": "Hello", "answers": []map[string]any{{"index": 0, "value": "yes"}}}
	reset := func() {
		b.StopTimer()
		if _, err := w.s.Store().Write.Exec(`DELETE FROM applications`); err != nil {
			b.Fatal(err)
		}
		w.clock.Advance(time.Minute) // past the rate limit of applications (60 an hour), on the injected clock
		b.StartTimer()
	}
	b.Run("upload", func(b *testing.B) {
		b.SetBytes(int64(len(doc)))
		for range b.N {
			r := multipartApply(b, ind, w.ts, slug, answers, map[string][2]string{"cv": {"cv.pdf", doc}}, "en")
			if r.Status != 201 {
				b.Fatalf("%d %s", r.Status, r.Raw)
			}
			reset()
		}
	})
	b.Run("myFiles", func(b *testing.B) {
		body := map[string]any{"coverLetter": "Hello", "answers": answers["answers"],
			"myFiles": []map[string]any{{"kind": "cv", "fileId": mine}}}
		for range b.N {
			apitest.MustStatus(b, call(b, ind, w.ts, "POST", "/api/opportunities/"+slug+"/applications", body), 201)
			reset()
		}
	})
}
