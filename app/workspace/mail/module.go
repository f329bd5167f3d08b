// Package mail is the workspace's in-app mailbox (/dashboard/mail, /api/mail/*): letters
// between the people who may talk (app/workspace/talk, the chat's rule), in threads, with
// folders (inbox, sent, drafts, starred, important, archive, trash), the person's own labels,
// search in both languages (app/platform/search), reply and forward, attachments
// (app/platform/files), and everything the platform sends a person (Deliver, and every
// notification through notify.Listen). A copy of a new letter goes to the person's real
// email when they chose so on the notification preferences (the kind "mail.message", off by
// default), through the outbox.
package mail

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"gerege/app/platform/authn"
	"gerege/app/platform/authz"
	"gerege/app/platform/files"
	"gerege/app/platform/jobs"
	"gerege/app/platform/notify"
	"gerege/app/platform/userdata"
	"gerege/app/platform/web"
	"gerege/app/platform/widgets"
	"gerege/db"
)

// Handlers serves the mailbox. Its dependencies are explicit.
type Handlers struct {
	Store   *db.Store
	Files   *files.Store
	Limiter *web.Limiter
	Now     func() time.Time
	// Rate bounds the letters (and drafts, labels, uploads, each counted apart) one account
	// makes (a zero Rate: no limit).
	Rate web.Rate
	// CopyRate bounds the email copies one person gets (DefaultCopyRate when zero).
	CopyRate web.Rate
	// Live tells the recipients' open mailboxes that a letter arrived (the workspace's live
	// stream: the chat's hub); nil: nobody is told.
	Live Live
}

// Live is the workspace's live stream as the mailbox uses it.
type Live interface {
	// PublishMail tells users' open mail streams that a letter arrived in thread.
	PublishMail(users []int64, thread int64)
	// PublishMailChanged tells users' open mail streams that their mailbox changed without a
	// letter arriving: someone left thread or was removed, or (thread 0) they changed it
	// themselves, from another device.
	PublishMailChanged(users []int64, thread int64)
}

// DefaultRate is the production limit of letters per account and hour.
var DefaultRate = web.Rate{N: 60, Per: time.Hour}

// DefaultCopyRate is how many new-mail notices (and so email copies) one person gets an
// hour at most; past it the letters wait in the mailbox only.
var DefaultCopyRate = web.Rate{N: 20, Per: time.Hour}

// NewMail tells a person a letter waits for them: once per thread until they read it. Its
// email (off unless the person chooses it on the preferences page) is the copy of the letter.
var NewMail = notify.Register(notify.Kind{
	Name: "mail.message", Title: "workspaceMail.notify.message.title", Body: "workspaceMail.notify.message.body",
	Label: "workspaceMail.notify.message.label", DefaultEmail: notify.Off,
})

// Removed tells a person they were removed from a thread (by whom, which thread). Like every
// notification it also arrives as a letter from Gerege; its email is off unless chosen.
var Removed = notify.Register(notify.Kind{
	Name: "mail.removed", Title: "workspaceMail.notify.removed.title", Body: "workspaceMail.notify.removed.body",
	Label: "workspaceMail.notify.removed.label", DefaultEmail: notify.Off,
})

// Mount declares the mailbox's routes and its dashboard page.
func (h *Handlers) Mount(r *authz.Router, reg *authz.Registry) {
	if h.Live != nil && h.Store != nil { // the platform's letters (Deliver) find this server's stream by its store
		lives.Store(h.Store.Path(), h.Live)
	}
	p := authz.WorkspaceMail
	r.Get("/mail/list", p, h.List, authz.Doc{ID: "listMail", Query: ListQuery{}, Resp: MailList{},
		Summary: "A page of the caller's threads in a folder or a label, newest first (keyset paging with after), optionally searched"})
	r.Get("/mail/details", p, h.Details, authz.Doc{ID: "getMailThread", Query: DetailsQuery{}, Resp: ThreadView{},
		Summary: "One thread of the caller with its messages (404 for anyone not in it)"})
	r.Get("/mail/labels", p, h.Labels, authz.Doc{ID: "listMailLabels", Resp: LabelsView{},
		Summary: "The folders with their unread counts and the caller's own labels"})
	r.Post("/mail/labels", p, h.CreateLabel, authz.Doc{ID: "createMailLabel", Req: LabelRequest{}, Resp: LabelView{}, Status: 201,
		Summary: "Make a label (names are the caller's own, one per name in any case; up to 100)"})
	r.Patch("/mail/labels/{id}", p, h.RenameLabel, authz.Doc{ID: "renameMailLabel", Req: LabelRequest{}, Resp: LabelView{},
		Summary: "Rename one of the caller's labels"})
	r.Delete("/mail/labels/{id}", p, h.DeleteLabel, authz.Doc{ID: "deleteMailLabel", Status: 204,
		Summary: "Delete one of the caller's labels (its threads stay in their folders)"})
	r.Post("/mail/send", p, h.Send, authz.Doc{ID: "sendMail", Req: SendRequest{}, Resp: SentView{}, Status: 201,
		Summary: "Send a letter: new (to), a reply (threadId: to every participant) or a forward (forwardOf); 403 mail_not_allowed for someone the caller may not write to"})
	r.Post("/mail/drafts", p, h.SaveDraft, authz.Doc{ID: "saveMailDraft", Req: SendRequest{}, Resp: DraftView{}, Status: 201,
		Also: map[int]any{200: DraftView{}}, Summary: "Keep a draft (draftId: change it, 200); only its author sees it"})
	r.Delete("/mail/drafts/{id}", p, h.DeleteDraft, authz.Doc{ID: "deleteMailDraft", Status: 204,
		Summary: "Discard one of the caller's drafts with its attachments"})
	r.Post("/mail/modify", p, h.Modify, authz.Doc{ID: "modifyMail", Req: ModifyRequest{}, Resp: ModifyView{},
		Summary: "Move (inbox, archive, trash, restore, delete for good), star, mark important, read or unread, label or unlabel up to 100 threads of the caller at once, all or nothing (one thread that is not the caller's: 404, nothing changed)"})
	r.Post("/mail/attachments", p, h.Upload, authz.Doc{ID: "uploadMailAttachment", Req: AttachmentUpload{}, Resp: UploadView{}, Status: 201,
		Summary: "Store a file (multipart field file: PDF, Word, PNG, JPEG, WebP or GIF by content, up to 10 MB) to send with a letter"})
	r.Get("/mail/messages/{id}/attachments/{file}", p, h.Download, authz.Doc{ID: "downloadMailAttachment", Produces: "application/octet-stream",
		Summary: "A message's attachment, for the thread's participants only (404 for anyone else)"})
	r.Post("/mail/threads/{id}/leave", p, h.Leave, authz.Doc{ID: "leaveMailThread", Req: struct{}{}, Status: 204,
		Summary: "Leave a thread: the caller keeps its letters up to now and gets no later ones; the others see that they left (403 mail_left when already out, 409 mail_fixed for the platform's letters)"})
	r.Delete("/mail/threads/{id}/people/{person}", p, h.Remove, authz.Doc{ID: "removeMailPerson", Status: 204,
		Summary: "Remove someone added to a thread after its first letter (by whoever started the thread or added them; 403 mail_not_removable otherwise): they keep its letters up to now, get no later ones, and are told"})
	r.Get("/mail/contacts", p, h.Contacts, authz.Doc{ID: "listMailContacts", Query: ContactsQuery{}, Resp: ContactList{},
		Summary: "People the caller may write to (the chat's rule), by name"})

	reg.AddPage(authz.Page{Key: "mail", Path: "/dashboard/mail", Perm: p, Order: 12})
}

// TrashDays is how long a thread stays in a person's trash before it is deleted for good.
const TrashDays = 30

// Jobs: the trash is emptied of what has been in it for TrashDays.
func (h *Handlers) Jobs() []jobs.Job {
	return []jobs.Job{{Name: "mail.trash", Every: time.Hour, Run: h.purgeTrash}}
}

func (h *Handlers) purgeTrash(ctx context.Context, now time.Time) error {
	for {
		var n int
		err := h.Store.InTx(ctx, func(tx *db.Store) error {
			var files []int64
			var err error
			if n, files, err = tx.PurgeMailTrash(ctx, now.AddDate(0, 0, -TrashDays), 500); err != nil {
				return err
			}
			return h.Files.Delete(ctx, tx, files...)
		})
		if err != nil || n < 500 {
			return err
		}
	}
}

// Widgets: the threads with unread mail in the person's inbox, on their home page (one row of
// mail_counts).
func (h *Handlers) Widgets() []widgets.Widget {
	return []widgets.Widget{{Key: "unreadMail", Perm: authz.WorkspaceMail, Href: "/dashboard/mail", Order: 11,
		Count: func(ctx context.Context, u *db.User) (int, error) {
			counts, err := h.Store.MailUnreadCounts(ctx, u.ID)
			return counts["inbox"], err
		}}}
}

// UserData: the person's mailbox (every message they see, their labels). When the account is
// deleted its mailbox goes; the letters it sent stay in the others' threads, emptied.
func (h *Handlers) UserData() []userdata.Section {
	return []userdata.Section{userdata.Of("mail", h.export).WithErase(func(ctx context.Context, tx *db.Store, userID int64) error {
		return tx.EraseMailOwner(ctx, userID)
	})}
}

func (h *Handlers) export(ctx context.Context, store *db.Store, userID int64) (ExportedMail, error) {
	out := ExportedMail{Messages: []ExportedMessage{}, Labels: []string{}}
	list, err := store.MailExport(ctx, userID, 100000)
	if err != nil {
		return out, err
	}
	for _, m := range list {
		e := ExportedMessage{ThreadID: m.ThreadID, From: m.SenderName, Sent: m.SenderID == userID, Draft: m.Draft, Subject: m.Subject,
			Body: m.Body, Attachments: []string{}, CreatedAt: m.CreatedAt}
		if m.System {
			e.From = systemName
		}
		for _, f := range m.Files {
			e.Attachments = append(e.Attachments, f.Name)
		}
		out.Messages = append(out.Messages, e)
	}
	labels, err := store.MailLabelsOf(ctx, userID)
	if err != nil {
		return out, err
	}
	for _, l := range labels {
		out.Labels = append(out.Labels, l.Name)
	}
	return out, nil
}

func (h *Handlers) user(r *http.Request) *db.User { return authn.UserOf(r) }

// limit refuses more than Rate of one kind of write from one account (429 with Retry-After).
func (h *Handlers) limit(u *db.User, what string) error {
	if h.Rate.N == 0 {
		return nil
	}
	return h.Limiter.Limit("mail:"+what+":"+strconv.FormatInt(u.ID, 10), h.Rate)
}

// copyAllowed says whether person may get one more new-mail notice this hour.
func (h *Handlers) copyAllowed(person int64) bool {
	r := h.CopyRate
	if r.N == 0 {
		r = DefaultCopyRate
	}
	ok, _ := h.Limiter.Allow("mail:copy:"+strconv.FormatInt(person, 10), r)
	return ok
}
