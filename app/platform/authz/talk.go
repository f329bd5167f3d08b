package authz

import (
	"context"
	"net/http"

	"gerege/app/platform/web"
	"gerege/db"
)

// Why two people may talk (MayTalk); "" when they may not.
const (
	TalkSupport      = "support"
	TalkOrganisation = "organization"
	TalkApplication  = "application"
	TalkCommunity    = "community"
)

// MayTalk decides whether a may reach b (start or keep writing in a conversation, share a
// file with them): members of the same organisation; an applicant and the staff (owner,
// manager, counselor) of an organisation they applied to; people who are both active
// members of a community; and anyone with the platform's support staff. Never when either
// blocked the other (a block made in the communities applies everywhere) and never with
// oneself. It returns why they may (for tests and contact lists) or "". The chat and the
// file manager's sharing both ask it.
func MayTalk(ctx context.Context, store *db.Store, a, b *db.User) (string, error) {
	if a == nil || b == nil || a.ID == b.ID {
		return "", nil
	}
	blocked, err := store.BlockedEither(ctx, a.ID, b.ID)
	if err != nil || blocked {
		return "", err
	}
	if Can(a, WorkspaceSupportAnswer) || Can(b, WorkspaceSupportAnswer) {
		return TalkSupport, nil
	}
	if a.OrgID != 0 && a.OrgID == b.OrgID {
		return TalkOrganisation, nil
	}
	for _, p := range [][2]*db.User{{a, b}, {b, a}} {
		applicant, staff := p[0], p[1]
		if staff.OrgID != 0 && IsOrgStaff(staff) {
			ok, err := store.AppliedToOrganization(ctx, applicant.ID, staff.OrgID)
			if err != nil || ok {
				return TalkApplication, err
			}
		}
	}
	ok, err := store.ShareCommunity(ctx, a.ID, b.ID)
	if err != nil || !ok {
		return "", err
	}
	return TalkCommunity, nil
}

// IsOrgStaff: the organisation's owner, managers and counselors.
func IsOrgStaff(u *db.User) bool {
	return u.OrgRole == "owner" || u.OrgRole == "manager" || u.OrgRole == "counselor"
}

// Contacts answers the people u may talk to whose name matches the request's q, at most 50:
// the one contact search of the chat, mail and the file manager's sharing. A q over 80
// characters is a field error.
func Contacts(r *http.Request, store *db.Store, u *db.User) ([]db.ChatContact, error) {
	q := r.URL.Query().Get("q")
	if len([]rune(q)) > 80 {
		return nil, web.Invalid(map[string]web.Msg{"q": web.M("validation.tooLong", "max", 80)})
	}
	return store.ChatContacts(r.Context(), u.ID, u.OrgID, IsOrgStaff(u), q, 50)
}
