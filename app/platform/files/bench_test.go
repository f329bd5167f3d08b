package files

import (
	"bytes"
	"context"
	"encoding/binary"
	"testing"
)

// BenchmarkPut1MB: one 1 MB PDF per Put, each of different content (a new blob, synced and
// renamed, and a row committed with synchronous=FULL), one after another and in parallel.
func BenchmarkPut1MB(b *testing.B) {
	for _, par := range []bool{false, true} {
		name := "serial"
		if par {
			name = "parallel"
		}
		b.Run(name, func(b *testing.B) {
			s, _, _ := newStore(b)
			ctx := context.Background()
			base := pdfFile(1<<20 - len(pdfFile(0)))
			var seq uint64
			next := func() []byte {
				c := bytes.Clone(base)
				binary.LittleEndian.PutUint64(c[20:], seq) // distinct content: no dedup
				seq++
				return c
			}
			b.SetBytes(int64(len(base)))
			b.ReportAllocs()
			if !par {
				for b.Loop() {
					b.StopTimer()
					c := next()
					b.StartTimer()
					if _, err := s.Put(ctx, bytes.NewReader(c), "cv.pdf", Documents, 0); err != nil {
						b.Fatal(err)
					}
				}
				return
			}
			contents := make(chan []byte, 64)
			go func() {
				for range b.N + 64 {
					contents <- next()
				}
			}()
			b.ResetTimer()
			b.SetParallelism(8) // 16 uploads at once on 2 cores: the work is mostly waiting for fsync
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					if _, err := s.Put(ctx, bytes.NewReader(<-contents), "cv.pdf", Documents, 0); err != nil {
						b.Fatal(err)
					}
				}
			})
		})
	}
}
