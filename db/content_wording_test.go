package db

import (
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/golang-migrate/migrate/v4"
	msqlite "github.com/golang-migrate/migrate/v4/database/sqlite"
	"github.com/golang-migrate/migrate/v4/source/iofs"

	"gerege/migrations"
)

// Migration 0008 brings the reviewed wording (issue #12) to installations seeded before it:
// a seeded text is replaced only while it is still the seed's old text, an edited one stays,
// and down puts the old text back.
func TestContentWordingMigration(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	conn, err := sql.Open("sqlite", DSN(path, false))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetMaxOpenConns(1)
	src, err := iofs.New(migrations.FS, ".")
	if err != nil {
		t.Fatal(err)
	}
	drv, err := msqlite.WithInstance(conn, &msqlite.Config{})
	if err != nil {
		t.Fatal(err)
	}
	m, err := migrate.NewWithInstance("iofs", src, "sqlite", drv)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Migrate(7); err != nil {
		t.Fatal(err)
	}
	const (
		oldForgot  = "Нэвтрэх хэсэгт “Нууц үгээ мартсан уу?” гэснийг дарж, имэйлээ оруулна уу. Бид танд баталгаажуулах код илгээх бөгөөд түүгээр шинэ нууц үг тохируулна."
		newForgot  = "Нэвтрэх хэсэгт «Нууц үгээ мартсан уу?» гэснийг дарж, имэйлээ оруулна уу. Бид танд баталгаажуулах код илгээх бөгөөд түүгээр шинэ нууц үг тохируулна."
		oldBlockQ  = "Намайг дарамтлаад байгаа хүнийг яаж хориглох вэ?"
		newBlockQ  = "Хэн нэгнийг яаж хориглох вэ?"
		editedScam = "Луйвар шиг санагдсан боломж байвал яах вэ?" // an administrator's own words
	)
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := conn.Exec(q, args...); err != nil {
			t.Fatal(err)
		}
	}
	exec(`INSERT INTO faq_categories (id, name_en, name_mn, position) VALUES ('accounts', 'Accounts', 'Бүртгэл', 0)`)
	for _, r := range [][4]string{
		{"forgot-password", "Q", "Асуулт", oldForgot},
		{"block-user", "How do I block someone?", oldBlockQ, "Хариулт"},
		{"suspicious-opportunity", "Q", editedScam, "Хариулт"},
	} {
		exec(`INSERT INTO faq_entries (slug, category_id, question_en, question_mn, answer_en, answer_mn, published, position, updated_at)
			VALUES (?, 'accounts', ?, ?, 'A', ?, 1, 0, '2026-11-22T00:00:00.000Z')`, r[0], r[1], r[2], r[3])
	}
	text := func(slug, col string) string {
		t.Helper()
		var s string
		if err := conn.QueryRow(`SELECT `+col+` FROM faq_entries WHERE slug = ?`, slug).Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}

	if err := m.Migrate(8); err != nil {
		t.Fatal(err)
	}
	if got := text("forgot-password", "answer_mn"); got != newForgot {
		t.Errorf("seeded answer not updated: %q", got)
	}
	if got := text("block-user", "question_mn"); got != newBlockQ {
		t.Errorf("seeded question not updated: %q", got)
	}
	if got := text("suspicious-opportunity", "question_mn"); got != editedScam {
		t.Errorf("an edited question must stay: %q", got)
	}

	if err := m.Migrate(7); err != nil {
		t.Fatal(err)
	}
	if got := text("forgot-password", "answer_mn"); got != oldForgot {
		t.Errorf("down: %q", got)
	}
}
