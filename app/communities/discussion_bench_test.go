package communities_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/app/platform/secure"
	"gerege/app/platform/web"
	"gerege/db"
	"gerege/ui"
)

// BenchmarkVotes measures votes per second over HTTP against the real server (router,
// sessions, SQLite with synchronous=FULL in a file): 64 signed-in accounts vote and change
// their votes in one poll at once; each request is a whole vote (access, checks, one
// transaction replacing the choices and moving the counts). Reported: votes/s and the p50
// and p99 latency. The target: >= 2,000 votes/s.
func BenchmarkVotes(b *testing.B) {
	const voters = 64
	cfg := app.DefaultConfig()
	cfg.DB = filepath.Join(b.TempDir(), "votes.db")
	cfg.Auth.LoginIP = web.Rate{N: 100000, Per: time.Minute}
	s, err := app.New(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), ui.Dist())
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	ctx := context.Background()
	st := s.Store()
	hash, _ := secure.NewHasher().Hash(apitest.Password)
	old := time.Now().Add(-72 * time.Hour)
	exec := func(q string, args ...any) int64 {
		res, err := st.Write.Exec(q, args...)
		if err != nil {
			b.Fatal(err)
		}
		id, _ := res.LastInsertId()
		return id
	}
	now := db.T(time.Now())
	cid := exec(`INSERT INTO communities (slug, name_en, created_at, updated_at) VALUES ('bench', 'Bench', ?, ?)`, now, now)
	var clients []*http.Client
	var author int64
	for i := range voters {
		u, err := st.CreateUser(ctx, db.NewUser{Email: fmt.Sprintf("v%d@example.mn", i), PasswordHash: hash, FirstName: "V",
			LastName: fmt.Sprint(i), Language: "en", AccountType: "individual", Verified: true}, old)
		if err != nil {
			b.Fatal(err)
		}
		if i == 0 {
			author = u.ID
		}
		exec(`INSERT INTO community_members (community_id, user_id, joined_at) VALUES (?, ?, ?)`, cid, u.ID, now)
		clients = append(clients, apitest.SignIn(b, ts, u.Email))
	}
	post := exec(`INSERT INTO posts (kind, slug, community_id, author_id, title, status, published_at, last_activity_at, created_at, updated_at)
		VALUES ('post', 'bench', ?, ?, 'Bench', 'published', ?, ?, ?, ?)`, cid, author, now, now, now, now)
	poll := exec(`INSERT INTO polls (post_id, question, created_at) VALUES (?, 'Q', ?)`, post, now)
	var opts []int64
	for i := range 4 {
		opts = append(opts, exec(`INSERT INTO poll_options (poll_id, position, label) VALUES (?, ?, ?)`, poll, i, fmt.Sprint("o", i)))
	}
	url := fmt.Sprintf("%s/api/polls/%d/votes", ts.URL, poll)
	var n atomic.Int64
	var mu sync.Mutex
	var lat []time.Duration
	b.ResetTimer()
	start := time.Now()
	var wg sync.WaitGroup
	for w := range voters {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			for k := 0; ; k++ {
				if n.Add(1) > int64(b.N) {
					break
				}
				body := fmt.Sprintf(`{"optionIds":[%d]}`, opts[(w+k)%len(opts)])
				req, _ := http.NewRequest("POST", url, bytes.NewBufferString(body))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Sec-Fetch-Site", "same-origin")
				t0 := time.Now()
				res, err := clients[w].Do(req)
				if err != nil {
					b.Error(err)
					return
				}
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				mine = append(mine, time.Since(t0))
				if res.StatusCode != 200 {
					b.Errorf("vote: %d", res.StatusCode)
					return
				}
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	if len(lat) > 0 {
		b.ReportMetric(float64(len(lat))/elapsed.Seconds(), "votes/s")
		b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
		b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
	}
	var voted int
	st.Read.QueryRow(`SELECT voters FROM polls WHERE id = ?`, poll).Scan(&voted)
	if voted != voters && b.N >= voters*2 {
		b.Fatalf("voters %d, want %d", voted, voters)
	}
}

// BenchmarkCommentPages measures a page of 50 comments through the real router (in process)
// on a post with 1,000,000 comments (and 10,000,000 in the table is the same index range):
// the first page, and "load more" deep in the list, latest and oldest first, signed in (with
// the block and mute filter) — the target: < 10 ms at any depth.
func BenchmarkCommentPages(b *testing.B) {
	const total = 1_000_000
	cfg := app.DefaultConfig()
	cfg.DB = filepath.Join(b.TempDir(), "comments.db")
	cfg.Auth.LoginIP = web.Rate{N: 100000, Per: time.Minute}
	s, err := app.New(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), ui.Dist())
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	st := s.Store()
	hash, _ := secure.NewHasher().Hash(apitest.Password)
	u, err := st.CreateUser(context.Background(), db.NewUser{Email: "reader@example.mn", PasswordHash: hash, FirstName: "R",
		LastName: "R", Language: "en", AccountType: "individual", Verified: true}, time.Now().Add(-72*time.Hour))
	if err != nil {
		b.Fatal(err)
	}
	now := db.T(time.Now())
	for _, q := range []string{
		`INSERT INTO posts (id, kind, slug, author_id, title, status, published_at, last_activity_at, created_at, updated_at)
			VALUES (1, 'post', 'big', ` + fmt.Sprint(u.ID) + `, 'Big', 'published', '` + now + `', '` + now + `', '` + now + `', '` + now + `')`,
		`INSERT INTO posts (id, kind, slug, author_id, title, status, published_at, last_activity_at, created_at, updated_at)
			VALUES (2, 'post', 'other', ` + fmt.Sprint(u.ID) + `, 'Other', 'published', '` + now + `', '` + now + `', '` + now + `', '` + now + `')`,
		// Interleaved with another post's comments, as real ids are.
		`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ` + fmt.Sprint(2*total) + `)
			INSERT INTO comments (post_id, author_id, body, body_html, created_at) SELECT 1 + (i % 2), ` + fmt.Sprint(u.ID) + `,
			'comment ' || i, '<p>comment ' || i || '</p>', '` + now + `' FROM n`,
		`INSERT INTO blocks (user_id, blocked_id, created_at) SELECT ` + fmt.Sprint(u.ID) + `, id, '` + now + `' FROM users WHERE id <> ` + fmt.Sprint(u.ID),
		`ANALYZE`,
	} {
		if _, err := st.Write.Exec(q); err != nil {
			b.Fatal(err)
		}
	}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	c := apitest.SignIn(b, ts, "reader@example.mn")
	for _, tc := range []struct{ name, query string }{
		{"latest-first", "sort=latest&limit=50"},
		{"latest-deep", fmt.Sprintf("sort=latest&limit=50&after=%d", total/10)},
		{"oldest-first", "sort=oldest&limit=50"},
		{"oldest-deep", fmt.Sprintf("sort=oldest&limit=50&after=%d", 2*total-total/10)},
	} {
		b.Run(tc.name, func(b *testing.B) {
			var lat []time.Duration
			for b.Loop() {
				t0 := time.Now()
				r := apitest.Call(b, c, ts, "GET", "/api/comments?postId=1&"+tc.query, nil, "")
				lat = append(lat, time.Since(t0))
				if r.Status != 200 || len(r.Body["items"].([]any)) != 50 {
					b.Fatalf("%d %.200s", r.Status, r.Raw)
				}
			}
			sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
			b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(lat[len(lat)*95/100].Microseconds())/1000, "p95-ms")
		})
	}
}
