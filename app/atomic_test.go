package app_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/app/platform/web"
	"gerege/db"
	"gerege/db/dbtest"
)

// snapshot is every row of every table (virtual tables through their shadow tables), so two
// snapshots differ if anything at all was written.
func snapshot(t *testing.T, s *db.Store) string {
	t.Helper()
	ctx := context.Background()
	rows, err := s.Read.QueryContext(ctx, `SELECT name FROM sqlite_master WHERE type = 'table'
		AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name`)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var name string
		rows.Scan(&name)
		tables = append(tables, name)
	}
	rows.Close()
	var b strings.Builder
	for _, table := range tables {
		rows, err := s.Read.QueryContext(ctx, `SELECT * FROM "`+table+`"`)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		var lines []string
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			lines = append(lines, fmt.Sprintf("%q", vals))
		}
		rows.Close()
		slices.Sort(lines)
		fmt.Fprintf(&b, "%s (%d rows)\n%s\n", table, len(lines), strings.Join(lines, "\n"))
	}
	return b.String()
}

// firstDifference names the first line where two snapshots differ.
func firstDifference(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	table := ""
	for i := 0; i < max(len(la), len(lb)); i++ {
		var x, y string
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if strings.Contains(x, " rows)") {
			table = x
		}
		if x != y {
			return fmt.Sprintf("in %s: before %q, after %q", table, x, y)
		}
	}
	return ""
}

// failEachWrite proves a state change atomic. It runs the flow once to count its write
// statements (all must be in one transaction), then once per write with that write failing: each time
// the request must fail with a 500 and leave every table exactly as it was, and check (run
// afterwards, with writes working again) may show more, such as the old password still
// signing in. setup prepares a fresh run (n is the failing write, 0 for the counting run).
func failEachWrite(t *testing.T, s *app.Server, okStatus int, setup func(t *testing.T, n int) (run func() apitest.Reply, check func(t *testing.T))) {
	t.Helper()
	faults := dbtest.Inject(t, s.Store())
	run, _ := setup(t, 0)
	faults.FailNth(0) // count from here
	apitest.MustStatus(t, run(), okStatus)
	writes := faults.MostWrites()
	if total := faults.TotalWrites(); total != writes {
		t.Fatalf("the flow wrote %d statements, only %d of them in its largest transaction", total, writes)
	}
	if writes < 2 {
		t.Fatalf("the flow ran %d write statements: nothing to prove", writes)
	}
	for n := 1; n <= writes; n++ {
		run, check := setup(t, n)
		before := snapshot(t, s.Store())
		faults.FailNth(n)
		r := run()
		failed := faults.Failed()
		faults.FailNth(0)
		if failed == 0 || r.Status != 500 {
			t.Fatalf("write %d of %d: %d statements failed, answer %d %s", n, writes, failed, r.Status, r.Raw)
		}
		if after := snapshot(t, s.Store()); after != before {
			t.Errorf("write %d of %d failed, yet the database changed: %s", n, writes, firstDifference(before, after))
		}
		check(t)
	}
	t.Logf("%d writes, each failed in turn, nothing half-done", writes)
}

func generousLimits(c *app.Config) {
	many := web.Rate{N: 1 << 20, Per: time.Minute}
	a := &c.Auth
	a.LoginIP, a.LoginAccount, a.RegisterIP, a.EmailIP, a.EmailAccount, a.VerifyAccount = many, many, many, many, many, many
	// giveData sends a contact form and starts a Direction Board test for every write of a deletion.
	c.FormsIP, c.BoardIP = many, many
}

// Password reset: spending the code, the new password, the verified email, signing out
// everywhere and the audit entry.
func TestPasswordResetIsAtomic(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t, generousLimits)
	failEachWrite(t, s, 200, func(t *testing.T, n int) (func() apitest.Reply, func(*testing.T)) {
		email := fmt.Sprintf("reset%d@example.mn", n)
		old := apitest.Register(t, ts, email, nil).Str("accessToken")
		apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/auth/forgot-password", map[string]any{"email": email}, ""), 202)
		code := apitest.EmailCode(t, apitest.LastEmail(t, s, email))
		reset := map[string]any{"email": email, "code": code, "password": "a brand new passphrase"}
		run := func() apitest.Reply { return apitest.Call(t, nil, ts, "POST", "/api/auth/reset-password", reset, "") }
		return run, func(t *testing.T) {
			apitest.MustStatus(t, apitest.Call(t, nil, ts, "GET", "/api/auth/me", nil, old), 200) // old sessions alive
			apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": email, "password": "correct horse battery"}, ""), 200)
			apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": email, "password": "a brand new passphrase"}, ""), 401)
			if u, _ := s.Store().UserByEmail(context.Background(), email); !u.EmailVerifiedAt.IsZero() {
				t.Error("the email was marked verified")
			}
			apitest.MustStatus(t, run(), 200) // the code is still unused
		}
	})
}

// Password change: the new password, signing out the other devices and the audit entry.
func TestPasswordChangeIsAtomic(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t, generousLimits)
	failEachWrite(t, s, 200, func(t *testing.T, n int) (func() apitest.Reply, func(*testing.T)) {
		email := fmt.Sprintf("change%d@example.mn", n)
		tok := apitest.Register(t, ts, email, nil).Str("accessToken")
		other := apitest.Call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": email, "password": "correct horse battery"}, "").Str("accessToken")
		run := func() apitest.Reply {
			return apitest.Call(t, nil, ts, "POST", "/api/account/password", map[string]any{"currentPassword": "correct horse battery",
				"newPassword": "another fine passphrase"}, tok)
		}
		return run, func(t *testing.T) {
			apitest.MustStatus(t, apitest.Call(t, nil, ts, "GET", "/api/auth/me", nil, other), 200) // the other device is still signed in
			apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": email, "password": "correct horse battery"}, ""), 200)
			apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": email, "password": "another fine passphrase"}, ""), 401)
		}
	})
}

// Registration: the account and its organisation, the audit entry, the verification code
// and its email, the device session and the refresh token.
func TestRegistrationIsAtomic(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t, generousLimits)
	failEachWrite(t, s, 201, func(t *testing.T, n int) (func() apitest.Reply, func(*testing.T)) {
		email := fmt.Sprintf("new%d@example.mn", n)
		org := map[string]any{"accountType": "enterprise", "organization": fmt.Sprint("Org ", n)}
		run := func() apitest.Reply { return apitest.Register(t, ts, email, org) }
		return run, func(t *testing.T) {
			if _, err := s.Store().UserByEmail(context.Background(), email); !db.IsNotFound(err) {
				t.Errorf("the account exists: %v", err)
			}
			apitest.MustStatus(t, run(), 201) // the address is free, and registering works again
		}
	})
}

// Role change: the grant and its audit entry, for both kinds of role.
func TestRoleChangeIsAtomic(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t, generousLimits)
	if _, err := app.CreateAdmin(context.Background(), s.Store(), "root@example.mn", "correct horse battery", "R", "O"); err != nil {
		t.Fatal(err)
	}
	admin := apitest.Call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": "root@example.mn", "password": "correct horse battery"}, "").Str("accessToken")
	for i, grant := range []struct {
		path string
		body func(email string) map[string]any
		has  func(u *db.User) bool
	}{
		{"/api/admin/users/admin", func(e string) map[string]any { return map[string]any{"email": e, "admin": true} },
			func(u *db.User) bool { return u.IsAdmin }},
		{"/api/admin/users/staff", func(e string) map[string]any { return map[string]any{"email": e, "level": "sensitive"} },
			func(u *db.User) bool { return u.Staff != 0 }},
	} {
		t.Run(grant.path, func(t *testing.T) {
			failEachWrite(t, s, 200, func(t *testing.T, n int) (func() apitest.Reply, func(*testing.T)) {
				email := fmt.Sprintf("role%d-%d@example.mn", i, n)
				apitest.MustStatus(t, apitest.Register(t, ts, email, nil), 201)
				run := func() apitest.Reply { return apitest.Call(t, nil, ts, "PUT", grant.path, grant.body(email), admin) }
				return run, func(t *testing.T) {
					if u, _ := s.Store().UserByEmail(context.Background(), email); grant.has(u) {
						t.Error("the role was granted")
					}
				}
			})
		})
	}
}

// A form submission: the reference, the submission, its search entry and history, the
// confirmation and staff emails, the idempotency answer and the user's draft.
func TestFormSubmissionIsAtomic(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t, generousLimits, func(c *app.Config) { c.StaffNotify = []string{"desk@gerege.test"} })
	failEachWrite(t, s, 201, func(t *testing.T, n int) (func() apitest.Reply, func(*testing.T)) {
		email := fmt.Sprintf("form%d@example.mn", n)
		tok := apitest.Register(t, ts, email, nil).Str("accessToken")
		apitest.MustStatus(t, apitest.Call(t, nil, ts, "PUT", "/api/forms/contact/draft", map[string]any{"data": map[string]any{"firstName": "A"}}, tok), 204)
		key := fmt.Sprint("key-", n)
		run := func() apitest.Reply {
			return apitest.Call(t, nil, ts, "POST", "/api/forms/contact", map[string]any{"firstName": "A", "lastName": "B", "email": email,
				"description": "Demo"}, tok, "Idempotency-Key", key)
		}
		return run, func(t *testing.T) {
			if d := apitest.Call(t, nil, ts, "GET", "/api/forms/contact/draft", nil, tok); !strings.Contains(d.Raw, `"firstName"`) {
				t.Errorf("the draft is gone: %s", d.Raw)
			}
			r := run() // the key was not used up
			if r.Status != 201 || r.Header.Get("Idempotent-Replayed") != "" {
				t.Errorf("retry after the failure: %d %v %s", r.Status, r.Header, r.Raw)
			}
		}
	})
}

// The emails are rendered before the transaction; the submission's reference and id, which
// only the transaction knows, are filled in.
func TestFormEmailsCarryTheReferenceAndID(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t, func(c *app.Config) { c.StaffNotify = []string{"desk@gerege.test"} })
	r := apitest.Call(t, nil, ts, "POST", "/api/forms/contact", map[string]any{"firstName": "A", "lastName": "B", "email": "a@example.mn",
		"description": "Demo"}, "")
	apitest.MustStatus(t, r, 201)
	ref := r.Str("reference")
	var id int64
	if err := s.Store().Read.QueryRow(`SELECT id FROM submissions WHERE reference = ?`, ref).Scan(&id); err != nil {
		t.Fatal(err)
	}
	mine, desk := apitest.LastEmail(t, s, "a@example.mn"), apitest.LastEmail(t, s, "desk@gerege.test")
	link := fmt.Sprintf("/en/dashboard/forms/contact/%d", id)
	if !strings.Contains(mine.Text, ref) || !strings.Contains(mine.HTML, ref) || !strings.Contains(mine.Subject+mine.Text, ref) {
		t.Errorf("the confirmation lacks %s: %s\n%s", ref, mine.Subject, mine.Text)
	}
	if !strings.Contains(desk.Text, ref) || !strings.Contains(desk.Text, link) || !strings.Contains(desk.HTML, link) {
		t.Errorf("the staff email lacks %s or %s: %s", ref, link, desk.Text)
	}
	marks := regexp.MustCompile(`(ref|id)[A-Z2-7]{26}mark`)
	for _, e := range []string{mine.Subject, mine.Text, mine.HTML, desk.Subject, desk.Text, desk.HTML} {
		if marks.MatchString(e) {
			t.Errorf("a mark was left in: %s", e)
		}
	}
}

// Email verification: spending the code, the verified email and the audit entry.
func TestEmailVerificationIsAtomic(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t, generousLimits)
	failEachWrite(t, s, 200, func(t *testing.T, n int) (func() apitest.Reply, func(*testing.T)) {
		email := fmt.Sprintf("verify%d@example.mn", n)
		tok := apitest.Register(t, ts, email, nil).Str("accessToken")
		code := apitest.EmailCode(t, apitest.LastEmail(t, s, email))
		run := func() apitest.Reply {
			return apitest.Call(t, nil, ts, "POST", "/api/auth/verify", map[string]any{"code": code}, tok)
		}
		return run, func(t *testing.T) {
			if u, _ := s.Store().UserByEmail(context.Background(), email); !u.EmailVerifiedAt.IsZero() {
				t.Error("the email was marked verified")
			}
			apitest.MustStatus(t, run(), 200) // the code is still unused
		}
	})
}

// A desk status change with its notification to the signed-in sender: the status, its history
// entry and the notification (with the email it owes).
func TestStatusChangeWithNotificationIsAtomic(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t, generousLimits)
	apitest.MustStatus(t, apitest.Register(t, ts, "atomic-desk@example.mn", nil), 201)
	u, err := s.Store().UserByEmail(context.Background(), "atomic-desk@example.mn")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Store().SetStaff(context.Background(), u.ID, 1, time.Now()); err != nil {
		t.Fatal(err)
	}
	desk := apitest.WebClient()
	apitest.MustStatus(t, apitest.Call(t, desk, ts, "POST", "/api/web/auth/login", map[string]any{"email": "atomic-desk@example.mn", "password": "correct horse battery"}, ""), 200)
	failEachWrite(t, s, 200, func(t *testing.T, n int) (func() apitest.Reply, func(*testing.T)) {
		email := fmt.Sprintf("status%d@example.mn", n)
		tok := apitest.Register(t, ts, email, nil).Str("accessToken")
		// By digest, so that no immediate email is sent in the background while writes are counted.
		apitest.MustStatus(t, apitest.Call(t, nil, ts, "PUT", "/api/notifications/preferences",
			map[string]any{"preferences": []map[string]any{{"kind": "forms.status", "email": "digest"}}}, tok), 200)
		sent := apitest.Call(t, nil, ts, "POST", "/api/forms/contact", map[string]any{"firstName": "A", "lastName": "B", "email": email,
			"description": "Demo"}, tok)
		apitest.MustStatus(t, sent, 201)
		list := apitest.Call(t, desk, ts, "GET", "/api/admin/forms/contact/submissions?q="+sent.Str("reference"), nil, "")
		id := int64(list.Body["items"].([]any)[0].(map[string]any)["id"].(float64))
		run := func() apitest.Reply {
			return apitest.Call(t, desk, ts, "POST", fmt.Sprintf("/api/admin/submissions/%d/status", id), map[string]any{"status": "accepted"}, "")
		}
		return run, func(t *testing.T) {
			if c := apitest.Call(t, nil, ts, "GET", "/api/notifications/unread-count", nil, tok); c.Body["unread"].(float64) != 0 {
				t.Errorf("a notification without its status change: %s", c.Raw)
			}
			if d := apitest.Call(t, desk, ts, "GET", fmt.Sprintf("/api/admin/submissions/%d", id), nil, ""); !strings.Contains(d.Raw, `"status":"new"`) {
				t.Errorf("the status changed without its notification: %.300s", d.Raw)
			}
		}
	})
}

// Account deletion: every module's part of the person's data (app/platform/userdata: a
// submission, a draft, a kept Idempotency-Key answer, a Direction Board result, notification
// settings), the account and the audit entry that records the deletion.
func TestAccountDeletionIsAtomic(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t, generousLimits)
	failEachWrite(t, s, 204, func(t *testing.T, n int) (func() apitest.Reply, func(*testing.T)) {
		email := fmt.Sprintf("gone%d@example.mn", n)
		tok := apitest.Register(t, ts, email, nil).Str("accessToken")
		giveData(t, ts, tok, email)
		run := func() apitest.Reply {
			return apitest.Call(t, nil, ts, "DELETE", "/api/account", map[string]any{"password": "correct horse battery"}, tok)
		}
		return run, func(t *testing.T) {
			apitest.MustStatus(t, apitest.Call(t, nil, ts, "GET", "/api/auth/me", nil, tok), 200) // still there, still signed in
		}
	})
}

// National ID verification: the verification, the date of birth it gives a mobile account
// that had none, and the audit entry.
func TestIDVerificationIsAtomic(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t, generousLimits)
	failEachWrite(t, s, 200, func(t *testing.T, n int) (func() apitest.Reply, func(*testing.T)) {
		email := fmt.Sprintf("id%d@example.mn", n)
		tok := apitest.Register(t, ts, email, nil).Str("accessToken") // no date of birth yet
		run := func() apitest.Reply {
			return apitest.Call(t, nil, ts, "PUT", "/api/account/id-verification", map[string]any{"surname": "Батболд",
				"givenName": "Тэмүүлэн", "dateOfBirth": "2005-03-14", "idNumber": "УБ05231412"}, tok)
		}
		return run, func(t *testing.T) {
			me := apitest.Call(t, nil, ts, "GET", "/api/auth/me", nil, tok)
			if me.Str("idVerification") != "none" || me.Body["needsDateOfBirth"] != true {
				t.Errorf("half-verified: %s", me.Raw)
			}
		}
	})
}

// Sending an invitation: the invitation, its email and the audit entry.
func TestInvitationIsAtomic(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t, generousLimits)
	owner := apitest.Register(t, ts, "atomic-owner@example.mn", map[string]any{"accountType": "enterprise",
		"organization": "Atomic Tours", "dateOfBirth": "1990-01-02"}).Str("accessToken")
	// Each write that fails is followed by one that succeeds: more invitations than the free
	// plan's staff seats.
	apitest.OnPlan(t, s, "atomic-owner@example.mn", "pro")
	failEachWrite(t, s, 201, func(t *testing.T, n int) (func() apitest.Reply, func(*testing.T)) {
		email := fmt.Sprintf("invited%d@example.mn", n)
		run := func() apitest.Reply {
			return apitest.Call(t, nil, ts, "POST", "/api/organization/invitations", map[string]any{"email": email, "role": "manager"}, owner)
		}
		return run, func(t *testing.T) {
			if org := apitest.Call(t, nil, ts, "GET", "/api/organization", nil, owner); strings.Contains(org.Raw, email) {
				t.Errorf("the invitation exists: %s", org.Raw)
			}
			apitest.MustStatus(t, run(), 201) // inviting works again
		}
	})
}

// Switching maintenance mode: the setting and its audit entry, both ways.
func TestMaintenanceSwitchIsAtomic(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t, generousLimits)
	if _, err := app.CreateAdmin(context.Background(), s.Store(), "maint@example.mn", "correct horse battery", "R", "O"); err != nil {
		t.Fatal(err)
	}
	admin := apitest.Call(t, nil, ts, "POST", "/api/auth/login", map[string]any{"email": "maint@example.mn", "password": "correct horse battery"}, "").Str("accessToken")
	for _, on := range []bool{true, false} {
		t.Run(fmt.Sprint("on=", on), func(t *testing.T) {
			failEachWrite(t, s, 200, func(t *testing.T, n int) (func() apitest.Reply, func(*testing.T)) {
				from := map[bool]string{true: "off", false: "on"}[on]
				if err := s.Store().SetSetting(context.Background(), db.SettingMaintenance, from); err != nil {
					t.Fatal(err)
				}
				s.InvalidateMaintenance()
				run := func() apitest.Reply {
					return apitest.Call(t, nil, ts, "PUT", "/api/admin/maintenance", map[string]any{"on": on}, admin)
				}
				return run, func(t *testing.T) {
					if v, _ := s.Store().Setting(context.Background(), db.SettingMaintenance); v != from {
						t.Errorf("maintenance is %q without its audit entry", v)
					}
				}
			})
		})
	}
}

// giveData gives the account something in every module that keeps personal data.
func giveData(t *testing.T, ts *httptest.Server, tok, email string) {
	t.Helper()
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/forms/contact", map[string]any{"firstName": "A", "lastName": "B",
		"email": email, "description": "Demo"}, tok, "Idempotency-Key", "k-"+email), 201)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "PUT", "/api/forms/roadmap/draft", map[string]any{"data": map[string]any{"school": "1"}}, tok), 204)
	start := apitest.Call(t, nil, ts, "POST", "/api/direction-board/attempts", nil, tok)
	apitest.MustStatus(t, start, 201)
	id := start.Str("id")
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "PUT", "/api/direction-board/attempts/"+id+"/answers", map[string]any{"answers": apitest.BoardAnswers(3)}, tok), 200)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/direction-board/attempts/"+id+"/finish", map[string]any{"confirm": true}, tok), 200)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "PUT", "/api/notifications/preferences",
		map[string]any{"preferences": []map[string]any{{"kind": "forms.status", "email": "digest"}}}, tok), 200)
}
