package accounts

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"gerege/app/platform/authn"
	"gerege/app/platform/mail"
	"gerege/app/platform/secure"
	"gerege/app/platform/web"
	"gerege/db"
	"gerege/i18n"
)

// RegisterRequest is POST /api/auth/register (mobile: the first four fields are enough) and
// POST /api/web/auth/register (the web form adds the rest).
type RegisterRequest struct {
	Email        string `json:"email"`
	Password     string `json:"password"`
	FirstName    string `json:"firstName"`
	LastName     string `json:"lastName"`
	DateOfBirth  string `json:"dateOfBirth"`
	AccountType  string `json:"accountType"`
	Organization string `json:"organization"`
	// Web form only.
	AcceptTerms bool   `json:"acceptTerms"`
	Website     string `json:"website"`   // honeypot: people never see it, bots fill it
	FormToken   string `json:"formToken"` // from GET /api/web/auth/form-token, proves a minimum fill time
}

// Field limits shared with the UI through /api/auth/schema.
const (
	MaxName     = 100
	MaxOrg      = 120
	MinPassword = 8
	MaxPassword = 128
	MinAge      = 13
)

// CheckPassword adds the password rules to c.
func CheckPassword(c *web.Checker, field, pw, email string) {
	switch {
	case pw == "":
		c.Add(field, web.M("validation.required"))
	case len([]rune(pw)) < MinPassword:
		c.Add(field, web.M("auth.errors.passwordTooShort", "min", MinPassword))
	case len([]rune(pw)) > MaxPassword:
		c.Add(field, web.M("validation.tooLong", "max", MaxPassword))
	case secure.IsCommon(pw) || strings.EqualFold(pw, email):
		c.Add(field, web.M("auth.errors.passwordCommon"))
	}
}

// checkBirth adds the date-of-birth rules (a real date, not in the future, at least 13).
func checkBirth(c *web.Checker, field, v string, required bool, now time.Time) {
	d, ok := c.Date(field, v, required)
	if !ok {
		return
	}
	switch age := web.Age(d, now); {
	case d.After(now):
		c.Add(field, web.M("validation.dateInFuture"))
	case age > 120:
		c.Add(field, web.M("validation.dateUnrealistic"))
	case age < MinAge:
		c.Add(field, web.M("auth.errors.tooYoung", "age", MinAge))
	}
}

func normEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

func (req *RegisterRequest) validate(fromWeb bool, now time.Time) error {
	c := &web.Checker{}
	req.Email = normEmail(req.Email)
	req.FirstName, req.LastName = strings.TrimSpace(req.FirstName), strings.TrimSpace(req.LastName)
	req.Organization = strings.TrimSpace(req.Organization)
	if req.AccountType == "" {
		req.AccountType = "individual"
	}
	c.Email("email", req.Email)
	CheckPassword(c, "password", req.Password, req.Email)
	c.Text("firstName", req.FirstName, true, MaxName)
	c.Text("lastName", req.LastName, true, MaxName)
	checkBirth(c, "dateOfBirth", req.DateOfBirth, fromWeb, now)
	c.OneOf("accountType", req.AccountType, true, "individual", "enterprise")
	if req.AccountType == "enterprise" {
		c.Text("organization", req.Organization, true, MaxOrg)
	} else {
		req.Organization = ""
	}
	if fromWeb && !req.AcceptTerms {
		c.Add("acceptTerms", web.M("auth.errors.acceptTerms"))
	}
	return c.Err()
}

// register creates the account in one transaction with everything that comes with it: its
// organisation, the audit entry, the verification code and its email, the device session
// and (mobile) the refresh token. It fails as a whole or not at all. The password hash, the
// code and the email are made before the transaction.
func (h *Handlers) register(r *http.Request, req *RegisterRequest, kind string, acceptedTerms bool) (*db.User, *db.AuthSession, string, error) {
	now := h.Now()
	if err := h.Limiter.Limit("register:ip:"+web.RateKey(r), h.Cfg.Limits.RegisterIP); err != nil {
		return nil, nil, "", err
	}
	if err := req.validate(kind == "web", now); err != nil {
		return nil, nil, "", err
	}
	// Per account too: each registration emails the address, and repeated tries at one
	// address (taken or not) are someone probing or flooding it.
	if err := h.Limiter.Limit("email:account:"+req.Email, h.Cfg.Limits.EmailAccount); err != nil {
		return nil, nil, "", err
	}
	hash, err := h.Hasher.Hash(req.Password)
	if err != nil {
		return nil, nil, "", err
	}
	lang := web.Lang(r)
	n := db.NewUser{Email: req.Email, PasswordHash: hash, FirstName: req.FirstName, LastName: req.LastName,
		DateOfBirth: req.DateOfBirth, AccountType: req.AccountType, Language: lang, OrgName: req.Organization}
	if acceptedTerms {
		n.TermsVersion, n.PrivacyVersion = LegalVersion, LegalVersion
	}
	code := h.newCode(&db.User{Email: req.Email, FirstName: req.FirstName, Language: lang}, "verify")
	s := h.newSession(r, 0, kind)
	refresh := ""
	if kind == "api" {
		refresh = secure.RandomToken(32)
	}
	var u *db.User
	err = h.Store.InTx(r.Context(), func(tx *db.Store) error {
		var err error
		if u, err = tx.CreateUser(r.Context(), n, now); err != nil {
			return err
		}
		if err := h.auditIn(tx, r, "account.register", u.ID, u.ID, db.Detail(db.DetailVia, kind)); err != nil {
			return err
		}
		if err := h.storeCode(r.Context(), tx, u.ID, code); err != nil {
			return err
		}
		s.UserID = u.ID
		if err := tx.CreateAuthSession(r.Context(), s); err != nil {
			return err
		}
		if refresh != "" {
			return tx.AddRefreshToken(r.Context(), secure.HashToken(h.HashKey, refresh), s.ID, now, s.ExpiresAt)
		}
		return nil
	})
	if errors.Is(err, db.ErrConflict) {
		return nil, nil, "", &web.Error{Status: 409, Code: "email_taken", Message: web.M("auth.errors.emailTaken"),
			Fields: map[string]web.Msg{"email": web.M("auth.errors.emailTaken")}}
	}
	if err != nil {
		return nil, nil, "", err
	}
	if err := h.bindWebSession(r, &s); err != nil {
		return nil, nil, "", err
	}
	return u, &s, refresh, nil
}

// code is a one-time code with its link token and its email, made before the transaction
// that stores them.
type code struct {
	purpose, codeHash, linkHash string
	expires                     time.Time
	email                       db.Email
}

// newCode makes a code + link for purpose and renders the email that carries them to u.
func (h *Handlers) newCode(u *db.User, purpose string) code {
	now := h.Now()
	plain, link := secure.RandomCode(), secure.RandomToken(24)
	ttl, path, kind := h.Cfg.CodeTTL, "/auth/verify?token=", "verifyEmail"
	if purpose == "reset" {
		ttl, path, kind = h.Cfg.ResetTTL, "/auth/new-password?token=", "resetPassword"
	}
	return code{purpose: purpose, codeHash: secure.HashToken(h.HashKey, plain), linkHash: secure.HashToken(h.HashKey, link),
		expires: now.Add(ttl), email: h.Mailer.Compose(mail.Message{To: u.Email, Lang: u.Language, Kind: kind,
			Name: u.FirstName, Code: plain, Link: h.link(u.Language, path+link), Vars: []any{"minutes", int(ttl.Minutes())}})[0]}
}

// storeCode stores c for the user (voiding earlier codes of its purpose) and queues its email.
func (h *Handlers) storeCode(ctx context.Context, tx *db.Store, userID int64, c code) error {
	if err := tx.CreateEmailCode(ctx, userID, c.purpose, c.codeHash, c.linkHash, h.Now(), c.expires); err != nil {
		return err
	}
	return h.Mailer.Queue(ctx, tx, c.email)
}

// sendCode creates a code + link for purpose and queues the email, in one transaction.
func (h *Handlers) sendCode(ctx context.Context, u *db.User, purpose string) error {
	c := h.newCode(u, purpose)
	return h.Store.InTx(ctx, func(tx *db.Store) error { return h.storeCode(ctx, tx, u.ID, c) })
}

// newSession is a device session of kind for the user, not yet stored.
func (h *Handlers) newSession(r *http.Request, userID int64, kind string) db.AuthSession {
	now := h.Now()
	ttl := h.Cfg.SessionLifetime
	if kind == "api" {
		ttl = h.Cfg.RefreshTTL
	}
	return db.AuthSession{ID: secure.RandomToken(18), UserID: userID, Kind: kind, UserAgent: truncateUA(r.UserAgent()),
		CreatedAt: now, ExpiresAt: now.Add(ttl)}
}

// bindWebSession puts a stored web session into the browser's cookie session (a new token,
// so a session fixed before sign-in is not reused).
func (h *Handlers) bindWebSession(r *http.Request, s *db.AuthSession) error {
	if s.Kind != "web" {
		return nil
	}
	if err := h.Sessions.RenewToken(r.Context()); err != nil {
		return err
	}
	h.Sessions.Put(r.Context(), authn.SessionKey, s.ID)
	return nil
}

// openSession records a new device session for u.
func (h *Handlers) openSession(r *http.Request, u *db.User, kind string) (*db.AuthSession, error) {
	s := h.newSession(r, u.ID, kind)
	if err := h.Store.CreateAuthSession(r.Context(), s); err != nil {
		return nil, err
	}
	if err := h.bindWebSession(r, &s); err != nil {
		return nil, err
	}
	return &s, nil
}

func truncateUA(ua string) string {
	if len(ua) > 300 {
		return ua[:300]
	}
	return ua
}

// TokenPair is what the mobile app gets from register, login and refresh.
type TokenPair struct {
	AccessToken      string    `json:"accessToken"`
	ExpiresAt        time.Time `json:"expiresAt"`
	RefreshToken     string    `json:"refreshToken"`
	RefreshExpiresAt time.Time `json:"refreshExpiresAt"`
	User             UserView  `json:"user"`
}

func (h *Handlers) tokens(ctx context.Context, u *db.User, s *db.AuthSession, refresh string) (*TokenPair, error) {
	now := h.Now()
	if refresh == "" {
		refresh = secure.RandomToken(32)
		if err := h.Store.AddRefreshToken(ctx, secure.HashToken(h.HashKey, refresh), s.ID, now, s.ExpiresAt); err != nil {
			return nil, err
		}
	}
	access, exp, err := h.Tokens.Issue(u.ID, s.ID)
	if err != nil {
		return nil, err
	}
	v, err := h.view(ctx, u)
	if err != nil {
		return nil, err
	}
	return &TokenPair{AccessToken: access, ExpiresAt: exp, RefreshToken: refresh, RefreshExpiresAt: s.ExpiresAt, User: v}, nil
}

// Register is POST /api/auth/register (mobile): 201 {accessToken, refreshToken, user}.
func (h *Handlers) Register(w http.ResponseWriter, r *http.Request) error {
	var req RegisterRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	u, s, refresh, err := h.register(r, &req, "api", true)
	if err != nil {
		return err
	}
	pair, err := h.tokens(r.Context(), u, s, refresh)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusCreated, pair)
	return nil
}

// LoginRequest is the body of both sign-in calls.
type LoginRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

// login checks the credentials with rate limits per IP and per account; every failure is
// the same 401, and unknown emails take as long as known ones.
func (h *Handlers) login(r *http.Request) (*db.User, error) {
	var req LoginRequest
	if err := web.Decode(r, &req); err != nil {
		return nil, err
	}
	email := normEmail(req.Email)
	c := &web.Checker{}
	c.Email("email", email)
	if req.Password == "" {
		c.Add("password", web.M("validation.required"))
	}
	if err := c.Err(); err != nil {
		return nil, err
	}
	if err := h.Limiter.Limit("login:ip:"+web.RateKey(r), h.Cfg.Limits.LoginIP); err != nil {
		return nil, err
	}
	if err := h.Limiter.Limit("login:account:"+email, h.Cfg.Limits.LoginAccount); err != nil {
		return nil, err
	}
	bad := &web.Error{Status: 401, Code: "invalid_credentials", Message: web.M("auth.errors.invalidCredentials")}
	u, err := h.Store.UserByEmail(r.Context(), email)
	if db.IsNotFound(err) {
		_, _ = h.Hasher.Verify(req.Password, secure.DummyHash())
		h.audit(r, "signin.failure", 0, 0, db.DetailUnknownEmail)
		return nil, bad
	}
	if err != nil {
		return nil, err
	}
	ok, err := h.Hasher.Verify(req.Password, u.PasswordHash)
	if err != nil {
		return nil, err
	}
	if !ok {
		h.audit(r, "signin.failure", 0, u.ID, db.DetailWrongPassword)
		return nil, bad
	}
	if !u.SuspendedAt.IsZero() {
		// Only someone who knows the password learns that the account is suspended.
		return nil, &web.Error{Status: 403, Code: "account_suspended", Message: web.M("auth.errors.accountSuspended")}
	}
	h.Limiter.Reset("login:account:" + email)
	return u, nil
}

// Login is POST /api/auth/login (mobile): 200 {accessToken, refreshToken, user}.
func (h *Handlers) Login(w http.ResponseWriter, r *http.Request) error {
	u, err := h.login(r)
	if err != nil {
		return err
	}
	s, err := h.openSession(r, u, "api")
	if err != nil {
		return err
	}
	h.audit(r, "signin.success", u.ID, u.ID, db.Detail(db.DetailVia, "api"))
	pair, err := h.tokens(r.Context(), u, s, "")
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, pair)
	return nil
}

// RefreshRequest is the body of POST /api/auth/refresh and /api/auth/logout.
type RefreshRequest struct {
	RefreshToken string `json:"refreshToken"`
}

// Refresh is POST /api/auth/refresh: spends the refresh token and returns a new pair. A token
// presented twice revokes its whole family (the device session).
func (h *Handlers) Refresh(w http.ResponseWriter, r *http.Request) error {
	var req RefreshRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	if req.RefreshToken == "" {
		return web.Invalid(map[string]web.Msg{"refreshToken": web.M("validation.required")})
	}
	now := h.Now()
	next := secure.RandomToken(32)
	s, err := h.Store.RotateRefreshToken(r.Context(), secure.HashToken(h.HashKey, req.RefreshToken), secure.HashToken(h.HashKey, next),
		now, now.Add(h.Cfg.RefreshTTL))
	if errors.Is(err, db.ErrTokenReused) {
		h.audit(r, "token.reuse", 0, 0, db.DetailTokenFamily)
		return &web.Error{Status: 401, Code: "token_reused", Message: web.M("errors.tokenExpired")}
	}
	if db.IsNotFound(err) {
		return &web.Error{Status: 401, Code: "token_expired", Message: web.M("errors.tokenExpired")}
	}
	if err != nil {
		return err
	}
	u, err := h.Store.UserByID(r.Context(), s.UserID)
	if err != nil {
		return err
	}
	pair, err := h.tokens(r.Context(), u, s, next)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, pair)
	return nil
}

// Logout is POST /api/auth/logout (mobile, bearer): ends this device's session.
func (h *Handlers) Logout(w http.ResponseWriter, r *http.Request) error {
	id := authn.From(r.Context())
	if err := h.Store.RevokeAuthSession(r.Context(), id.User.ID, id.Session.ID, h.Now()); err != nil {
		return err
	}
	if id.Via == "cookie" {
		if err := h.Sessions.Destroy(r.Context()); err != nil {
			return err
		}
	}
	h.audit(r, "signout", id.User.ID, id.User.ID, db.Detail(db.DetailVia, id.Via))
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// WebLogout is POST /api/web/auth/logout: ends the browser's session. Signing out is
// idempotent: without a live session (it expired, or another tab signed out first) it
// still answers 204 and clears the cookie, so the page can always show the signed-out state.
func (h *Handlers) WebLogout(w http.ResponseWriter, r *http.Request) error {
	if authn.From(r.Context()) != nil {
		return h.Logout(w, r)
	}
	if err := h.Sessions.Destroy(r.Context()); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// Me is GET /api/auth/me: the signed-in user (bearer or cookie).
func (h *Handlers) Me(w http.ResponseWriter, r *http.Request) error {
	id := authn.From(r.Context())
	return h.writeMe(w, r, id, id.User)
}

// writeMe answers with u as the caller sees themselves (with the web session's expiry when
// signed in by cookie).
func (h *Handlers) writeMe(w http.ResponseWriter, r *http.Request, id *authn.Identity, u *db.User) error {
	v, err := h.view(r.Context(), u)
	if err != nil {
		return err
	}
	if id.Via == "cookie" {
		v.SessionExpiresAt = id.Session.ExpiresAt
	}
	web.JSON(w, http.StatusOK, v)
	return nil
}

// WebSession is what the web app's sign-in and registration answer.
type WebSession struct {
	User UserView `json:"user"`
}

func (h *Handlers) webSession(w http.ResponseWriter, r *http.Request, u *db.User, s *db.AuthSession, status int) error {
	v, err := h.view(r.Context(), u)
	if err != nil {
		return err
	}
	v.SessionExpiresAt = s.ExpiresAt
	web.JSON(w, status, WebSession{User: v})
	return nil
}

// WebLogin is POST /api/web/auth/login: signs in with a cookie session.
func (h *Handlers) WebLogin(w http.ResponseWriter, r *http.Request) error {
	u, err := h.login(r)
	if err != nil {
		return err
	}
	s, err := h.openSession(r, u, "web")
	if err != nil {
		return err
	}
	h.audit(r, "signin.success", u.ID, u.ID, db.Detail(db.DetailVia, "web"))
	return h.webSession(w, r, u, s, http.StatusOK)
}

// FormToken is GET /api/web/auth/form-token: a signed timestamp the register form sends
// back, so a form submitted faster than a person can type is refused.
func (h *Handlers) FormToken(w http.ResponseWriter, r *http.Request) error {
	web.JSON(w, http.StatusOK, web.FormToken{FormToken: h.fillTokens().Issue()})
	return nil
}

func (h *Handlers) fillTokens() *web.FormTokens {
	return &web.FormTokens{Key: h.HashKey, Purpose: "form", MinAge: h.Cfg.MinFillTime, MaxAge: 24 * time.Hour, Now: h.Now}
}

func (h *Handlers) checkFormToken(tok string) bool { return h.fillTokens().Check(tok) }

// WebRegister is POST /api/web/auth/register: the web form (date of birth and terms
// acceptance required, honeypot and minimum fill time checked), signed in by cookie.
func (h *Handlers) WebRegister(w http.ResponseWriter, r *http.Request) error {
	var req RegisterRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	if req.Website != "" || !h.checkFormToken(req.FormToken) {
		h.audit(r, "register.blocked", 0, 0, db.DetailBotCheck)
		return &web.Error{Status: 422, Code: "too_fast", Message: web.M("auth.errors.tooFast")}
	}
	u, s, _, err := h.register(r, &req, "web", true)
	if err != nil {
		return err
	}
	return h.webSession(w, r, u, s, http.StatusCreated)
}

// Schema is GET /api/auth/schema: the limits the forms show and check before sending.
func (h *Handlers) Schema(w http.ResponseWriter, r *http.Request) error {
	web.JSON(w, http.StatusOK, AuthSchema{NameMax: MaxName, OrganizationMax: MaxOrg, PasswordMin: MinPassword,
		PasswordMax: MaxPassword, MinAge: MinAge, CodeLength: 6, LegalVersion: LegalVersion, Languages: i18n.Languages,
		MinFillSeconds: h.Cfg.MinFillTime.Seconds()})
	return nil
}
