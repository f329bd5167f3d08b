package accounts

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"gerege/app/platform/authn"
	"gerege/app/platform/web"
	"gerege/db"
	"gerege/i18n"
)

// ProfileRequest is PATCH /api/account; absent fields stay as they are.
type ProfileRequest struct {
	FirstName   *string `json:"firstName"`
	LastName    *string `json:"lastName"`
	Language    *string `json:"language"`
	DateOfBirth *string `json:"dateOfBirth"`
}

// UpdateProfile is PATCH /api/account: name, language, and the date of birth (which can be
// given once — after that it changes only through ID verification).
func (h *Handlers) UpdateProfile(w http.ResponseWriter, r *http.Request) error {
	id := authn.From(r.Context())
	var req ProfileRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	c := &web.Checker{}
	trim := func(p *string) {
		if p != nil {
			*p = strings.TrimSpace(*p)
		}
	}
	trim(req.FirstName)
	trim(req.LastName)
	if req.FirstName != nil {
		c.Text("firstName", *req.FirstName, true, MaxName)
	}
	if req.LastName != nil {
		c.Text("lastName", *req.LastName, true, MaxName)
	}
	if req.Language != nil {
		c.OneOf("language", *req.Language, true, i18n.Languages...)
	}
	if req.DateOfBirth != nil {
		if id.User.DateOfBirth != "" && *req.DateOfBirth != id.User.DateOfBirth {
			c.Add("dateOfBirth", web.M("account.errors.dateOfBirthFixed"))
		} else {
			checkBirth(c, "dateOfBirth", *req.DateOfBirth, true, h.Now())
		}
	}
	if err := c.Err(); err != nil {
		return err
	}
	err := h.Store.UpdateProfile(r.Context(), id.User.ID, db.ProfileUpdate{FirstName: req.FirstName,
		LastName: req.LastName, Language: req.Language, DateOfBirth: req.DateOfBirth}, h.Now())
	if err != nil {
		return err
	}
	return h.meAgain(w, r, id)
}

func (h *Handlers) meAgain(w http.ResponseWriter, r *http.Request, id *authn.Identity) error {
	u, err := h.Store.UserByID(r.Context(), id.User.ID)
	if err != nil {
		return err
	}
	return h.writeMe(w, r, id, u)
}

// PasswordRequest is POST /api/account/password.
type PasswordRequest struct {
	CurrentPassword string `json:"currentPassword"`
	NewPassword     string `json:"newPassword"`
}

// ChangePassword checks the current password, sets the new one and signs out every other
// device; the new password, the sign-outs and the audit entry are one transaction.
func (h *Handlers) ChangePassword(w http.ResponseWriter, r *http.Request) error {
	id := authn.From(r.Context())
	var req PasswordRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	if err := h.Limiter.Limit("login:account:"+id.User.Email, h.Cfg.Limits.LoginAccount); err != nil {
		return err
	}
	c := &web.Checker{}
	if req.CurrentPassword == "" {
		c.Add("currentPassword", web.M("validation.required"))
	}
	CheckPassword(c, "newPassword", req.NewPassword, id.User.Email)
	if err := c.Err(); err != nil {
		return err
	}
	ok, err := h.Hasher.Verify(req.CurrentPassword, id.User.PasswordHash)
	if err != nil {
		return err
	}
	if !ok {
		return web.Invalid(map[string]web.Msg{"currentPassword": web.M("account.errors.wrongPassword")})
	}
	hash, err := h.Hasher.Hash(req.NewPassword)
	if err != nil {
		return err
	}
	now := h.Now()
	err = h.Store.InTx(r.Context(), func(tx *db.Store) error {
		if err := tx.SetPassword(r.Context(), id.User.ID, hash, now); err != nil {
			return err
		}
		if _, err := tx.RevokeUserSessions(r.Context(), id.User.ID, id.Session.ID, now); err != nil {
			return err
		}
		return h.auditIn(tx, r, "password.changed", id.User.ID, id.User.ID, "")
	})
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, web.Message{Message: web.T(r, "account.password.changed")})
	return nil
}

// SessionView is one active device on the account page.
type SessionView struct {
	ID         string    `json:"id"`
	Kind       string    `json:"kind"`
	Device     string    `json:"device"`
	CreatedAt  time.Time `json:"createdAt"`
	LastSeenAt time.Time `json:"lastSeenAt"`
	Current    bool      `json:"current"`
}

// Sessions is GET /api/account/sessions.
func (h *Handlers) ListSessions(w http.ResponseWriter, r *http.Request) error {
	id := authn.From(r.Context())
	out, err := h.sessionViews(r.Context(), id.User.ID, id.Session.ID, web.Lang(r))
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, SessionList{Sessions: out})
	return nil
}

// sessionViews lists userID's devices, marking current (the asking device) as such.
func (h *Handlers) sessionViews(ctx context.Context, userID int64, current, lang string) ([]SessionView, error) {
	list, err := h.Store.ActiveSessions(ctx, userID, h.Now())
	if err != nil {
		return nil, err
	}
	out := make([]SessionView, 0, len(list))
	for _, s := range list {
		out = append(out, SessionView{ID: s.ID, Kind: s.Kind, Device: Device(lang, s.UserAgent), CreatedAt: s.CreatedAt,
			LastSeenAt: s.LastSeenAt, Current: s.ID == current})
	}
	return out, nil
}

// RevokeSession is DELETE /api/account/sessions/{id}.
func (h *Handlers) RevokeSession(w http.ResponseWriter, r *http.Request) error {
	id := authn.From(r.Context())
	err := h.Store.RevokeAuthSession(r.Context(), id.User.ID, chi.URLParam(r, "id"), h.Now())
	if db.IsNotFound(err) {
		return web.NotFound()
	}
	if err != nil {
		return err
	}
	h.audit(r, "session.revoked", id.User.ID, id.User.ID, "")
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// SignOutEverywhere is POST /api/account/sessions/revoke-all: every device, this one too.
func (h *Handlers) SignOutEverywhere(w http.ResponseWriter, r *http.Request) error {
	id := authn.From(r.Context())
	if _, err := h.Store.RevokeUserSessions(r.Context(), id.User.ID, "", h.Now()); err != nil {
		return err
	}
	if id.Via == "cookie" {
		if err := h.Sessions.Destroy(r.Context()); err != nil {
			return err
		}
	}
	h.audit(r, "signout.everywhere", id.User.ID, id.User.ID, "")
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// DeleteRequest confirms account deletion with the password.
type DeleteRequest struct {
	Password string `json:"password"`
}

// DeleteAccount is DELETE /api/account: erases the account after checking the password.
func (h *Handlers) DeleteAccount(w http.ResponseWriter, r *http.Request) error {
	id := authn.From(r.Context())
	var req DeleteRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	if err := h.Limiter.Limit("login:account:"+id.User.Email, h.Cfg.Limits.LoginAccount); err != nil {
		return err
	}
	ok, err := h.Hasher.Verify(req.Password, id.User.PasswordHash)
	if err != nil {
		return err
	}
	if !ok {
		return web.Invalid(map[string]web.Msg{"password": web.M("account.errors.wrongPassword")})
	}
	// The erasure and its audit entry are one transaction: an account is never gone without
	// the record that says so, nor recorded as deleted while it is still there.
	// Every module's part of the person's data (userdata) goes in the same transaction, then
	// the account itself.
	err = h.Store.InTx(r.Context(), func(tx *db.Store) error {
		if err := h.Data.Erase(r.Context(), tx, id.User.ID); err != nil {
			return err
		}
		if err := tx.DeleteUser(r.Context(), id.User.ID); err != nil {
			return err
		}
		return h.auditIn(tx, r, "account.deleted", id.User.ID, id.User.ID, "")
	})
	if err != nil {
		return err
	}
	if id.Via == "cookie" {
		_ = h.Sessions.Destroy(r.Context())
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// Device turns a User-Agent into a short label such as "Chrome · Windows", in lang: browser
// and system names are the same in every language, our own app is named from the catalog.
func Device(lang, ua string) string {
	browser, os := "", ""
	has := func(s string) bool { return strings.Contains(ua, s) }
	switch {
	case has("Gerege"):
		browser = i18n.T(lang, "account.sessions.geregeApp")
	case has("Edg/"):
		browser = "Edge"
	case has("Firefox/"):
		browser = "Firefox"
	case has("Chrome/") || has("Chromium/"):
		browser = "Chrome"
	case has("Safari/"):
		browser = "Safari"
	}
	switch {
	case has("Android"):
		os = "Android"
	case has("iPhone") || has("iPad"):
		os = "iOS"
	case has("Windows"):
		os = "Windows"
	case has("Mac OS X"):
		os = "macOS"
	case has("Linux"):
		os = "Linux"
	}
	switch {
	case browser != "" && os != "":
		return browser + " · " + os
	case browser+os != "":
		return browser + os
	case ua == "":
		return "—"
	}
	if len(ua) > 40 {
		return ua[:40] + "…"
	}
	return ua
}
