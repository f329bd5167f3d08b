package accounts_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/app/platform/web"
)

// Staff seats: members (the owner included) and pending invitations count against the plan;
// the free plan has two. The invitation is refused in the inviter's language; an expired
// invitation frees its seat; accepting one changes nothing; ending a paid plan removes nobody.
func TestStaffSeatsLimit(t *testing.T) {
	t.Parallel()
	clock := apitest.NewClock()
	s, ts := apitest.NewServerClock(t, clock)
	owner := apitest.WebClient()
	apitest.MustStatus(t, apitest.WebRegister(t, owner, ts, "seats@example.mn", map[string]any{"accountType": "enterprise", "organization": "Seats LLC"}), 201)
	invite := func(email string, lang ...string) apitest.Reply {
		t.Helper()
		clock.Advance(time.Hour) // the invitation emails' rate limit
		h := []string{"Sec-Fetch-Site", "same-origin"}
		if len(lang) > 0 {
			h = append(h, "Accept-Language", lang[0])
		}
		return apitest.Call(t, owner, ts, "POST", "/api/organization/invitations", map[string]any{"email": email, "role": "counselor"}, "", h...)
	}
	seats := func() string {
		t.Helper()
		r := apitest.Call(t, owner, ts, "GET", "/api/organization", nil, "")
		apitest.MustStatus(t, r, 200)
		u := r.Body["seats"].(map[string]any)
		return fmt.Sprintf("%v %v of %v", u["code"], u["used"], u["max"])
	}

	if got := seats(); got != "free 1 of 2" {
		t.Errorf("seats %q", got)
	}
	first := invite("first@example.mn")
	apitest.MustStatus(t, first, 201)
	if u := first.Body["seats"].(map[string]any); u["used"] != float64(2) {
		t.Errorf("the answer's seats: %s", first.Raw)
	}
	r := invite("second@example.mn")
	apitest.MustStatus(t, r, 409)
	if r.Str("code") != "plan_limit" || r.Str("message") != "Your plan Free includes 2 staff seats, counting members and pending invitations. Upgrade on the Pricing page to invite more colleagues." {
		t.Errorf("refusal in English: %s", r.Raw)
	}
	r = invite("second@example.mn", "mn")
	if want := "Таны «Үнэгүй» багцад гишүүд болон хүлээгдэж буй урилгыг оролцуулан 2 хүртэл ажилтан багтана. Өөр хамтран ажиллагч урих бол «Үнэ» хуудаснаас багцаа ахиулна уу."; r.Str("message") != want {
		t.Errorf("refusal in Mongolian: %s", r.Raw)
	}
	out, err := s.Store().Outbox(context.Background(), 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range out {
		if e.To == "second@example.mn" {
			t.Errorf("a refused invitation was emailed: %q", e.Subject)
		}
	}

	// Accepting the invitation keeps the count (a pending seat becomes a member).
	tok := apitest.TokenRe.FindStringSubmatch(apitest.LastEmail(t, s, "first@example.mn").Text)[1]
	bearer := apitest.Register(t, ts, "first@example.mn", map[string]any{"dateOfBirth": "1990-01-01"}).Str("accessToken")
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/organization/invitations/accept", map[string]any{"token": tok}, bearer), 200)
	if got := seats(); got != "free 2 of 2" {
		t.Errorf("seats after accepting %q", got)
	}

	// Starter: five seats; after it ends everyone stays, and no one more is invited.
	apitest.OnPlan(t, s, "seats@example.mn", "starter")
	for _, e := range []string{"a@example.mn", "b@example.mn", "c@example.mn"} {
		apitest.MustStatus(t, invite(e), 201)
	}
	apitest.MustStatus(t, invite("d@example.mn"), 409)
	apitest.OnPlan(t, s, "seats@example.mn", "free")
	if got := seats(); got != "free 5 of 2" {
		t.Errorf("seats after the fall-back %q", got)
	}
	apitest.MustStatus(t, invite("d@example.mn"), 409)
	// Invitations expire after a week: their seats are free again.
	clock.Advance(8 * 24 * time.Hour)
	if got := seats(); got != "free 2 of 2" {
		t.Errorf("seats once the invitations expired %q", got)
	}
}

// Eight invitations at the same moment for the last free seat: exactly one is sent (the count
// and the invitation are one transaction of the single writer).
func TestStaffSeatsLimitRace(t *testing.T) {
	t.Parallel()
	clock := apitest.NewClock()
	s, ts := apitest.NewServerClock(t, clock, func(c *app.Config) { c.Auth.EmailAccount = web.Rate{N: 100, Per: time.Hour} })
	owner := apitest.WebClient()
	apitest.MustStatus(t, apitest.WebRegister(t, owner, ts, "race@example.mn", map[string]any{"accountType": "enterprise", "organization": "Race LLC"}), 201)
	const n = 8
	status := make([]int, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			status[i] = apitest.Call(t, owner, ts, "POST", "/api/organization/invitations",
				map[string]any{"email": fmt.Sprintf("racer%d@example.mn", i), "role": "counselor"}, "", "Sec-Fetch-Site", "same-origin").Status
		}()
	}
	close(start)
	wg.Wait()
	sent, refused := 0, 0
	for _, st := range status {
		switch st {
		case 201:
			sent++
		case 409:
			refused++
		}
	}
	if sent != 1 || refused != n-1 {
		t.Fatalf("%d invitations sent and %d refused (statuses %v), want 1 and %d", sent, refused, status, n-1)
	}
	ctx := context.Background()
	u, err := s.Store().UserByEmail(ctx, "race@example.mn")
	if err != nil {
		t.Fatal(err)
	}
	if invs, err := s.Store().Invitations(ctx, u.OrgID, clock.Now()); err != nil || len(invs) != 1 {
		t.Fatalf("pending invitations: %d (%v)", len(invs), err)
	}
}
