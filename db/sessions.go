package db

import (
	"context"
	"time"
)

// SessionStore keeps scs web sessions in the sessions table, reading through the read pool
// and writing through the single writer. It implements scs.CtxStore.
type SessionStore struct{ S *Store }

const julianFormat = "2006-01-02T15:04:05.999"

// FindCtx returns the data of an unexpired session.
func (st SessionStore) FindCtx(ctx context.Context, token string) ([]byte, bool, error) {
	var b []byte
	err := st.S.Read.QueryRowContext(ctx,
		`SELECT data FROM sessions WHERE token = ? AND julianday('now') < expiry`, token).Scan(&b)
	if err = mapErr(err); err == ErrNotFound {
		return nil, false, nil
	} else if err != nil {
		return nil, false, err
	}
	return b, true, nil
}

// CommitCtx stores or replaces a session.
func (st SessionStore) CommitCtx(ctx context.Context, token string, b []byte, expiry time.Time) error {
	_, err := st.S.Write.ExecContext(ctx,
		`REPLACE INTO sessions (token, data, expiry) VALUES (?, ?, julianday(?))`,
		token, b, expiry.UTC().Format(julianFormat))
	return mapErr(err)
}

// DeleteCtx removes a session.
func (st SessionStore) DeleteCtx(ctx context.Context, token string) error {
	_, err := st.S.Write.ExecContext(ctx, `DELETE FROM sessions WHERE token = ?`, token)
	return mapErr(err)
}

// Find, Commit and Delete satisfy scs.Store; scs calls the Ctx variants.
func (st SessionStore) Find(token string) ([]byte, bool, error) {
	return st.FindCtx(context.Background(), token)
}
func (st SessionStore) Commit(token string, b []byte, expiry time.Time) error {
	return st.CommitCtx(context.Background(), token, b, expiry)
}
func (st SessionStore) Delete(token string) error {
	return st.DeleteCtx(context.Background(), token)
}
