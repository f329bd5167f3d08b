package app_test

import (
	"context"
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"

	"gerege/app/apitest"
)

// Every module's section (app/platform/userdata) is in the export, and nothing else; deleting
// the account runs every module's erasure: its drafts, kept Idempotency-Key answers (which no
// foreign key reaches), notification settings go, and its submissions and Direction Board
// attempts stay only as anonymous ones. Another person's data stays untouched.
func TestUserDataExportAndErasureCoverEveryModule(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t, generousLimits)
	for _, want := range []string{"account", "accepted", "sessions", "idVerification", "directionBoard", "submissions", "drafts", "notifications", "uploads"} {
		if !slices.Contains(s.UserDataSections(), want) {
			t.Errorf("no section %q in %v", want, s.UserDataSections())
		}
	}
	tok := apitest.Register(t, ts, "mine@example.mn", nil).Str("accessToken")
	other := apitest.Register(t, ts, "theirs@example.mn", nil).Str("accessToken")
	giveData(t, ts, tok, "mine@example.mn")
	giveData(t, ts, other, "theirs@example.mn")

	r := apitest.Call(t, nil, ts, "GET", "/api/account/export", nil, tok)
	apitest.MustStatus(t, r, 200)
	var x map[string]json.RawMessage
	if err := json.Unmarshal([]byte(r.Raw), &x); err != nil {
		t.Fatal(err)
	}
	keys := []string{}
	for k := range x {
		keys = append(keys, k)
	}
	want := append([]string{"exportedAt", "note"}, s.UserDataSections()...)
	slices.Sort(keys)
	slices.Sort(want)
	if !slices.Equal(keys, want) {
		t.Errorf("export keys %v, sections %v", keys, want)
	}
	for _, sec := range []string{"directionBoard", "submissions", "drafts"} {
		var list []any
		if json.Unmarshal(x[sec], &list); len(list) != 1 {
			t.Errorf("%s: %s", sec, x[sec])
		}
	}
	if strings.Contains(r.Raw, "theirs@example.mn") {
		t.Error("the export carries another person's data")
	}

	ctx := context.Background()
	me, err := s.Store().UserByEmail(ctx, "mine@example.mn")
	if err != nil {
		t.Fatal(err)
	}
	them, _ := s.Store().UserByEmail(ctx, "theirs@example.mn")
	count := func(q string, id int64) int {
		t.Helper()
		var n int
		if err := s.Store().Read.QueryRow(q, id).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	left := func(id int64) map[string]int {
		return map[string]int{
			"drafts":      count(`SELECT count(*) FROM form_drafts WHERE user_id = ?`, id),
			"submissions": count(`SELECT count(*) FROM submissions WHERE user_id = ?`, id),
			"idempotency": count(`SELECT count(*) FROM idempotency_keys WHERE scope LIKE '%:user:' || ?`, id),
			"attempts":    count(`SELECT count(*) FROM db_attempts WHERE user_id = ?`, id),
			"prefs":       count(`SELECT count(*) FROM notification_prefs WHERE user_id = ?`, id),
			"user":        count(`SELECT count(*) FROM users WHERE id = ?`, id),
		}
	}
	before := left(them.ID)
	for k, n := range left(me.ID) {
		if n == 0 {
			t.Fatalf("nothing of %s to erase: %v", k, left(me.ID))
		}
	}
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "DELETE", "/api/account", map[string]any{"password": apitest.Password}, tok), 204)
	for k, n := range left(me.ID) {
		if n != 0 {
			t.Errorf("after the deletion, %d of %s left", n, k)
		}
	}
	if after := left(them.ID); !maps.Equal(before, after) {
		t.Errorf("another person's data changed: %v → %v", before, after)
	}
	if n := count(`SELECT count(*) FROM submissions WHERE email = 'mine@example.mn' AND user_id IS NULL AND ? > 0`, 1); n != 1 {
		t.Errorf("the submission stays with the desk, anonymous: %d", n)
	}
}
