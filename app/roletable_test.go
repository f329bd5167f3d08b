package app_test

import (
	"gerege/app/apitest"
	"slices"
	"strings"
	"testing"
)

// TestRoleTable checks every dashboard page and admin API route for each kind of user.
func TestRoleTable(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t)
	users := apitest.Roles(t, s, ts)
	// allowed: any answer but 401/403 (a write with an empty body is refused later, as 404 or 422).
	const allowed = -1
	type row struct {
		method, path string
		who          []string // who may; everyone else signed in gets 403, the anonymous visitor 302 (pages) or 401 (API)
		status       int      // what those who may get
	}
	everyone := []string{"individual", "owner", "manager", "counselor", "desk", "desk2", "admin"}
	orgManagers := []string{"owner", "manager"}
	deskStaff := []string{"desk", "desk2", "admin"}
	admins := []string{"admin"}
	sellers := []string{"owner", "manager", "admin"}
	rows := []row{
		{"GET", "/en/dashboard", everyone, 200},
		{"GET", "/mn/dashboard/user/profile", everyone, 200},
		{"GET", "/en/dashboard/user/account", everyone, 200},
		{"GET", "/mn/dashboard/notifications", everyone, 200},
		// workspace: mail
		{"GET", "/en/dashboard/mail", everyone, 200},
		{"GET", "/api/mail/list", everyone, 200},
		{"GET", "/en/dashboard/organization", orgManagers, 200},
		{"GET", "/en/dashboard/user/list", []string{"owner", "admin"}, 200},
		{"GET", "/mn/dashboard/user/12/edit", []string{"owner", "admin"}, 200},
		{"GET", "/en/dashboard/forms", deskStaff, 200},
		{"GET", "/mn/dashboard/forms/volunteer/12", deskStaff, 200},
		{"GET", "/en/dashboard/admin/direction-board", deskStaff, 200}, // aggregate numbers only
		{"GET", "/en/dashboard/admin/outbox", admins, 200},
		{"GET", "/en/dashboard/admin/audit", admins, 200},
		{"GET", "/en/dashboard/admin/settings", admins, 200},
		{"GET", "/en/dashboard/admin/faq", admins, 200},
		{"GET", "/mn/dashboard/admin/universities", admins, 200},
		{"GET", "/en/dashboard/chat", everyone, 200},
		{"GET", "/api/chat/conversations", everyone, 200},
		{"GET", "/api/chat/support", admins, 200},
		{"GET", "/api/auth/me", everyone, 200},
		{"GET", "/api/account/sessions", everyone, 200},
		{"GET", "/api/account/export", everyone, 200},
		{"GET", "/api/account/direction-board", everyone, 200},
		{"GET", "/api/organization", orgManagers, 200},
		{"POST", "/api/organization/invitations", []string{"owner"}, allowed}, // owners invite; managers see the members
		{"GET", "/api/admin/forms/volunteer/submissions", deskStaff, 200},
		{"GET", "/api/admin/forms/roadmap/export.csv", deskStaff, 200},
		{"GET", "/api/admin/forms/contact/export.xlsx", deskStaff, 200},
		{"GET", "/api/admin/submissions/999999", deskStaff, 404},
		{"POST", "/api/admin/submissions/999999/status", deskStaff, allowed},
		{"POST", "/api/admin/submissions/999999/notes", deskStaff, allowed},
		{"DELETE", "/api/admin/submissions/999999", deskStaff, allowed}, // level 1 too: answering deletion requests is desk work
		{"GET", "/api/admin/deletion-requests", deskStaff, 200},
		{"GET", "/api/admin/direction-board/stats", deskStaff, 200},
		{"PUT", "/api/admin/users/staff", admins, allowed},
		{"PUT", "/api/admin/users/admin", admins, allowed},
		{"GET", "/api/admin/outbox", admins, 200},
		{"GET", "/api/admin/outbox/999999", admins, 404},
		{"GET", "/api/admin/audit", admins, 200},
		{"PUT", "/api/admin/maintenance", admins, allowed},
		{"GET", "/api/admin/faq", admins, 200},
		{"POST", "/api/admin/faq", admins, allowed},
		{"PUT", "/api/admin/faq/999999", admins, allowed},
		{"DELETE", "/api/admin/faq/999999", admins, allowed},
		{"GET", "/api/admin/universities", admins, 200},
		{"POST", "/api/admin/universities", admins, allowed},
		{"PUT", "/api/admin/universities/999999", admins, allowed},
		{"DELETE", "/api/admin/universities/999999", admins, allowed},
		{"PUT", "/api/admin/destinations/nowhere", admins, allowed},
		{"DELETE", "/api/admin/destinations/nowhere", admins, allowed},
		{"GET", "/api/banking/ledger", []string{"owner", "admin"}, 200}, // the organisation's money (owner), the platform's (admins)
		{"GET", "/api/banking/ledger.csv", []string{"owner", "admin"}, 200},
		{"GET", "/api/banking/pending", admins, 200},
		{"POST", "/api/payments/999999/mark-paid", admins, allowed},
		// store: payouts (details: the owner writes, owner and managers read; payouts: admins record, the owner reads)
		{"GET", "/api/banking/payout-details", orgManagers, 200},
		{"PUT", "/api/banking/payout-details", []string{"owner"}, allowed},
		{"GET", "/api/banking/payouts", []string{"owner"}, 200},
		{"GET", "/api/banking/owed", admins, 200},
		{"POST", "/api/banking/orgs/999999/payouts", admins, allowed},
		{"GET", "/api/banking/payouts/recent", admins, 200},
		{"POST", "/api/banking/payouts/999999/return", admins, 404},
		// store: shop (an organisation sells once verified: until then its sellers get 409, not 403)
		{"GET", "/en/dashboard/orders", everyone, 200},
		{"GET", "/api/me/orders", everyone, 200},
		{"GET", "/mn/dashboard/product/12/edit", sellers, 200},
		{"GET", "/en/dashboard/order/12", sellers, 200},
		{"GET", "/en/dashboard/ecommerce", sellers, 200},
		{"GET", "/api/shop/overview", sellers, allowed},
		{"POST", "/api/shop/coupons", sellers, allowed},
	}
	for _, r := range rows {
		for who, c := range users {
			isPage := !strings.HasPrefix(r.path, "/api/")
			want := 403
			switch {
			case who == "anonymous" && isPage:
				want = 302
			case who == "anonymous":
				want = 401
			case slices.Contains(r.who, who):
				want = r.status
			}
			var body any
			if r.method != "GET" {
				body = map[string]any{}
			}
			got := apitest.Call(t, c, ts, r.method, r.path, body, "", "Sec-Fetch-Site", "same-origin")
			if want == allowed && (got.Status == 401 || got.Status == 403 || got.Status >= 500) || want != allowed && got.Status != want {
				t.Errorf("%s %s as %s: %d, want %d: %.200s", r.method, r.path, who, got.Status, want, got.Raw)
			}
			if who == "anonymous" && got.Status == 302 && !strings.Contains(got.Header.Get("Location"), "/auth/login?returnTo="+strings.ReplaceAll(r.path, "/", "%2F")) {
				t.Errorf("%s: signed-out visitors go to sign in and come back: %q", r.path, got.Header.Get("Location"))
			}
		}
	}
	if got := apitest.Call(t, users["anonymous"], ts, "GET", "/en/dashboard/no-such-page", nil, ""); got.Status != 404 {
		t.Errorf("an unknown dashboard page: %d", got.Status)
	}
	for who, nav := range map[string]string{
		"admin":     `"dashboard":["app","home","chat","calendar","mail","booking","fileManager","file","applications","notifications","saved","posts","orders","profile","account","communities","moderation","approvals","people","submissions","outbox","product","order","ecommerce","audit","invoiceNew","invoices","plans","invoiceSettings","directionBoard","faq","analytics","banking","universities","settings","permission","blank"]`,
		"desk":      `"dashboard":["app","home","chat","calendar","mail","booking","fileManager","file","applications","notifications","saved","posts","orders","profile","account","communities","moderation","submissions","directionBoard","permission","blank"]`,
		"manager":   `"dashboard":["app","home","chat","calendar","mail","booking","fileManager","file","notifications","posts","orders","profile","account","communities","moderation","organization","jobs","tours","kanban","product","order","ecommerce","analytics","permission","blank"]`,
		"counselor": `"dashboard":["app","home","chat","calendar","mail","booking","fileManager","file","notifications","posts","orders","profile","account","communities","moderation","jobs","tours","kanban","permission","blank"]`,
	} {
		if me := apitest.Call(t, users[who], ts, "GET", "/api/auth/me", nil, ""); !strings.Contains(me.Raw, nav) {
			t.Errorf("%s navigation: %s", who, me.Raw)
		}
	}
}
