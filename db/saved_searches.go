package db

import (
	"context"
	"time"
)

// SavedSearch is a search a person keeps, with its daily alert.
type SavedSearch struct {
	ID        int64
	UserID    int64
	Name      string
	Query     string
	CreatedAt time.Time
	CheckedAt time.Time
}

// InsertSavedSearch stores a saved search.
func (s *Store) InsertSavedSearch(ctx context.Context, ss SavedSearch, now time.Time) (int64, error) {
	var id int64
	err := s.writeRow(ctx, []any{&id}, `INSERT INTO saved_searches (user_id, name, query, created_at, checked_at)
		VALUES (?,?,?,?,?) RETURNING id`, ss.UserID, ss.Name, ss.Query, T(now), T(now))
	return id, err
}

// SavedSearches lists a person's saved searches (userID 0: everyone's, for the alert job,
// after afterID).
func (s *Store) SavedSearches(ctx context.Context, userID, afterID int64, limit int) ([]SavedSearch, error) {
	q := `SELECT id, user_id, name, query, created_at, checked_at FROM saved_searches WHERE id > ?`
	args := []any{afterID}
	if userID != 0 {
		q += ` AND user_id = ?`
		args = append(args, userID)
	}
	rows, err := s.rows(ctx, q+` ORDER BY id LIMIT ?`, append(args, limit)...)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []SavedSearch{}
	for rows.Next() {
		var ss SavedSearch
		var created, checked string
		if err := rows.Scan(&ss.ID, &ss.UserID, &ss.Name, &ss.Query, &created, &checked); err != nil {
			return nil, mapErr(err)
		}
		ss.CreatedAt, ss.CheckedAt = ParseT(created), ParseT(checked)
		out = append(out, ss)
	}
	return out, mapErr(rows.Err())
}

// DeleteSavedSearch deletes a person's saved search (ErrNotFound when it is not theirs).
func (s *Store) DeleteSavedSearch(ctx context.Context, userID, id int64) error {
	res, err := s.exec(ctx, `DELETE FROM saved_searches WHERE id = ? AND user_id = ?`, id, userID)
	if err != nil {
		return err
	}
	return oneRow(res)
}

// CheckedSavedSearch moves a saved search's mark.
func (s *Store) CheckedSavedSearch(ctx context.Context, id int64, at time.Time) error {
	_, err := s.exec(ctx, `UPDATE saved_searches SET checked_at = ? WHERE id = ?`, T(at), id)
	return err
}

// Eligibility is what a person states about themselves for postings abroad.
type Eligibility struct {
	PassportCountry string
	Languages       []string
}

// EligibilityOf returns a person's statement (empty when none).
func (s *Store) EligibilityOf(ctx context.Context, userID int64) (Eligibility, error) {
	var e Eligibility
	var langs string
	err := s.row(ctx, `SELECT passport_country, languages FROM eligibility WHERE user_id = ?`, userID).Scan(&e.PassportCountry, &langs)
	if IsNotFound(mapErr(err)) {
		return Eligibility{Languages: []string{}}, nil
	}
	e.Languages = jsonStrings(langs)
	return e, mapErr(err)
}

// SetEligibility stores a person's statement.
func (s *Store) SetEligibility(ctx context.Context, userID int64, e Eligibility, now time.Time) error {
	_, err := s.exec(ctx, `INSERT INTO eligibility (user_id, passport_country, languages, updated_at) VALUES (?,?,?,?)
		ON CONFLICT (user_id) DO UPDATE SET passport_country = excluded.passport_country, languages = excluded.languages,
		updated_at = excluded.updated_at`, userID, e.PassportCountry, jsonOf(e.Languages), T(now))
	return err
}
