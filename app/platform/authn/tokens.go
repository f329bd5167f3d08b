package authn

import (
	"errors"
	"fmt"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"gerege/app/platform/secure"
)

// Tokens issues and checks the mobile API's access tokens (JWT, HS256).
type Tokens struct {
	key []byte
	TTL time.Duration
	Now func() time.Time
}

// NewTokens returns a Tokens keyed from the secret.
func NewTokens(secret []byte, ttl time.Duration, now func() time.Time) *Tokens {
	return &Tokens{key: secure.DeriveKey(secret, "jwt v1"), TTL: ttl, Now: now}
}

// Claims are the access token's claims: the user (sub), the device session (sid), exp.
type Claims struct {
	SessionID string `json:"sid"`
	jwt.RegisteredClaims
}

const issuer = "gerege"

// Issue returns a signed access token for user and session, and its expiry.
func (t *Tokens) Issue(userID int64, sessionID string) (string, time.Time, error) {
	now := t.Now()
	exp := now.Add(t.TTL).Truncate(time.Second)
	c := Claims{SessionID: sessionID, RegisteredClaims: jwt.RegisteredClaims{
		Issuer: issuer, Subject: fmt.Sprint(userID), IssuedAt: jwt.NewNumericDate(now), ExpiresAt: jwt.NewNumericDate(exp),
	}}
	s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(t.key)
	return s, exp, err
}

// ErrTokenExpired is a well-formed, correctly signed token past its exp.
var ErrTokenExpired = errors.New("auth: token expired")

// Parse checks signature (HS256 only — "none" and other algorithms are refused), issuer
// and expiry, and returns the claims.
func (t *Tokens) Parse(s string) (*Claims, error) {
	var c Claims
	_, err := jwt.ParseWithClaims(s, &c, func(*jwt.Token) (any, error) { return t.key, nil },
		jwt.WithValidMethods([]string{"HS256"}), jwt.WithIssuer(issuer), jwt.WithExpirationRequired(),
		jwt.WithTimeFunc(t.Now), jwt.WithLeeway(0))
	if errors.Is(err, jwt.ErrTokenExpired) {
		return nil, ErrTokenExpired
	}
	if err != nil {
		return nil, err
	}
	if c.SessionID == "" || c.Subject == "" {
		return nil, errors.New("auth: token lacks sid or sub")
	}
	return &c, nil
}
