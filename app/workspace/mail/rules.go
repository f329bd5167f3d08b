package mail

import (
	"net/http"
	"slices"
	"strings"

	"gerege/app/platform/files"
	"gerege/app/platform/web"
	"gerege/db"
)

// The rules of the mailbox, each in one place.

const (
	// MaxBody is the most characters of a letter's text (the request type's maxLength says the same).
	MaxBody = 20000
	// MaxSubject is the most characters of a subject.
	MaxSubject = 200
	// MaxRecipients is the most people one letter goes to.
	MaxRecipients = 20
	// MaxFiles is the most attachments of one letter.
	MaxFiles = 5
	// MaxLabels is the most labels one person keeps; MaxLabel the most characters of a name.
	MaxLabels = 100
	MaxLabel  = 40
	// MaxModify is the most threads one change moves.
	MaxModify = 100
	// pageSize is how many threads a page of a folder holds.
	pageSize = 50
	// threadSize is how many of a thread's newest messages the details show.
	threadSize = 200
	// systemName is the platform's name as the sender of its mail (a brand, the same in both
	// languages).
	systemName = "Gerege"
)

// attachments: documents and pictures up to 10 MB, type checked by content.
var attachments = files.Policy{Purpose: "mail.attachment", MaxBytes: 10 << 20,
	Allowed: []string{files.PDF, files.DOC, files.DOCX, files.PNG, files.JPEG, files.WebP, files.GIF}}

// notAllowed is the refusal to write to someone: the same for a person one may not write to
// (a block either way included) and for an account that does not exist, so it reveals nothing.
func notAllowed() *web.Error {
	return &web.Error{Status: http.StatusForbidden, Code: "mail_not_allowed", Message: web.M("workspaceMail.errors.notAllowed")}
}

// noReply refuses a reply to the platform's mail or to a thread nobody else is in.
func noReply() *web.Error {
	return &web.Error{Status: http.StatusUnprocessableEntity, Code: "mail_no_reply", Message: web.M("workspaceMail.errors.noReply")}
}

// isFolder reports whether f is one of the folders.
func isFolder(f string) bool { return slices.Contains(db.MailFolders, f) }

// checkLetter checks a letter to send (draft false) or keep (draft true), trimming it: a new
// letter or forward needs recipients and a subject, every letter a text or a file; lengths
// and counts within the limits. Recipients are made distinct, without the caller.
func checkLetter(req *SendRequest, caller int64, draft bool) error {
	var c web.Checker
	req.Subject = strings.TrimSpace(req.Subject)
	req.Body = strings.TrimRight(strings.ReplaceAll(req.Body, "\r\n", "\n"), " \t\n")
	to := []int64{}
	for _, id := range req.To {
		if id != caller && id > 0 && !slices.Contains(to, id) {
			to = append(to, id)
		}
	}
	req.To = to
	add := []int64{}
	for _, id := range req.Add {
		if id != caller && id > 0 && !slices.Contains(add, id) {
			add = append(add, id)
		}
	}
	req.Add = add
	reply := req.ThreadID != 0
	if len(add) > 0 && !reply {
		c.Add("add", web.M("workspaceMail.errors.addOnlyReply"))
	}
	if len(add) > MaxRecipients {
		c.Add("add", web.M("workspaceMail.errors.tooMany", "max", MaxRecipients))
	}
	if !reply && !draft {
		if len(to) == 0 {
			c.Add("to", web.M("validation.required"))
		}
		c.Text("subject", req.Subject, true, MaxSubject)
	} else {
		c.Text("subject", req.Subject, false, MaxSubject)
	}
	if len(to) > MaxRecipients {
		c.Add("to", web.M("workspaceMail.errors.tooMany", "max", MaxRecipients))
	}
	if strings.TrimSpace(req.Body) == "" && len(req.FileIDs) == 0 && req.ForwardOf == 0 && !draft {
		c.Add("body", web.M("validation.required"))
	} else {
		c.Text("body", req.Body, false, MaxBody)
	}
	if len(req.FileIDs) > MaxFiles {
		c.Add("fileIds", web.M("workspaceMail.errors.tooManyFiles", "max", MaxFiles))
	}
	if reply && req.ForwardOf != 0 {
		c.Add("forwardOf", web.M("workspaceMail.errors.replyOrForward"))
	}
	return c.Err()
}

// checkLabel checks a label's name (trimmed).
func checkLabel(req *LabelRequest) error {
	var c web.Checker
	req.Name = strings.Join(strings.Fields(req.Name), " ")
	c.Text("name", req.Name, true, MaxLabel)
	return c.Err()
}
