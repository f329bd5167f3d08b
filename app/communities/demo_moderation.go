package communities

import (
	"context"
	"slices"
	"time"

	"gerege/db"
)

// seedModerationDemo adds reports waiting with their clocks: one 2 hours old, one 13 hours
// old (its community's admins were told), one 25 hours old (late: the platform's admins were
// told); one dismissed and one actioned with their history, and an appeal waiting. It reports
// posts and comments of the demo communities when the other parts wrote them, else profiles
// (which go to the platform's admins).
func seedModerationDemo(ctx context.Context, tx *db.Store, w *demoWorld) error {
	p := w.people
	reporters := append([]int64{p.Student}, p.Others...)
	if len(reporters) < 3 {
		return nil
	}
	// What to report: posts (by slug, sorted: the same every time), else people's profiles.
	type item struct {
		typ string
		id  int64
	}
	var items []item
	for _, slug := range slices.Sorted(func(yield func(string) bool) {
		for k := range w.posts {
			if !yield(k) {
				return
			}
		}
	}) {
		items = append(items, item{"post", w.posts[slug]})
	}
	for _, c := range w.comments {
		items = append(items, item{"comment", c})
	}
	if len(items) == 0 {
		for _, id := range append([]int64{p.Owner}, p.Others...) {
			items = append(items, item{"profile", id})
		}
	}
	h := &Handlers{Store: tx, Now: func() time.Time { return w.now }}
	ages := []time.Duration{2 * time.Hour, 13 * time.Hour, 25 * time.Hour, 30 * time.Hour, 40 * time.Hour}
	reasons := []string{"spam", "harassment", "misinformation", "hate", "spam"}
	made := 0
	var answered []*db.ModTarget
	for _, it := range items {
		if made == len(ages) {
			break
		}
		t, err := tx.ModerationTarget(ctx, it.typ, it.id)
		if err != nil {
			if db.IsNotFound(err) {
				continue
			}
			return err
		}
		if t.AuthorID == 0 || !shown(t) {
			continue
		}
		// The student reports the open ones; the answered ones (told by notification) are
		// someone else's, so the student's notifications stay the support request's.
		pool := reporters
		if made >= 3 {
			pool = reporters[1:]
		}
		reporter := pool[made%len(pool)]
		if reporter == t.AuthorID {
			reporter = pool[(made+1)%len(pool)]
		}
		age := ages[made]
		created := w.now.Add(-age)
		id, err := tx.InsertReport(ctx, db.Report{TargetType: t.Type, TargetID: t.ID, CommunityID: t.Route, TargetUserID: t.AuthorID,
			ReporterID: reporter, Reason: reasons[made], Note: demoNotes[made], CreatedAt: created, DueAt: created.Add(reportDue)})
		if err != nil {
			return err
		}
		// The clock as the job would have left it: by now, or by the time it was answered.
		ref := w.now
		if made >= 3 {
			ref = answerAt(w.now, made-3)
		}
		var admins, platform time.Time
		if ref.Sub(created) >= escalateAdmins && t.Route != 0 {
			admins = created.Add(escalateAdmins)
		}
		late := ref.Sub(created) >= reportDue
		if late {
			platform = created.Add(reportDue)
		}
		if err := tx.SetReportClock(ctx, id, admins, platform, late); err != nil {
			return err
		}
		if made >= 3 {
			answered = append(answered, t)
		}
		made++
	}
	// The last two are answered: one dismissed, one actioned (removed, or a warning for a
	// profile), each by a moderator of its community or a platform admin; the actioned one is
	// appealed by its author.
	for i, t := range answered {
		mod, err := demoModerator(ctx, tx, t, p.Admin)
		if err != nil {
			return err
		}
		action, reason := "dismiss", "Not against the community's rules"
		if i == 1 {
			action, reason = "warn", "Please keep to the community's rules"
			if t.ContentType != "" {
				action, reason = "remove", "Advertising is not allowed here"
			}
		}
		at := answerAt(w.now, i)
		a, _, err := h.decide(ctx, tx, mod, t, action, reason, 0, at)
		if err != nil {
			return err
		}
		if action == "remove" {
			if _, err := tx.InsertAppeal(ctx, a.ID, t.AuthorID, "This was an announcement for our members, not an advertisement.", at.Add(2*time.Hour)); err != nil {
				return err
			}
		}
	}
	return nil
}

// answerAt is when the demo's i-th answered report was answered: the 30-hour-old one 10 hours
// after it was made (within its 24 hours), the 40-hour-old one 25 hours after (late).
func answerAt(now time.Time, i int) time.Time {
	return now.Add(-time.Duration(20-i*5) * time.Hour)
}

var demoNotes = []string{
	"Posted the same link in every forum.",
	"Insults another member in the replies.",
	"The dates in this are wrong.",
	"",
	"Advertising a paid course.",
}

// demoModerator is the community's first admin, or the platform's admin.
func demoModerator(ctx context.Context, tx *db.Store, t *db.ModTarget, admin int64) (*db.User, error) {
	id := admin
	if t.Route != 0 {
		if ids, err := tx.CommunityAdminIDs(ctx, t.Route); err != nil {
			return nil, err
		} else if len(ids) > 0 && ids[0] != t.AuthorID {
			id = ids[0]
		}
	}
	return tx.UserByID(ctx, id)
}
