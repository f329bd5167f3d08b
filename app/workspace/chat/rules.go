package chat

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"time"

	"gerege/app/platform/authz"
	"gerege/app/platform/files"
	"gerege/app/platform/web"
	"gerege/db"
)

// The rules of the chat, each in one place.

const (
	// EditWindow is how long after sending a message its sender may edit or delete it.
	EditWindow = 15 * time.Minute
	// MaxBody is the most characters of a message's text (the request type's maxLength says the same).
	MaxBody = 4000
	// MaxTitle is the most characters of a group's title.
	MaxTitle = 80
	// MaxGroup is the most people a group may start with (besides its creator).
	MaxGroup = 20
	// pageSize is how many messages a page holds when the client does not say.
	pageSize = 50
	maxPage  = 100
	// listSize is how many conversations a page of the list holds.
	listSize = 50
)

// attachments: documents and pictures up to 10 MB, type checked by content.
var attachments = files.Policy{Purpose: "chat.attachment", MaxBytes: 10 << 20,
	Allowed: []string{files.PDF, files.DOC, files.DOCX, files.PNG, files.JPEG, files.WebP, files.GIF}}

// Why two people may talk; "" when they may not.
const (
	whySupport      = "support"
	whyOrganisation = "organization"
	whyApplication  = "application"
	whyCommunity    = "community"
)

// mayTalk decides whether a may start (or keep writing in) a conversation with b: members of
// the same organisation; an applicant and the staff (owner, manager, counselor) of an
// organisation they applied to; people who are both active members of a community; and
// anyone with the platform's support staff. Never when either blocked the other (a block
// made in the communities applies here too) and never with oneself. It returns why they may
// (for tests and the contact list) or "".
func mayTalk(ctx context.Context, store *db.Store, a, b *db.User) (string, error) {
	if a == nil || b == nil || a.ID == b.ID {
		return "", nil
	}
	blocked, err := store.BlockedEither(ctx, a.ID, b.ID)
	if err != nil || blocked {
		return "", err
	}
	if authz.Can(a, authz.WorkspaceSupportAnswer) || authz.Can(b, authz.WorkspaceSupportAnswer) {
		return whySupport, nil
	}
	if a.OrgID != 0 && a.OrgID == b.OrgID {
		return whyOrganisation, nil
	}
	for _, p := range [][2]*db.User{{a, b}, {b, a}} {
		applicant, staff := p[0], p[1]
		if staff.OrgID != 0 && isStaff(staff) {
			ok, err := store.AppliedToOrganization(ctx, applicant.ID, staff.OrgID)
			if err != nil || ok {
				return whyApplication, err
			}
		}
	}
	ok, err := store.ShareCommunity(ctx, a.ID, b.ID)
	if err != nil || !ok {
		return "", err
	}
	return whyCommunity, nil
}

// isStaff: the organisation's owner, managers and counselors.
func isStaff(u *db.User) bool {
	return u.OrgRole == "owner" || u.OrgRole == "manager" || u.OrgRole == "counselor"
}

// notAllowed is the refusal to talk with someone: the same for a person one may not talk to
// and for an account that does not exist, so it reveals nothing.
// needsID refuses someone whose national ID is not verified: writing to people is one of the
// things that wait for it (authz.RestrictedWithoutID, "sendMessages"). Support conversations
// never do — a person who cannot verify must still be able to ask for help.
func needsID(ctx context.Context, store *db.Store, u *db.User) error {
	ok, err := store.HasVerifiedID(ctx, u.ID)
	if err != nil || ok {
		return err
	}
	return &web.Error{Status: http.StatusForbidden, Code: "id_verification_required", Message: web.M("chat.errors.idVerification")}
}

func notAllowed() *web.Error {
	return &web.Error{Status: http.StatusForbidden, Code: "chat_not_allowed", Message: web.M("chat.errors.notAllowed")}
}

// inEditWindow reports whether a message sent at sent may still be changed at now.
func inEditWindow(sent, now time.Time) bool { return now.Sub(sent) <= EditWindow }

var clientIDRe = regexp.MustCompile(`^[A-Za-z0-9_-]{8,64}$`)

// checkMessage checks a message request: a client id, a text or a file, the text's length.
func checkMessage(req *MessageRequest) error {
	var c web.Checker
	if !clientIDRe.MatchString(req.ClientID) {
		c.Add("clientId", web.M("chat.errors.clientId"))
	}
	req.Body = strings.TrimSpace(req.Body)
	if req.Body == "" && req.FileID == 0 {
		c.Add("body", web.M("validation.required"))
	} else {
		c.Text("body", req.Body, false, MaxBody)
	}
	return c.Err()
}
