package db

import (
	"context"
	"time"
)

// IDVerification is a user's national ID record; IDNumberEnc is sealed by the caller.
type IDVerification struct {
	UserID       int64
	Status       string // verified | declined
	Surname      string
	GivenName    string
	DateOfBirth  string
	IDNumberEnc  []byte
	IDNumberMask string
	UpdatedAt    time.Time
}

// SaveIDVerification stores or replaces the user's record.
func (s *Store) SaveIDVerification(ctx context.Context, v IDVerification) error {
	_, err := s.exec(ctx, `INSERT INTO id_verifications
		(user_id, status, surname, given_name, date_of_birth, id_number_enc, id_number_mask, updated_at)
		VALUES (?,?,?,?,?,?,?,?) ON CONFLICT (user_id) DO UPDATE SET status = excluded.status,
		surname = excluded.surname, given_name = excluded.given_name, date_of_birth = excluded.date_of_birth,
		id_number_enc = excluded.id_number_enc, id_number_mask = excluded.id_number_mask, updated_at = excluded.updated_at`,
		v.UserID, v.Status, v.Surname, v.GivenName, v.DateOfBirth, v.IDNumberEnc, v.IDNumberMask, T(v.UpdatedAt))
	return mapErr(err)
}

// IDVerificationOf returns the user's record, or ErrNotFound.
func (s *Store) IDVerificationOf(ctx context.Context, userID int64) (*IDVerification, error) {
	var v IDVerification
	var at string
	err := s.row(ctx, `SELECT user_id, status, surname, given_name, date_of_birth, id_number_enc,
		id_number_mask, updated_at FROM id_verifications WHERE user_id = ?`, userID).Scan(
		&v.UserID, &v.Status, &v.Surname, &v.GivenName, &v.DateOfBirth, &v.IDNumberEnc, &v.IDNumberMask, &at)
	if err != nil {
		return nil, mapErr(err)
	}
	v.UpdatedAt = ParseT(at)
	return &v, nil
}

// HasVerifiedID reports whether the user's national ID is verified (authz.RestrictedWithoutID
// lists what waits for it).
func (s *Store) HasVerifiedID(ctx context.Context, userID int64) (bool, error) {
	var ok bool
	err := s.row(ctx, `SELECT EXISTS (SELECT 1 FROM id_verifications WHERE user_id = ? AND status = 'verified')`, userID).Scan(&ok)
	return ok, mapErr(err)
}
