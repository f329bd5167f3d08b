package secure

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/rand"
	"crypto/subtle"
	_ "embed"
	"encoding/base64"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"

	"golang.org/x/crypto/argon2"
)

// Argon2id parameters: OWASP's minimum recommendation (19 MiB, 2 passes, 1 lane). One hash
// takes about 30 ms on the 2-core reference machine (docs/benchmarks.md).
const (
	argonMemory  = 19 * 1024
	argonTime    = 2
	argonThreads = 1
	argonKeyLen  = 32
	argonSaltLen = 16
)

// Hasher hashes and checks passwords, at most NumCPU at a time so a burst of sign-ins cannot
// exhaust memory (each hash holds 19 MiB while it runs).
type Hasher struct{ sem chan struct{} }

// NewHasher returns a Hasher.
func NewHasher() *Hasher { return &Hasher{sem: make(chan struct{}, runtime.NumCPU())} }

func (h *Hasher) key(pw string, salt []byte, t, m uint32, p uint8, n uint32) []byte {
	h.sem <- struct{}{}
	defer func() { <-h.sem }()
	return argon2.IDKey([]byte(pw), salt, t, m, p, n)
}

// Hash returns the PHC-format argon2id hash of pw.
func (h *Hasher) Hash(pw string) (string, error) {
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	k := h.key(pw, salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime, argonThreads,
		b64.EncodeToString(salt), b64.EncodeToString(k)), nil
}

var errBadHash = errors.New("auth: malformed password hash")

// Verify reports whether pw matches the encoded hash, in constant time.
func (h *Hasher) Verify(pw, encoded string) (bool, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errBadHash
	}
	var v int
	var m, t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[2], "v=%d", &v); err != nil || v != argon2.Version {
		return false, errBadHash
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil || m == 0 || t == 0 || p == 0 || m > 1<<20 || t > 16 {
		return false, errBadHash
	}
	b64 := base64.RawStdEncoding
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return false, errBadHash
	}
	want, err := b64.DecodeString(parts[5])
	if err != nil || len(want) == 0 || len(want) > 128 {
		return false, errBadHash
	}
	got := h.key(pw, salt, t, m, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// DummyHash is checked against when an email is unknown, so sign-in takes as long whether or
// not the account exists.
var DummyHash = sync.OnceValue(func() string {
	h, _ := NewHasher().Hash("no such account, still take the time")
	return h
})

//go:embed common-passwords.txt.gz
var commonGz []byte

// The 38,000 most common passwords of 8 or more characters (lower-cased), from the SecLists
// top-100,000 list (MIT licence), shipped in the binary.
var commonPasswords = sync.OnceValue(func() map[string]struct{} {
	zr, err := gzip.NewReader(bytes.NewReader(commonGz))
	if err != nil {
		panic(err)
	}
	set := make(map[string]struct{}, 40000)
	sc := bufio.NewScanner(zr)
	for sc.Scan() {
		set[sc.Text()] = struct{}{}
	}
	return set
})

// IsCommon reports whether pw is on the shipped list of common passwords (any case).
func IsCommon(pw string) bool {
	_, ok := commonPasswords()[strings.ToLower(pw)]
	return ok
}
