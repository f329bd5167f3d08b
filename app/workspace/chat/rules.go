package chat

import (
	"context"
	"gerege/app/platform/authz"
	"net/http"
	"regexp"
	"strings"
	"time"

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

// Why two people may talk; "" when they may not (authz.MayTalk's reasons).
const (
	whySupport      = authz.TalkSupport
	whyOrganisation = authz.TalkOrganisation
	whyApplication  = authz.TalkApplication
	whyCommunity    = authz.TalkCommunity
)

// mayTalk is authz.MayTalk, the one rule of who may reach whom (the file manager's sharing
// asks it too).
func mayTalk(ctx context.Context, store *db.Store, a, b *db.User) (string, error) {
	return authz.MayTalk(ctx, store, a, b)
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
