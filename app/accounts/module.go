package accounts

import (
	"context"
	"time"

	"gerege/app/platform/authz"
	"gerege/app/platform/jobs"
	"gerege/app/platform/web"
)

// Mount declares the accounts routes (the mobile app's bearer-token contract, the web app's
// cookie sessions, the signed-in user's own account and organisation) and dashboard pages.
func (h *Handlers) Mount(r *authz.Router, reg *authz.Registry) {
	type none = struct{}
	// The mobile app's contract (bearer tokens) …
	r.Get("/auth/schema", authz.Public, h.Schema, authz.Doc{ID: "getAuthSchema", Resp: AuthSchema{},
		Summary: "Field limits used by the account forms"})
	r.Post("/auth/register", authz.Public, h.Register, authz.Doc{ID: "register", Req: RegisterRequest{}, Resp: TokenPair{},
		Status: 201, Summary: "Create an account (mobile); one without dateOfBirth must give it before using anything beyond its own profile"})
	r.Post("/auth/login", authz.Public, h.Login, authz.Doc{ID: "login", Req: LoginRequest{}, Resp: TokenPair{},
		Summary: "Sign in (mobile)"})
	r.Post("/auth/refresh", authz.Public, h.Refresh, authz.Doc{ID: "refreshTokens", Req: RefreshRequest{}, Resp: TokenPair{},
		Summary: "Exchange a refresh token for a new pair; the old one is spent, and presenting it again revokes the session"})
	r.Post("/auth/logout", authz.SignedIn, h.Logout, authz.Doc{ID: "logout", Req: none{}, Status: 204,
		Summary: "Sign this device out"})
	r.Get("/auth/me", authz.SignedIn, h.Me, authz.Doc{ID: "getMe", Resp: UserView{}, Summary: "The signed-in user"})
	r.Post("/auth/verify", authz.Public, h.Verify, authz.Doc{ID: "verifyEmail", Req: CodeRequest{}, Resp: Verified{},
		Summary: "Verify the email address with the 6-digit code (signed in) or the link token"})
	r.Post("/auth/verify/resend", authz.SignedIn, h.ResendVerification, authz.Doc{ID: "resendVerification", Req: none{},
		Resp: web.Message{}, Status: 202, Also: map[int]any{200: Verified{}}, Summary: "Send a new verification code (200 when already verified)"})
	r.Post("/auth/forgot-password", authz.Public, h.ForgotPassword, authz.Doc{ID: "forgotPassword", Req: CodeRequest{},
		Resp: web.Message{}, Status: 202, Summary: "Ask for a password reset code; the answer is the same whether or not the email is registered"})
	r.Post("/auth/reset-password", authz.Public, h.ResetPassword, authz.Doc{ID: "resetPassword", Req: CodeRequest{},
		Resp: web.Message{}, Summary: "Set a new password with the emailed code (with email) or link token; signs out every device"})
	// … and the web app's cookie sessions.
	r.Get("/web/auth/form-token", authz.Public, h.FormToken, authz.Doc{ID: "getRegisterFormToken", Resp: web.FormToken{},
		Summary: "Web register form: a signed timestamp proving the minimum fill time"})
	r.Post("/web/auth/register", authz.Public, h.WebRegister, authz.Doc{ID: "webRegister", Req: RegisterRequest{},
		Resp: WebSession{}, Status: 201, Summary: "Create an account from the web form (cookie session)"})
	r.Post("/web/auth/login", authz.Public, h.WebLogin, authz.Doc{ID: "webLogin", Req: LoginRequest{}, Resp: WebSession{},
		Summary: "Sign in to the web app (cookie session)"})
	r.Post("/web/auth/logout", authz.Public, h.WebLogout, authz.Doc{ID: "webLogout", Req: none{}, Status: 204,
		Summary: "Sign the web session out"})

	// The signed-in user's own account (both kinds of client).
	r.Patch("/account", authz.SignedIn, h.UpdateProfile, authz.Doc{ID: "updateProfile", Req: ProfileRequest{}, Resp: UserView{},
		Summary: "Change name, language, or give the date of birth"})
	r.Delete("/account", authz.SignedIn, h.DeleteAccount, authz.Doc{ID: "deleteAccount", Req: DeleteRequest{}, Status: 204,
		Summary: "Delete the account (password required)"})
	r.Post("/account/password", authz.SignedIn, h.ChangePassword, authz.Doc{ID: "changePassword", Req: PasswordRequest{},
		Resp: web.Message{}, Summary: "Change the password; other devices are signed out"})
	r.Get("/account/sessions", authz.SignedIn, h.ListSessions, authz.Doc{ID: "listSessions", Resp: SessionList{},
		Summary: "Active devices"})
	r.Get("/account/export", authz.SignedIn, h.ExportAccount, authz.Doc{ID: "exportAccount", Resp: h.Data.Doc(exportDoc),
		Summary: "A copy of the account's data"})
	r.Delete("/account/sessions/{id}", authz.SignedIn, h.RevokeSession, authz.Doc{ID: "revokeSession", Status: 204,
		Summary: "Sign one device out"})
	r.Post("/account/sessions/revoke-all", authz.SignedIn, h.SignOutEverywhere, authz.Doc{ID: "revokeAllSessions", Req: none{},
		Status: 204, Summary: "Sign out everywhere (this device too)"})
	r.Get("/account/id-verification", authz.SignedIn, h.GetIDVerification, authz.Doc{ID: "getIDVerification", Resp: IDView{},
		Summary: "National ID verification status (number masked)"})
	r.Put("/account/id-verification", authz.SignedIn, h.PutIDVerification, authz.Doc{ID: "verifyNationalID", Req: IDRequest{},
		Resp: IDView{}, Summary: "Verify the national ID: the registry number must match the date of birth"})
	r.Post("/account/id-verification/decline", authz.SignedIn, h.DeclineIDVerification, authz.Doc{ID: "declineIDVerification",
		Req: none{}, Resp: IDView{}, Summary: "Decline ID verification (features stay restricted)"})

	// Beyond their own profile, accounts must have given their date of birth.
	p := r.RequireProfile()
	p.Post("/organization/invitations/accept", authz.SignedIn, h.AcceptInvitation, authz.Doc{ID: "acceptInvitation",
		Req: TokenRequest{}, Resp: UserView{}, Summary: "Accept an invitation sent to the signed-in user's email"})
	p.Get("/organization", authz.OrganizationManage, h.GetOrganization, authz.Doc{ID: "getOrganization", Resp: OrganizationView{},
		Summary: "The organisation's members and invitations"})
	p.Post("/organization/invitations", authz.OrganizationInvite, h.Invite, authz.Doc{ID: "inviteMember", Req: InviteRequest{},
		Resp: OrganizationView{}, Status: 201, Summary: "Invite a manager or counselor by email"})

	reg.AddPage(authz.Page{Key: "home", Path: "/dashboard", Perm: authz.SignedIn, Order: 10})
	reg.AddPage(authz.Page{Key: "profile", Path: "/dashboard/user/profile", Perm: authz.SignedIn, Order: 20})
	reg.AddPage(authz.Page{Key: "account", Path: "/dashboard/user/account", Perm: authz.SignedIn, Order: 30})
	reg.AddPage(authz.Page{Key: "organization", Path: "/dashboard/organization", Perm: authz.OrganizationManage, Order: 40})
}

// Jobs are the accounts' housekeeping: expired sessions and codes are deleted (db's
// retention periods, docs/operations.md).
func (h *Handlers) Jobs() []jobs.Job {
	return []jobs.Job{
		{Name: "accounts.sessions", Every: time.Hour, Run: func(ctx context.Context, now time.Time) error {
			_, err := h.Store.PurgeSessions(ctx, now)
			return err
		}},
		{Name: "accounts.codes", Every: time.Hour, Run: func(ctx context.Context, now time.Time) error {
			_, err := h.Store.PurgeCodes(ctx, now)
			return err
		}},
	}
}
