package communities

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"gerege/db"
)

// demoComments are the demo's conversation: each post gets the first few, in both languages;
// "{{student}}" becomes the student's @handle (a mention).
var demoComments = []struct{ body, reply string }{
	{"Thank you for sharing this — very useful for our first-year students.", "Glad it helps! Ask here if anything is unclear."},
	{"Маш хэрэгтэй мэдээлэл байна, баярлалаа!", "Асуух зүйл байвал энд бичээрэй."},
	{"Does anyone know when the next information session is? {{student}} might know.", "It is on the school's calendar: next Thursday at 17:00."},
	{"Би өнгөрсөн жил энэ хөтөлбөрт хамрагдсан. **Зөвлөгөө:** бичиг баримтаа эрт бүрдүүлээрэй.", ""},
	{"Could we get the slides from the session as well?", ""},
}

// seedDiscussionDemo adds comments and replies in both languages to the demo's posts and
// topics (a mention among them), an open poll with votes and a closed one with its results.
// With no posts (the posts part's demo absent) it adds nothing.
func seedDiscussionDemo(ctx context.Context, tx *db.Store, w *demoWorld) error {
	if len(w.posts) == 0 {
		return nil
	}
	slugs := make([]string, 0, len(w.posts))
	for s := range w.posts {
		slugs = append(slugs, s)
	}
	slices.Sort(slugs)
	h := &Handlers{Now: func() time.Time { return w.now }}
	people := append([]int64{w.people.Student, w.people.Owner, w.people.Admin}, w.people.Others...)
	handles := map[int64]string{}
	for _, id := range people {
		if id == 0 {
			continue
		}
		u, err := tx.UserByID(ctx, id)
		if err != nil {
			return err
		}
		if handles[id], err = h.ensureProfile(ctx, tx, u); err != nil {
			return err
		}
	}
	// Who may write in a post: the demo people who may take part in its community.
	writers := func(postID int64) ([]int64, *db.DiscussionPost, error) {
		p, err := tx.DiscussionPostOf(ctx, postID)
		if err != nil {
			return nil, nil, err
		}
		var out []int64
		for _, id := range people {
			if id == 0 {
				continue
			}
			if p.CommunityID == 0 {
				out = append(out, id)
				continue
			}
			m, err := tx.CommunityMemberOf(ctx, p.CommunityID, id)
			if err != nil && !db.IsNotFound(err) {
				return nil, nil, err
			}
			if m.Active(w.now) {
				out = append(out, id)
			}
		}
		return out, p, nil
	}
	var withPoll []int64
	for i, slug := range slugs {
		if i >= 8 {
			break
		}
		postID := w.posts[slug]
		who, p, err := writers(postID)
		if err != nil {
			return err
		}
		if len(who) == 0 || p.Status != "published" {
			continue
		}
		withPoll = append(withPoll, postID)
		n := 2 + i%4
		for k := 0; k < n && k < len(demoComments); k++ {
			c := demoComments[(i+k)%len(demoComments)]
			author := who[(i+k)%len(who)]
			at := w.now.Add(-time.Duration(n-k) * 47 * time.Minute)
			body, mentions := c.body, map[string]int64{}
			if strings.Contains(body, "{{student}}") {
				if hd := handles[w.people.Student]; hd != "" && author != w.people.Student {
					body = strings.ReplaceAll(body, "{{student}}", "@"+hd)
					mentions[strings.ToLower(hd)] = w.people.Student
				} else {
					body = strings.ReplaceAll(body, " {{student}} might know.", "")
				}
			}
			id, err := tx.InsertComment(ctx, db.Comment{PostID: postID, AuthorID: author, Body: body, BodyHTML: renderComment(body, mentions)}, at)
			if err != nil {
				return err
			}
			w.comments = append(w.comments, id)
			if len(mentions) > 0 {
				if _, err := tx.SetMentions(ctx, id, []int64{w.people.Student}); err != nil {
					return err
				}
			}
			if c.reply != "" && len(who) > 1 {
				replier := who[(i+k+1)%len(who)]
				rid, err := tx.InsertComment(ctx, db.Comment{PostID: postID, ParentID: id, AuthorID: replier, Body: c.reply,
					BodyHTML: renderComment(c.reply, nil)}, at.Add(9*time.Minute))
				if err != nil {
					return err
				}
				w.comments = append(w.comments, rid)
			}
		}
	}
	// An open poll (results after voting) and a closed one (results for all), with votes.
	polls := []struct {
		question string
		options  []string
		results  string
		closed   bool
	}{
		{"Which session time suits you best? / Аль цаг танд тохиромжтой вэ?", []string{"Weekday evening / Ажлын өдрийн орой",
			"Saturday morning / Бямба гарагийн өглөө", "Online / Онлайн"}, "after_vote", false},
		{"Did the information session help you? / Мэдээллийн уулзалт танд тус болсон уу?", []string{"Yes, a lot / Тийм, их",
			"Somewhat / Жаахан", "Not really / Тийм ч биш"}, "always", true},
	}
	for i, pl := range polls {
		if i >= len(withPoll) {
			break
		}
		postID := withPoll[i]
		if _, err := tx.PollOfPost(ctx, postID); err == nil {
			continue // the posts part's demo attached one already
		}
		poll := db.Poll{PostID: postID, Question: pl.question, Results: pl.results}
		if pl.closed {
			poll.ClosesAt = w.now.Add(-24 * time.Hour)
		} else {
			poll.ClosesAt = w.now.Add(14 * 24 * time.Hour)
		}
		for _, o := range pl.options {
			poll.Options = append(poll.Options, db.PollOption{Label: o})
		}
		id, err := tx.CreatePoll(ctx, poll, w.now.Add(-72*time.Hour))
		if err != nil {
			return fmt.Errorf("demo poll: %w", err)
		}
		p, err := tx.PollByID(ctx, id)
		if err != nil {
			return err
		}
		who, _, err := writers(postID)
		if err != nil {
			return err
		}
		for k, uid := range who {
			if !pl.closed && uid == w.people.Student {
				continue // the student votes in the journey
			}
			if _, err := tx.Vote(ctx, id, uid, []int64{p.Options[(k+i)%len(p.Options)].ID}, w.now.Add(-48*time.Hour)); err != nil {
				return err
			}
		}
	}
	return nil
}
