package authz

import (
	"slices"
	"testing"

	"gerege/db"
)

func TestCan(t *testing.T) {
	t.Parallel()
	ind := &db.User{AccountType: "individual"}
	owner := &db.User{AccountType: "enterprise", OrgRole: "owner"}
	manager := &db.User{AccountType: "enterprise", OrgRole: "manager"}
	counselor := &db.User{AccountType: "enterprise", OrgRole: "counselor"}
	desk := &db.User{AccountType: "individual", Staff: 1}
	desk2 := &db.User{AccountType: "individual", Staff: 2}
	admin := &db.User{AccountType: "individual", IsAdmin: true}
	cases := []struct {
		u    *db.User
		p    Perm
		want bool
	}{
		{nil, Public, true}, {nil, SignedIn, false}, {ind, SignedIn, true}, {nil, FormsDeskRead, false},
		{ind, FormsDeskRead, false}, {desk, FormsDeskRead, true}, {desk, FormsSensitiveRead, false},
		{desk2, FormsSensitiveRead, true}, {admin, FormsSensitiveRead, true}, {admin, AdminRolesGrant, true},
		{desk2, AdminRolesGrant, false}, {owner, OrganizationInvite, true}, {manager, OrganizationInvite, false},
		{manager, OrganizationManage, true}, {admin, OrganizationManage, false}, {owner, ContentFAQManage, false},
		{ind, OpportunitiesApply, true}, {owner, OpportunitiesApply, false}, {owner, OpportunitiesManage, true},
		{manager, OpportunitiesManage, true}, {counselor, OpportunitiesManage, false}, {counselor, OpportunitiesReview, true},
		{ind, OpportunitiesReview, false}, {admin, OpportunitiesApprove, true}, {owner, OpportunitiesApprove, false},
		{ind, WorkspaceCalendar, true}, {owner, WorkspaceCalendar, true}, {ind, WorkspaceBookingBook, true},
		{counselor, WorkspaceBookingBook, false}, {counselor, WorkspaceBookingHost, true}, {manager, WorkspaceBookingHost, true},
		{ind, WorkspaceBookingHost, false}, {desk, WorkspaceBookingHost, false},
		{ind, WorkspaceChat, true}, {counselor, WorkspaceChat, true}, {nil, WorkspaceChat, false},
		{admin, WorkspaceSupportAnswer, true}, {desk2, WorkspaceSupportAnswer, false}, {owner, WorkspaceSupportAnswer, false},
		{ind, WorkspaceFiles, true}, {counselor, WorkspaceFiles, true}, {owner, WorkspaceFilesOrgWrite, true}, {manager, WorkspaceFilesOrgWrite, true},
		{counselor, WorkspaceFilesOrgWrite, false}, {admin, WorkspaceFilesOrgWrite, false}, {nil, WorkspaceFiles, false},
		{ind, WorkspaceMail, true}, {counselor, WorkspaceMail, true}, {nil, WorkspaceMail, false},
		{ind, ShopBuy, true}, {counselor, ShopBuy, true}, {nil, ShopBuy, false}, {ind, ShopSell, false}, {counselor, ShopSell, false},
		{owner, ShopSell, true}, {manager, ShopSell, true}, {admin, ShopSell, true},
	}
	for _, c := range cases {
		if got := Can(c.u, c.p); got != c.want {
			t.Errorf("Can(%+v, %s) = %v", c.u, c.p, got)
		}
	}
	if got := Permissions(desk2); !slices.Equal(got, []Perm{OpportunitiesApply, CommunitiesParticipate, WorkspaceCalendar, WorkspaceBookingBook, FormsDeskRead, FormsDeskWrite, FormsSensitiveRead, DirectionBoardStats, WorkspaceChat, WorkspaceFiles, WorkspaceMail, ShopBuy}) {
		t.Errorf("desk level 2 holds %v", got)
	}
	if got := Roles(desk2); !slices.Equal(got, []string{"individual", "staff"}) {
		t.Errorf("roles shown for desk level 2: %v", got)
	}
}

func TestPages(t *testing.T) {
	t.Parallel()
	g := &Registry{}
	g.AddPage(Page{Key: "b", Path: "/dashboard/b", Perm: FormsDeskRead, Order: 20, Sub: true})
	g.AddPage(Page{Key: "a", Path: "/dashboard", Perm: SignedIn, Order: 10})
	if got := g.AllowedPages(&db.User{Staff: 1}); !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("allowed: %v", got)
	}
	if p, ok := g.PageAccess("/dashboard/b/12"); !ok || p == nil || p.Key != "b" {
		t.Errorf("sub page: %v %v", p, ok)
	}
	if p, ok := g.PageAccess("/dashboard/nope"); !ok || p != nil {
		t.Errorf("unknown dashboard page: %v %v", p, ok)
	}
	if _, ok := g.PageAccess("/about"); ok {
		t.Error("outside the dashboard")
	}
	defer func() {
		if recover() == nil {
			t.Error("a page without a permission must not be accepted")
		}
	}()
	g.AddPage(Page{Key: "c", Path: "/dashboard/c"})
}
