package opportunities_test

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/app/platform/search"
	"gerege/app/platform/secure"
	"gerege/ui"
)

// The scale: 100,000 published opportunities and 1,000,000 applications, one posting
// with 5,000 applicants.
const (
	benchPostings  = 100_000
	benchUsers     = 200_000
	benchApplyEach = 5 // applications per user: 1,000,000
	benchHot       = 5_000
)

var (
	wordsEn = []string{"engineer", "teacher", "nurse", "driver", "accountant", "developer", "manager", "analyst", "designer",
		"tour", "exchange", "summer", "program", "internship", "mining", "software", "English", "Korea", "Japan", "data",
		"sales", "marketing", "hotel", "guide", "research", "camp", "volunteer", "construction", "welder", "farm"}
	wordsMn = []string{"инженер", "багш", "сувилагч", "жолооч", "нягтлан", "хөгжүүлэгч", "менежер", "шинжээч", "дизайнер",
		"аялал", "солилцоо", "зуны", "хөтөлбөр", "дадлага", "уул", "уурхай", "мэдээллийн", "технологи", "Улаанбаатар",
		"Солонгос", "Япон", "борлуулалт", "зочид", "буудал", "хөтөч", "судалгаа", "зуслан", "сайн", "дурын", "барилга"}
	benchCountries = []string{"MN", "MN", "MN", "KR", "JP", "US", "DE", "CN", "AU", "GB"}
)

// filler is a vocabulary of 5,000 made-up words: most of a real description is words that
// few other postings share, and the real words above appear now and then.
var filler = func() []string {
	r := rand.New(rand.NewPCG(3, 4))
	syl := []string{"ba", "ga", "da", "mo", "ne", "ri", "tsu", "khu", "sha", "lo", "vi", "ze", "ar", "en", "ol", "ur"}
	out := make([]string, 5000)
	for i := range out {
		for j := 0; j < 2+r.IntN(3); j++ {
			out[i] += syl[r.IntN(len(syl))]
		}
	}
	return out
}()

// phrase is n words: each a real one with probability 1 in every (one of words), else filler.
func phrase(r *rand.Rand, words []string, n, every int) string {
	out := ""
	for i := 0; i < n; i++ {
		if i > 0 {
			out += " "
		}
		if r.IntN(every) == 0 {
			out += words[r.IntN(len(words))]
		} else {
			out += filler[r.IntN(len(filler))]
		}
	}
	return out
}

// seedOpportunities writes the scale straight into the tables (the handlers are what is
// measured, not the seeding): postings with their search text, users, applications.
func seedOpportunities(b *testing.B, s *app.Server) (hotID int64, hotOrgOwner string) {
	b.Helper()
	w := s.Store().Write
	r := rand.New(rand.NewPCG(1, 2))
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	ts := func(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z") }
	must := func(_ sql.Result, err error) {
		if err != nil {
			b.Fatal(err)
		}
	}
	tx, err := w.Begin()
	if err != nil {
		b.Fatal(err)
	}
	must(tx.Exec(`INSERT INTO users (id, email, password_hash, first_name, last_name, account_type, language, created_at, updated_at)
		VALUES (1, 'owner@bench.mn', 'x', 'Bench', 'Owner', 'enterprise', 'en', ?, ?)`, ts(now), ts(now)))
	must(tx.Exec(`INSERT INTO organizations (id, name, created_at) VALUES (1, 'Bench LLC', ?)`, ts(now)))
	must(tx.Exec(`INSERT INTO memberships (organization_id, user_id, role, created_at) VALUES (1, 1, 'owner', ?)`, ts(now)))
	must(tx.Exec(`INSERT INTO org_profiles (organization_id, slug, status, updated_at) VALUES (1, 'bench', 'verified', ?)`, ts(now)))
	ins, _ := tx.Prepare(`INSERT INTO opportunities (id, organization_id, slug, kind, status, title_en, title_mn, description_en,
		description_mn, employment_type, classification, audience, country, city, workplace, deadline, pay_kind, pay_min,
		pay_currency, pay_period, created_at, updated_at, published_at)
		VALUES (?, 1, ?, ?, 'published', ?, ?, ?, ?, ?, ?, 'everyone', ?, 'City', ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
	fts, _ := tx.Prepare(`INSERT INTO opportunity_search (rowid, text) VALUES (?, ?)`)
	classes := []string{"it", "engineering", "education", "health", "tourism_hospitality", "business_management", "languages", "construction"}
	for i := 1; i <= benchPostings; i++ {
		ten, tmn := phrase(r, wordsEn, 3, 3), phrase(r, wordsMn, 3, 3)
		den, dmn := phrase(r, wordsEn, 40, 20), phrase(r, wordsMn, 40, 20)
		kind := []string{"job", "career", "education", "development", "exchange", "recruitment", "travel"}[i%7]
		pub := now.Add(-time.Duration(i) * time.Minute)
		deadline := now.AddDate(0, 0, 1+i%120).Format(time.DateOnly)
		payKind, payMin := "not_stated", 0
		if i%3 == 0 {
			payKind, payMin = "amount", 1_000_000+i%50*100_000
		}
		workplace := []string{"on_site", "on_site", "remote", "hybrid"}[i%4]
		must(ins.Exec(i, fmt.Sprintf("p-%d", i), kind, ten, tmn, den, dmn, []string{"full_time_permanent", "part_time", "internship"}[i%3],
			classes[i%len(classes)], benchCountries[i%len(benchCountries)], workplace, deadline, payKind, payMin, "MNT", "month",
			ts(pub), ts(pub), ts(pub)))
		must(fts.Exec(i, search.Doc(ten, tmn, "Bench LLC", "City", den, dmn)))
	}
	// Users and 1,000,000 applications: each user applies to benchApplyEach postings; the
	// first benchHot users all apply to posting 1 (the pipeline's worst case).
	must(tx.Exec(`WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
		INSERT INTO users (id, email, password_hash, first_name, last_name, account_type, language, created_at, updated_at)
		SELECT i, 'u' || i || '@bench.mn', 'x', 'First' || i, 'Last', 'individual', 'mn', ?, ? FROM n`, benchUsers+1, ts(now), ts(now)))
	must(tx.Exec(`WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
		INSERT INTO applications (opportunity_id, user_id, status, lang, profile, answers, created_at, updated_at)
		SELECT CASE WHEN i % ? = 0 AND i / ? < ? THEN 1 ELSE 2 + (i * 7919) % (? - 1) END, 2 + i / ?,
			'submitted', 'mn', '{"firstName":"First","lastName":"Last","email":"u@bench.mn"}', '[]',
			strftime('%Y-%m-%dT%H:%M:%fZ', '2026-11-01', '+' || (i % 100000) || ' seconds'), '2026-11-01T00:00:00.000Z'
		FROM n WHERE true ON CONFLICT DO NOTHING`,
		benchUsers*benchApplyEach-1, benchApplyEach, benchApplyEach, benchHot, benchPostings, benchApplyEach))
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	// Written straight into the index: its words for the searches' prefix expansion.
	if err := s.Store().RebuildSearchTerms(context.Background(), "opportunity_search"); err != nil {
		b.Fatal(err)
	}
	must(w.Exec(`ANALYZE`))
	var apps, hot int
	s.Store().Read.QueryRow(`SELECT count(*) FROM applications`).Scan(&apps)
	s.Store().Read.QueryRow(`SELECT count(*) FROM applications WHERE opportunity_id = 1`).Scan(&hot)
	b.Logf("seeded %d postings, %d applications (%d to posting 1)", benchPostings, apps, hot)
	return 1, "owner@bench.mn"
}

// BenchmarkOpportunities measures the server's time per request (in process, the real router)
// at the scale and reports the p50 and p95 of each: search with filter combinations
// (first page), the server-rendered public page of a posting, and the pipeline of a posting
// with 5,000 applicants.
func BenchmarkOpportunities(b *testing.B) {
	cfg := app.DefaultConfig()
	cfg.DB = filepath.Join(b.TempDir(), "opps.db")
	s, err := app.New(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), ui.Dist())
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	start := time.Now()
	_, owner := seedOpportunities(b, s)
	b.Logf("seeding took %s", time.Since(start).Round(time.Second))
	if _, err := s.Store().Write.Exec(`UPDATE users SET password_hash = ? WHERE email = ?`, mustHash(b), owner); err != nil {
		b.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	staff := apitest.SignIn(b, ts, owner)
	run := func(name, path string, signedIn bool) {
		b.Run(name, func(b *testing.B) {
			var d []time.Duration
			for b.Loop() {
				req := httptest.NewRequest("GET", path, nil)
				if signedIn {
					for _, ck := range staff.Jar.Cookies(mustURL(ts.URL)) {
						req.AddCookie(ck)
					}
				}
				rec := httptest.NewRecorder()
				t0 := time.Now()
				s.Handler().ServeHTTP(rec, req)
				d = append(d, time.Since(t0))
				if rec.Code != 200 {
					b.Fatalf("%s: %d %.300s", path, rec.Code, rec.Body)
				}
			}
			slices.Sort(d)
			b.ReportMetric(float64(d[len(d)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(d[len(d)*95/100].Microseconds())/1000, "p95-ms")
		})
	}
	for _, q := range []string{"", "kind=job", "kind=travel&country=JP", "classification=it&paid=1", "workplace=remote&employmentType=part_time",
		"holland=SA", "sort=deadline", "deadlineTo=2026-12-01&kind=exchange",
		"q=engineer", "q=%D0%B8%D0%BD%D0%B6%D0%B5%D0%BD%D0%B5%D1%80", "q=medeelel+tehnologi", "q=engineer&kind=job&country=MN",
		"q=tour&sort=newest", "q=tour&sort=deadline", "q=zzzz",
		// The worst case: a word in every posting (the organisation's name).
		"q=bench", "q=bench&sort=newest", "q=bench&sort=deadline&kind=travel"} {
		run("search/"+q, "/api/opportunities?"+q, false)
	}
	run("page/en", "/en/opportunities/p-50000", false)
	run("page/mn", "/mn/opportunities/p-77", false)
	run("list-page", "/en/opportunities", false)
	run("pipeline/5000", "/api/org/applications?opportunity=1", true)
	run("pipeline/5000/status", "/api/org/applications?opportunity=1&status=submitted", true)
}

func mustHash(b *testing.B) string {
	h, err := secure.NewHasher().Hash(apitest.Password)
	if err != nil {
		b.Fatal(err)
	}
	return h
}

func mustURL(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}
