package mail

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"gerege/app/platform/authz"
	"gerege/app/platform/notify"
	"gerege/app/platform/search"
	"gerege/app/platform/web"
	"gerege/db"
)

func name(u *db.User) string { return strings.TrimSpace(u.FirstName + " " + u.LastName) }

// List is GET /api/mail/list.
func (h *Handlers) List(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	ctx := r.Context()
	q := r.URL.Query()
	var c web.Checker
	box := q.Get("folder")
	if box == "" {
		box = "inbox"
	}
	if !isFolder(box) {
		c.Add("folder", web.M("workspaceMail.errors.folder"))
	}
	if s := q.Get("label"); s != "" {
		id, err := strconv.ParseInt(s, 10, 64)
		if err != nil || id <= 0 {
			c.Add("label", web.M("workspaceMail.errors.label"))
		} else {
			box = db.MailLabelBox(id)
			if err := c.Err(); err == nil {
				ok, err := h.Store.MailOwnedLabel(ctx, u.ID, id)
				if err != nil {
					return err
				}
				if !ok {
					return web.NotFound()
				}
			}
		}
	}
	text := q.Get("q")
	c.Text("q", text, false, 200)
	if err := c.Err(); err != nil {
		return err
	}
	var after *db.MailCursor
	if a := q.Get("after"); a != "" {
		after = &db.MailCursor{}
		if err := web.DecodeCursor(a, after); err != nil {
			return err
		}
	}
	match, _ := search.Match(text)
	list, next, err := h.Store.MailList(ctx, db.MailListQuery{Owner: u.ID, Box: box, Match: match, After: after, Limit: pageSize})
	if err != nil {
		return err
	}
	out := MailList{Items: []ThreadSummary{}}
	for _, m := range list {
		s := ThreadSummary{ID: m.ThreadID, Subject: m.Subject, System: m.System, LastAt: m.LastAt, Folder: m.Place, Starred: m.Starred,
			Important: m.Important, Unread: m.Unread, Messages: m.Messages, Drafts: m.Drafts, Snippet: m.Snippet, From: m.LastFrom,
			People: []PersonView{}, LabelIDs: m.LabelIDs}
		if m.LastSender == u.ID {
			s.From = name(u)
		}
		for _, p := range m.Others {
			s.People = append(s.People, PersonView{ID: p.ID, Name: p.Name})
		}
		out.Items = append(out.Items, s)
	}
	if next != nil {
		out.Next = web.EncodeCursor(next)
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// thread loads thread id for the caller: 404 when they are not in it (as for one that does
// not exist).
func (h *Handlers) thread(ctx context.Context, u *db.User, id int64) (*db.MailThread, error) {
	if id <= 0 {
		return nil, web.NotFound()
	}
	t, err := h.Store.MailThreadFor(ctx, id, u.ID)
	if db.IsNotFound(err) {
		return nil, web.NotFound()
	}
	return t, err
}

// Details is GET /api/mail/details?id=.
func (h *Handlers) Details(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	ctx := r.Context()
	id, err := strconv.ParseInt(r.URL.Query().Get("id"), 10, 64)
	if err != nil {
		return web.Invalid(map[string]web.Msg{"id": web.M("workspaceMail.errors.thread")})
	}
	t, err := h.thread(ctx, u, id)
	if err != nil {
		return err
	}
	msgs, err := h.Store.MailMessagesFor(ctx, t.ID, u.ID, threadSize)
	if err != nil {
		return err
	}
	names := map[int64]string{}
	v := ThreadView{ID: t.ID, Subject: t.Subject, System: t.System, Folder: t.Place, Starred: t.Starred, Important: t.Important,
		Unread: t.Unread, LabelIDs: t.LabelIDs, People: []PersonView{}, Messages: []MessageView{}, Left: t.Until != 0,
		Removable: []int64{}, Events: []EventView{}}
	for _, p := range t.People { // the former participants too: the letters they had name them
		names[p.ID] = p.Name
	}
	for _, p := range db.MailPeopleSeen(t.People, u.ID, t.Until) {
		v.People = append(v.People, PersonView{ID: p.ID, Name: p.Name})
	}
	in := t.Participants()
	v.CanReply = !t.System && !v.Left && len(in) > 1
	v.CanLeave = !t.System && !v.Left && t.LastMessageID != 0
	if !v.Left {
		for _, p := range in {
			if p.ID != u.ID && p.AddedBy != 0 && (u.ID == t.Starter || u.ID == p.AddedBy) {
				v.Removable = append(v.Removable, p.ID)
			}
		}
	}
	events, err := h.Store.MailEventsFor(ctx, t.ID, t.UntilEvent)
	if err != nil {
		return err
	}
	for _, e := range events {
		v.Events = append(v.Events, EventView{ID: e.ID, Kind: e.Kind, ActorID: e.ActorID, ActorName: e.ActorName, SubjectID: e.SubjectID,
			SubjectName: e.SubjectName, AfterMessageID: e.AfterMessage, CreatedAt: e.CreatedAt})
	}
	for _, m := range msgs {
		mv := MessageView{ID: m.ID, SenderID: m.SenderID, SenderName: m.SenderName, System: m.System, To: []PersonView{}, Subject: m.Subject,
			Body: m.Body, Link: m.Link, ForwardOf: m.ForwardOf, Draft: m.Draft, CreatedAt: m.CreatedAt, UpdatedAt: m.UpdatedAt,
			Attachments: []AttachmentView{}}
		if m.System {
			mv.SenderName = systemName
		}
		for _, id := range m.Recipients {
			n, ok := names[id]
			if !ok && m.Draft { // a draft's recipients are not in the thread yet (checked when it was kept)
				if p, err := h.Store.UserByID(ctx, id); err == nil {
					n, ok = name(p), true
				}
			}
			if ok {
				mv.To = append(mv.To, PersonView{ID: id, Name: n})
			}
		}
		for _, f := range m.Files {
			mv.Attachments = append(mv.Attachments, AttachmentView{FileID: f.FileID, Name: f.Name, MediaType: f.MediaType, Size: f.Size})
		}
		v.Messages = append(v.Messages, mv)
	}
	web.JSON(w, http.StatusOK, v)
	return nil
}

// mayWrite refuses (403 mail_not_allowed) unless the caller may write to each of ids.
func (h *Handlers) mayWrite(ctx context.Context, u *db.User, ids []int64) error {
	for _, id := range ids {
		other, err := h.Store.UserByID(ctx, id)
		if db.IsNotFound(err) {
			return notAllowed()
		}
		if err != nil {
			return err
		}
		why, err := authz.MayTalk(ctx, h.Store, u, other)
		if err != nil {
			return err
		}
		if why == "" {
			return notAllowed()
		}
	}
	return nil
}

// letter is a checked request: where it goes and what it carries.
type letter struct {
	req        SendRequest
	draft      *db.MailMessage
	threadID   int64 // the thread it goes in (a reply's, or a draft's own)
	subject    string
	recipients []int64
	added      []int64 // people a reply adds to its thread (also in recipients)
	forwarded  []int64 // the forwarded message's files
}

// mayAdd checks the people a reply adds to thread t and returns those not in it yet. Each must
// be someone the caller may write to — else the field error does not name them (the caller
// may not know the account, and one that does not exist answers the same) — and nobody
// already in the thread may have blocked them or been blocked by them: that refusal names
// them (they are among the caller's contacts). The thread holds at most MaxRecipients+1 people.
func (h *Handlers) mayAdd(ctx context.Context, u *db.User, t *db.MailThread, ids []int64) ([]int64, error) {
	participants := t.Participants() // someone who left or was removed may be added again
	in := func(id int64) bool {
		return slices.ContainsFunc(participants, func(p db.MailPerson) bool { return p.ID == id })
	}
	var fresh []int64
	var named []string
	for _, id := range ids {
		if in(id) {
			continue
		}
		other, err := h.Store.UserByID(ctx, id)
		if db.IsNotFound(err) {
			return nil, web.Invalid(map[string]web.Msg{"add": web.M("workspaceMail.errors.addNotAllowed")})
		}
		if err != nil {
			return nil, err
		}
		why, err := authz.MayTalk(ctx, h.Store, u, other)
		if err != nil {
			return nil, err
		}
		if why == "" {
			return nil, web.Invalid(map[string]web.Msg{"add": web.M("workspaceMail.errors.addNotAllowed")})
		}
		for _, p := range participants {
			if p.ID == u.ID {
				continue
			}
			blocked, err := h.Store.BlockedEither(ctx, id, p.ID)
			if err != nil {
				return nil, err
			}
			if blocked {
				named = append(named, name(other))
				break
			}
		}
		fresh = append(fresh, id)
	}
	if len(named) > 0 {
		return nil, web.Invalid(map[string]web.Msg{"add": web.M("workspaceMail.errors.addBlocked", "names", strings.Join(named, ", "))})
	}
	if len(participants)+len(fresh) > MaxRecipients+1 {
		return nil, web.Invalid(map[string]web.Msg{"add": web.M("workspaceMail.errors.tooMany", "max", MaxRecipients)})
	}
	return fresh, nil
}

// prepare resolves and checks a letter to send (draft false) or keep: the caller's draft, the
// thread it answers, who it goes to (each someone the caller may write to) and the message it
// forwards.
func (h *Handlers) prepare(r *http.Request, u *db.User, draft bool) (*letter, error) {
	ctx := r.Context()
	l := &letter{}
	if err := web.Decode(r, &l.req); err != nil {
		return nil, err
	}
	req := &l.req
	if req.DraftID != 0 {
		d, err := h.Store.MailDraftFor(ctx, req.DraftID, u.ID)
		if db.IsNotFound(err) {
			return nil, web.NotFound()
		}
		if err != nil {
			return nil, err
		}
		l.draft, l.threadID, req.ThreadID = d, d.ThreadID, 0
		t, err := h.thread(ctx, u, d.ThreadID)
		if err != nil {
			return nil, err
		}
		if t.LastMessageID != 0 { // a reply's draft
			req.ThreadID = d.ThreadID
		}
	}
	if err := checkLetter(req, u.ID, draft); err != nil {
		return nil, err
	}
	l.subject = req.Subject
	if req.ThreadID != 0 {
		t, err := h.thread(ctx, u, req.ThreadID)
		if err != nil {
			return nil, err
		}
		if t.Until != 0 { // left or removed: refused, never a new thread behind their back
			return nil, mailLeft()
		}
		if t.System || (len(t.Participants()) < 2 && t.LastMessageID != 0) {
			return nil, noReply()
		}
		l.threadID, l.subject = t.ID, t.Subject
		for _, p := range t.Participants() {
			if p.ID != u.ID {
				l.recipients = append(l.recipients, p.ID)
			}
		}
	} else {
		l.recipients = req.To
	}
	if err := h.mayWrite(ctx, u, l.recipients); err != nil {
		return nil, err
	}
	if len(req.Add) > 0 {
		t, err := h.thread(ctx, u, l.threadID)
		if err != nil {
			return nil, err
		}
		if l.added, err = h.mayAdd(ctx, u, t, req.Add); err != nil {
			return nil, err
		}
		l.recipients = append(l.recipients, l.added...)
	}
	if req.ForwardOf != 0 {
		m, err := h.Store.MailMessageFor(ctx, req.ForwardOf, u.ID)
		if db.IsNotFound(err) || (err == nil && m.Draft) {
			return nil, web.Invalid(map[string]web.Msg{"forwardOf": web.M("workspaceMail.errors.forward")})
		}
		if err != nil {
			return nil, err
		}
		for _, f := range m.Files {
			l.forwarded = append(l.forwarded, f.FileID)
		}
	}
	return l, nil
}

// syncDraftFiles makes want the files of draft id: new ones must be the caller's uploads not
// attached yet (else 422 fileIds), the ones left out are deleted.
func (h *Handlers) syncDraftFiles(ctx context.Context, tx *db.Store, u *db.User, id int64, want []int64) error {
	old, err := tx.MailDraftFiles(ctx, id)
	if err != nil {
		return err
	}
	var add, drop []int64
	for _, f := range want {
		if !slices.Contains(old, f) && !slices.Contains(add, f) {
			add = append(add, f)
		}
	}
	for _, f := range old {
		if !slices.Contains(want, f) {
			drop = append(drop, f)
		}
	}
	if err := h.attach(ctx, tx, u, add); err != nil {
		return err
	}
	if err := h.Files.Delete(ctx, tx, drop...); err != nil {
		return err
	}
	return tx.SetMailFiles(ctx, id, want)
}

func (h *Handlers) attach(ctx context.Context, tx *db.Store, u *db.User, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	if err := h.Files.Attach(ctx, tx, u.ID, ids...); err != nil {
		if db.IsNotFound(err) {
			return web.Invalid(map[string]web.Msg{"fileIds": web.M("workspaceMail.errors.file")})
		}
		return err
	}
	return nil
}

// Send is POST /api/mail/send.
func (h *Handlers) Send(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	ctx := r.Context()
	l, err := h.prepare(r, u, false)
	if err != nil {
		return err
	}
	if err := h.limit(u, "send"); err != nil {
		return err
	}
	now := h.Now()
	req := l.req
	var sent db.MailSent
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		touched(tx, h.Live, u.ID) // the caller's other tabs and devices follow
		links := slices.Clone(l.forwarded)
		var draftID int64
		if l.draft != nil {
			draftID = l.draft.ID
			if err := h.syncDraftFiles(ctx, tx, u, draftID, req.FileIDs); err != nil {
				return err
			}
		} else {
			if err := h.attach(ctx, tx, u, req.FileIDs); err != nil {
				return err
			}
			links = append(links, req.FileIDs...)
		}
		var err error
		sent, err = tx.SendMail(ctx, db.MailOutgoing{ThreadID: l.threadID, SenderID: u.ID, SenderName: name(u), Recipients: l.recipients,
			Add: l.added, Subject: l.subject, Body: req.Body, ForwardOf: req.ForwardOf, DraftID: draftID, FileIDs: links}, now)
		if err != nil {
			return err
		}
		announce(tx, h.Live, l.recipients, sent.ThreadID) // the recipients' open mailboxes (never the others')
		for _, p := range l.recipients {
			if sent.Unread[p] != 1 || !h.copyAllowed(p) {
				continue // they have not read the letters before this one yet: told once
			}
			if err := notify.Send(ctx, tx, notify.Notification{UserID: p, Kind: NewMail.Name, At: now,
				Params: map[string]string{"name": name(u), "subject": l.subject, "excerpt": excerpt(req.Body)},
				Link:   "/dashboard/mail?thread=" + strconv.FormatInt(sent.ThreadID, 10)}); err != nil {
				return err
			}
		}
		return nil
	})
	if errors.Is(err, db.ErrMailLeft) { // left or removed while the letter was on its way
		return mailLeft()
	}
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusCreated, SentView{ThreadID: sent.ThreadID, MessageID: sent.MessageID})
	return nil
}

// excerpt is the beginning of a letter's text for its notice (and so its email copy).
func excerpt(body string) string {
	if r := []rune(body); len(r) > 1000 {
		return string(r[:1000]) + "…"
	}
	return body
}

// SaveDraft is POST /api/mail/drafts.
func (h *Handlers) SaveDraft(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	ctx := r.Context()
	l, err := h.prepare(r, u, true)
	if err != nil {
		return err
	}
	if err := h.limit(u, "draft"); err != nil {
		return err
	}
	req := l.req
	status := http.StatusCreated
	var out DraftView
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		touched(tx, h.Live, u.ID) // the caller's other tabs and devices follow
		d := db.MailDraft{ThreadID: req.ThreadID, SenderID: u.ID, Recipients: l.recipients, Subject: l.subject, Body: req.Body, ForwardOf: req.ForwardOf}
		if l.draft != nil {
			d.ID, status = l.draft.ID, http.StatusOK
		}
		id, thread, err := tx.SaveMailDraft(ctx, d, h.Now())
		if err != nil {
			return err
		}
		out = DraftView{ID: id, ThreadID: thread}
		return h.syncDraftFiles(ctx, tx, u, id, req.FileIDs)
	})
	if err != nil {
		return err
	}
	web.JSON(w, status, out)
	return nil
}

// DeleteDraft is DELETE /api/mail/drafts/{id}.
func (h *Handlers) DeleteDraft(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	ctx := r.Context()
	id, err := web.PathID(r, "id")
	if err != nil {
		return err
	}
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		touched(tx, h.Live, u.ID) // the caller's other tabs and devices follow
		files, err := tx.DeleteMailDraft(ctx, id, u.ID)
		if err != nil {
			return err
		}
		return h.Files.Delete(ctx, tx, files...)
	})
	if db.IsNotFound(err) {
		return web.NotFound()
	}
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

var actions = []string{"inbox", "archive", "trash", "restore", "delete", "star", "unstar", "important", "unimportant", "read", "unread", "label", "unlabel"}

// Modify is POST /api/mail/modify.
func (h *Handlers) Modify(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	ctx := r.Context()
	var req ModifyRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	var c web.Checker
	c.OneOf("action", req.Action, true, actions...)
	if len(req.ThreadIDs) == 0 {
		c.Add("threadIds", web.M("validation.required"))
	} else if len(req.ThreadIDs) > MaxModify {
		c.Add("threadIds", web.M("workspaceMail.errors.tooManyThreads", "max", MaxModify))
	}
	labeling := req.Action == "label" || req.Action == "unlabel"
	if labeling && req.LabelID <= 0 {
		c.Add("labelId", web.M("validation.required"))
	}
	if err := c.Err(); err != nil {
		return err
	}
	if labeling {
		ok, err := h.Store.MailOwnedLabel(ctx, u.ID, req.LabelID)
		if err != nil {
			return err
		}
		if !ok {
			return web.NotFound()
		}
	}
	var n int
	err := h.Store.InTx(ctx, func(tx *db.Store) error {
		touched(tx, h.Live, u.ID) // the caller's other tabs and devices follow
		var files []int64
		var err error
		if n, files, err = tx.MailModify(ctx, u.ID, req.ThreadIDs, req.Action, req.LabelID, h.Now()); err != nil {
			return err
		}
		return h.Files.Delete(ctx, tx, files...) // the drafts of threads deleted for good
	})
	if db.IsNotFound(err) { // one of the threads is not the caller's: nothing changed
		return web.NotFound()
	}
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, ModifyView{Changed: n})
	return nil
}

// Labels is GET /api/mail/labels.
func (h *Handlers) Labels(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	ctx := r.Context()
	unread, err := h.Store.MailUnreadCounts(ctx, u.ID)
	if err != nil {
		return err
	}
	drafts, err := h.Store.MailBoxCount(ctx, u.ID, "drafts")
	if err != nil {
		return err
	}
	out := LabelsView{Folders: []FolderView{}, Labels: []LabelView{}}
	for _, f := range db.MailFolders {
		v := FolderView{Key: f, Unread: unread[f]}
		if f == "drafts" {
			v.Count, v.Unread = drafts, 0
		}
		out.Folders = append(out.Folders, v)
	}
	labels, err := h.Store.MailLabelsOf(ctx, u.ID)
	if err != nil {
		return err
	}
	for _, l := range labels {
		out.Labels = append(out.Labels, LabelView{ID: l.ID, Name: l.Name, Unread: unread[db.MailLabelBox(l.ID)]})
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

func labelTaken() error {
	return web.Invalid(map[string]web.Msg{"name": web.M("workspaceMail.errors.labelTaken")})
}

// CreateLabel is POST /api/mail/labels.
func (h *Handlers) CreateLabel(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	ctx := r.Context()
	var req LabelRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	if err := checkLabel(&req); err != nil {
		return err
	}
	if err := h.limit(u, "label"); err != nil {
		return err
	}
	var id int64
	err := h.Store.InTx(ctx, func(tx *db.Store) error {
		touched(tx, h.Live, u.ID) // the caller's other tabs and devices follow
		n, err := tx.MailLabelCount(ctx, u.ID)
		if err != nil {
			return err
		}
		if n >= MaxLabels {
			return web.Invalid(map[string]web.Msg{"name": web.M("workspaceMail.errors.tooManyLabels", "max", MaxLabels)})
		}
		id, err = tx.CreateMailLabel(ctx, u.ID, req.Name, h.Now())
		return err
	})
	if errors.Is(err, db.ErrConflict) {
		return labelTaken()
	}
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusCreated, LabelView{ID: id, Name: req.Name})
	return nil
}

// RenameLabel is PATCH /api/mail/labels/{id}.
func (h *Handlers) RenameLabel(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	id, err := web.PathID(r, "id")
	if err != nil {
		return err
	}
	var req LabelRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	if err := checkLabel(&req); err != nil {
		return err
	}
	err = h.Store.RenameMailLabel(r.Context(), u.ID, id, req.Name)
	switch {
	case db.IsNotFound(err):
		return web.NotFound()
	case errors.Is(err, db.ErrConflict):
		return labelTaken()
	case err != nil:
		return err
	}
	touched(h.Store, h.Live, u.ID)
	web.JSON(w, http.StatusOK, LabelView{ID: id, Name: req.Name})
	return nil
}

// DeleteLabel is DELETE /api/mail/labels/{id}.
func (h *Handlers) DeleteLabel(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	id, err := web.PathID(r, "id")
	if err != nil {
		return err
	}
	err = h.Store.DeleteMailLabel(r.Context(), u.ID, id)
	if db.IsNotFound(err) {
		return web.NotFound()
	}
	if err != nil {
		return err
	}
	touched(h.Store, h.Live, u.ID)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// Upload is POST /api/mail/attachments.
func (h *Handlers) Upload(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	if err := h.limit(u, "upload"); err != nil {
		return err
	}
	f, err := h.Files.ReadOne(r, u.ID, "file", attachments)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusCreated, UploadView{FileID: f.ID, Name: f.Name, MediaType: f.MediaType, Size: f.Size})
	return nil
}

// Download is GET /api/mail/messages/{id}/attachments/{file}.
func (h *Handlers) Download(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	id, err := web.PathID(r, "id")
	if err != nil {
		return err
	}
	file, err := web.PathID(r, "file")
	if err != nil {
		return err
	}
	if err := h.Store.MailAttachmentFor(r.Context(), id, file, u.ID); db.IsNotFound(err) {
		return web.NotFound()
	} else if err != nil {
		return err
	}
	return h.Files.Serve(w, r, file)
}

// Contacts is GET /api/mail/contacts.
func (h *Handlers) Contacts(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	list, err := authz.Contacts(r, h.Store, u)
	if err != nil {
		return err
	}
	out := ContactList{Items: []ContactView{}}
	for _, c := range list {
		out.Items = append(out.Items, ContactView{ID: c.UserID, Name: c.Name})
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}
