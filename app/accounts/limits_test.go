package accounts_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"gerege/app/apitest"
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
	if want := "Таны «Үнэгүй» багцад гишүүд болон хүлээгдэж буй урилгыг оролцуулан ажилтны 2 суудал багтсан. Өөр хамтран ажиллагч урих бол «Үнэ» хуудаснаас багцаа ахиулна уу."; r.Str("message") != want {
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
