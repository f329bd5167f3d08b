// Package auth is accounts: registration, sign-in for the web app (cookie sessions) and the
// mobile app (JWT access tokens + rotating refresh tokens), email verification, password
// reset, the account page's actions, organisations and roles, national ID verification, and
// the admin views of the outbox and the audit log.
package auth

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/alexedwards/scs/v2"

	"gerege/app/mail"
	"gerege/app/web"
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
	Hasher   *Hasher
	Tokens   *Tokens
	Mailer   *mail.Mailer
	Limiter  *web.Limiter
	Sessions *scs.SessionManager
	Sealer   *Sealer
	HashKey  []byte
	Cfg      Config
	Now      func() time.Time
	Kit      *web.Kit
	// SetMaintenance switches maintenance mode (admin setting).
	SetMaintenance func(ctx context.Context, on bool) error
}

// Identity is who is calling: the user and the device session, and how they authenticated.
type Identity struct {
	User    *db.User
	Session *db.AuthSession
	Via     string // "cookie" or "bearer"
}

type ctxKey struct{}

// From returns the caller's identity, or nil when signed out.
func From(ctx context.Context) *Identity {
	id, _ := ctx.Value(ctxKey{}).(*Identity)
	return id
}

const sessionKey = "sid"

// Authenticate resolves the caller from a bearer token (mobile) or the session cookie (web).
// A bad or expired bearer token is refused at once with 401; a stale cookie session is
// dropped and the request continues signed out.
func (h *Handlers) Authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		if authz := r.Header.Get("Authorization"); authz != "" {
			raw, ok := strings.CutPrefix(authz, "Bearer ")
			if !ok {
				h.Kit.Fail(w, r, web.Unauthorized())
				return
			}
			c, err := h.Tokens.Parse(strings.TrimSpace(raw))
			if err == ErrTokenExpired {
				h.Kit.Fail(w, r, &web.Error{Status: 401, Code: "token_expired", Message: web.M("errors.tokenExpired")})
				return
			}
			if err != nil {
				h.Kit.Fail(w, r, web.Unauthorized())
				return
			}
			uid, _ := strconv.ParseInt(c.Subject, 10, 64)
			id, err := h.identity(ctx, c.SessionID, uid, "bearer")
			if err != nil {
				h.Kit.Fail(w, r, err)
				return
			}
			if id == nil {
				h.Kit.Fail(w, r, web.Unauthorized())
				return
			}
			next.ServeHTTP(w, r.WithContext(context.WithValue(ctx, ctxKey{}, id)))
			return
		}
		if sid := h.Sessions.GetString(ctx, sessionKey); sid != "" {
			id, err := h.identity(ctx, sid, 0, "cookie")
			if err != nil {
				h.Kit.Fail(w, r, err)
				return
			}
			if id == nil {
				_ = h.Sessions.Destroy(ctx)
			} else {
				ctx = context.WithValue(ctx, ctxKey{}, id)
			}
		}
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// identity loads a live session and its user; nil when revoked, expired or mismatched.
func (h *Handlers) identity(ctx context.Context, sid string, uid int64, via string) (*Identity, error) {
	s, err := h.Store.AuthSessionByID(ctx, sid)
	if db.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	now := h.Now()
	if s.Revoked || !s.ExpiresAt.After(now) || (uid != 0 && s.UserID != uid) {
		return nil, nil
	}
	u, err := h.Store.UserByID(ctx, s.UserID)
	if db.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if now.Sub(s.LastSeenAt) > time.Minute {
		if err := h.Store.TouchAuthSession(ctx, s.ID, now); err != nil {
			return nil, err
		}
	}
	return &Identity{User: u, Session: s, Via: via}, nil
}

// RequireUser refuses signed-out callers with 401.
func RequireUser(k *web.Kit) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if From(r.Context()) == nil {
				k.Fail(w, r, web.Unauthorized())
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// RequireProfile refuses accounts that still owe their date of birth (mobile sign-ups) with
// 403 for anything beyond their own profile.
func RequireProfile(k *web.Kit) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			id := From(r.Context())
			if id == nil {
				k.Fail(w, r, web.Unauthorized())
				return
			}
			if id.User.DateOfBirth == "" {
				k.Fail(w, r, &web.Error{Status: 403, Code: "date_of_birth_required", Message: web.M("auth.errors.dateOfBirthRequired")})
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// RequirePage allows only users the dashboard table lets open the page with key.
func RequirePage(k *web.Kit, key string) func(http.Handler) http.Handler {
	var page *DashboardPage
	for i := range DashboardPages {
		if DashboardPages[i].Key == key {
			page = &DashboardPages[i]
		}
	}
	if page == nil {
		panic("auth: unknown dashboard page " + key)
	}
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			id := From(r.Context())
			switch {
			case id == nil:
				k.Fail(w, r, web.Unauthorized())
			case !page.Allow(id.User):
				k.Fail(w, r, web.Forbidden())
			default:
				next.ServeHTTP(w, r)
			}
		})
	}
}

// clientIP is the peer address (the proxy's, behind one: rate limits then apply to the proxy,
// which is the safe failure; trusting X-Forwarded-For blindly would let anyone pick their IP).
func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

func (h *Handlers) audit(r *http.Request, event string, actor, subject int64, detail string) {
	err := h.Store.Audit(r.Context(), db.AuditEvent{At: h.Now(), Event: event, ActorID: actor, SubjectID: subject,
		IP: clientIP(r), Detail: detail})
	if err != nil {
		web.Logger(r).Error("audit", slog.String("event", event), slog.String("error", err.Error()))
	}
}

// link builds an absolute URL of the site for emails.
func (h *Handlers) link(lang, path string) string {
	return h.Cfg.BaseURL + "/" + lang + path
}
