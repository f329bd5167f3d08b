package communities_test

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/app/platform/search"
	"gerege/app/platform/secure"
	"gerege/migrations"
	"gerege/ui"
)

// The scale: 10,000 communities, 1,000,000 posts and topics, 10,000,000 comments; one
// post with 200,000 comments ("load more" at any depth) and one community with 10,000 open
// reports (the review queue).
const (
	benchCommunities = 10_000
	benchUsers       = 100_000
	benchPosts       = 1_000_000
	benchComments    = 10_000_000
	benchHotComments = 200_000 // on post 1
	benchHotReports  = 10_000  // open, in community 1
	benchSeedVersion = "2"     // change when the seed below changes
)

var (
	benchWordsEn = []string{"study", "abroad", "scholarship", "volunteer", "school", "teacher", "exam", "university", "Korea",
		"Japan", "English", "camp", "program", "career", "advice", "visa", "interview", "language", "IELTS", "dormitory"}
	benchWordsMn = []string{"сургууль", "багш", "шалгалт", "их", "сургууль", "тэтгэлэг", "сайн", "дурын", "Солонгос", "Япон",
		"англи", "хэл", "зөвлөгөө", "виз", "ярилцлага", "дотуур", "байр", "хөтөлбөр", "мэргэжил", "Улаанбаатар"}
	benchFiller = func() []string {
		r := rand.New(rand.NewPCG(5, 6))
		syl := []string{"ba", "ga", "da", "mo", "ne", "ri", "tsu", "khu", "sha", "lo", "vi", "ze", "ar", "en", "ol", "ur"}
		out := make([]string, 5000)
		for i := range out {
			for j := 0; j < 2+r.IntN(3); j++ {
				out[i] += syl[r.IntN(len(syl))]
			}
		}
		return out
	}()
)

func benchPhrase(r *rand.Rand, words []string, n, every int) string {
	out := ""
	for i := range n {
		if i > 0 {
			out += " "
		}
		if r.IntN(every) == 0 {
			out += words[r.IntN(len(words))]
		} else {
			out += benchFiller[r.IntN(len(benchFiller))]
		}
	}
	return out
}

// seededDB returns the path of a fresh copy of the seeded database. Seeding the scale takes
// minutes, so the seeded file is kept in the temporary folder, named by the migrations and the
// seed version, and reused by later runs.
func seededDB(b *testing.B) string {
	b.Helper()
	h := sha256.New()
	_ = fsWalk(h)
	h.Write([]byte(benchSeedVersion))
	cache := filepath.Join(os.TempDir(), "gerege-bench-communities-"+hex.EncodeToString(h.Sum(nil))[:16]+".db")
	if _, err := os.Stat(cache); err != nil {
		start := time.Now()
		tmp := filepath.Join(b.TempDir(), "seed.db")
		cfg := app.DefaultConfig()
		cfg.DB = tmp
		s, err := app.New(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), ui.Dist())
		if err != nil {
			b.Fatal(err)
		}
		seedCommunities(b, s.Store().Write)
		// Written straight into the index: its words for the searches' prefix expansion.
		if err := s.Store().RebuildSearchTerms(context.Background(), "post_search"); err != nil {
			b.Fatal(err)
		}
		if _, err := s.Store().Write.Exec(`VACUUM INTO ?`, cache+".part"); err != nil {
			b.Fatal(err)
		}
		s.Close()
		if err := os.Rename(cache+".part", cache); err != nil {
			b.Fatal(err)
		}
		b.Logf("seeded the scale in %s (kept as %s)", time.Since(start).Round(time.Second), cache)
	}
	dst := filepath.Join(b.TempDir(), "bench.db")
	in, err := os.Open(cache)
	if err != nil {
		b.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		b.Fatal(err)
	}
	if err := out.Close(); err != nil {
		b.Fatal(err)
	}
	return dst
}

// fsWalk hashes the migrations the seed was written against.
func fsWalk(h io.Writer) error {
	entries, err := migrations.FS.ReadDir(".")
	if err != nil {
		return err
	}
	for _, e := range entries {
		b, _ := migrations.FS.ReadFile(e.Name())
		_, _ = h.Write([]byte(e.Name()))
		_, _ = h.Write(b)
	}
	return nil
}

// seedCommunities writes the scale straight into the tables (the handlers are what is
// measured, not the seeding). Rows are written in the order of their indexes where it matters
// (comments by post), so seeding is not dominated by random index inserts.
func seedCommunities(b *testing.B, w *sql.DB) {
	b.Helper()
	r := rand.New(rand.NewPCG(1, 2))
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	ts := func(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z") }
	must := func(_ sql.Result, err error) {
		b.Helper()
		if err != nil {
			b.Fatal(err)
		}
	}
	must(w.Exec(`PRAGMA cache_size = -1000000`))
	tx, err := w.Begin()
	if err != nil {
		b.Fatal(err)
	}
	// People, with their handles.
	must(tx.Exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
		INSERT INTO users (id, email, password_hash, first_name, last_name, account_type, language, email_verified_at, created_at, updated_at)
		SELECT i, 'u' || i || '@bench.mn', 'x', 'First' || i, 'Last', 'individual', CASE i % 2 WHEN 0 THEN 'mn' ELSE 'en' END,
			'2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z' FROM n`, benchUsers))
	must(tx.Exec(`INSERT INTO community_profiles (user_id, handle, created_at, updated_at)
		SELECT id, 'u' || id, created_at, created_at FROM users`))
	// Communities, each with an admin, a moderator, 18 members and three forums.
	must(tx.Exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
		INSERT INTO communities (id, slug, name_en, name_mn, description_en, visibility, join_policy, status, member_count, created_at, updated_at)
		SELECT i, 'c-' || i, 'Community ' || i, 'Бүлэг ' || i, 'A community of the benchmark.',
			CASE WHEN i % 10 = 0 THEN 'members' ELSE 'public' END, 'open', 'active', 20, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z' FROM n`,
		benchCommunities))
	must(tx.Exec(`WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
		INSERT INTO community_members (community_id, user_id, role, status, joined_at)
		SELECT 1 + i / 20, 1 + (i * 7919) % ?, CASE i % 20 WHEN 0 THEN 'admin' WHEN 1 THEN 'moderator' ELSE 'member' END, 'active',
			'2026-01-01T00:00:00.000Z' FROM n WHERE true ON CONFLICT DO NOTHING`, benchCommunities*20-1, benchUsers))
	must(tx.Exec(`WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
		INSERT INTO forums (id, community_id, slug, name_en, name_mn, position, created_at)
		SELECT 1 + i, 1 + i / 3, 'f-' || (i % 3), 'Forum ' || (i % 3), 'Форум ' || (i % 3), i % 3, '2026-01-01T00:00:00.000Z' FROM n`,
		benchCommunities*3-1))
	// Posts and topics: post i is in community 1 + i % 10000; odd ids are topics in one of its
	// forums, even ones posts; newest first by id. Post 1 has the hot thread.
	ins, err := tx.Prepare(`INSERT INTO posts (id, kind, slug, community_id, forum_id, author_id, lang, title, body, body_html, excerpt,
		status, published_at, comment_count, last_activity_at, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'published', ?, ?, ?, ?, ?)`)
	if err != nil {
		b.Fatal(err)
	}
	fts, err := tx.Prepare(`INSERT INTO post_search (rowid, text) VALUES (?, ?)`)
	if err != nil {
		b.Fatal(err)
	}
	rest := benchComments - benchHotComments // on posts 2…benchPosts, 9 or 10 each
	for i := 1; i <= benchPosts; i++ {
		c := 1 + i%benchCommunities
		kind, forum := "post", any(nil)
		if i%2 == 1 {
			kind, forum = "topic", (c-1)*3+1+i%3
		}
		words, lang := benchWordsEn, "en"
		if i%2 == 0 {
			words, lang = benchWordsMn, "mn"
		}
		title := benchPhrase(r, words, 6, 3)
		body := benchPhrase(r, words, 50, 12)
		at := ts(now.Add(-time.Duration(benchPosts-i) * time.Minute))
		// comment k is on post 2 + k·(benchPosts-1)/rest (below): post i has the k in
		// [⌈(i-2)·rest/(benchPosts-1)⌉, ⌈(i-1)·rest/(benchPosts-1)⌉)
		ceil := func(a int) int { return (a + benchPosts - 2) / (benchPosts - 1) }
		comments := ceil((i-1)*rest) - ceil((i-2)*rest)
		if i == 1 {
			comments = benchHotComments
		}
		must(ins.Exec(i, kind, fmt.Sprintf("p-%d", i), c, forum, 1+(i*31)%benchUsers, lang, title, body, "<p>"+body+"</p>",
			body[:min(len(body), 160)], at, comments, at, at, at))
		must(fts.Exec(i, search.Doc(title, body)))
	}
	// Comments, by post: 200,000 on post 1 (every tenth a reply to the top-level comment before
	// it), then the rest spread evenly over the other posts, in post order.
	must(tx.Exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
		INSERT INTO comments (id, post_id, parent_id, author_id, body, body_html, created_at)
		SELECT i, 1, CASE WHEN i % 10 = 0 THEN i - 1 END, 1 + (i * 13) % ?, 'comment ' || i, '<p>comment ' || i || '</p>',
			strftime('%Y-%m-%dT%H:%M:%fZ', '2026-06-01', '+' || i || ' seconds') FROM n`, benchHotComments, benchUsers))
	must(tx.Exec(`WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
		INSERT INTO comments (id, post_id, author_id, body, body_html, created_at)
		SELECT ? + 1 + i, 2 + (i * ?) / ?, 1 + (i * 13) % ?, 'comment ' || i, '<p>comment ' || i || '</p>',
			strftime('%Y-%m-%dT%H:%M:%fZ', '2026-06-01', '+' || (i % 1000000) || ' seconds') FROM n`,
		rest-1, benchHotComments, benchPosts-1, rest, benchUsers))
	// The review queue: 10,000 open reports in community 1 on its posts, from different people,
	// at different ages; and 50,000 more spread over the other communities.
	must(tx.Exec(`WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
		INSERT INTO reports (target_type, target_id, community_id, target_user_id, reporter_id, reason, status, created_at, due_at)
		SELECT 'post', 1 + ? * (i % 100), 1, 1, 2 + i, 'spam', 'open',
			strftime('%Y-%m-%dT%H:%M:%fZ', ?, '-' || (i * 7 % 86400) || ' seconds'),
			strftime('%Y-%m-%dT%H:%M:%fZ', ?, '-' || (i * 7 % 86400) || ' seconds', '+1 day') FROM n`,
		benchHotReports-1, benchCommunities, ts(now), ts(now)))
	must(tx.Exec(`WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 49999)
		INSERT INTO reports (target_type, target_id, community_id, target_user_id, reporter_id, reason, status, created_at, due_at)
		SELECT 'post', 2 + i * 19, 1 + (2 + i * 19) % ?, 1, 2 + i % 1000, 'harassment', 'open', ?, ? FROM n WHERE true ON CONFLICT DO NOTHING`,
		benchCommunities, ts(now.Add(-time.Hour)), ts(now.Add(23*time.Hour))))
	// A poll on post 2 (the vote benchmark).
	must(tx.Exec(`INSERT INTO polls (id, post_id, question, created_at) VALUES (1, 2, 'Which exam first?', ?)`, ts(now)))
	must(tx.Exec(`INSERT INTO poll_options (poll_id, position, label) VALUES (1, 0, 'IELTS'), (1, 1, 'TOEFL'), (1, 2, 'TOPIK'), (1, 3, 'JLPT')`))
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	must(w.Exec(`ANALYZE`))
	var n int
	_ = w.QueryRow(`SELECT count(*) FROM comments`).Scan(&n)
	b.Logf("seeded %d communities, %d posts and topics, %d comments", benchCommunities, benchPosts, n)
}

// BenchmarkCommunities measures the server's time per request (in process, the real router)
// at the scale and reports the p50 and p95 of each: a post's page and its first 50
// comments, "load more" deep in a thread of 200,000, search, the review queue of a community
// with 10,000 open reports (as its admin), the communities list.
func BenchmarkCommunities(b *testing.B) {
	cfg := app.DefaultConfig()
	cfg.DB = seededDB(b)
	s, err := app.New(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), ui.Dist())
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	hash, err := secure.NewHasher().Hash(apitest.Password)
	if err != nil {
		b.Fatal(err)
	}
	// u1 is the admin of community 1 (the seed's first membership).
	if _, err := s.Store().Write.Exec(`UPDATE users SET password_hash = ? WHERE id = 1`, hash); err != nil {
		b.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	admin := apitest.SignIn(b, ts, "u1@bench.mn")
	cookies := admin.Jar.Cookies(mustURL(ts.URL))
	get := func(b *testing.B, path string, signedIn bool) []byte {
		req := httptest.NewRequest("GET", path, nil)
		if signedIn {
			for _, ck := range cookies {
				req.AddCookie(ck)
			}
		}
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, req)
		if rec.Code != 200 {
			b.Fatalf("%s: %d %.300s", path, rec.Code, rec.Body)
		}
		return rec.Body.Bytes()
	}
	run := func(name string, signedIn bool, paths ...string) {
		b.Run(name, func(b *testing.B) {
			var d []time.Duration
			for b.Loop() {
				t0 := time.Now()
				for _, p := range paths {
					get(b, p, signedIn)
				}
				d = append(d, time.Since(t0))
			}
			slices.Sort(d)
			b.ReportMetric(float64(d[len(d)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(d[len(d)*95/100].Microseconds())/1000, "p95-ms")
		})
	}
	// The page a reader opens: the server-rendered post, then its first 50 comments.
	run("post-page+50-comments", false, "/en/post/p-500000", "/api/comments?postId=500000&limit=50")
	run("post-details+50-comments/hot", false, "/api/post/details?slug=p-1", "/api/comments?postId=1&limit=50")
	// "Load more" deep in the hot thread: follow the cursors 60 pages in, then measure there.
	var page struct {
		Next string `json:"next"`
	}
	path := "/api/comments?postId=1&limit=50&sort=oldest"
	for range 60 {
		if err := json.Unmarshal(get(b, path, false), &page); err != nil || page.Next == "" {
			b.Fatalf("paging: %v %q", err, page.Next)
		}
		path = "/api/comments?postId=1&limit=50&sort=oldest&after=" + url.QueryEscape(page.Next)
	}
	run("load-more/depth-3000", false, path)
	for _, q := range []string{"scholarship", "%D1%82%D1%8D%D1%82%D0%B3%D1%8D%D0%BB%D1%8D%D0%B3", "tetgeleg", "visa+interview", "zzzz", "program"} {
		run("search/"+q, false, "/api/post/search?q="+q)
	}
	run("review-queue/10000", true, "/api/moderation/queue?community=1")
	run("communities", false, "/api/communities")
}

func mustURL(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}
