package communities

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"gerege/db"
	"gerege/db/dbtest"
)

// The followers of a community, forum or topic hear of new posts, topics and replies: in-app
// always, by email when they chose it; never the author, never people who blocked the author
// or whom the author blocked, never people who can no longer read the community.
func TestFollowNotifications(t *testing.T) {
	ctx := context.Background()
	store, err := db.Open(ctx, dbtest.Path(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	h := &Handlers{Store: store, Now: func() time.Time { return now }}

	users := map[string]int64{}
	for _, n := range []string{"author", "fan", "mailfan", "blocker", "blocked", "outsider", "leaver", "topicfan", "admin"} {
		u, err := store.CreateUser(ctx, db.NewUser{Email: n + "@example.mn", PasswordHash: "x", FirstName: n, LastName: "T",
			Language: "en", AccountType: "individual", IsAdmin: n == "admin"}, now)
		if err != nil {
			t.Fatal(err)
		}
		users[n] = u.ID
	}
	mk := func(slug, visibility string) int64 {
		id, err := store.CreateCommunity(ctx, &db.Community{Slug: slug, NameEn: slug, Visibility: visibility, JoinPolicy: "open",
			Status: "active"}, now)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	pub, members := mk("pub", "public"), mk("club", "members")
	fid, err := store.CreateForum(ctx, &db.Forum{CommunityID: pub, Slug: "f", NameEn: "F"}, now)
	if err != nil {
		t.Fatal(err)
	}
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := store.Write.Exec(q, args...); err != nil {
			t.Fatal(err)
		}
	}
	follow := func(who, typ string, id int64, email bool) {
		t.Helper()
		if err := store.Follow(ctx, users[who], typ, id, email, now); err != nil {
			t.Fatal(err)
		}
	}
	follow("author", "community", pub, false)
	follow("fan", "community", pub, false)
	follow("fan", "forum", fid, false) // twice: one notification
	follow("mailfan", "forum", fid, true)
	follow("blocker", "community", pub, false)
	follow("blocked", "forum", fid, false)
	exec(`INSERT INTO blocks (user_id, blocked_id, created_at) VALUES (?, ?, ?), (?, ?, ?)`,
		users["blocker"], users["author"], db.T(now), users["author"], users["blocked"], db.T(now))

	// Members only: a follower who left (or never was a member) hears nothing; members and
	// platform admins do.
	for _, who := range []string{"author", "leaver"} {
		if err := store.PutMember(ctx, members, users[who], "member", "active", now); err != nil {
			t.Fatal(err)
		}
	}
	follow("leaver", "community", members, true)
	follow("outsider", "community", members, false)
	follow("admin", "community", members, false)
	if err := store.RemoveMember(ctx, members, users["leaver"]); err != nil {
		t.Fatal(err)
	}

	send := func(e NewPostEvent) {
		t.Helper()
		if err := store.InTx(ctx, func(tx *db.Store) error { return h.notifyNewPost(ctx, tx, e) }); err != nil {
			t.Fatal(err)
		}
	}
	send(NewPostEvent{PostID: 1, CommunityID: pub, ForumID: fid, AuthorID: users["author"], Kind: "topic", Title: "Hello", Link: "/forums/pub/f/hello"})
	send(NewPostEvent{PostID: 2, CommunityID: members, AuthorID: users["author"], Kind: "post", Title: "Inside", Link: "/post/inside"})

	got := func(who string) []string {
		t.Helper()
		list, _, err := store.Notifications(ctx, db.NotificationFilter{UserID: users[who], Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, n := range list {
			state := n.Email
			if state == db.NotifyEmailNone {
				state = "none"
			}
			out = append(out, fmt.Sprintf("%s %s %s", n.Kind, n.Link, state))
		}
		slices.Sort(out)
		return out
	}
	want := map[string][]string{
		"author":   nil,
		"fan":      {"communities.newPost /forums/pub/f/hello none"},
		"mailfan":  {"communities.newPostEmail /forums/pub/f/hello due"},
		"blocker":  nil,
		"blocked":  nil,
		"leaver":   nil,
		"outsider": nil,
		"admin":    {"communities.newPost /post/inside none"},
	}
	for who, w := range want {
		if g := got(who); !slices.Equal(g, w) {
			t.Errorf("%s: got %q, want %q", who, g, w)
		}
	}

	// Replies in a followed topic.
	res, err := store.Write.Exec(`INSERT INTO posts (kind, slug, community_id, forum_id, author_id, title, status, last_activity_at, created_at, updated_at)
		VALUES ('topic', 'hello', ?, ?, ?, 'Hello', 'published', ?, ?, ?)`, pub, fid, users["author"], db.T(now), db.T(now), db.T(now))
	if err != nil {
		t.Fatal(err)
	}
	tid, _ := res.LastInsertId()
	follow("topicfan", "topic", tid, true)
	follow("author", "topic", tid, false)
	follow("blocked", "topic", tid, false)
	if err := store.InTx(ctx, func(tx *db.Store) error {
		return h.notifyTopicReply(ctx, tx, TopicReplyEvent{PostID: tid, CommentID: 1, AuthorID: users["topicfan"], Title: "Hello", Link: "/forums/pub/f/hello"})
	}); err != nil {
		t.Fatal(err)
	}
	if g := got("topicfan"); len(g) != 0 {
		t.Errorf("the reply's author was told: %q", g)
	}
	if g := got("author"); !slices.Equal(g, []string{"communities.reply /forums/pub/f/hello none"}) {
		t.Errorf("topic author: %q", g)
	}
	// The blocked person blocked nobody here and the replier blocked nobody: they hear of it.
	if g := got("blocked"); !slices.Contains(g, "communities.reply /forums/pub/f/hello none") {
		t.Errorf("blocked: %q", g)
	}
	exec(`INSERT INTO blocks (user_id, blocked_id, created_at) VALUES (?, ?, ?)`, users["topicfan"], users["fan"], db.T(now))
	follow("fan", "topic", tid, false)
	if err := store.InTx(ctx, func(tx *db.Store) error {
		return h.notifyTopicReply(ctx, tx, TopicReplyEvent{PostID: tid, CommentID: 2, AuthorID: users["topicfan"], Title: "Hello", Link: "/forums/pub/f/hello"})
	}); err != nil {
		t.Fatal(err)
	}
	for _, n := range got("fan") {
		if n == "communities.reply /forums/pub/f/hello none" {
			t.Errorf("someone the replier blocked was told")
		}
	}
}
