package chat

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"time"

	"gerege/app/platform/files"
	"gerege/app/platform/web"
	"gerege/app/workspace/talk"
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

// mayTalk is the workspace's rule of who may write to whom (app/workspace/talk, shared with
// the mail): it returns why a may talk with b, or "".
func mayTalk(ctx context.Context, store *db.Store, a, b *db.User) (string, error) {
	return talk.May(ctx, store, a, b)
}

// isStaff: the organisation's owner, managers and counselors.
func isStaff(u *db.User) bool { return talk.IsStaff(u) }

// notAllowed is the refusal to talk with someone: the same for a person one may not talk to
// and for an account that does not exist, so it reveals nothing.
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
