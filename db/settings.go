package db

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"time"
)

// Setting keys used by the platform.
const (
	SettingSecret      = "secret"
	SettingMaintenance = "maintenance"
	SettingDemo        = "demo"
)

// Setting returns the value stored under key, or ErrNotFound.
func (s *Store) Setting(ctx context.Context, key string) (string, error) {
	var v string
	err := s.row(ctx, `SELECT value FROM settings WHERE key = ?`, key).Scan(&v)
	return v, mapErr(err)
}

// SetSetting stores value under key.
func (s *Store) SetSetting(ctx context.Context, key, value string) error {
	_, err := s.exec(ctx,
		`INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
		 ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
		key, value, time.Now().UTC().Format(time.RFC3339Nano))
	return mapErr(err)
}

// DeleteSetting removes key; removing a missing key is not an error.
func (s *Store) DeleteSetting(ctx context.Context, key string) error {
	_, err := s.exec(ctx, `DELETE FROM settings WHERE key = ?`, key)
	return mapErr(err)
}

// EnsureSecret returns the installation's signing secret, generating and storing 32 random
// bytes on first use. Concurrent first calls agree on one value.
func (s *Store) EnsureSecret(ctx context.Context) ([]byte, error) {
	buf := make([]byte, 32)
	if _, err := rand.Read(buf); err != nil {
		return nil, err
	}
	if _, err := s.exec(ctx,
		`INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING`,
		SettingSecret, hex.EncodeToString(buf)); err != nil {
		return nil, mapErr(err)
	}
	v, err := s.Setting(ctx, SettingSecret)
	if err != nil {
		return nil, err
	}
	return hex.DecodeString(v)
}
