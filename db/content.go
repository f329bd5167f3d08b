package db

import (
	"context"
	"database/sql"
	"time"
)

// Text is one field in both languages.
type Text struct {
	EN string `json:"en"`
	MN string `json:"mn"`
}

// In returns the text in lang.
func (t Text) In(lang string) string {
	if lang == "mn" {
		return t.MN
	}
	return t.EN
}

// FAQCategory groups FAQ entries.
type FAQCategory struct {
	ID       string `json:"id"`
	Name     Text   `json:"name"`
	Position int    `json:"position"`
}

// FAQEntry is one question and answer.
type FAQEntry struct {
	ID        int64     `json:"id"`
	Slug      string    `json:"slug"`
	Category  string    `json:"category"`
	Question  Text      `json:"question"`
	Answer    Text      `json:"answer"`
	Published bool      `json:"published"`
	Position  int       `json:"position"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// FAQCategories lists the categories in order.
func (s *Store) FAQCategories(ctx context.Context) ([]FAQCategory, error) {
	rows, err := s.rows(ctx, `SELECT id, name_en, name_mn, position FROM faq_categories ORDER BY position, id`)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []FAQCategory{}
	for rows.Next() {
		var c FAQCategory
		if err := rows.Scan(&c.ID, &c.Name.EN, &c.Name.MN, &c.Position); err != nil {
			return nil, mapErr(err)
		}
		out = append(out, c)
	}
	return out, mapErr(rows.Err())
}

// SaveFAQCategory creates or renames a category.
func (s *Store) SaveFAQCategory(ctx context.Context, c FAQCategory) error {
	_, err := s.exec(ctx, `INSERT INTO faq_categories (id, name_en, name_mn, position) VALUES (?,?,?,?)
		ON CONFLICT (id) DO UPDATE SET name_en = excluded.name_en, name_mn = excluded.name_mn, position = excluded.position`,
		c.ID, c.Name.EN, c.Name.MN, c.Position)
	return mapErr(err)
}

const faqCols = `id, slug, category_id, question_en, question_mn, answer_en, answer_mn, published, position, updated_at`

// FAQEntries lists entries (only published ones when publishedOnly), by category and position.
func (s *Store) FAQEntries(ctx context.Context, publishedOnly bool) ([]FAQEntry, error) {
	rows, err := s.rows(ctx, `SELECT e.id, e.slug, e.category_id, e.question_en, e.question_mn,
		e.answer_en, e.answer_mn, e.published, e.position, e.updated_at
		FROM faq_entries e JOIN faq_categories c ON c.id = e.category_id
		WHERE ? = 0 OR e.published = 1 ORDER BY c.position, e.position, e.id`, publishedOnly)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []FAQEntry{}
	for rows.Next() {
		e, err := scanFAQ(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *e)
	}
	return out, mapErr(rows.Err())
}

func scanFAQ(row scanner) (*FAQEntry, error) {
	var e FAQEntry
	var at string
	if err := row.Scan(&e.ID, &e.Slug, &e.Category, &e.Question.EN, &e.Question.MN, &e.Answer.EN, &e.Answer.MN,
		&e.Published, &e.Position, &at); err != nil {
		return nil, mapErr(err)
	}
	e.UpdatedAt = ParseT(at)
	return &e, nil
}

// FAQEntry returns one entry.
func (s *Store) FAQEntryByID(ctx context.Context, id int64) (*FAQEntry, error) {
	return scanFAQ(s.row(ctx, `SELECT `+faqCols+` FROM faq_entries WHERE id = ?`, id))
}

// SaveFAQEntry inserts (ID 0) or updates an entry and returns its ID. A slug in use is ErrConflict.
func (s *Store) SaveFAQEntry(ctx context.Context, e FAQEntry, now time.Time) (int64, error) {
	if e.ID == 0 {
		err := s.writeRow(ctx, []any{&e.ID}, `INSERT INTO faq_entries (slug, category_id, question_en, question_mn, answer_en,
			answer_mn, published, position, updated_at) VALUES (?,?,?,?,?,?,?,?,?) RETURNING id`, e.Slug, e.Category,
			e.Question.EN, e.Question.MN, e.Answer.EN, e.Answer.MN, e.Published, e.Position, T(now))
		return e.ID, mapErr(err)
	}
	res, err := s.exec(ctx, `UPDATE faq_entries SET slug = ?, category_id = ?, question_en = ?, question_mn = ?,
		answer_en = ?, answer_mn = ?, published = ?, position = ?, updated_at = ? WHERE id = ?`, e.Slug, e.Category,
		e.Question.EN, e.Question.MN, e.Answer.EN, e.Answer.MN, e.Published, e.Position, T(now), e.ID)
	return e.ID, affected(res, err)
}

// DeleteFAQEntry removes an entry.
func (s *Store) DeleteFAQEntry(ctx context.Context, id int64) error {
	res, err := s.exec(ctx, `DELETE FROM faq_entries WHERE id = ?`, id)
	return affected(res, err)
}

// Destination is a study-abroad destination with its universities.
type Destination struct {
	ID           string       `json:"id"`
	Name         Text         `json:"name"`
	Summary      Text         `json:"summary"`
	Published    bool         `json:"published"`
	Position     int          `json:"position"`
	Universities []University `json:"universities"`
}

// University is one partner university.
type University struct {
	ID          int64  `json:"id"`
	Slug        string `json:"slug"`
	Destination string `json:"destination"`
	Name        Text   `json:"name"`
	City        Text   `json:"city"`
	Website     string `json:"website"`
	Published   bool   `json:"published"`
	Position    int    `json:"position"`
}

// Destinations lists destinations with their universities (only published ones when asked).
func (s *Store) Destinations(ctx context.Context, publishedOnly bool) ([]Destination, error) {
	rows, err := s.rows(ctx, `SELECT id, name_en, name_mn, summary_en, summary_mn, published, position
		FROM destinations WHERE ? = 0 OR published = 1 ORDER BY position, id`, publishedOnly)
	if err != nil {
		return nil, mapErr(err)
	}
	out := []Destination{}
	index := map[string]int{}
	for rows.Next() {
		var d Destination
		if err := rows.Scan(&d.ID, &d.Name.EN, &d.Name.MN, &d.Summary.EN, &d.Summary.MN, &d.Published, &d.Position); err != nil {
			rows.Close()
			return nil, mapErr(err)
		}
		d.Universities = []University{}
		index[d.ID] = len(out)
		out = append(out, d)
	}
	rows.Close()
	urows, err := s.rows(ctx, `SELECT id, slug, destination_id, name_en, name_mn, city_en, city_mn, website,
		published, position FROM universities WHERE ? = 0 OR published = 1 ORDER BY position, id`, publishedOnly)
	if err != nil {
		return nil, mapErr(err)
	}
	defer urows.Close()
	for urows.Next() {
		var u University
		if err := urows.Scan(&u.ID, &u.Slug, &u.Destination, &u.Name.EN, &u.Name.MN, &u.City.EN, &u.City.MN, &u.Website,
			&u.Published, &u.Position); err != nil {
			return nil, mapErr(err)
		}
		if i, ok := index[u.Destination]; ok {
			out[i].Universities = append(out[i].Universities, u)
		}
	}
	return out, mapErr(urows.Err())
}

// SaveDestination creates or updates a destination.
func (s *Store) SaveDestination(ctx context.Context, d Destination, now time.Time) error {
	_, err := s.exec(ctx, `INSERT INTO destinations (id, name_en, name_mn, summary_en, summary_mn, published,
		position, updated_at) VALUES (?,?,?,?,?,?,?,?) ON CONFLICT (id) DO UPDATE SET name_en = excluded.name_en,
		name_mn = excluded.name_mn, summary_en = excluded.summary_en, summary_mn = excluded.summary_mn,
		published = excluded.published, position = excluded.position, updated_at = excluded.updated_at`,
		d.ID, d.Name.EN, d.Name.MN, d.Summary.EN, d.Summary.MN, d.Published, d.Position, T(now))
	return mapErr(err)
}

// DeleteDestination removes a destination and its universities.
func (s *Store) DeleteDestination(ctx context.Context, id string) error {
	res, err := s.exec(ctx, `DELETE FROM destinations WHERE id = ?`, id)
	return affected(res, err)
}

// SaveUniversity inserts (ID 0) or updates a university and returns its ID.
func (s *Store) SaveUniversity(ctx context.Context, u University, now time.Time) (int64, error) {
	if u.ID == 0 {
		err := s.writeRow(ctx, []any{&u.ID}, `INSERT INTO universities (slug, destination_id, name_en, name_mn, city_en, city_mn,
			website, published, position, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?) RETURNING id`, u.Slug, u.Destination,
			u.Name.EN, u.Name.MN, u.City.EN, u.City.MN, u.Website, u.Published, u.Position, T(now))
		return u.ID, mapErr(err)
	}
	res, err := s.exec(ctx, `UPDATE universities SET slug = ?, destination_id = ?, name_en = ?, name_mn = ?,
		city_en = ?, city_mn = ?, website = ?, published = ?, position = ?, updated_at = ? WHERE id = ?`, u.Slug, u.Destination,
		u.Name.EN, u.Name.MN, u.City.EN, u.City.MN, u.Website, u.Published, u.Position, T(now), u.ID)
	return u.ID, affected(res, err)
}

// DeleteUniversity removes a university.
func (s *Store) DeleteUniversity(ctx context.Context, id int64) error {
	res, err := s.exec(ctx, `DELETE FROM universities WHERE id = ?`, id)
	return affected(res, err)
}

// SeedOnce runs fn in a transaction unless the setting key is already set, then sets it, so
// content seeded at first start is not re-created after an operator deletes it.
func (s *Store) SeedOnce(ctx context.Context, key string, fn func(tx *Store) error) error {
	return s.InTx(ctx, func(tx *Store) error {
		var v string
		err := tx.row(ctx, `SELECT value FROM settings WHERE key = ?`, key).Scan(&v)
		if err == nil {
			return nil
		}
		if err != sql.ErrNoRows {
			return err
		}
		if err := fn(tx); err != nil {
			return err
		}
		_, err = tx.exec(ctx, `INSERT INTO settings (key, value) VALUES (?, '1')`, key)
		return err
	})
}
