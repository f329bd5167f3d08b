package app_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"gerege/app"
	"gerege/ui"
)

func benchServer(b *testing.B) *app.Server {
	cfg := app.DefaultConfig()
	cfg.DB = filepath.Join(b.TempDir(), "bench.db")
	s, err := app.New(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), ui.Dist())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	return s
}

// BenchmarkHandler measures the router and middleware in-process (no network).
func BenchmarkHandler(b *testing.B) {
	s := benchServer(b)
	for _, path := range []string{"/en", "/api/meta", "/healthz"} {
		b.Run(path, func(b *testing.B) {
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					req := httptest.NewRequest("GET", path, nil)
					req.Header.Set("Accept-Encoding", "br, gzip")
					rec := httptest.NewRecorder()
					s.Handler().ServeHTTP(rec, req)
					if rec.Code != 200 {
						b.Fatalf("%s: %d", path, rec.Code)
					}
				}
			})
		})
	}
}

// BenchmarkStartup measures opening and migrating an empty database and building the router.
func BenchmarkStartup(b *testing.B) {
	dir := b.TempDir()
	for i := 0; b.Loop(); i++ {
		cfg := app.DefaultConfig()
		cfg.DB = filepath.Join(dir, fmt.Sprintf("s%d.db", i))
		s, err := app.New(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), ui.Dist())
		if err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
}
