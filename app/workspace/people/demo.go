package people

import (
	"context"
	"fmt"
	"time"

	"gerege/app/platform/secure"
	"gerege/db"
)

// DemoStaff are the staff the demo gives the owner's organisation (owner@demo.gerege.mn), in
// both languages' names, so the people list looks like a real one: managers and counselors,
// different last sign-ins, one account that never signed in and one suspended.
var DemoStaff = []struct {
	Email, First, Last, Role, Lang string
	SignedInDaysAgo                int // 0: never signed in
	Verified, Suspended            bool
}{
	{"manager@demo.gerege.mn", "Номин", "Цэрэн", "manager", "mn", 1, true, false},
	{"ganbat.counselor@demo.gerege.mn", "Ганбат", "Лхагва", "counselor", "mn", 2, true, false},
	{"sarah.counselor@demo.gerege.mn", "Sarah", "Miller", "counselor", "en", 5, true, false},
	{"enkh.counselor@demo.gerege.mn", "Энхжин", "Очир", "counselor", "mn", 0, false, false},
	{"david.manager@demo.gerege.mn", "David", "Park", "manager", "en", 30, true, true},
}

// SeedDemo adds DemoStaff to the organisation of ownerEmail (password hash given).
func SeedDemo(ctx context.Context, store *db.Store, now time.Time, hash, ownerEmail string) error {
	owner, err := store.UserByEmail(ctx, ownerEmail)
	if err != nil {
		return fmt.Errorf("people demo: %w", err)
	}
	for i, s := range DemoStaff {
		created := now.Add(-time.Duration(60-i*7) * 24 * time.Hour)
		u, err := store.CreateUser(ctx, db.NewUser{Email: s.Email, PasswordHash: hash, FirstName: s.First, LastName: s.Last,
			DateOfBirth: "1992-03-10", AccountType: "enterprise", Language: s.Lang, Verified: s.Verified}, created)
		if err != nil {
			return err
		}
		err = store.InTx(ctx, func(tx *db.Store) error {
			if err := tx.MoveToOrg(ctx, u.ID, owner.OrgID, s.Role, created); err != nil {
				return err
			}
			if s.SignedInDaysAgo > 0 { // an ended session of that day: the last sign-in
				at := now.Add(-time.Duration(s.SignedInDaysAgo) * 24 * time.Hour)
				if err := tx.CreateAuthSession(ctx, db.AuthSession{ID: secure.RandomToken(18), UserID: u.ID, Kind: "web",
					UserAgent: "demo", CreatedAt: at, ExpiresAt: at.Add(time.Hour)}); err != nil {
					return err
				}
			}
			if s.Suspended {
				if err := tx.SetSuspended(ctx, u.ID, true, now.Add(-3*24*time.Hour)); err != nil {
					return err
				}
				return tx.Audit(ctx, db.AuditEvent{At: now.Add(-3 * 24 * time.Hour), Event: "person.suspended", ActorID: owner.ID,
					SubjectID: u.ID, Detail: db.DetailSuspended})
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}
