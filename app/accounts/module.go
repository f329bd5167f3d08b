package accounts

import "gerege/app/platform/authz"

// Mount declares the accounts routes (the mobile app's bearer-token contract, the web app's
// cookie sessions, the signed-in user's own account and organisation) and dashboard pages.
func (h *Handlers) Mount(r *authz.Router, reg *authz.Registry) {
	// The mobile app's contract (bearer tokens) …
	r.Get("/auth/schema", authz.Public, h.Schema)
	r.Post("/auth/register", authz.Public, h.Register)
	r.Post("/auth/login", authz.Public, h.Login)
	r.Post("/auth/refresh", authz.Public, h.Refresh)
	r.Post("/auth/logout", authz.SignedIn, h.Logout)
	r.Get("/auth/me", authz.SignedIn, h.Me)
	r.Post("/auth/verify", authz.Public, h.Verify)
	r.Post("/auth/verify/resend", authz.SignedIn, h.ResendVerification)
	r.Post("/auth/forgot-password", authz.Public, h.ForgotPassword)
	r.Post("/auth/reset-password", authz.Public, h.ResetPassword)
	// … and the web app's cookie sessions.
	r.Get("/web/auth/form-token", authz.Public, h.FormToken)
	r.Post("/web/auth/register", authz.Public, h.WebRegister)
	r.Post("/web/auth/login", authz.Public, h.WebLogin)
	r.Post("/web/auth/logout", authz.Public, h.WebLogout)

	// The signed-in user's own account (both kinds of client).
	r.Patch("/account", authz.SignedIn, h.UpdateProfile)
	r.Delete("/account", authz.SignedIn, h.DeleteAccount)
	r.Post("/account/password", authz.SignedIn, h.ChangePassword)
	r.Get("/account/sessions", authz.SignedIn, h.ListSessions)
	r.Get("/account/export", authz.SignedIn, h.ExportAccount)
	r.Delete("/account/sessions/{id}", authz.SignedIn, h.RevokeSession)
	r.Post("/account/sessions/revoke-all", authz.SignedIn, h.SignOutEverywhere)
	r.Get("/account/id-verification", authz.SignedIn, h.GetIDVerification)
	r.Put("/account/id-verification", authz.SignedIn, h.PutIDVerification)
	r.Post("/account/id-verification/decline", authz.SignedIn, h.DeclineIDVerification)

	// Beyond their own profile, accounts must have given their date of birth.
	p := r.RequireProfile()
	p.Post("/organization/invitations/accept", authz.SignedIn, h.AcceptInvitation)
	p.Get("/organization", authz.OrganizationManage, h.GetOrganization)
	p.Post("/organization/invitations", authz.OrganizationInvite, h.Invite)

	reg.AddPage(authz.Page{Key: "home", Path: "/dashboard", Perm: authz.SignedIn, Order: 10})
	reg.AddPage(authz.Page{Key: "profile", Path: "/dashboard/user/profile", Perm: authz.SignedIn, Order: 20})
	reg.AddPage(authz.Page{Key: "account", Path: "/dashboard/user/account", Perm: authz.SignedIn, Order: 30})
	reg.AddPage(authz.Page{Key: "organization", Path: "/dashboard/organization", Perm: authz.OrganizationManage, Order: 40})
}
