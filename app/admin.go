package app

import (
	"context"
	"errors"
	"strings"
	"time"

	"gerege/app/accounts"
	"gerege/app/platform/secure"
	"gerege/app/platform/web"
	"gerege/db"
	"gerege/i18n"
)

// AdminResult says what CreateAdmin did.
type AdminResult struct {
	Email     string
	Promoted  bool   // an existing account became admin
	Generated string // the generated password, when none was given
}

// CreateAdmin creates a platform admin (email verified, password checked like any other),
// or promotes the existing account with that email. It is the `gerege user create-admin`
// command.
func CreateAdmin(ctx context.Context, store *db.Store, email, password, first, last string) (*AdminResult, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	if !web.ValidEmail(email) {
		return nil, errors.New("--email: want an email address such as admin@example.mn")
	}
	now := time.Now()
	if u, err := store.UserByEmail(ctx, email); err == nil {
		if err := store.SetAdmin(ctx, u.ID, true, now); err != nil {
			return nil, err
		}
		_ = store.Audit(ctx, db.AuditEvent{At: now, Event: "role.changed", SubjectID: u.ID, Detail: db.DetailAdminGrantedCLI})
		return &AdminResult{Email: email, Promoted: true}, nil
	} else if !db.IsNotFound(err) {
		return nil, err
	}
	res := &AdminResult{Email: email}
	if password == "" {
		password = secure.RandomToken(15)
		res.Generated = password
	}
	c := &web.Checker{}
	accounts.CheckPassword(c, "password", password, email)
	if err := c.Err(); err != nil {
		var e *web.Error
		errors.As(err, &e)
		return nil, errors.New("password: " + i18n.T("en", e.Fields["password"].Key, e.Fields["password"].Args...))
	}
	hash, err := secure.NewHasher().Hash(password)
	if err != nil {
		return nil, err
	}
	u, err := store.CreateUser(ctx, db.NewUser{Email: email, PasswordHash: hash, FirstName: first, LastName: last,
		AccountType: "individual", Language: "en", IsAdmin: true, Verified: true}, now)
	if err != nil {
		return nil, err
	}
	_ = store.Audit(ctx, db.AuditEvent{At: now, Event: "role.changed", SubjectID: u.ID, Detail: db.DetailAdminCreatedCLI})
	return res, nil
}
