// Package talk is the workspace's one rule of who may write to whom, shared by the chat and
// the mail (app/workspace/chat, app/workspace/mail): each asks May before a conversation or a
// letter reaches someone.
package talk

import (
	"context"

	"gerege/app/platform/authz"
	"gerege/db"
)

// Why two people may talk; "" when they may not.
const (
	Support      = "support"
	Organisation = "organization"
	Application  = "application"
	Community    = "community"
)

// May decides whether a may write to b: members of the same organisation; an applicant and
// the staff (owner, manager, counselor) of an organisation they applied to; people who are
// both active members of a community; and anyone with the platform's support staff. Never
// when either blocked the other (a block made in the communities applies here too) and never
// with oneself. It returns why they may (for tests and the contact lists) or "".
func May(ctx context.Context, store *db.Store, a, b *db.User) (string, error) {
	if a == nil || b == nil || a.ID == b.ID {
		return "", nil
	}
	blocked, err := store.BlockedEither(ctx, a.ID, b.ID)
	if err != nil || blocked {
		return "", err
	}
	if authz.Can(a, authz.WorkspaceSupportAnswer) || authz.Can(b, authz.WorkspaceSupportAnswer) {
		return Support, nil
	}
	if a.OrgID != 0 && a.OrgID == b.OrgID {
		return Organisation, nil
	}
	for _, p := range [][2]*db.User{{a, b}, {b, a}} {
		applicant, staff := p[0], p[1]
		if staff.OrgID != 0 && IsStaff(staff) {
			ok, err := store.AppliedToOrganization(ctx, applicant.ID, staff.OrgID)
			if err != nil || ok {
				return Application, err
			}
		}
	}
	ok, err := store.ShareCommunity(ctx, a.ID, b.ID)
	if err != nil || !ok {
		return "", err
	}
	return Community, nil
}

// IsStaff: the organisation's owner, managers and counselors.
func IsStaff(u *db.User) bool {
	return u.OrgRole == "owner" || u.OrgRole == "manager" || u.OrgRole == "counselor"
}
