package communities

import (
	"context"
	"strings"
	"testing"
	"time"

	"gerege/db"
	"gerege/db/dbtest"
)

// The server-rendered comments: visible ones only, text sanitised, names escaped.
func TestCommentsHTML(t *testing.T) {
	ctx := context.Background()
	st, err := db.Open(ctx, dbtest.Path(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	u, err := st.CreateUser(ctx, db.NewUser{Email: "a@x.mn", PasswordHash: "x", FirstName: "<b>Bat</b>", LastName: "Dorj", Language: "en", AccountType: "individual"}, now)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Write.Exec(`INSERT INTO posts (id, kind, slug, title, status, last_activity_at, created_at, updated_at) VALUES (1, 'post', 'p', 'T', 'published', '', '', '')`); err != nil {
		t.Fatal(err)
	}
	err = st.InTx(ctx, func(tx *db.Store) error {
		for _, body := range []string{"first <script>x()</script>", "second", "removed words"} {
			if _, err := tx.InsertComment(ctx, db.Comment{PostID: 1, AuthorID: u.ID, Body: body, BodyHTML: renderComment(body, nil)}, now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Write.Exec(`UPDATE comments SET status = 'removed' WHERE body = 'removed words'`); err != nil {
		t.Fatal(err)
	}
	h := &Handlers{Store: st, Now: func() time.Time { return now }}
	out, err := h.CommentsHTML(ctx, 1, "mn", 50)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "Сэтгэгдэл") || !strings.Contains(out, "<p>second</p>") || strings.Contains(out, "removed words") ||
		strings.Contains(out, "<script") || strings.Contains(out, "<b>Bat") || !strings.Contains(out, "&lt;b&gt;") ||
		strings.Index(out, "second") > strings.Index(out, "first") {
		t.Fatal(out)
	}
}
