package communities

import (
	"context"
	"time"

	"gerege/db"
)

// DemoPeople are the demo accounts the communities' demo content is written by.
type DemoPeople struct {
	Admin, Owner, Student int64   // admin@, owner@, student@demo.gerege.mn
	Others                []int64 // more individuals (applicant1-4@demo.gerege.mn)
	OrgID                 int64   // the owner's organisation
}

// demoWorld is what each part of the demo adds, for the parts after it.
type demoWorld struct {
	now         time.Time
	people      DemoPeople
	communities map[string]int64 // by slug
	forums      map[string]int64 // by "community/forum"
	posts       map[string]int64 // by slug (posts and topics)
	comments    []int64
}

// SeedDemo adds the demo's communities (a school, an NGO, a study-abroad community), their
// forums, posts and topics in both languages with comments, an open and a closed poll, and
// reports waiting with their clocks, and two upcoming events.
func SeedDemo(ctx context.Context, store *db.Store, now time.Time, people DemoPeople) error {
	w := &demoWorld{now: now, people: people, communities: map[string]int64{}, forums: map[string]int64{},
		posts: map[string]int64{}}
	return store.InTx(ctx, func(tx *db.Store) error {
		for _, part := range []func(context.Context, *db.Store, *demoWorld) error{
			seedCommunitiesDemo, seedPostsDemo, seedDiscussionDemo, seedModerationDemo, seedEventsDemo,
		} {
			if err := part(ctx, tx, w); err != nil {
				return err
			}
		}
		return nil
	})
}
