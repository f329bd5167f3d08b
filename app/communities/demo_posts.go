package communities

import (
	"context"
	"sort"
	"time"

	"gerege/app/platform/markdown"
	"gerege/db"
)

// demoPost is one post of the demo: platform-wide (community "") or in a community, or a
// topic in a forum ("community/forum").
type demoPost struct {
	title, body, lang string
	tags              []string
	status            string        // published, scheduled, draft
	age               time.Duration // published this long ago; scheduled: this long ahead
}

var demoStaffPosts = []demoPost{
	{"Scholarships for 2027: what to prepare now", "Most scholarship deadlines for study in 2027 fall between **January and March**.\n\n" +
		"Start with three things:\n\n- a passport valid for at least two more years;\n- a recent language test (IELTS, TOEFL or TOPIK);\n" +
		"- two recommendation letters from teachers who know your work.\n\nAsk questions in the forums: mentors answer there.",
		"en", []string{"scholarship", "study abroad"}, "published", 26 * time.Hour},
	{"Улаанбаатарт болох их сургуулийн үзэсгэлэн", "Энэ сард Улаанбаатарт **гадаадын их сургуулиудын үзэсгэлэн** болно.\n\n" +
		"Оюутнууд, сурагчид их сургуулийн төлөөлөгчидтэй шууд уулзаж, тэтгэлэг болон элсэлтийн талаар асууж болно.",
		"mn", []string{"их сургууль", "үзэсгэлэн"}, "published", 50 * time.Hour},
	{"Gerege community guidelines · Gerege-ийн нийгэмлэгийн дүрэм", "Be kind, stay on topic, and report what breaks the Community Standards.\n\n" +
		"Эелдэг харилцаж, сэдвээсээ хазайлгүй, Нийгэмлэгийн дүрэм зөрчсөн зүйлийг мэдээлнэ үү.",
		"both", []string{"community"}, "published", 120 * time.Hour},
	{"Winter exchange programs open soon", "Applications for the winter exchange programs open next week.", "en",
		[]string{"exchange"}, "scheduled", 72 * time.Hour},
	{"Interview tips (draft)", "Notes for a post about interviews.", "en", []string{"career"}, "draft", 0},
}

var demoCommunityPosts = []demoPost{
	{"How I prepared my application to study in Korea", "I started a year ahead: language first, then the documents.\n\n" +
		"The hardest part was the **study plan**; ask me anything in the comments.", "en", []string{"korea", "study abroad"}, "published", 8 * time.Hour},
	{"Сургуулийн номын сангийн шинэ цагийн хуваарь", "Номын сан энэ долоо хоногоос эхлэн **20:00 цаг** хүртэл ажиллана.", "mn",
		[]string{"номын сан"}, "published", 30 * time.Hour},
}

var demoTopics = []demoPost{
	{"Welcome! Introduce yourself", "Say hello and tell us what you are preparing for.", "en", []string{"welcome"}, "published", 40 * time.Hour},
	{"Тэтгэлгийн материалын талаар асуулт", "Зөвлөмжийн захидлыг хэнээр бичүүлэх нь зүйтэй вэ?", "mn", []string{"тэтгэлэг"}, "published", 20 * time.Hour},
}

// seedPostsDemo adds the demo's posts: platform-wide staff posts in both languages (one
// scheduled, one draft), posts in the communities seeded before and topics in their forums
// (none when the communities part seeded nothing). It fills w.posts by slug.
func seedPostsDemo(ctx context.Context, tx *db.Store, w *demoWorld) error {
	h := &Handlers{Now: func() time.Time { return w.now }}
	add := func(d demoPost, authorID, communityID, forumID int64) error {
		if authorID == 0 {
			return nil
		}
		u, err := tx.UserByID(ctx, authorID)
		if err != nil {
			return err
		}
		if _, err := h.ensureProfile(ctx, tx, u); err != nil {
			return err
		}
		kind := "post"
		if forumID != 0 {
			kind = "topic"
		}
		p := &db.Post{Kind: kind, CommunityID: communityID, ForumID: forumID, AuthorID: authorID, Lang: d.lang, Title: d.title,
			Body: d.body, BodyHTML: string(markdown.HTML(d.body)), Excerpt: markdown.Excerpt(d.body, excerptAuto), Tags: d.tags,
			Status: d.status}
		switch d.status {
		case "published":
			p.PublishedAt = w.now.Add(-d.age)
		case "scheduled":
			p.PublishAt = w.now.Add(d.age)
		}
		if p.Slug, err = newSlug(ctx, tx, d.title); err != nil {
			return err
		}
		if err := tx.InsertPost(ctx, p, w.now.Add(-d.age)); err != nil {
			return err
		}
		w.posts[p.Slug] = p.ID
		return tx.IndexPost(ctx, p.ID, postSearchText(p))
	}
	for _, d := range demoStaffPosts {
		if err := add(d, w.people.Admin, 0, 0); err != nil {
			return err
		}
	}
	// Posts in the communities, by an active member of each (an admin first).
	slugs := make([]string, 0, len(w.communities))
	for s := range w.communities {
		slugs = append(slugs, s)
	}
	sort.Strings(slugs)
	for i, s := range slugs {
		if i >= len(demoCommunityPosts) {
			break
		}
		id := w.communities[s]
		author, err := demoPoster(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := add(demoCommunityPosts[i], author, id, 0); err != nil {
			return err
		}
	}
	forums := make([]string, 0, len(w.forums))
	for f := range w.forums {
		forums = append(forums, f)
	}
	sort.Strings(forums)
	for i, f := range forums {
		if i >= len(demoTopics) {
			break
		}
		ref, err := tx.ForumByID(ctx, w.forums[f])
		if err != nil {
			return err
		}
		author, err := demoPoster(ctx, tx, ref.CommunityID)
		if err != nil {
			return err
		}
		if err := add(demoTopics[i], author, ref.CommunityID, ref.ID); err != nil {
			return err
		}
	}
	return nil
}

// demoPoster is an active member of a community who may post there (its admins first), 0 when none.
func demoPoster(ctx context.Context, tx *db.Store, communityID int64) (int64, error) {
	id, err := tx.ActiveMemberOf(ctx, communityID)
	if db.IsNotFound(err) {
		return 0, nil
	}
	return id, err
}
