package web

import (
	"errors"
	"testing"
)

func TestCursor(t *testing.T) {
	type pos struct {
		At string `json:"at"`
		ID int64  `json:"id"`
	}
	var got pos
	if err := DecodeCursor(EncodeCursor(pos{"2026-11-25T10:00:00.000Z", 42}), &got); err != nil || got.ID != 42 {
		t.Fatalf("round trip: %+v %v", got, err)
	}
	for _, bad := range []string{"%%%", "bm90IGpzb24", ""} {
		var e *Error
		if err := DecodeCursor(bad, &got); !errors.As(err, &e) || e.Status != 400 || e.Code != "bad_cursor" || e.Fields["after"].Key != "errors.cursor" {
			t.Errorf("%q: %v, want 400 bad_cursor on after", bad, err)
		}
	}
}
