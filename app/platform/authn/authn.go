// Package authn answers "who is asking": the caller's identity from a bearer token (mobile
// app) or the session cookie (web app), and the middleware that requires one.
package authn

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/alexedwards/scs/v2"

	"gerege/app/platform/web"
	"gerege/db"
)

// Authenticator resolves callers; one per server.
type Authenticator struct {
	Store    *db.Store
	Tokens   *Tokens
	Sessions *scs.SessionManager
	Kit      *web.Kit
	Now      func() time.Time
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

// UserOf returns the signed-in account of r, or nil when signed out (every module's handlers
// ask it).
func UserOf(r *http.Request) *db.User {
	if id := From(r.Context()); id != nil {
		return id.User
	}
	return nil
}

// SessionKey is the key of the device session ID inside the web session.
const SessionKey = "sid"

// Authenticate resolves the caller from a bearer token (mobile) or the session cookie (web).
// A bad or expired bearer token is refused at once with 401; a stale cookie session is
// dropped and the request continues signed out.
func (h *Authenticator) Authenticate(next http.Handler) http.Handler {
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
		if sid := h.Sessions.GetString(ctx, SessionKey); sid != "" {
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
func (h *Authenticator) identity(ctx context.Context, sid string, uid int64, via string) (*Identity, error) {
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
	if !u.SuspendedAt.IsZero() { // suspension revokes the sessions too; this covers a race with it
		return nil, nil
	}
	if now.Sub(s.LastSeenAt) > time.Minute {
		if err := h.Store.TouchAuthSession(ctx, s.ID, now); err != nil {
			return nil, err
		}
	}
	return &Identity{User: u, Session: s, Via: via}, nil
}
