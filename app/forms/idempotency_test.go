package forms_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/cookiejar"
	"testing"
	"time"

	"gerege/app/apitest"
	"gerege/db"
)

// fromIP is a client whose connections come from local address ip (another 127.x address), so
// the server sees another visitor.
func fromIP(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, Transport: &http.Transport{DialContext: d.DialContext}}
}

// TestIdempotencyKeyIsScoped: a kept answer is repeated only for the same request — the same
// client (the signed-in user, or for visitors the IP address, per form) and the same body.
// Another client using the same key gets its own submission; the same client sending a
// different body with the key gets a clear 422, and nothing is stored.
func TestIdempotencyKeyIsScoped(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t)
	key := []string{"Idempotency-Key", "shared-key-1"}
	body := map[string]any{"firstName": "A", "lastName": "B", "email": "a@example.mn", "description": "Demo"}
	other := map[string]any{"firstName": "Mallory", "lastName": "B", "email": "m@example.mn", "description": "Other"}
	count := func() int {
		var n int
		s.Store().Read.QueryRow(`SELECT count(*) FROM submissions`).Scan(&n)
		return n
	}

	first := apitest.Call(t, nil, ts, "POST", "/api/forms/contact", body, "", key...)
	apitest.MustStatus(t, first, 201)
	again := apitest.Call(t, nil, ts, "POST", "/api/forms/contact", body, "", key...)
	if again.Status != 201 || again.Str("reference") != first.Str("reference") || again.Header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("the same request again: %d %s", again.Status, again.Raw)
	}
	// The same visitor, another body with the key: refused, in the request's language.
	diff := apitest.Call(t, nil, ts, "POST", "/api/forms/contact", other, "", append(key, "Accept-Language", "mn")...)
	if diff.Status != 422 || diff.Str("code") != "idempotency_key_reused" || diff.Str("message") == "" ||
		diff.Str("message") == diff.Str("code") || diff.Str("reference") != "" {
		t.Errorf("another body with the same key: %d %s", diff.Status, diff.Raw)
	}
	if count() != 1 {
		t.Errorf("a refused reuse stored something: %d submissions", count())
	}

	// Another visitor (another address) with the same key and body: its own submission.
	visitor := apitest.Call(t, fromIP("127.0.0.2"), ts, "POST", "/api/forms/contact", body, "", key...)
	if visitor.Status != 201 || visitor.Str("reference") == first.Str("reference") || visitor.Header.Get("Idempotent-Replayed") != "" {
		t.Errorf("another visitor got the first receipt: %d %s", visitor.Status, visitor.Raw)
	}
	// Signed-in people are told apart by account, not address.
	refs := map[string]bool{first.Str("reference"): true, visitor.Str("reference"): true}
	for _, email := range []string{"one@example.mn", "two@example.mn"} {
		c := deskLogin(t, s, ts, ts.URL, email, 0)
		signed := map[string]any{"formToken": apitest.Call(t, c, ts, "GET", "/api/forms/token", nil, "").Str("formToken")}
		for k, v := range body {
			signed[k] = v
		}
		r := apitest.Call(t, c, ts, "POST", "/api/forms/contact", signed, "", key...)
		if r.Status != 201 || refs[r.Str("reference")] {
			t.Errorf("%s got another client's receipt: %d %s", email, r.Status, r.Raw)
		}
		refs[r.Str("reference")] = true
		if again := apitest.Call(t, c, ts, "POST", "/api/forms/contact", signed, "", key...); again.Str("reference") != r.Str("reference") {
			t.Errorf("%s's retry: %s", email, again.Raw)
		}
	}
	if count() != 4 {
		t.Errorf("submissions: %d, want 4", count())
	}
}

// TestIdempotencyLookupIsOne: the one lookup lives in db and says "not found" with
// db.ErrNotFound.
func TestIdempotencyLookupIsOne(t *testing.T) {
	t.Parallel()
	s, _ := apitest.NewServer(t)
	if _, err := s.Store().IdempotencyRecord(context.Background(), "forms:contact:ip:127.0.0.1", "nope", time.Now()); !errors.Is(err, db.ErrNotFound) {
		t.Errorf("missing key: %v", err)
	}
}
