package app_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"gerege/app"
	"gerege/ui"
)

// TestRunServesAndShutsDown starts the real listener, waits for /healthz, then cancels the
// context as SIGTERM would and expects a clean return.
func TestRunServesAndShutsDown(t *testing.T) {
	t.Parallel()
	cfg := app.DefaultConfig()
	cfg.Addr = "127.0.0.1:0"
	cfg.DB = filepath.Join(t.TempDir(), "run.db")
	ctx, cancel := context.WithCancel(context.Background())
	addrc := make(chan string, 1)
	done := make(chan error, 1)
	go func() {
		done <- app.Run(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), ui.Dist(), func(a string) { addrc <- a })
	}()
	var addr string
	select {
	case addr = <-addrc:
	case err := <-done:
		t.Fatal(err)
	case <-time.After(10 * time.Second):
		t.Fatal("server did not start")
	}
	res, err := http.Get("http://" + addr + "/healthz")
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("healthz: %v", err)
	}
	res.Body.Close()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run returned %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("shutdown hung")
	}
}
