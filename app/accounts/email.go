package accounts

import (
	"context"
	"crypto/subtle"
	"errors"
	"net/http"

	"gerege/app/platform/authn"
	"gerege/app/platform/secure"
	"gerege/app/platform/web"
	"gerege/db"
)

// MaxCodeAttempts is how many wrong guesses void a code.
const MaxCodeAttempts = 5

// CodeRequest carries a 6-digit code (typed) or a link token (from the email).
type CodeRequest struct {
	Email    string `json:"email"`
	Code     string `json:"code"`
	Token    string `json:"token"`
	Password string `json:"password"`
}

// findCode returns the live code the request proves: by link token, or by the user's newest
// code compared in constant time, counting wrong guesses.
func (h *Handlers) findCode(ctx context.Context, purpose string, u *db.User, req *CodeRequest) (*db.EmailCode, error) {
	invalid := web.Invalid(map[string]web.Msg{"code": web.M("auth.errors.codeInvalid")})
	expired := web.Invalid(map[string]web.Msg{"code": web.M("auth.errors.codeExpired")})
	var c *db.EmailCode
	var err error
	if req.Token != "" {
		c, err = h.Store.EmailCodeByLink(ctx, purpose, secure.HashToken(h.HashKey, req.Token))
		if db.IsNotFound(err) {
			return nil, expired
		}
	} else {
		if u == nil || len(req.Code) != 6 {
			return nil, invalid
		}
		c, err = h.Store.CurrentEmailCode(ctx, u.ID, purpose)
		if db.IsNotFound(err) {
			return nil, expired
		}
	}
	if err != nil {
		return nil, err
	}
	if !c.Expires.After(h.Now()) || c.Attempts >= MaxCodeAttempts {
		return nil, expired
	}
	if req.Token == "" && subtle.ConstantTimeCompare([]byte(secure.HashToken(h.HashKey, req.Code)), []byte(c.CodeHash)) != 1 {
		n, err := h.Store.CountEmailCodeAttempt(ctx, c.ID)
		if err != nil {
			return nil, err
		}
		if n >= MaxCodeAttempts {
			return nil, expired
		}
		return nil, invalid
	}
	return c, nil
}

// Verify is POST /api/auth/verify: {code} from a signed-in user, or {token} from the link.
func (h *Handlers) Verify(w http.ResponseWriter, r *http.Request) error {
	var req CodeRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	var u *db.User
	if id := authn.From(r.Context()); id != nil {
		u = id.User
		if err := h.Limiter.Limit("verify:account:"+u.Email, h.Cfg.Limits.VerifyAccount); err != nil {
			return err
		}
	} else if req.Token == "" {
		return web.Unauthorized()
	} else if err := h.Limiter.Limit("verify:ip:"+web.RateKey(r), h.Cfg.Limits.EmailIP); err != nil {
		return err
	}
	c, err := h.findCode(r.Context(), "verify", u, &req)
	if err != nil {
		return err
	}
	// Spending the code, the verified email and the audit entry are one transaction.
	now := h.Now()
	err = h.Store.InTx(r.Context(), func(tx *db.Store) error {
		if ok, err := tx.UseEmailCode(r.Context(), c.ID, now); err != nil || !ok {
			if err == nil {
				err = errCodeSpent
			}
			return err
		}
		if err := tx.MarkEmailVerified(r.Context(), c.UserID, now); err != nil {
			return err
		}
		return h.auditIn(tx, r, "email.verified", c.UserID, c.UserID, "")
	})
	if errors.Is(err, errCodeSpent) {
		return web.Invalid(map[string]web.Msg{"code": web.M("auth.errors.codeExpired")})
	}
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, Verified{EmailVerified: true})
	return nil
}

// ResendVerification is POST /api/auth/verify/resend (signed in).
func (h *Handlers) ResendVerification(w http.ResponseWriter, r *http.Request) error {
	u := authn.From(r.Context()).User
	if !u.EmailVerifiedAt.IsZero() {
		web.JSON(w, http.StatusOK, Verified{EmailVerified: true})
		return nil
	}
	if err := h.Limiter.Limit("email:account:"+u.Email, h.Cfg.Limits.EmailAccount); err != nil {
		return err
	}
	if err := h.sendCode(r.Context(), u, "verify"); err != nil {
		return err
	}
	web.JSON(w, http.StatusAccepted, web.Message{Message: web.T(r, "auth.verify.sent")})
	return nil
}

// ForgotPassword is POST /api/auth/forgot-password {email}: the same 202 answer whether or
// not the email is registered; a reset code goes out only when it is.
func (h *Handlers) ForgotPassword(w http.ResponseWriter, r *http.Request) error {
	var req CodeRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	email := normEmail(req.Email)
	c := &web.Checker{}
	c.Email("email", email)
	if err := c.Err(); err != nil {
		return err
	}
	if err := h.Limiter.Limit("email:ip:"+web.RateKey(r), h.Cfg.Limits.EmailIP); err != nil {
		return err
	}
	answer := web.Message{Message: web.T(r, "auth.forgot.sent")}
	if ok, _ := h.Limiter.Allow("email:account:"+email, h.Cfg.Limits.EmailAccount); !ok {
		web.JSON(w, http.StatusAccepted, answer) // same answer: no hint that the account exists
		return nil
	}
	u, err := h.Store.UserByEmail(r.Context(), email)
	if err == nil {
		c := h.newCode(u, "reset")
		err := h.Store.InTx(r.Context(), func(tx *db.Store) error {
			if err := h.storeCode(r.Context(), tx, u.ID, c); err != nil {
				return err
			}
			return h.auditIn(tx, r, "password.reset.requested", 0, u.ID, "")
		})
		if err != nil {
			return err
		}
	} else if !db.IsNotFound(err) {
		return err
	}
	web.JSON(w, http.StatusAccepted, answer)
	return nil
}

// errCodeSpent rolls back a reset whose code was spent meanwhile (a race lost).
var errCodeSpent = errors.New("accounts: code already used")

// ResetPassword is POST /api/auth/reset-password: {email, code, password} or {token,
// password}. Every session of the account is signed out. Spending the code, the new
// password, the verified email, signing out and the audit entry are one transaction.
func (h *Handlers) ResetPassword(w http.ResponseWriter, r *http.Request) error {
	var req CodeRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	if err := h.Limiter.Limit("reset:ip:"+web.RateKey(r), h.Cfg.Limits.EmailIP); err != nil {
		return err
	}
	var u *db.User
	if req.Token == "" {
		email := normEmail(req.Email)
		c := &web.Checker{}
		c.Email("email", email)
		if req.Code == "" {
			c.Add("code", web.M("validation.required"))
		}
		if err := c.Err(); err != nil {
			return err
		}
		// Code guesses are limited per account too, so many addresses cannot share one.
		if err := h.Limiter.Limit("reset:account:"+email, h.Cfg.Limits.VerifyAccount); err != nil {
			return err
		}
		found, err := h.Store.UserByEmail(r.Context(), email)
		if err != nil && !db.IsNotFound(err) {
			return err
		}
		if found == nil {
			return web.Invalid(map[string]web.Msg{"code": web.M("auth.errors.codeInvalid")})
		}
		u = found
	}
	code, err := h.findCode(r.Context(), "reset", u, &req)
	if err != nil {
		return err
	}
	if u == nil {
		if u, err = h.Store.UserByID(r.Context(), code.UserID); err != nil {
			return err
		}
	}
	c := &web.Checker{}
	CheckPassword(c, "password", req.Password, u.Email)
	if err := c.Err(); err != nil {
		return err
	}
	hash, err := h.Hasher.Hash(req.Password)
	if err != nil {
		return err
	}
	now := h.Now()
	err = h.Store.InTx(r.Context(), func(tx *db.Store) error {
		if ok, err := tx.UseEmailCode(r.Context(), code.ID, now); err != nil || !ok {
			if err == nil {
				err = errCodeSpent
			}
			return err
		}
		if err := tx.SetPassword(r.Context(), u.ID, hash, now); err != nil {
			return err
		}
		// Reading the code proves the mailbox, so the email counts as verified too.
		if err := tx.MarkEmailVerified(r.Context(), u.ID, now); err != nil {
			return err
		}
		if _, err := tx.RevokeUserSessions(r.Context(), u.ID, "", now); err != nil {
			return err
		}
		return h.auditIn(tx, r, "password.reset", u.ID, u.ID, "")
	})
	if errors.Is(err, errCodeSpent) {
		return web.Invalid(map[string]web.Msg{"code": web.M("auth.errors.codeExpired")})
	}
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, web.Message{Message: web.T(r, "auth.reset.done")})
	return nil
}
