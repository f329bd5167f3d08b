package app

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"gerege/app/accounts"
	"gerege/app/communities"
	"gerege/app/directionboard"
	"gerege/app/forms"
	"gerege/app/opportunities"
	"gerege/app/platform/notify"
	"gerege/app/platform/secure"
	"gerege/app/store/billing"
	"gerege/app/store/payouts"
	"gerege/app/store/shop"
	"gerege/app/workspace/calendar"
	"gerege/app/workspace/chat"
	"gerege/app/workspace/filemanager"
	"gerege/app/workspace/interviews"
	workspacemail "gerege/app/workspace/mail"
	peopledemo "gerege/app/workspace/people"
	"gerege/db"
)

// DemoPassword is the password of every demo account. It is printed in the log and shown in
// the README: demo installations are for events and trials, never for real people's data.
const DemoPassword = "gerege-demo-2026"

// DemoAccounts are the accounts --demo creates.
var DemoAccounts = []struct {
	Email, First, Last, Type, Org string
	Admin                         bool
	Staff                         int
}{
	{"admin@demo.gerege.mn", "Админ", "Демо", "individual", "", true, 0},
	{"owner@demo.gerege.mn", "Оюунаа", "Батболд", "enterprise", "Steppe Education Center (demo)", false, 0},
	{"desk@demo.gerege.mn", "Tselmeg", "Dorj", "individual", "", false, 2},
	{"student@demo.gerege.mn", "Тэмүүлэн", "Ганбаатар", "individual", "", false, 0},
}

// SeedDemo fills an empty database with demo content in both languages — accounts of each
// role, form submissions, Direction Board results — and marks the installation as a demo
// (/api/meta says "demo": true and the UI shows it). It does nothing to a database that
// already has accounts, and nothing twice.
func SeedDemo(ctx context.Context, store *db.Store, now time.Time, log func(string)) error {
	if _, err := store.Setting(ctx, db.SettingDemo); err == nil {
		return nil
	}
	if n, err := store.CountUsers(ctx); err != nil || n > 0 {
		if err == nil {
			log("demo: the database already has accounts; not adding demo content")
		}
		return err
	}
	hash, err := secure.NewHasher().Hash(DemoPassword)
	if err != nil {
		return err
	}
	var student, desk int64 // the student's own earlier results show on their profile
	for _, a := range DemoAccounts {
		u, err := store.CreateUser(ctx, db.NewUser{Email: a.Email, PasswordHash: hash, FirstName: a.First, LastName: a.Last,
			DateOfBirth: "2000-04-15", AccountType: a.Type, Language: "mn", OrgName: a.Org, IsAdmin: a.Admin, Verified: true,
			TermsVersion: accounts.LegalVersion, PrivacyVersion: accounts.LegalVersion}, now)
		if err != nil {
			return err
		}
		switch a.Email {
		case "student@demo.gerege.mn":
			student = u.ID
		case "desk@demo.gerege.mn":
			desk = u.ID
		}
		if a.Staff > 0 {
			if err := store.SetStaff(ctx, u.ID, a.Staff, now); err != nil {
				return err
			}
		}
	}
	people := []struct{ first, last, email, lang, country string }{
		{"Сараа", "Батбаяр", "saraa@example.mn", "mn", "MN"},
		{"Anu", "Erdene", "anu@example.com", "en", "MN"},
		{"Болд", "Ганзориг", "bold@example.mn", "mn", "MN"},
		{"Min-ji", "Kim", "minji@example.kr", "en", "KR"},
	}
	for i, p := range people {
		at := now.Add(-time.Duration(len(people)-i) * 26 * time.Hour)
		data, _ := json.Marshal(map[string]any{"firstName": p.first, "lastName": p.last, "email": p.email,
			"businessName": "", "phoneNumber": "+9768811223" + fmt.Sprint(i), "description": "Demo: we would like to learn more about Gerege for our school."})
		if _, _, err := store.CreateSubmission(ctx, db.NewSubmission{Form: "contact", Prefix: "CON", Lang: p.lang,
			Name: p.first + " " + p.last, Email: p.email, Country: p.country, Data: string(data),
			Search: p.first + " " + p.last + " " + p.email}, nil, at); err != nil {
			return err
		}
	}
	if err := demoNotifications(ctx, store, student, desk, now); err != nil {
		return err
	}
	if err := opportunities.SeedDemo(ctx, store, now, hash, []int64{student}); err != nil {
		return fmt.Errorf("opportunities: %w", err)
	}
	if err := seedCommunitiesDemo(ctx, store, now); err != nil {
		return fmt.Errorf("communities: %w", err)
	}
	if err := peopledemo.SeedDemo(ctx, store, now, hash, "owner@demo.gerege.mn"); err != nil {
		return fmt.Errorf("people: %w", err)
	}
	if err := seedCalendarDemo(ctx, store, now, hash); err != nil {
		return fmt.Errorf("calendar: %w", err)
	}
	// Interviews: one confirmed and one waiting for the student's answer.
	if err := interviews.SeedDemo(ctx, store, now, "student@demo.gerege.mn"); err != nil {
		return fmt.Errorf("interviews: %w", err)
	}
	if err := chat.SeedDemo(ctx, store, now); err != nil {
		return fmt.Errorf("chat: %w", err)
	}
	// The file manager: folders and files of the owner, their organisation and the student.
	if err := filemanager.SeedDemo(ctx, store, now); err != nil {
		return fmt.Errorf("files: %w", err)
	}
	if err := billing.SeedDemo(ctx, store, now, "owner@demo.gerege.mn", "admin@demo.gerege.mn"); err != nil {
		return fmt.Errorf("billing: %w", err)
	}
	if err := workspacemail.SeedDemo(ctx, store, now); err != nil {
		return fmt.Errorf("mail: %w", err)
	}
	if err := shop.SeedDemo(ctx, store, now); err != nil {
		return fmt.Errorf("shop: %w", err)
	}
	// A selling organisation's sales, its payout details and one payout.
	if err := payouts.SeedDemo(ctx, store, now); err != nil {
		return fmt.Errorf("payouts: %w", err)
	}
	// Direction Board results with known answers; the two most recent are the student's.
	content, err := directionboard.Load("en")
	if err != nil {
		return err
	}
	for i, fav := range []string{"S", "A", "I", "E"} {
		start := now.Add(-time.Duration(i+1) * 50 * time.Hour)
		a := db.Attempt{ID: secure.RandomToken(12), KeyHash: "demo", Lang: []string{"mn", "en"}[i%2], StartedAt: start,
			DeadlineAt: start.Add(20 * time.Minute), ResultToken: secure.RandomToken(24)}
		if i < 2 {
			a.UserID = student
		}
		if err := store.CreateAttempt(ctx, a); err != nil {
			return err
		}
		answers := map[string]int{}
		for j, it := range content.Items {
			answers[it.ID] = 2 + j%3
			if it.Type == fav {
				answers[it.ID] = 5
			}
		}
		if _, err := store.SaveAnswers(ctx, a.ID, answers, start.Add(10*time.Minute)); err != nil {
			return err
		}
		res := directionboard.Score(content.Items, answers)
		scores, _ := json.Marshal(res.Scores)
		a.Code, a.Scores = res.Code, string(scores)
		if _, err := store.FinishAttempt(ctx, &a, start.Add(12*time.Minute)); err != nil {
			return err
		}
	}
	// The demo's people are an installation's established members: accounts in their first
	// day have the communities' new-account limits (3 posts, 1 community request an hour),
	// which a presenter at an event would run into at once.
	if err := store.BackdateAccounts(ctx, "@demo.gerege.mn", now.Add(-time.Hour), now.Add(-45*24*time.Hour)); err != nil {
		return err
	}
	log(fmt.Sprintf("demo: added demo accounts (password %q): admin@demo.gerege.mn, owner@demo.gerege.mn, counselor@demo.gerege.mn, desk@demo.gerege.mn, student@demo.gerege.mn", DemoPassword))
	return store.SetSetting(ctx, db.SettingDemo, "1")
}

// demoNotifications: the student sent a support request while signed in and the desk has
// moved it along twice, so the bell shows notifications (the first already read). The
// student gets them by daily digest, which shows the email preferences at work.
func demoNotifications(ctx context.Context, store *db.Store, student, desk int64, now time.Time) error {
	sent := now.Add(-72 * time.Hour)
	data, _ := json.Marshal(map[string]any{"firstName": "Тэмүүлэн", "lastName": "Ганбаатар", "email": "student@demo.gerege.mn",
		"topic": "account", "message": "Demo: how do I change the language of the emails I receive?"})
	sub, _, err := store.CreateSubmission(ctx, db.NewSubmission{Form: "support", Prefix: "SUP", Lang: "mn",
		Name: "Тэмүүлэн Ганбаатар", Email: "student@demo.gerege.mn", Country: "MN", Data: string(data), UserID: student,
		Search: "Тэмүүлэн Ганбаатар student@demo.gerege.mn"}, nil, sent)
	if err != nil {
		return err
	}
	if err := store.SetNotificationPrefs(ctx, student, map[string]string{forms.StatusChanged.Name: string(notify.Digest)}, sent); err != nil {
		return err
	}
	for i, status := range []string{"in_review", "accepted"} {
		at := sent.Add(time.Duration(i+1) * 20 * time.Hour)
		err := store.InTx(ctx, func(tx *db.Store) error {
			if err := tx.SetSubmissionStatus(ctx, sub.ID, desk, status, "", at); err != nil {
				return err
			}
			return notify.Send(ctx, tx, notify.Notification{UserID: student, Kind: forms.StatusChanged.Name,
				Params: map[string]string{"reference": sub.Reference, "status": status, "form": sub.Form}, Link: "/dashboard", At: at})
		})
		if err != nil {
			return err
		}
	}
	list, _, err := store.Notifications(ctx, db.NotificationFilter{UserID: student})
	if err != nil || len(list) == 0 {
		return err
	}
	return store.MarkNotificationRead(ctx, student, list[len(list)-1].ID, sent.Add(30*time.Hour))
}

// seedCommunitiesDemo adds the communities' demo, written by the demo accounts and the
// opportunities demo's applicants.
func seedCommunitiesDemo(ctx context.Context, store *db.Store, now time.Time) error {
	byEmail := func(e string) (*db.User, error) { return store.UserByEmail(ctx, e) }
	var people communities.DemoPeople
	for _, p := range []struct {
		email string
		id    *int64
	}{{"admin@demo.gerege.mn", &people.Admin}, {"owner@demo.gerege.mn", &people.Owner}, {"student@demo.gerege.mn", &people.Student}} {
		u, err := byEmail(p.email)
		if err != nil {
			return err
		}
		*p.id = u.ID
		if u.OrgID != 0 {
			people.OrgID = u.OrgID
		}
	}
	for i := 1; i <= 4; i++ {
		u, err := byEmail(fmt.Sprintf("applicant%d@demo.gerege.mn", i))
		if err != nil {
			return err
		}
		people.Others = append(people.Others, u.ID)
	}
	return communities.SeedDemo(ctx, store, now, people)
}

// seedCalendarDemo adds a counselor of the owner's organisation with a week of hours and
// appointments with the student and the opportunities demo's applicants.
func seedCalendarDemo(ctx context.Context, store *db.Store, now time.Time, hash string) error {
	owner, err := store.UserByEmail(ctx, "owner@demo.gerege.mn")
	if err != nil {
		return err
	}
	var students []int64
	for _, e := range []string{"student@demo.gerege.mn", "applicant1@demo.gerege.mn", "applicant2@demo.gerege.mn", "applicant3@demo.gerege.mn"} {
		u, err := store.UserByEmail(ctx, e)
		if err != nil {
			return err
		}
		students = append(students, u.ID)
	}
	return calendar.SeedDemo(ctx, store, now, hash, accounts.LegalVersion, owner.OrgID, students)
}
