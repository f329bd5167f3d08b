// Package secure holds the installation's keys and what is done with them: key derivation,
// sealing values at rest, random tokens and codes, keyed token hashes and password hashing.
package secure

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
)

// DeriveKey derives a 32-byte key for one purpose from the installation secret, so the
// signing, encryption and token keys are independent.
func DeriveKey(secret []byte, purpose string) []byte {
	k, err := hkdf.Key(sha256.New, secret, nil, "gerege "+purpose, 32)
	if err != nil {
		panic(err)
	}
	return k
}

// Sealer encrypts small values at rest with AES-256-GCM.
type Sealer struct{ aead cipher.AEAD }

// NewSealer returns a Sealer keyed for purpose.
func NewSealer(secret []byte, purpose string) *Sealer {
	block, err := aes.NewCipher(DeriveKey(secret, purpose))
	if err != nil {
		panic(err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		panic(err)
	}
	return &Sealer{aead: aead}
}

// Seal encrypts plain; the nonce is prepended.
func (s *Sealer) Seal(plain string) []byte {
	nonce := make([]byte, s.aead.NonceSize(), s.aead.NonceSize()+len(plain)+s.aead.Overhead())
	if _, err := rand.Read(nonce); err != nil {
		panic(err)
	}
	return s.aead.Seal(nonce, nonce, []byte(plain), nil)
}

// Open decrypts what Seal produced.
func (s *Sealer) Open(sealed []byte) (string, error) {
	n := s.aead.NonceSize()
	if len(sealed) < n {
		return "", errors.New("auth: sealed value too short")
	}
	plain, err := s.aead.Open(nil, sealed[:n], sealed[n:], nil)
	return string(plain), err
}

// RandomToken returns n random bytes, URL-safe base64 encoded.
func RandomToken(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// RandomCode returns a 6-digit code.
func RandomCode() string {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		panic(err)
	}
	return fmt.Sprintf("%06d", n.Int64())
}

// HashToken is how tokens and codes are stored: keyed SHA-256 (HMAC with a derived key), so a
// leaked table does not give working links and 6-digit codes cannot be brute-forced offline.
func HashToken(key []byte, token string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(token))
	return hex.EncodeToString(m.Sum(nil))
}
