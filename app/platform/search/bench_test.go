package search

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	_ "modernc.org/sqlite"
)

// The corpus: listings like the opportunities board's, about half in Mongolian Cyrillic, a
// third in English and the rest in Mongolian typed in Latin, with a title of 4–9 words, a
// description of 60–160 words (≈ 500–1,200 characters) and an organisation of 2–4 words.
var (
	mnWords = strings.Fields(`ажил сайн дурын хөтөлбөр оюутан залуучууд мэдээлэл технологи хөгжил сургалт
		байгууллага төсөл Улаанбаатар Эрдэнэт Дархан Өвөрхангай Хөвсгөл Говь-Алтай аймаг сум хот
		боловсрол эрүүл мэнд байгаль орчин хүүхэд гэр бүл нийгэм соёл урлаг спорт шинжлэх ухаан
		их сургууль дадлага тэтгэлэг уралдаан зөвлөх менежер мэргэжилтэн туслах багш эмч инженер
		хөгжүүлэгч програм дизайн маркетинг санхүү нягтлан бодох хууль эрх зүй хүний нөөц судалгаа
		хамтын ажиллагаа олон улсын Монгол улсын засгийн газар яам агентлаг хэлтэс компани банк
		оролцогч бүртгэл хугацаа шаардлага туршлага жил сар өдөр цаг долоо хоног цалин урамшуулал
		боломж нээлттэй зарлал шалгаруулалт ярилцлага анкет хүсэлт гаргах илгээх бөглөх баримт
		бичиг гэрчилгээ англи хэл орос хятад солонгос япон герман мэдлэг чадвар ур ухаалаг шинэ
		ирээдүй удирдлага манлайлал сайжруулах дэмжих хангах зохион байгуулах оролцох хамрагдах
		Сүхбаатар Чингис Цэцэг Баяр Хоёр нэг гурав дөрөв таван зургаан тэнгэр уул ус гол нуур
		малчин хөдөө аж ахуй уул уурхай эрчим хүч барилга тээвэр аялал жуулчлал хоол үйлчилгээ`)
	enWords = strings.Fields(`volunteer program student youth information technology development training
		organisation project Ulaanbaatar Erdenet Darkhan Khuvsgul province city education health
		environment children family community culture art sport science university internship
		scholarship competition advisor manager specialist assistant teacher doctor engineer
		developer software design marketing finance accounting law human resources research
		cooperation international government ministry agency department company bank participant
		registration deadline requirement experience year month day hour week salary bonus
		opportunity open announcement selection interview application request submit fill document
		certificate English Russian Chinese Korean Japanese German knowledge skill smart new future
		leadership improve support provide organise participate join the a of and to in for with on
		at by from remote part-time full-time paid unpaid junior senior lead data analyst cloud`)
	lnWords = strings.Fields(`ajil sain duryn hutulbur oyutan zaluuchuud medeelel tehnologi hugjil surgalt
		baiguullaga tusul Ulaanbaatar Erdenet Darkhan Uvurkhangai Khuvsgul aimag sum hot bolovsrol
		eruul mend baigali orchin hvvhed ger bul niigem soyol urlag sport shinjleh uhaan ih surguuli
		dadlaga tetgeleg uraldaan zuvluh menejer mergejilten tuslah bagsh emch injener hugjuulegch
		programm dizain marketing sanhuu hvnii nuuts sudalgaa hamtyn ajillagaa olon ulsyn Mongol
		zasgiin gazar yam kompani bank oroltsogch burtgel hugatsaa shaardlaga turshlaga tsalin`)
)

type doc struct {
	title, description, org string
	lang                    int // 0 mn, 1 en, 2 Latin mn
}

func corpus(n int) []doc {
	r := rand.New(rand.NewPCG(1, 2))
	// Besides the common words above, each language gets a long tail of 20,000 made-up words
	// (syllables), so a listing of 100 words is not made of the same 150 words as every other.
	tail := func(cons, vows []string) []string {
		out := make([]string, 20_000)
		for i := range out {
			var w strings.Builder
			for range 2 + r.IntN(3) {
				w.WriteString(cons[r.IntN(len(cons))] + vows[r.IntN(len(vows))])
			}
			if r.IntN(2) == 0 {
				w.WriteString(cons[r.IntN(len(cons))])
			}
			out[i] = w.String()
		}
		return out
	}
	mnTail := tail(strings.Fields("б в г д ж з л м н р с т х ц ч ш"), strings.Fields("а э и о у ө ү аа ээ оо уу өө үү ий"))
	enTail := tail(strings.Fields("b c d f g h j k l m n p r s t v w st tr ch sh th pr"), strings.Fields("a e i o u ea ou io"))
	lnTail := make([]string, len(mnTail))
	for i, w := range mnTail {
		lnTail[i] = Slug(w)
		if i%2 == 0 {
			lnTail[i] = strings.ReplaceAll(lnTail[i], "kh", "h")
		}
	}
	// Zipf-like: a word's chance falls with its rank; 40% of the words are common ones.
	pick := func(words, tail []string, k int) string {
		out := make([]string, k)
		for i := range out {
			x := r.Float64()
			if r.IntN(10) < 4 {
				out[i] = words[int(x*x*float64(len(words)))]
			} else {
				out[i] = tail[int(x*x*x*float64(len(tail)))]
			}
		}
		return strings.Join(out, " ")
	}
	docs := make([]doc, n)
	for i := range docs {
		var words, tl []string
		switch l := i % 6; {
		case l < 3:
			docs[i].lang, words, tl = 0, mnWords, mnTail
		case l < 5:
			docs[i].lang, words, tl = 1, enWords, enTail
		default:
			docs[i].lang, words, tl = 2, lnWords, lnTail
		}
		docs[i].title = pick(words, tl, 4+r.IntN(6))
		docs[i].description = pick(words, tl, 60+r.IntN(100)) + "."
		docs[i].org = pick(words, tl, 2+r.IntN(3))
	}
	return docs
}

// benchTable is one way to index the corpus.
type benchTable struct {
	name  string
	ddl   string
	doc   func(d doc) string
	match func(q string) (string, bool)
}

var benchTables = []benchTable{
	{"unicode61_prefix", Table("s"), func(d doc) string { return Doc(d.title, d.description, d.org) }, Match},
	{"unicode61_detail_column", strings.Replace(Table("s"), "prefix", "detail = column, prefix", 1),
		func(d doc) string { return Doc(d.title, d.description, d.org) }, Match},
	{"unicode61_detail_none", strings.Replace(Table("s"), "prefix", "detail = none, prefix", 1),
		func(d doc) string { return Doc(d.title, d.description, d.org) }, Match},
	{"unicode61_last_prefix", Table("s"), func(d doc) string { return Doc(d.title, d.description, d.org) }, matchLastPrefix},
	{"trigram", `CREATE VIRTUAL TABLE s USING fts5 (text, tokenize = 'trigram case_sensitive 0', content = '', contentless_delete = 1)`,
		func(d doc) string { return Doc(d.title, d.description, d.org) }, matchTrigram},
}

// matchLastPrefix is Match with only the last word as a prefix.
func matchLastPrefix(q string) (string, bool) {
	words := queryWords(q)
	for i, w := range words {
		words[i] = `"` + w + `"`
	}
	if len(words) > 0 {
		words[len(words)-1] += "*"
	}
	return strings.Join(words, " "), len(words) > 0
}

// matchTrigram is Match for a trigram table: each folded word of 3 or more letters as a
// substring (shorter ones cannot be searched with trigrams).
func matchTrigram(q string) (string, bool) {
	var parts []string
	for _, w := range queryWords(q) {
		if len([]rune(w)) >= 3 {
			parts = append(parts, `"`+w+`"`)
		}
	}
	return strings.Join(parts, " "), len(parts) > 0
}

var benchQueries = []string{
	"Улаанбаатар",        // frequent place name, Cyrillic
	"medeelel tehnologi", // two frequent words, Latin
	"Khuvsgul",           // place name, Latin
	"сайн дурын ажил",    // three frequent words
	"volunteer",          // English
	"data analyst cloud", // rare English words together
	"ул",                 // two letters being typed
	"zuvluh menejer",     // Latin Mongolian
	"шинжлэх ухааны их сургууль", // four words, one with a case ending
	"qqqzzz", // no match
}

// BenchmarkSearch100k builds 100,000 listings once per table kind and reports, for each query,
// the p50 and p95 of one page: MATCH, ORDER BY bm25, LIMIT 20 — alone (relevance) and joined
// with the listings table under a filter, newest first. `go test -run ^$ -bench Search100k
// -benchtime 1x ./app/platform/search/` (1–3 minutes on 2 cores); SEARCH_BENCH_ALL=1 also
// builds and measures the other table kinds compared in docs/benchmarks.md.
func BenchmarkSearch100k(b *testing.B) {
	n := 100_000
	if testing.Short() {
		n = 10_000
	}
	docs := corpus(n)
	for i, tb := range benchTables {
		if i > 0 && os.Getenv("SEARCH_BENCH_ALL") == "" {
			break // the other kinds only when comparing: several minutes each on 2 cores
		}
		b.Run(tb.name, func(b *testing.B) {
			db, size, took := buildBench(b, tb, docs)
			defer db.Close()
			var index int64
			db.QueryRow(`SELECT sum(length(block)) FROM s_data`).Scan(&index)
			logf := func(format string, args ...any) { fmt.Fprintf(os.Stderr, format+"\n", args...) }
			logf("%s: %d docs indexed in %v, file %.1f MB, FTS index %.1f MB", tb.name, len(docs), took.Round(time.Millisecond),
				float64(size)/1e6, float64(index)/1e6)
			b.ReportMetric(float64(size)/1e6, "MB")
			shapes := []struct{ name, sql string }{
				{"relevance", `SELECT rowid FROM s WHERE s MATCH ? ORDER BY bm25(s) LIMIT 20`},
				{"relevance+filter", `SELECT o.id FROM s JOIN listings o ON o.id = s.rowid
					WHERE s MATCH ? AND o.status = 'published' AND o.category = 3 ORDER BY bm25(s) LIMIT 20`},
				{"capped+filter", `SELECT id FROM (SELECT o.id, bm25(s) AS r FROM s JOIN listings o ON o.id = s.rowid
					WHERE s MATCH ? AND o.status = 'published' AND o.category = 3 ORDER BY s.rowid DESC LIMIT 1000) ORDER BY r LIMIT 20`},
				{"newest-id+filter", `SELECT o.id FROM s JOIN listings o ON o.id = s.rowid
					WHERE s MATCH ? AND o.status = 'published' AND o.category = 3 ORDER BY s.rowid DESC LIMIT 20`},
				{"newest+filter", `SELECT o.id FROM listings o WHERE o.status = 'published' AND o.category = 3
					AND o.id IN (SELECT rowid FROM s WHERE s MATCH ?) ORDER BY o.published_at DESC, o.id DESC LIMIT 20`},
			}
			for _, sh := range shapes {
				var all []time.Duration
				for _, q := range benchQueries {
					expr, ok := tb.match(q)
					if !ok {
						logf("%-16s %-30q not searchable", sh.name, q)
						continue
					}
					times := make([]time.Duration, 0, 21)
					rows := 0
					for i := 0; i < 21; i++ {
						start := time.Now()
						rs, err := db.Query(sh.sql, expr)
						if err != nil {
							b.Fatal(err)
						}
						rows = 0
						for rs.Next() {
							rows++
						}
						if err := rs.Err(); err != nil {
							b.Fatal(err)
						}
						rs.Close()
						if i > 0 { // the first warms the cache
							times = append(times, time.Since(start))
						}
					}
					var total int
					db.QueryRow(`SELECT count(*) FROM s WHERE s MATCH ?`, expr).Scan(&total)
					p50, p95 := percentile(times, 50), percentile(times, 95)
					all = append(all, times...)
					logf("%-16s %-30q %6d matches  p50 %6.2f ms  p95 %6.2f ms", sh.name, q, total, ms(p50), ms(p95))
				}
				logf("%-16s all queries: p50 %.2f ms, p95 %.2f ms", sh.name, ms(percentile(all, 50)), ms(percentile(all, 95)))
				b.ReportMetric(ms(percentile(all, 95)), sh.name+"-p95-ms")
			}
		})
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func percentile(ds []time.Duration, p int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := (len(s)*p + 99) / 100
	return s[max(0, min(len(s)-1, i-1))]
}

func buildBench(b *testing.B, tb benchTable, docs []doc) (*sql.DB, int64, time.Duration) {
	path := filepath.Join(b.TempDir(), "bench.db")
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)")
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	start := time.Now()
	must := func(_ sql.Result, err error) {
		if err != nil {
			b.Fatal(err)
		}
	}
	must(db.Exec(tb.ddl))
	must(db.Exec(`CREATE TABLE listings (id INTEGER PRIMARY KEY, status TEXT NOT NULL, category INTEGER NOT NULL,
		published_at TEXT NOT NULL, title TEXT NOT NULL, description TEXT NOT NULL, org TEXT NOT NULL)`))
	must(db.Exec(`CREATE INDEX listings_status_category_published ON listings (status, category, published_at, id)`))
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		b.Fatal(err)
	}
	ins, _ := tx.Prepare(`INSERT INTO listings VALUES (?, ?, ?, ?, ?, ?, ?)`)
	idx, _ := tx.Prepare(`INSERT INTO s (rowid, text) VALUES (?, ?)`)
	t0 := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	for i, d := range docs {
		id := i + 1
		status := "published"
		if i%10 == 0 {
			status = "draft"
		}
		must(ins.Exec(id, status, i%8, t0.Add(time.Duration(i)*time.Minute).Format(time.RFC3339), d.title, d.description, d.org))
		must(idx.Exec(id, tb.doc(d)))
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	must(db.Exec(`INSERT INTO s (s) VALUES ('optimize')`))
	took := time.Since(start)
	must(db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`))
	fi, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	return db, fi.Size(), took
}
