// Package accounts is registration, sign-in for the web app (cookie sessions) and the
// mobile app (JWT access tokens + rotating refresh tokens), email verification, password
// reset, the account page's actions, organisations and national ID verification.
package accounts

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/alexedwards/scs/v2"

	"gerege/app/platform/authn"
	"gerege/app/platform/authz"
	"gerege/app/platform/mail"
	"gerege/app/platform/secure"
	"gerege/app/platform/userdata"
	"gerege/app/platform/web"
	"gerege/db"
)

// LegalVersion is the version of the Terms of Service and Privacy Policy a new account
// accepts (the effective date of the current documents).
const LegalVersion = "2026-11-22"

// Config holds the account rules that operators may tune.
type Config struct {
	BaseURL         string
	AccessTTL       time.Duration // mobile access token lifetime
	RefreshTTL      time.Duration // mobile refresh token lifetime (renewed on every use)
	SessionLifetime time.Duration // web session lifetime
	CodeTTL         time.Duration // email verification code
	ResetTTL        time.Duration // password reset code
	InviteTTL       time.Duration
	MinFillTime     time.Duration // the web register form cannot be sent sooner
	Limits          Limits
}

// Limits are the rate limits, per IP and per account.
type Limits struct {
	LoginIP, LoginAccount, RegisterIP, EmailIP, EmailAccount, VerifyAccount web.Rate
}

// Handlers holds the accounts capability's dependencies.
type Handlers struct {
	Store    *db.Store
	Hasher   *secure.Hasher
	Tokens   *authn.Tokens
	Mailer   *mail.Mailer
	Limiter  *web.Limiter
	Sessions *scs.SessionManager
	Sealer   *secure.Sealer
	HashKey  []byte
	Cfg      Config
	Now      func() time.Time
	// Access is the registry of dashboard pages (/api/auth/me lists those the user may open).
	Access *authz.Registry
	// Data is every module's part of a person's data: the export hands it out, deleting
	// the account erases it (server.go fills it from the modules, this one included).
	Data *userdata.Registry
}

func (h *Handlers) audit(r *http.Request, event string, actor, subject int64, detail string) {
	err := h.Store.Audit(r.Context(), db.AuditEvent{At: h.Now(), Event: event, ActorID: actor, SubjectID: subject,
		IP: web.ClientIP(r), Detail: detail})
	if err != nil {
		web.Logger(r).Error("audit", slog.String("event", event), slog.String("error", err.Error()))
	}
}

// auditIn records a security event through tx, as part of the state change it describes:
// if the entry cannot be written, the change fails with it.
func (h *Handlers) auditIn(tx *db.Store, r *http.Request, event string, actor, subject int64, detail string) error {
	return tx.Audit(r.Context(), db.AuditEvent{At: h.Now(), Event: event, ActorID: actor, SubjectID: subject,
		IP: web.ClientIP(r), Detail: detail})
}

// link builds an absolute URL of the site for emails.
func (h *Handlers) link(lang, path string) string {
	return h.Cfg.BaseURL + "/" + lang + path
}
