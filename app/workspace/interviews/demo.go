package interviews

import (
	"context"
	"slices"
	"time"

	"gerege/db"
)

// SeedDemo gives the demo student two interviews: one confirmed (in three days at 10:00,
// Ulaanbaatar time, online) and one proposed, waiting for their answer (in five days at 15:00,
// at the organisation's office), on their applications that are not final — those to the
// owner's organisation first — scheduled by a staff member of the application's organisation.
// The applications move to "interview" with their history entries, as scheduling does.
func SeedDemo(ctx context.Context, store *db.Store, now time.Time, studentEmail string) error {
	student, err := store.UserByEmail(ctx, studentEmail)
	if err != nil {
		return err
	}
	apps, _, err := store.Applications(ctx, db.AppFilter{UserID: student.ID, Limit: 50})
	if err != nil {
		return err
	}
	// Applications still open, in pipeline order (the furthest first): the owner's
	// organisation is the demo's first (lowest id).
	open := []*db.Application{}
	for _, a := range apps {
		if !slices.Contains(final, a.Status) && a.Status != "offer" {
			open = append(open, a)
		}
	}
	slices.SortStableFunc(open, func(a, b *db.Application) int { return int(a.OrgID - b.OrgID) })
	local := now.In(ulaanbaatar)
	day := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, ulaanbaatar)
	plans := []struct {
		at                time.Time
		minutes           int
		link, place, note string
		confirmed         bool
	}{
		{day.AddDate(0, 0, 3).Add(10 * time.Hour), 45, "https://meet.example.mn/gerege-demo", "",
			"Бид таны туршлагын талаар ярилцаж, хэрэгжүүлсэн төслүүдээ товч танилцуулахыг хүсье.", true},
		{day.AddDate(0, 0, 5).Add(15 * time.Hour), 30, "", "Steppe Education Center, Seoul Street 21, room 305",
			"Please bring your passport and a printed copy of your CV.", false},
	}
	for i, p := range plans {
		if i >= len(open) {
			break
		}
		a := open[i]
		staff, err := store.OrgStaff(ctx, a.OrgID, "owner", "manager")
		if err != nil || len(staff) == 0 {
			return err
		}
		err = store.InTx(ctx, func(tx *db.Store) error {
			id, err := tx.InsertInterview(ctx, db.Interview{ApplicationID: a.ID, OrgID: a.OrgID, ApplicantID: student.ID, SchedulerID: staff[0],
				Start: p.at.UTC(), Minutes: p.minutes, Link: p.link, Place: p.place, Note: p.note}, now)
			if err != nil {
				return err
			}
			if p.confirmed {
				if err := tx.AnswerInterview(ctx, id, "confirmed", "", now, "proposed"); err != nil {
					return err
				}
			}
			if slices.Contains(earlier, a.Status) {
				return tx.SetApplicationStatus(ctx, a.ID, a.Status, "interview", staff[0], "", now)
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}
