// Package authz decides what a caller may do: named permissions, the one table of roles that
// grant them, and the registry of routes and dashboard pages, each of which names the
// permission it needs. The server checks every route against it; the role × route test walks
// the registry, so a route without a permission cannot be mounted.
package authz

import (
	"slices"

	"gerege/db"
)

// Perm is a named permission ("forms.desk.read"). Two pseudo-permissions say who may call a
// route without naming a right: Public (anyone, signed in or not) and SignedIn (any account).
type Perm string

const (
	Public   Perm = "public"
	SignedIn Perm = "signed-in"

	// accounts
	OrganizationManage Perm = "organization.manage" // see the organisation's members and invitations
	OrganizationInvite Perm = "organization.invite" // invite managers and counselors

	// opportunities
	OpportunitiesApply   Perm = "opportunities.apply"             // save opportunities, apply, follow one's applications (individuals)
	OpportunitiesManage  Perm = "opportunities.manage"            // the organisation's profile and postings (owner, manager)
	OpportunitiesReview  Perm = "opportunities.applicants.review" // the organisation's postings and applicants (owner, manager, counselor)
	OpportunitiesApprove Perm = "opportunities.approve"           // verify organisations, publish or send back postings (admins)

	// communities
	CommunitiesParticipate Perm = "communities.participate" // join, post topics and posts, comment, vote, follow, report, block and mute (every account)
	CommunitiesRequest     Perm = "communities.request"     // ask the platform for a community of one's organisation (owner, manager)
	CommunitiesAdmin       Perm = "communities.admin"       // create, approve and suspend communities; reports outside communities and escalations; staff posts (admins)

	// workspace: calendar
	WorkspaceCalendar    Perm = "workspace.calendar"     // one's own calendar, events, appointments and .ics feed (every account)
	WorkspaceBookingHost Perm = "workspace.booking.host" // publish availability, see one's day, record no-shows (counselor, owner, manager)
	WorkspaceBookingBook Perm = "workspace.booking.book" // see counselors' free slots and book them (individuals)

	// forms
	FormsDeskRead      Perm = "forms.desk.read"      // list, read and export submissions (sensitive fields hidden)
	FormsDeskWrite     Perm = "forms.desk.write"     // change status, add notes, delete with a reason
	FormsSensitiveRead Perm = "forms.sensitive.read" // medical conditions, dates of birth, contacts of minors

	// directionboard
	DirectionBoardStats Perm = "directionboard.stats.read" // aggregate numbers only

	// content
	ContentFAQManage          Perm = "content.faq.manage"
	ContentUniversitiesManage Perm = "content.universities.manage"

	// admin
	AdminOutboxRead Perm = "admin.outbox.read"
	AdminAuditRead  Perm = "admin.audit.read"
	AdminSettings   Perm = "admin.settings.write" // maintenance mode
	AdminRolesGrant Perm = "admin.roles.grant"    // make admins, set forms-desk levels

	// workspace: people
	PeopleManage      Perm = "people.manage"       // every account: list, invite, edit, roles, suspend, sign out (admins)
	PeopleStaffManage Perm = "people.staff.manage" // the people pages: one's organisation's staff for owners, everyone with people.manage
	// workspace: chat
	WorkspaceChat          Perm = "workspace.chat"           // conversations with the people one may talk to, and with support (every account)
	WorkspaceSupportAnswer Perm = "workspace.support.answer" // read and answer every support conversation (admins)
	// store: payments
	PaymentsSettle  Perm = "payments.settle"  // mark a bank transfer received (admins)
	BankingView     Perm = "banking.view"     // the banking page, /dashboard/banking (owner, admins): it shows what the two below allow
	BankingOrg      Perm = "banking.org"      // the organisation's ledger and its CSV (owner)
	BankingPlatform Perm = "banking.platform" // the platform's ledger, its CSV and the bank transfers waiting (admins)
	// store: refunds
	BankingRefund Perm = "banking.refund" // refund a payment whose money is owed back, through its provider or by recording a bank transfer (platform admins)
	// store: payouts
	BankingPayout Perm = "banking.payout" // see what is owed to organisations and record the payouts sent to them (platform admins)
	// workspace: mail
	WorkspaceMail Perm = "workspace.mail" // the in-app mailbox: letters to the people one may talk to, and what the platform sends (every account)
	// workspace: analytics
	WorkspaceAnalytics         Perm = "workspace.analytics"          // the analytics page, /dashboard/analytics (owner, manager, admins): it shows what the two below allow
	WorkspaceAnalyticsOrg      Perm = "workspace.analytics.org"      // the organisation's postings, funnel, review times and reports (owner, manager)
	WorkspaceAnalyticsPlatform Perm = "workspace.analytics.platform" // the platform's sign-ups, active people and Direction Board codes (admins)
	// workspace: files
	WorkspaceFiles         Perm = "workspace.files"           // one's own files, files shared with one, and (organisation staff) reading the organisation's files (every account)
	WorkspaceFilesOrgWrite Perm = "workspace.files.org.write" // upload, rename, move, trash and share in the organisation's files (owner, manager)
	// store: billing
	BillingPlansManage    Perm = "billing.plans.manage"    // create and change plans and their prices (admins)
	BillingInvoicesManage Perm = "billing.invoices.manage" // every invoice: manual invoices, issue, void, credit (admins)
	BillingInvoicesRead   Perm = "billing.invoices.read"   // the invoice pages: one's organisation's invoices (owner), all with billing.invoices.manage (admins)
	BillingAccount        Perm = "billing.account"         // the organisation's subscription: subscribe, change plan, cancel (owner)
	// store: shop
	ShopBuy  Perm = "shop.buy"  // keep a cart on the server, check out, see one's orders (every account)
	ShopSell Perm = "shop.sell" // products, orders, coupons and sales of one's verified organisation (owner, manager) or of the platform (admins)
)

// Role is what a user is: their account type, their role in an organisation, their forms-desk
// level, platform administrator.
type Role string

const (
	RoleIndividual    Role = "individual"
	RoleEnterprise    Role = "enterprise"
	RoleOwner         Role = "owner"
	RoleManager       Role = "manager"
	RoleCounselor     Role = "counselor"
	RoleDesk          Role = "staff"           // forms desk, level 1
	RoleDeskSensitive Role = "staff.sensitive" // forms desk, level 2
	RoleAdmin         Role = "admin"
)

// Grants is THE role table: which permissions each role holds. Admins hold every platform
// permission, but not the organisation ones: those are about one's own organisation.
var Grants = map[Role][]Perm{
	RoleIndividual:    {OpportunitiesApply, CommunitiesParticipate, WorkspaceChat, WorkspaceCalendar, WorkspaceBookingBook, ShopBuy, WorkspaceMail, WorkspaceFiles},
	RoleEnterprise:    {CommunitiesParticipate, WorkspaceChat, WorkspaceCalendar, ShopBuy, WorkspaceMail, WorkspaceFiles},
	RoleOwner:         {OrganizationManage, OrganizationInvite, OpportunitiesManage, OpportunitiesReview, CommunitiesRequest, PeopleStaffManage, WorkspaceBookingHost, WorkspaceAnalytics, WorkspaceAnalyticsOrg, ShopSell, BillingInvoicesRead, BillingAccount, BankingView, BankingOrg, WorkspaceFilesOrgWrite},
	RoleManager:       {OrganizationManage, OpportunitiesManage, OpportunitiesReview, CommunitiesRequest, WorkspaceBookingHost, WorkspaceAnalytics, WorkspaceAnalyticsOrg, ShopSell, WorkspaceFilesOrgWrite},
	RoleCounselor:     {OpportunitiesReview, WorkspaceBookingHost},
	RoleDesk:          {FormsDeskRead, FormsDeskWrite, DirectionBoardStats},
	RoleDeskSensitive: {FormsDeskRead, FormsDeskWrite, FormsSensitiveRead, DirectionBoardStats},
	RoleAdmin: {OpportunitiesApprove, CommunitiesAdmin, FormsDeskRead, FormsDeskWrite, FormsSensitiveRead, DirectionBoardStats, ContentFAQManage,
		ContentUniversitiesManage, AdminOutboxRead, AdminAuditRead, AdminSettings, AdminRolesGrant,
		PeopleManage, PeopleStaffManage, WorkspaceSupportAnswer, WorkspaceAnalytics, WorkspaceAnalyticsPlatform,
		BillingPlansManage, BillingInvoicesManage, BillingInvoicesRead,
		PaymentsSettle, BankingView, BankingPlatform,
		// store: refunds
		BankingRefund,
		// store: payouts
		BankingPayout,
		// store: shop (the platform's products and orders)
		ShopSell},
}

// All lists every named permission (the role × route test checks that each is granted to some
// role).
var All = []Perm{OrganizationManage, OrganizationInvite, OpportunitiesApply, OpportunitiesManage, OpportunitiesReview,
	OpportunitiesApprove, CommunitiesParticipate, CommunitiesRequest, CommunitiesAdmin,
	// workspace: calendar
	WorkspaceCalendar, WorkspaceBookingHost, WorkspaceBookingBook,
	FormsDeskRead, FormsDeskWrite,
	FormsSensitiveRead, DirectionBoardStats, ContentFAQManage, ContentUniversitiesManage, AdminOutboxRead, AdminAuditRead, AdminSettings, AdminRolesGrant,
	PeopleManage, PeopleStaffManage,
	// workspace: chat
	WorkspaceChat, WorkspaceSupportAnswer,
	// workspace: analytics
	WorkspaceAnalytics, WorkspaceAnalyticsOrg, WorkspaceAnalyticsPlatform,
	// workspace: files
	WorkspaceFiles, WorkspaceFilesOrgWrite,
	// store: billing
	BillingPlansManage, BillingInvoicesManage, BillingInvoicesRead, BillingAccount,
	// store: payments
	PaymentsSettle, BankingView, BankingOrg, BankingPlatform,
	// store: refunds
	BankingRefund,
	// store: payouts
	BankingPayout,
	// workspace: mail
	WorkspaceMail,
	// store: shop
	ShopBuy, ShopSell}

// RolesOf returns the roles u holds, for the permission check.
func RolesOf(u *db.User) []Role {
	roles := []Role{Role(u.AccountType)}
	if u.OrgRole != "" {
		roles = append(roles, Role(u.OrgRole))
	}
	switch {
	case u.Staff >= 2:
		roles = append(roles, RoleDeskSensitive)
	case u.Staff == 1:
		roles = append(roles, RoleDesk)
	}
	if u.IsAdmin {
		roles = append(roles, RoleAdmin)
	}
	return roles
}

// Roles is what /api/auth/me reports: account type, organisation role, "staff" for the forms
// desk (any level) and "admin".
func Roles(u *db.User) []string {
	roles := []string{u.AccountType}
	if u.OrgRole != "" {
		roles = append(roles, u.OrgRole)
	}
	if u.Staff >= 1 {
		roles = append(roles, string(RoleDesk))
	}
	if u.IsAdmin {
		roles = append(roles, string(RoleAdmin))
	}
	return roles
}

// Can reports whether u holds p. Public allows everyone; SignedIn any account (u not nil).
func Can(u *db.User, p Perm) bool {
	switch p {
	case Public:
		return true
	case SignedIn:
		return u != nil
	}
	if u == nil {
		return false
	}
	for _, r := range RolesOf(u) {
		if slices.Contains(Grants[r], p) {
			return true
		}
	}
	return false
}

// Permissions lists the named permissions u holds, in the order of All.
func Permissions(u *db.User) []Perm {
	out := []Perm{}
	for _, p := range All {
		if Can(u, p) {
			out = append(out, p)
		}
	}
	return out
}

// RestrictedWithoutID lists what a user cannot do until their national ID is verified. The
// account page shows it; capabilities check it with IDVerified before acting.
var RestrictedWithoutID = []string{"postOpportunities", "applyOpportunities", "createCommunities", "sendMessages"}
