package search

import (
	"database/sql"
	"path/filepath"
	"slices"
	"testing"

	_ "modernc.org/sqlite"
)

// TestBothScripts indexes listings in a real SQLite file and searches them in the other script
// and in the informal Latin spellings.
func TestBothScripts(t *testing.T) {
	db, err := sql.Open("sqlite", "file:"+filepath.Join(t.TempDir(), "s.db")+"?_pragma=journal_mode(WAL)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(Table("opportunity_search")); err != nil {
		t.Fatal(err)
	}
	docs := map[int64][]string{
		1: {"Мэдээлэл технологийн сайн дурын ажилтан", "Улаанбаатар хотод долоо хоногт 10 цаг", "Монгол Улсын Их Сургууль"},
		2: {"Software developer intern", "Remote, Ulaanbaatar time zone", "Khan Bank"},
		3: {"Хөвсгөл нуурын байгаль хамгаалал", "Зуны сайн дурын хөтөлбөр", "Övörkhangai aimag"},
		4: {"Shinjleh uhaany zuvluh", "medeelel tehnologi chiglelээр", "Tsetseg LLC"},
		5: {"Data analyst", "Erdenet, full-time", "Эрдэнэт Үйлдвэр"},
	}
	for id, f := range docs {
		if _, err := db.Exec(`INSERT INTO opportunity_search (rowid, text) VALUES (?, ?)`, id, Doc(f...)); err != nil {
			t.Fatal(err)
		}
	}
	search := func(q string) []int64 {
		expr, ok := Match(q)
		if !ok {
			return nil
		}
		rows, err := db.Query(`SELECT rowid FROM opportunity_search WHERE opportunity_search MATCH ? ORDER BY bm25(opportunity_search), rowid`, expr)
		if err != nil {
			t.Fatalf("%q: %v", q, err)
		}
		defer rows.Close()
		var ids []int64
		for rows.Next() {
			var id int64
			rows.Scan(&id)
			ids = append(ids, id)
		}
		slices.Sort(ids)
		return ids
	}
	for _, c := range []struct {
		q    string
		want []int64
	}{
		{"Ulaanbaatar", []int64{1, 2}},
		{"УЛААНБААТАР", []int64{1, 2}},
		{"Улаанбаатарт", []int64{1, 2}}, // dative ending
		{"medeelel tekhnologi", []int64{1, 4}},
		{"мэдээлэл технологи", []int64{1, 4}},
		{"Khuvsgul", []int64{3}},
		{"hovsgol", []int64{3}},
		{"Өвөрхангай", []int64{3}},
		{"uvurhangai", []int64{3}},
		{"шинжлэх ухааны зөвлөх", []int64{4}},
		{"Цэцэг", []int64{4}},
		{"эрдэнэт", []int64{5}},
		{"sain duryn", []int64{1, 3}},
		{"сайн дурын ажил", []int64{1}},
		{"intern", []int64{2}},
		{"хаан банк", []int64{2}},
		{"data analyst", []int64{5}},
		{"mongol ulsiin ikh surguuli", []int64{1}},
		{"medee", []int64{1, 4}}, // typing
		{"nothing here", nil},
	} {
		if got := search(c.q); !slices.Equal(got, c.want) {
			t.Errorf("search %q = %v, want %v", c.q, got, c.want)
		}
	}
	// An edit: delete the row and insert the new text (contentless_delete = 1).
	if _, err := db.Exec(`DELETE FROM opportunity_search WHERE rowid = 5`); err != nil {
		t.Fatal(err)
	}
	if got := search("erdenet"); got != nil {
		t.Errorf("after delete: %v", got)
	}
}
