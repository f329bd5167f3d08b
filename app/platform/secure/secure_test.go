package secure

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

func TestSealer(t *testing.T) {
	t.Parallel()
	secret := []byte("an installation secret of 32 bytes!")
	a, b := NewSealer(secret, "id-number v1"), NewSealer(secret, "forms v1")
	sealed := a.Seal("УБ05231412")
	if bytes.Contains(sealed, []byte("05231412")) {
		t.Fatal("the plain text is visible in the sealed value")
	}
	if got, err := a.Open(sealed); err != nil || got != "УБ05231412" {
		t.Fatalf("open: %q %v", got, err)
	}
	if bytes.Equal(sealed, a.Seal("УБ05231412")) {
		t.Error("two seals of one value are equal (nonce reused)")
	}
	if _, err := b.Open(sealed); err == nil {
		t.Error("a sealer of another purpose opened the value")
	}
	tampered := bytes.Clone(sealed)
	tampered[len(tampered)-1] ^= 1
	if _, err := a.Open(tampered); err == nil {
		t.Error("a tampered value was opened")
	}
	if _, err := a.Open([]byte("short")); err == nil {
		t.Error("a value shorter than the nonce was opened")
	}
}

func TestKeysTokensAndCodes(t *testing.T) {
	t.Parallel()
	if bytes.Equal(DeriveKey([]byte("s"), "a"), DeriveKey([]byte("s"), "b")) || len(DeriveKey([]byte("s"), "a")) != 32 {
		t.Error("keys of two purposes must differ and be 32 bytes")
	}
	if tok := RandomToken(18); len(tok) != 24 || !regexp.MustCompile(`^[A-Za-z0-9_-]+$`).MatchString(tok) || tok == RandomToken(18) {
		t.Errorf("random token: %q", tok)
	}
	for range 50 {
		if c := RandomCode(); !regexp.MustCompile(`^\d{6}$`).MatchString(c) {
			t.Fatalf("code %q", c)
		}
	}
	k := []byte("key")
	if HashToken(k, "x") != HashToken(k, "x") || HashToken(k, "x") == HashToken([]byte("other"), "x") || len(HashToken(k, "x")) != 64 {
		t.Error("token hashes must be keyed, stable and hex SHA-256")
	}
}

func TestPasswords(t *testing.T) {
	t.Parallel()
	h := NewHasher()
	enc, err := h.Hash("correct horse battery")
	if err != nil || !strings.HasPrefix(enc, "$argon2id$") || strings.Contains(enc, "correct horse") {
		t.Fatalf("hash: %q %v", enc, err)
	}
	if ok, err := h.Verify("correct horse battery", enc); !ok || err != nil {
		t.Errorf("the right password: %v %v", ok, err)
	}
	if ok, _ := h.Verify("wrong horse battery", enc); ok {
		t.Error("a wrong password verified")
	}
	if _, err := h.Verify("x", "$argon2id$garbage"); err == nil {
		t.Error("a malformed hash must be an error")
	}
	if ok, _ := h.Verify("anything", DummyHash()); ok {
		t.Error("the dummy hash matched")
	}
	if !IsCommon("password123") || IsCommon("a brand new passphrase of mine") {
		t.Error("common passwords")
	}
}
