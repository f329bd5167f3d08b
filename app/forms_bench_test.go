package app_test

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/ui"
)

// BenchmarkSubmitContact: one valid contact submission through the real router and store
// (validation, one write transaction with the reference, search entry, history and emails).
func BenchmarkSubmitContact(b *testing.B) {
	cfg := app.DefaultConfig()
	cfg.DB = filepath.Join(b.TempDir(), "bench.db")
	cfg.FormsIP.N = 1 << 30
	s, err := app.New(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), ui.Dist())
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	body := []byte(`{"firstName":"Бат","lastName":"Дорж","businessName":"Steppe LLC","email":"bat@example.mn","phoneNumber":"88112233","description":"We would like a demo for our school."}`)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			req := httptest.NewRequest("POST", "/api/forms/contact", bytes.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			s.Handler().ServeHTTP(rec, req)
			if rec.Code != 201 {
				b.Fatalf("%d %s", rec.Code, rec.Body)
			}
		}
	})
}

// realisticAnswers is a volunteer registration's stored answers as a person really fills
// them in (about 2.5 KB of JSON, mostly Cyrillic), so list pages read rows of a real size.
var realisticAnswers = func() string {
	para := "Би соёлын солилцоонд оролцож, өөр орны хүмүүстэй танилцаж, монгол соёлоо таниулахыг хүсэж байна. "
	return fmt.Sprintf(`{"firstName":"Сараа","lastName":"Бат","gender":"female","phone":"+97688112233","email":"saraa@example.mn",`+
		`"address":"Баянгол дүүрэг, 3-р хороо, 12-р байр","city":"Улаанбаатар","state":"","country":"MN","postalCode":"16050",`+
		`"school":"МУИС","grade":"2-р курс","major":"Олон улсын харилцаа","gpa":"3.6","relevantCourses":"Англи хэл, Соёл судлал",`+
		`"careerInterests":["artsCulture","humanitiesSocial"],"whyInterested":%q,"qualifications":%q,"priorExperience":%q,`+
		`"priorCulturalExperience":%q,"traits":["communicative","adaptable"],"strengths":%q,"improvementAreas":%q,"motivation":%q,`+
		`"leadershipExample":%q,"fullDuration":"yes","emergencyContacts":[{"name":"Бат Дорж","relationship":"Аав","phone":"+97699112233","email":""}],`+
		`"howHeard":"school","additionalInfo":""}`, para, para, para, para, para, para, para+para, para)
}()

// seed100k fills a database with 100,000 volunteer submissions in one transaction.
func seed100k(b *testing.B, s *app.Server) {
	start := time.Now()
	countries := []string{"MN", "MN", "MN", "KR", "JP", "CN", "US", "DE"}
	statuses := []string{"new", "new", "in_review", "accepted", "rejected", "opted_out"}
	names := []string{"Сараа", "Болд", "Тэмүүлэн", "Anu", "Нарантуяа", "Ганбат", "Oyun", "Мөнхзул"}
	// A bulk load straight on the write connection (the store's writer is idle here).
	err := rawTx(s.Store().Write, func(tx *sql.Tx) error {
		ins, err := tx.Prepare(`INSERT INTO submissions (form, reference, status, lang, name, email, country, data, created_at, updated_at)
			VALUES ('volunteer', ?, ?, 'mn', ?, ?, ?, ?, ?, ?) RETURNING id`)
		if err != nil {
			return err
		}
		fts, err := tx.Prepare(`INSERT INTO submissions_search (rowid, body) VALUES (?, ?)`)
		if err != nil {
			return err
		}
		t0 := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
		for i := 0; i < 100_000; i++ {
			name := fmt.Sprintf("%s %d", names[i%len(names)], i)
			email := fmt.Sprintf("p%d@example.mn", i)
			at := t0.Add(time.Duration(i) * 5 * time.Minute).Format("2006-01-02T15:04:05.000Z")
			ref := fmt.Sprintf("CVP-2025-%06d", i+1)
			var id int64
			if err := ins.QueryRow(ref, statuses[i%len(statuses)], name, email, countries[i%len(countries)], realisticAnswers, at, at).Scan(&id); err != nil {
				return err
			}
			if _, err := fts.Exec(id, ref+" "+name+" "+email); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("seeded 100,000 submissions in %v", time.Since(start))
}

func rawTx(w *sql.DB, fn func(*sql.Tx) error) error {
	tx, err := w.Begin()
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// BenchmarkDeskList: server time of the staff list page with 100,000 volunteer submissions,
// for each kind of filter and for a deep page.
func BenchmarkDeskList(b *testing.B) {
	cfg := app.DefaultConfig()
	cfg.DB = filepath.Join(b.TempDir(), "desk.db")
	s, err := app.New(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), ui.Dist())
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	seed100k(b, s)
	if _, err := app.CreateAdmin(context.Background(), s.Store(), "bench@example.mn", "correct horse battery", "B", "M"); err != nil {
		b.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	c := apitest.WebClient()
	req, _ := newJSON("POST", ts.URL+"/api/web/auth/login", `{"email":"bench@example.mn","password":"correct horse battery"}`)
	if res, err := c.Do(req); err != nil || res.StatusCode != 200 {
		b.Fatalf("login: %v", err)
	}
	// A cursor deep into the list (page 1,000 of 50).
	deep := "2025-10-04T16:35:00.000Z|50000"
	for _, q := range []string{"", "?status=accepted", "?country=KR", "?from=2025-03-01&to=2025-03-31", "?q=%D1%81%D0%B0%D1%80%D0%B0%D0%B0",
		"?q=p4242", "?q=%D1%81", "?q=p4", "?sort=name", "?sort=oldest&status=new&country=MN", "?after=" + deep} {
		b.Run("filter="+q, func(b *testing.B) {
			for b.Loop() {
				req := httptest.NewRequest("GET", "/api/admin/forms/volunteer/submissions"+q, nil)
				for _, ck := range c.Jar.Cookies(req.URL) {
					req.AddCookie(ck)
				}
				for _, ck := range c.Jar.Cookies(mustURL(ts.URL)) {
					req.AddCookie(ck)
				}
				rec := httptest.NewRecorder()
				s.Handler().ServeHTTP(rec, req)
				if rec.Code != 200 {
					b.Fatalf("%s: %d %s", q, rec.Code, rec.Body)
				}
			}
		})
	}
}

func newJSON(method, url, body string) (*http.Request, error) {
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err == nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return req, err
}

func mustURL(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}
