package db

// The mail of the workspace (app/workspace/mail): threads and messages shared by their
// participants, each participant's view of a thread, their labels, and mail_boxes, the listing
// index rebuilt for a (person, thread) whenever its view changes.

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"time"

	"gerege/app/platform/search"
)

// MailFolders are the folders of a mailbox (besides the person's labels); "all" is every
// thread not in the trash (what a search looks through).
var MailFolders = []string{"inbox", "sent", "drafts", "starred", "important", "archive", "trash", "all"}

// MailLabelBox is the box of label id in mail_boxes.
func MailLabelBox(id int64) string { return "label:" + strconv.FormatInt(id, 10) }

// MailSummary is a thread in a folder's list, as its owner sees it.
type MailSummary struct {
	ThreadID   int64
	Subject    string
	System     bool
	LastAt     time.Time
	Place      string
	Starred    bool
	Important  bool
	Unread     int
	Sent       int
	Drafts     int
	Messages   int
	Snippet    string
	LastFrom   string // the name of the newest message's sender ("" for the platform)
	LabelIDs   []int64
	Others     []MailPerson // the other participants (as the owner may see them: MailPeopleSeen)
	LastSender int64
	Until      int64 // the owner left or was removed: the newest message they still see (0: a participant)
}

// MailPerson is a participant (or a former one: Former).
type MailPerson struct {
	ID     int64
	Name   string
	Former bool // left or was removed: no longer a participant
	// AddedBy is who added them with a reply (0: in the thread from its first letter);
	// Joined the letter that added them (0: the first).
	AddedBy int64
	Joined  int64
	// Until is, for a former participant, the newest message they still see.
	Until int64
}

// MailCursor is the keyset position in a folder (newest first).
type MailCursor struct {
	At string `json:"t"`
	ID int64  `json:"i"`
}

// MailListQuery is a page of a folder or a label.
type MailListQuery struct {
	Owner int64
	Box   string // a folder or MailLabelBox
	Match string // an FTS5 expression from search.Match ("" for none)
	After *MailCursor
	Limit int
}

// MailList returns a page of a folder: one range of mail_boxes' primary key, then each
// thread's view, subject and newest message by key.
func (s *Store) MailList(ctx context.Context, q MailListQuery) ([]*MailSummary, *MailCursor, error) {
	cond, args := "", []any{q.Owner, q.Owner, q.Owner, q.Box}
	// A person who left or was removed sees the thread up to then: the newest message, the
	// count and the search stop there (mailSeen).
	if q.After != nil {
		cond += ` AND (b.last_at, b.thread_id) < (?, ?)`
		args = append(args, q.After.At, q.After.ID)
	}
	if q.Match != "" {
		cond += ` AND b.thread_id IN (SELECT m.thread_id FROM mail_search x JOIN mail_messages m ON m.id = x.rowid
			WHERE mail_search MATCH ? AND m.draft = 0)
			AND (v.until_message IS NULL OR EXISTS (SELECT 1 FROM mail_search x JOIN mail_messages m ON m.id = x.rowid
			WHERE mail_search MATCH ? AND m.thread_id = b.thread_id AND m.id <= v.until_message))`
		args = append(args, q.Match, q.Match)
	}
	rows, err := s.rows(ctx, `SELECT b.thread_id, t.subject, t.system, b.last_at, v.place, v.starred, v.important, v.unread, v.sent, v.drafts,
		coalesce(lm.body, ''), coalesce(lm.sender_id, 0), coalesce(u.first_name || ' ' || u.last_name, ''),
		(SELECT count(*) FROM mail_messages c WHERE c.thread_id = b.thread_id AND (c.draft = 0 OR c.sender_id = ?) AND `+mailSeen("c", "v")+`),
		coalesce((SELECT group_concat(label_id) FROM mail_thread_labels l WHERE l.owner_id = b.owner_id AND l.thread_id = b.thread_id), ''),
		coalesce(v.until_message, 0)
		FROM mail_boxes b
		JOIN mail_views v ON v.owner_id = b.owner_id AND v.thread_id = b.thread_id
		JOIN mail_threads t ON t.id = b.thread_id
		LEFT JOIN mail_messages lm ON lm.id = (SELECT max(id) FROM mail_messages z WHERE z.thread_id = b.thread_id AND (z.draft = 0 OR z.sender_id = ?)
			AND `+mailSeen("z", "v")+`)
		LEFT JOIN users u ON u.id = lm.sender_id
		WHERE b.owner_id = ? AND b.box = ?`+cond+`
		ORDER BY b.last_at DESC, b.thread_id DESC LIMIT ?`, append(args, q.Limit+1)...)
	if err != nil {
		return nil, nil, mapErr(err)
	}
	out := []*MailSummary{}
	for rows.Next() {
		var m MailSummary
		var at, body, labels string
		if err := rows.Scan(&m.ThreadID, &m.Subject, &m.System, &at, &m.Place, &m.Starred, &m.Important, &m.Unread, &m.Sent, &m.Drafts,
			&body, &m.LastSender, &m.LastFrom, &m.Messages, &labels, &m.Until); err != nil {
			rows.Close()
			return nil, nil, mapErr(err)
		}
		m.LastAt = ParseT(at)
		m.Snippet = snippet(body)
		m.LabelIDs = splitIDs(labels)
		m.Others = []MailPerson{}
		out = append(out, &m)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, nil, mapErr(err)
	}
	var next *MailCursor
	if len(out) > q.Limit {
		out = out[:q.Limit]
		last := out[q.Limit-1]
		next = &MailCursor{At: T(last.LastAt), ID: last.ThreadID}
	}
	if len(out) > 0 {
		byID := map[int64]*MailSummary{}
		ids := make([]string, 0, len(out))
		for _, m := range out {
			byID[m.ThreadID] = m
			ids = append(ids, strconv.FormatInt(m.ThreadID, 10))
		}
		people, err := s.mailPeople(ctx, `v.thread_id IN (`+strings.Join(ids, ",")+`)`)
		if err != nil {
			return nil, nil, err
		}
		all := map[int64][]MailPerson{}
		for _, p := range people {
			all[p.thread] = append(all[p.thread], p.person())
		}
		for id, m := range byID {
			for _, p := range MailPeopleSeen(all[id], q.Owner, m.Until) {
				if p.ID != q.Owner {
					m.Others = append(m.Others, p)
				}
			}
		}
	}
	return out, next, nil
}

type mailPerson struct {
	thread, owner          int64
	name                   string
	addedBy, joined, until int64
	former                 bool
}

func (p mailPerson) person() MailPerson {
	return MailPerson{ID: p.owner, Name: p.name, Former: p.former, AddedBy: p.addedBy, Joined: p.joined, Until: p.until}
}

// mailPeople lists the participants of the threads matching cond (a condition on v, made of
// ids only, never input).
func (s *Store) mailPeople(ctx context.Context, cond string) ([]mailPerson, error) {
	rows, err := s.rows(ctx, `SELECT v.thread_id, v.owner_id, u.first_name || ' ' || u.last_name, coalesce(v.added_by, 0), coalesce(v.joined_message, 0),
		coalesce(v.until_message, 0), v.until_message IS NOT NULL FROM mail_views v
		JOIN users u ON u.id = v.owner_id WHERE `+cond+` ORDER BY v.thread_id, v.owner_id`)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	var out []mailPerson
	for rows.Next() {
		var p mailPerson
		if err := rows.Scan(&p.thread, &p.owner, &p.name, &p.addedBy, &p.joined, &p.until, &p.former); err != nil {
			return nil, mapErr(err)
		}
		out = append(out, p)
	}
	return out, mapErr(rows.Err())
}

func snippet(body string) string {
	body = strings.Join(strings.Fields(body), " ")
	if r := []rune(body); len(r) > 140 {
		return string(r[:140]) + "…"
	}
	return body
}

func splitIDs(s string) []int64 {
	out := []int64{}
	for _, p := range strings.Split(s, ",") {
		if id, err := strconv.ParseInt(p, 10, 64); err == nil {
			out = append(out, id)
		}
	}
	return out
}

// MailThread is a thread with its owner's view of it.
type MailThread struct {
	ID            int64
	Subject       string
	System        bool
	LastMessageID int64
	Place         string
	Starred       bool
	Important     bool
	Unread        int
	Sent          int
	Drafts        int
	LastAt        time.Time
	LabelIDs      []int64
	People        []MailPerson // every participant, and the former ones (Former)
	Until         int64        // the owner left or was removed: the newest message they still see (0: a participant)
	UntilEvent    int64        // and the newest event
	Starter       int64        // who sent its first letter (0: the platform, a deleted account, a draft's own thread)
}

// Participants are the people in the thread now (not the former ones).
func (t *MailThread) Participants() []MailPerson {
	out := []MailPerson{}
	for _, p := range t.People {
		if !p.Former {
			out = append(out, p)
		}
	}
	return out
}

// Person is id among the thread's people (participants and former ones), or nil.
func (t *MailThread) Person(id int64) *MailPerson {
	for i := range t.People {
		if t.People[i].ID == id {
			return &t.People[i]
		}
	}
	return nil
}

// MailPeopleSeen is who of people (a thread's participants and former ones) viewer sees as its
// people: a participant sees the participants; someone who left or was removed (until: the
// newest message they see) sees those who were in it up to then — never someone added after.
func MailPeopleSeen(people []MailPerson, viewer, until int64) []MailPerson {
	out := []MailPerson{}
	for _, p := range people {
		switch {
		case until == 0 && !p.Former:
			out = append(out, p)
		case until != 0 && p.Joined <= until && (!p.Former || p.ID == viewer || p.Until >= until):
			out = append(out, p)
		}
	}
	return out
}

// MailThreadFor returns thread id as owner sees it, or ErrNotFound when they are not in it.
func (s *Store) MailThreadFor(ctx context.Context, id, owner int64) (*MailThread, error) {
	var t MailThread
	var at, labels string
	err := s.row(ctx, `SELECT t.id, t.subject, t.system, t.last_message_id, v.place, v.starred, v.important, v.unread, v.sent, v.drafts, v.last_at,
		coalesce((SELECT group_concat(label_id) FROM mail_thread_labels l WHERE l.owner_id = v.owner_id AND l.thread_id = v.thread_id), ''),
		coalesce(v.until_message, 0), coalesce(v.until_event, 0),
		coalesce((SELECT sender_id FROM mail_messages f WHERE f.thread_id = t.id AND f.draft = 0 ORDER BY f.id LIMIT 1), 0)
		FROM mail_views v JOIN mail_threads t ON t.id = v.thread_id WHERE v.owner_id = ? AND v.thread_id = ?`, owner, id).
		Scan(&t.ID, &t.Subject, &t.System, &t.LastMessageID, &t.Place, &t.Starred, &t.Important, &t.Unread, &t.Sent, &t.Drafts, &at, &labels,
			&t.Until, &t.UntilEvent, &t.Starter)
	if err != nil {
		return nil, mapErr(err)
	}
	t.LastAt, t.LabelIDs = ParseT(at), splitIDs(labels)
	people, err := s.mailPeople(ctx, `v.thread_id = `+strconv.FormatInt(id, 10))
	if err != nil {
		return nil, err
	}
	t.People = []MailPerson{}
	for _, p := range people {
		t.People = append(t.People, p.person())
	}
	return &t, nil
}

// MailParticipants lists the ids of a thread's participants (not those who left or were removed).
func (s *Store) MailParticipants(ctx context.Context, thread int64) ([]int64, error) {
	ids, err := s.ids(ctx, `SELECT owner_id FROM mail_views WHERE thread_id = ? AND until_message IS NULL ORDER BY owner_id`, thread)
	if ids == nil {
		ids = []int64{}
	}
	return ids, err
}

// MailAttachment is a message's file.
type MailAttachment struct {
	FileID    int64
	Name      string
	MediaType string
	Size      int64
}

// MailMessage is one message with its sender's name and attachments.
type MailMessage struct {
	ID         int64
	ThreadID   int64
	SenderID   int64 // 0: the platform or a deleted account (System tells which)
	SenderName string
	System     bool
	Recipients []int64
	Subject    string
	Body       string
	Link       string
	ForwardOf  int64
	Draft      bool
	CreatedAt  time.Time
	UpdatedAt  time.Time
	Files      []MailAttachment
}

const mailMsgCols = `m.id, m.thread_id, coalesce(m.sender_id, 0), coalesce(u.first_name || ' ' || u.last_name, ''), m.system, m.recipients,
	m.subject, m.body, m.link, coalesce(m.forward_of, 0), m.draft, m.created_at, m.updated_at`

func (s *Store) mailMessages(ctx context.Context, q string, args ...any) ([]*MailMessage, error) {
	rows, err := s.rows(ctx, `SELECT `+mailMsgCols+` FROM mail_messages m LEFT JOIN users u ON u.id = m.sender_id `+q, args...)
	if err != nil {
		return nil, mapErr(err)
	}
	out := []*MailMessage{}
	byID := map[int64]*MailMessage{}
	var ids []string
	for rows.Next() {
		var m MailMessage
		var rec, created, updated string
		if err := rows.Scan(&m.ID, &m.ThreadID, &m.SenderID, &m.SenderName, &m.System, &rec, &m.Subject, &m.Body, &m.Link, &m.ForwardOf,
			&m.Draft, &created, &updated); err != nil {
			rows.Close()
			return nil, mapErr(err)
		}
		m.CreatedAt, m.UpdatedAt = ParseT(created), ParseT(updated)
		m.Recipients = []int64{}
		_ = json.Unmarshal([]byte(rec), &m.Recipients)
		m.Files = []MailAttachment{}
		out = append(out, &m)
		byID[m.ID] = &m
		ids = append(ids, strconv.FormatInt(m.ID, 10))
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, mapErr(err)
	}
	if len(ids) == 0 {
		return out, nil
	}
	frows, err := s.rows(ctx, `SELECT a.message_id, f.id, f.name, f.media_type, f.size FROM mail_attachments a JOIN files f ON f.id = a.file_id
		WHERE a.message_id IN (`+strings.Join(ids, ",")+`) ORDER BY a.message_id, f.id`)
	if err != nil {
		return nil, mapErr(err)
	}
	defer frows.Close()
	for frows.Next() {
		var id int64
		var a MailAttachment
		if err := frows.Scan(&id, &a.FileID, &a.Name, &a.MediaType, &a.Size); err != nil {
			return nil, mapErr(err)
		}
		byID[id].Files = append(byID[id].Files, a)
	}
	return out, mapErr(frows.Err())
}

// MailMessagesFor lists what viewer sees of a thread: its sent messages and viewer's own
// drafts, oldest first (the newest limit).
func (s *Store) MailMessagesFor(ctx context.Context, thread, viewer int64, limit int) ([]*MailMessage, error) {
	list, err := s.mailMessages(ctx, `WHERE m.thread_id = ? AND (m.draft = 0 OR m.sender_id = ?) AND `+mailSeenBy("m")+` ORDER BY m.id DESC LIMIT ?`,
		thread, viewer, viewer, limit)
	for i, j := 0, len(list)-1; i < j; i, j = i+1, j-1 {
		list[i], list[j] = list[j], list[i]
	}
	return list, err
}

// MailMessageFor returns message id when viewer may read it (a participant of its thread; a
// draft only to its sender), or ErrNotFound.
func (s *Store) MailMessageFor(ctx context.Context, id, viewer int64) (*MailMessage, error) {
	list, err := s.mailMessages(ctx, `WHERE m.id = ? AND (m.draft = 0 OR m.sender_id = ?)
		AND EXISTS (SELECT 1 FROM mail_views v WHERE v.thread_id = m.thread_id AND v.owner_id = ?) AND `+mailSeenBy("m"), id, viewer, viewer, viewer)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, ErrNotFound
	}
	return list[0], nil
}

// MailAttachmentFor returns the file of message id when viewer may read the message and
// fileID is attached to it, or ErrNotFound.
func (s *Store) MailAttachmentFor(ctx context.Context, id, fileID, viewer int64) error {
	var n int
	err := s.row(ctx, `SELECT count(*) FROM mail_attachments a JOIN mail_messages m ON m.id = a.message_id
		WHERE a.message_id = ? AND a.file_id = ? AND (m.draft = 0 OR m.sender_id = ?)
		AND EXISTS (SELECT 1 FROM mail_views v WHERE v.thread_id = m.thread_id AND v.owner_id = ?) AND `+mailSeenBy("m"), id, fileID, viewer, viewer, viewer).Scan(&n)
	if err != nil {
		return mapErr(err)
	}
	if n == 0 {
		return ErrNotFound
	}
	return nil
}

// MailOutgoing is a message to send (or a draft to keep).
type MailOutgoing struct {
	ThreadID   int64   // the thread it answers (0: a new thread)
	SenderID   int64   // 0: the platform
	SenderName string  // for the search index
	Recipients []int64 // a new thread's participants besides the sender
	Add        []int64 // a reply: people who join the thread with it (they see the whole thread)
	Subject    string
	Body       string
	Link       string
	ForwardOf  int64
	DraftID    int64   // the draft this message was (it becomes the message)
	FileIDs    []int64 // files already attached, linked to the message (besides a draft's own)
}

// MailSent is what sending did: the thread and message, and each participant who now has
// unread mail in the thread with their unread count there.
type MailSent struct {
	ThreadID  int64
	MessageID int64
	Unread    map[int64]int
}

// SendMail stores a sent message and delivers it to the thread's participants: each gets the
// thread in their inbox (unread), the sender in sent. Call it inside the caller's transaction.
func (s *Store) SendMail(ctx context.Context, m MailOutgoing, now time.Time) (MailSent, error) {
	out := MailSent{ThreadID: m.ThreadID, Unread: map[int64]int{}}
	err := s.InTx(ctx, func(tx *Store) error {
		rec, _ := json.Marshal(nonNil(m.Recipients))
		system := m.SenderID == 0
		participants := []int64{}
		fresh := m.ThreadID == 0
		if !fresh {
			var last int64
			if err := tx.row(ctx, `SELECT last_message_id FROM mail_threads WHERE id = ?`, m.ThreadID).Scan(&last); err != nil {
				return mapErr(err)
			}
			fresh = last == 0 // a draft's own thread: nobody else is in it yet
			if fresh {
				if _, err := tx.exec(ctx, `UPDATE mail_threads SET subject = ? WHERE id = ?`, m.Subject, m.ThreadID); err != nil {
					return err
				}
			}
		} else {
			res, err := tx.exec(ctx, `INSERT INTO mail_threads (subject, system, created_at, last_at) VALUES (?, ?, ?, ?)`,
				m.Subject, system, T(now), T(now))
			if err != nil {
				return err
			}
			if out.ThreadID, err = res.LastInsertId(); err != nil {
				return err
			}
		}
		if fresh {
			if !system {
				participants = append(participants, m.SenderID)
			}
			for _, r := range m.Recipients {
				if r != m.SenderID {
					participants = append(participants, r)
				}
			}
		} else {
			var err error
			if participants, err = tx.MailParticipants(ctx, out.ThreadID); err != nil {
				return err
			}
			if !system && !slices.Contains(participants, m.SenderID) {
				return ErrMailLeft // left or removed meanwhile: refused in the same transaction as the change
			}
			for _, p := range m.Add {
				if !slices.Contains(participants, p) {
					participants = append(participants, p)
				}
			}
		}
		if m.DraftID != 0 {
			if err := affected(tx.exec(ctx, `UPDATE mail_messages SET draft = 0, recipients = ?, subject = ?, body = ?, forward_of = ?,
				created_at = ?, updated_at = ? WHERE id = ? AND sender_id = ? AND draft = 1 AND thread_id = ?`,
				string(rec), m.Subject, m.Body, nullID(m.ForwardOf), T(now), T(now), m.DraftID, m.SenderID, out.ThreadID)); err != nil {
				return err
			}
			out.MessageID = m.DraftID
			if _, err := tx.exec(ctx, `UPDATE mail_views SET drafts = max(drafts - 1, 0) WHERE owner_id = ? AND thread_id = ?`,
				m.SenderID, out.ThreadID); err != nil {
				return err
			}
			if err := tx.linkMailFiles(ctx, out.MessageID, m.FileIDs); err != nil {
				return err
			}
		} else {
			res, err := tx.exec(ctx, `INSERT INTO mail_messages (thread_id, sender_id, system, recipients, subject, body, link, forward_of, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, out.ThreadID, nullID(m.SenderID), system, string(rec), m.Subject, m.Body, m.Link,
				nullID(m.ForwardOf), T(now), T(now))
			if err != nil {
				return err
			}
			if out.MessageID, err = res.LastInsertId(); err != nil {
				return err
			}
			if err := tx.linkMailFiles(ctx, out.MessageID, m.FileIDs); err != nil {
				return err
			}
		}
		if _, err := tx.exec(ctx, `UPDATE mail_threads SET last_message_id = ?, last_at = ? WHERE id = ?`, out.MessageID, T(now), out.ThreadID); err != nil {
			return err
		}
		if err := tx.execLater(ctx, `INSERT INTO mail_search (rowid, text) VALUES (?, ?)`, out.MessageID,
			search.Doc(m.Subject, m.Body, m.SenderName)); err != nil {
			return err
		}
		for _, p := range participants {
			var unread int
			if p == m.SenderID {
				if _, err := tx.exec(ctx, `INSERT INTO mail_views (owner_id, thread_id, place, sent, last_at) VALUES (?, ?, 'none', 1, ?)
					ON CONFLICT DO UPDATE SET sent = sent + 1, last_at = excluded.last_at`, p, out.ThreadID, T(now)); err != nil {
					return err
				}
			} else {
				if err := tx.writeRow(ctx, []any{&unread}, `INSERT INTO mail_views (owner_id, thread_id, place, unread, last_at) VALUES (?, ?, 'inbox', 1, ?)
					ON CONFLICT DO UPDATE SET place = 'inbox', trashed_at = NULL, unread = unread + 1, last_at = excluded.last_at RETURNING unread`,
					p, out.ThreadID, T(now)); err != nil {
					return err
				}
				out.Unread[p] = unread
			}
			if !fresh && slices.Contains(m.Add, p) { // added (or added again): a participant from this letter on
				if _, err := tx.exec(ctx, `UPDATE mail_views SET added_by = ?, joined_message = ?, until_message = NULL, until_event = NULL
					WHERE owner_id = ? AND thread_id = ?`, m.SenderID, out.MessageID, p, out.ThreadID); err != nil {
					return err
				}
			}
			if err := tx.syncMailBoxes(ctx, p, out.ThreadID); err != nil {
				return err
			}
		}
		return nil
	})
	return out, err
}

// distinctIDs is ids without repeats, in their first order.
func distinctIDs(ids []int64) []int64 {
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

func nonNil(ids []int64) []int64 {
	if ids == nil {
		return []int64{}
	}
	return ids
}

func (s *Store) linkMailFiles(ctx context.Context, msg int64, files []int64) error {
	for _, f := range files {
		if _, err := s.exec(ctx, `INSERT INTO mail_attachments (message_id, file_id) VALUES (?, ?) ON CONFLICT DO NOTHING`, msg, f); err != nil {
			return err
		}
	}
	return nil
}

// MailDraftFiles lists the files linked to a message (a draft's, before they change).
func (s *Store) MailDraftFiles(ctx context.Context, msg int64) ([]int64, error) {
	ids, err := s.ids(ctx, `SELECT file_id FROM mail_attachments WHERE message_id = ? ORDER BY file_id`, msg)
	if ids == nil {
		ids = []int64{}
	}
	return ids, err
}

// SetMailFiles makes files the links of message msg (a draft's).
func (s *Store) SetMailFiles(ctx context.Context, msg int64, files []int64) error {
	return s.InTx(ctx, func(tx *Store) error {
		if _, err := tx.exec(ctx, `DELETE FROM mail_attachments WHERE message_id = ?`, msg); err != nil {
			return err
		}
		return tx.linkMailFiles(ctx, msg, files)
	})
}

// MailDraft is a draft to keep: a new one (ID 0) or a change of the caller's draft.
type MailDraft struct {
	ID         int64
	ThreadID   int64 // the thread it answers (0: a draft of a new thread)
	SenderID   int64
	Recipients []int64
	Subject    string
	Body       string
	ForwardOf  int64
}

// SaveMailDraft stores d and returns the draft's id and thread. A draft of a new thread gets a
// thread of its own that only its author is in until it is sent.
func (s *Store) SaveMailDraft(ctx context.Context, d MailDraft, now time.Time) (id, thread int64, err error) {
	err = s.InTx(ctx, func(tx *Store) error {
		rec, _ := json.Marshal(nonNil(d.Recipients))
		if d.ID != 0 {
			if err := tx.row(ctx, `SELECT thread_id FROM mail_messages WHERE id = ? AND sender_id = ? AND draft = 1`, d.ID, d.SenderID).Scan(&thread); err != nil {
				return mapErr(err)
			}
			id = d.ID
			if _, err := tx.exec(ctx, `UPDATE mail_messages SET recipients = ?, subject = ?, body = ?, forward_of = ?, updated_at = ? WHERE id = ?`,
				string(rec), d.Subject, d.Body, nullID(d.ForwardOf), T(now), d.ID); err != nil {
				return err
			}
			if _, err := tx.exec(ctx, `UPDATE mail_threads SET subject = ? WHERE id = ? AND last_message_id = 0`, d.Subject, thread); err != nil {
				return err
			}
			if _, err := tx.exec(ctx, `UPDATE mail_views SET last_at = ? WHERE owner_id = ? AND thread_id = ?`, T(now), d.SenderID, thread); err != nil {
				return err
			}
			return tx.syncMailBoxes(ctx, d.SenderID, thread)
		}
		thread = d.ThreadID
		if thread == 0 {
			res, err := tx.exec(ctx, `INSERT INTO mail_threads (subject, created_at, last_at) VALUES (?, ?, ?)`, d.Subject, T(now), T(now))
			if err != nil {
				return err
			}
			if thread, err = res.LastInsertId(); err != nil {
				return err
			}
		}
		res, err := tx.exec(ctx, `INSERT INTO mail_messages (thread_id, sender_id, recipients, subject, body, forward_of, draft, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)`, thread, d.SenderID, string(rec), d.Subject, d.Body, nullID(d.ForwardOf), T(now), T(now))
		if err != nil {
			return err
		}
		if id, err = res.LastInsertId(); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `INSERT INTO mail_views (owner_id, thread_id, place, drafts, last_at) VALUES (?, ?, 'none', 1, ?)
			ON CONFLICT DO UPDATE SET drafts = drafts + 1, last_at = excluded.last_at`, d.SenderID, thread, T(now)); err != nil {
			return err
		}
		return tx.syncMailBoxes(ctx, d.SenderID, thread)
	})
	return id, thread, err
}

// DeleteMailDraft deletes owner's draft id (and its thread when nothing was sent in it); it
// returns the ids of the files it had, for the caller to delete.
func (s *Store) DeleteMailDraft(ctx context.Context, id, owner int64) ([]int64, error) {
	var files []int64
	err := s.InTx(ctx, func(tx *Store) error {
		var thread, last int64
		if err := tx.row(ctx, `SELECT m.thread_id, t.last_message_id FROM mail_messages m JOIN mail_threads t ON t.id = m.thread_id
			WHERE m.id = ? AND m.sender_id = ? AND m.draft = 1`, id, owner).Scan(&thread, &last); err != nil {
			return mapErr(err)
		}
		var err error
		if files, err = tx.MailDraftFiles(ctx, id); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `DELETE FROM mail_messages WHERE id = ?`, id); err != nil {
			return err
		}
		if last == 0 {
			var others int
			if err := tx.row(ctx, `SELECT count(*) FROM mail_messages WHERE thread_id = ?`, thread).Scan(&others); err != nil {
				return mapErr(err)
			}
			if others == 0 {
				_, err := tx.exec(ctx, `DELETE FROM mail_threads WHERE id = ?`, thread)
				return err
			}
		}
		if _, err := tx.exec(ctx, `UPDATE mail_views SET drafts = max(drafts - 1, 0) WHERE owner_id = ? AND thread_id = ?`, owner, thread); err != nil {
			return err
		}
		return tx.syncMailBoxes(ctx, owner, thread)
	})
	return files, err
}

// MailDraftFor returns owner's draft id, or ErrNotFound.
func (s *Store) MailDraftFor(ctx context.Context, id, owner int64) (*MailMessage, error) {
	list, err := s.mailMessages(ctx, `WHERE m.id = ? AND m.sender_id = ? AND m.draft = 1`, id, owner)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, ErrNotFound
	}
	return list[0], nil
}

// syncMailBoxes rebuilds the listing rows of owner's view of thread (none when the view is
// gone).
func (s *Store) syncMailBoxes(ctx context.Context, owner, thread int64) error {
	// The boxes where the thread counted as unread before (their counts move by the difference).
	var was []string
	// INDEXED BY: left to itself the planner walks the owner's whole range of the primary key
	// (every row of every box: 30 ms a thread at 100,000 letters) instead of the thread's rows.
	rows, err := s.rows(ctx, `SELECT box FROM mail_boxes INDEXED BY mail_boxes_thread_idx WHERE owner_id = ? AND thread_id = ? AND unread > 0`, owner, thread)
	if err != nil {
		return mapErr(err)
	}
	for rows.Next() {
		var b string
		if err := rows.Scan(&b); err != nil {
			rows.Close()
			return mapErr(err)
		}
		was = append(was, b)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return mapErr(err)
	}
	if _, err := s.exec(ctx, `DELETE FROM mail_boxes INDEXED BY mail_boxes_thread_idx WHERE owner_id = ? AND thread_id = ?`, owner, thread); err != nil {
		return err
	}
	boxes, unread, err := s.mailBoxesOf(ctx, owner, thread)
	if err != nil {
		return err
	}
	for _, b := range boxes {
		if _, err := s.exec(ctx, `INSERT INTO mail_boxes (owner_id, box, last_at, thread_id, unread) SELECT ?, ?, last_at, ?, unread
			FROM mail_views WHERE owner_id = ? AND thread_id = ?`, owner, b, thread, owner, thread); err != nil {
			return err
		}
	}
	var now []string
	if unread > 0 {
		now = boxes
	}
	for _, b := range was {
		if !slices.Contains(now, b) {
			if _, err := s.exec(ctx, `UPDATE mail_counts SET unread = max(unread - 1, 0) WHERE owner_id = ? AND box = ?`, owner, b); err != nil {
				return err
			}
		}
	}
	for _, b := range now {
		if !slices.Contains(was, b) {
			if _, err := s.exec(ctx, `INSERT INTO mail_counts (owner_id, box, unread) VALUES (?, ?, 1)
				ON CONFLICT DO UPDATE SET unread = unread + 1`, owner, b); err != nil {
				return err
			}
		}
	}
	return nil
}

// mailBoxesOf is where owner's view of thread is listed (none when the view is gone), and its
// unread count.
func (s *Store) mailBoxesOf(ctx context.Context, owner, thread int64) ([]string, int, error) {
	var place string
	var starred, important bool
	var unread, sent, drafts int
	err := s.row(ctx, `SELECT place, starred, important, unread, sent, drafts, last_at FROM mail_views WHERE owner_id = ? AND thread_id = ?`,
		owner, thread).Scan(&place, &starred, &important, &unread, &sent, &drafts, new(string))
	if IsNotFound(mapErr(err)) {
		return nil, 0, nil
	}
	if err != nil {
		return nil, 0, mapErr(err)
	}
	var boxes []string
	if place == "trash" {
		boxes = []string{"trash"}
	} else {
		boxes = append(boxes, "all")
		if place == "inbox" || place == "archive" {
			boxes = append(boxes, place)
		}
		if sent > 0 {
			boxes = append(boxes, "sent")
		}
		if drafts > 0 {
			boxes = append(boxes, "drafts")
		}
		if starred {
			boxes = append(boxes, "starred")
		}
		if important {
			boxes = append(boxes, "important")
		}
		labels, err := s.ids(ctx, `SELECT label_id FROM mail_thread_labels WHERE owner_id = ? AND thread_id = ?`, owner, thread)
		if err != nil {
			return nil, 0, err
		}
		for _, l := range labels {
			boxes = append(boxes, MailLabelBox(l))
		}
	}
	return boxes, unread, nil
}

// MailModify applies action to owner's views of threads at now, all or nothing: when any of
// threads is not one owner is in (someone else's, or none at all) it changes nothing and
// returns ErrNotFound. It returns how many changed, and the files of the owner's drafts that
// went with a thread deleted for good (the caller deletes them). Actions: inbox, archive,
// trash, restore, delete (for good, from the trash only), star, unstar, important,
// unimportant, read, unread, label and unlabel (with label, owner's).
func (s *Store) MailModify(ctx context.Context, owner int64, threads []int64, action string, label int64, now time.Time) (int, []int64, error) {
	n := 0
	var files []int64
	threads = distinctIDs(threads)
	err := s.InTx(ctx, func(tx *Store) error {
		n, files = 0, nil
		if len(threads) == 0 {
			return nil
		}
		list := make([]string, len(threads))
		for i, t := range threads {
			list[i] = strconv.FormatInt(t, 10)
		}
		var mine int
		if err := tx.row(ctx, `SELECT count(*) FROM mail_views WHERE owner_id = ? AND thread_id IN (`+strings.Join(list, ",")+`)`,
			owner).Scan(&mine); err != nil {
			return mapErr(err)
		}
		if mine != len(threads) {
			return ErrNotFound
		}
		for _, t := range threads {
			var q string
			args := []any{}
			switch action {
			case "inbox", "archive":
				q, args = `place = ?, trashed_at = NULL`, append(args, action)
			case "trash":
				q, args = `place = 'trash', trashed_at = coalesce(trashed_at, ?)`, append(args, T(now))
			case "restore":
				// Back where it was before the trash: the inbox when others wrote in it, else only
				// in sent (or drafts).
				q = `trashed_at = NULL, place = CASE WHEN EXISTS (SELECT 1 FROM mail_messages m WHERE m.thread_id = mail_views.thread_id AND m.draft = 0
					AND coalesce(m.sender_id, 0) != mail_views.owner_id) THEN 'inbox' ELSE 'none' END`
			case "star", "unstar":
				q, args = `starred = ?`, append(args, action == "star")
			case "important", "unimportant":
				q, args = `important = ?`, append(args, action == "important")
			case "read":
				q = `unread = 0`
			case "unread":
				q = `unread = CASE WHEN EXISTS (SELECT 1 FROM mail_messages m WHERE m.thread_id = mail_views.thread_id AND m.draft = 0
					AND coalesce(m.sender_id, 0) != mail_views.owner_id) THEN max(unread, 1) ELSE 0 END`
			case "delete":
				var place string
				err := tx.row(ctx, `SELECT place FROM mail_views WHERE owner_id = ? AND thread_id = ?`, owner, t).Scan(&place)
				if IsNotFound(mapErr(err)) || place != "trash" {
					continue
				}
				if err != nil {
					return mapErr(err)
				}
				f, err := tx.deleteMailView(ctx, owner, t)
				if err != nil {
					return err
				}
				files = append(files, f...)
				n++
				continue
			case "label", "unlabel":
			default:
				return ErrNotFound
			}
			var res int64
			if q != "" {
				r, err := tx.exec(ctx, `UPDATE mail_views SET `+q+` WHERE owner_id = ? AND thread_id = ?`, append(args, owner, t)...)
				if err != nil {
					return err
				}
				if res, err = r.RowsAffected(); err != nil {
					return err
				}
			} else {
				var in int
				if err := tx.row(ctx, `SELECT count(*) FROM mail_views WHERE owner_id = ? AND thread_id = ?`, owner, t).Scan(&in); err != nil {
					return mapErr(err)
				}
				if in == 0 {
					continue
				}
				res = 1
				var err error
				if action == "label" {
					_, err = tx.exec(ctx, `INSERT INTO mail_thread_labels (owner_id, thread_id, label_id) SELECT ?, ?, id FROM mail_labels
						WHERE id = ? AND owner_id = ? ON CONFLICT DO NOTHING`, owner, t, label, owner)
				} else {
					_, err = tx.exec(ctx, `DELETE FROM mail_thread_labels WHERE owner_id = ? AND thread_id = ? AND label_id = ?`, owner, t, label)
				}
				if err != nil {
					return err
				}
			}
			if res == 0 {
				continue
			}
			n++
			if err := tx.syncMailBoxes(ctx, owner, t); err != nil {
				return err
			}
		}
		return nil
	})
	return n, files, err
}

// deleteMailView takes owner out of thread for good (their view, listing rows, counts, labels
// and drafts in it; the thread too when nobody is left in it) and returns the files of the
// drafts it deleted.
func (s *Store) deleteMailView(ctx context.Context, owner, thread int64) ([]int64, error) {
	if _, err := s.exec(ctx, `UPDATE mail_views SET unread = 0 WHERE owner_id = ? AND thread_id = ?`, owner, thread); err != nil {
		return nil, err
	}
	if err := s.syncMailBoxes(ctx, owner, thread); err != nil { // the counts lose it
		return nil, err
	}
	files, err := s.ids(ctx, `SELECT a.file_id FROM mail_attachments a JOIN mail_messages m ON m.id = a.message_id
		WHERE m.thread_id = ? AND m.sender_id = ? AND m.draft = 1`, thread, owner)
	if err != nil {
		return nil, err
	}
	for _, q := range []string{
		`DELETE FROM mail_messages WHERE thread_id = ? AND sender_id = ? AND draft = 1`,
		`DELETE FROM mail_views WHERE thread_id = ? AND owner_id = ?`,
	} {
		if _, err := s.exec(ctx, q, thread, owner); err != nil {
			return nil, err
		}
	}
	var left int
	if err := s.row(ctx, `SELECT count(*) FROM mail_views WHERE thread_id = ?`, thread).Scan(&left); err != nil {
		return nil, mapErr(err)
	}
	if left == 0 {
		if _, err := s.exec(ctx, `DELETE FROM mail_search WHERE rowid IN (SELECT id FROM mail_messages WHERE thread_id = ?)`, thread); err != nil {
			return nil, err
		}
		if _, err := s.exec(ctx, `DELETE FROM mail_threads WHERE id = ?`, thread); err != nil {
			return nil, err
		}
	}
	return files, nil
}

// PurgeMailTrash deletes for good up to limit threads that went to someone's trash before
// before, and returns how many, and the files of drafts that went with them.
func (s *Store) PurgeMailTrash(ctx context.Context, before time.Time, limit int) (int, []int64, error) {
	var files []int64
	n := 0
	err := s.InTx(ctx, func(tx *Store) error {
		n, files = 0, nil
		rows, err := tx.rows(ctx, `SELECT owner_id, thread_id FROM mail_views WHERE trashed_at IS NOT NULL AND trashed_at < ? AND place = 'trash'
			ORDER BY trashed_at LIMIT ?`, T(before), limit)
		if err != nil {
			return mapErr(err)
		}
		var due [][2]int64
		for rows.Next() {
			var v [2]int64
			if err := rows.Scan(&v[0], &v[1]); err != nil {
				rows.Close()
				return mapErr(err)
			}
			due = append(due, v)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return mapErr(err)
		}
		for _, v := range due {
			f, err := tx.deleteMailView(ctx, v[0], v[1])
			if err != nil {
				return err
			}
			files = append(files, f...)
			n++
		}
		return nil
	})
	return n, files, err
}

// MailLabel is one of a person's labels.
type MailLabel struct {
	ID     int64
	Name   string
	Unread int
}

// MailLabelsOf lists owner's labels by name.
func (s *Store) MailLabelsOf(ctx context.Context, owner int64) ([]MailLabel, error) {
	rows, err := s.rows(ctx, `SELECT id, name FROM mail_labels WHERE owner_id = ? ORDER BY name_key, id`, owner)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []MailLabel{}
	for rows.Next() {
		var l MailLabel
		if err := rows.Scan(&l.ID, &l.Name); err != nil {
			return nil, mapErr(err)
		}
		out = append(out, l)
	}
	return out, mapErr(rows.Err())
}

// MailUnreadCounts is, per box of owner, the threads with unread mail (mail_counts).
func (s *Store) MailUnreadCounts(ctx context.Context, owner int64) (map[string]int, error) {
	rows, err := s.rows(ctx, `SELECT box, unread FROM mail_counts WHERE owner_id = ? AND unread > 0`, owner)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var b string
		var n int
		if err := rows.Scan(&b, &n); err != nil {
			return nil, mapErr(err)
		}
		out[b] = n
	}
	return out, mapErr(rows.Err())
}

// MailBoxCount counts owner's threads in one box (drafts).
func (s *Store) MailBoxCount(ctx context.Context, owner int64, box string) (int, error) {
	var n int
	err := s.row(ctx, `SELECT count(*) FROM mail_boxes WHERE owner_id = ? AND box = ?`, owner, box).Scan(&n)
	return n, mapErr(err)
}

// CreateMailLabel adds a label of owner; a name they use already (any case) is ErrConflict.
func (s *Store) CreateMailLabel(ctx context.Context, owner int64, name string, now time.Time) (int64, error) {
	res, err := s.exec(ctx, `INSERT INTO mail_labels (owner_id, name, name_key, created_at) VALUES (?, ?, ?, ?)`,
		owner, name, strings.ToLower(name), T(now))
	if err != nil {
		return 0, err
	}
	return res.LastInsertId()
}

// RenameMailLabel renames owner's label id (ErrNotFound, ErrConflict).
func (s *Store) RenameMailLabel(ctx context.Context, owner, id int64, name string) error {
	return affected(s.exec(ctx, `UPDATE mail_labels SET name = ?, name_key = ? WHERE id = ? AND owner_id = ?`, name, strings.ToLower(name), id, owner))
}

// DeleteMailLabel deletes owner's label id; the threads keep their folders.
func (s *Store) DeleteMailLabel(ctx context.Context, owner, id int64) error {
	return s.InTx(ctx, func(tx *Store) error {
		if err := affected(tx.exec(ctx, `DELETE FROM mail_labels WHERE id = ? AND owner_id = ?`, id, owner)); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `DELETE FROM mail_boxes WHERE owner_id = ? AND box = ?`, owner, MailLabelBox(id)); err != nil {
			return err
		}
		_, err := tx.exec(ctx, `DELETE FROM mail_counts WHERE owner_id = ? AND box = ?`, owner, MailLabelBox(id))
		return err
	})
}

// MailLabelCount is how many labels owner has.
func (s *Store) MailLabelCount(ctx context.Context, owner int64) (int, error) {
	var n int
	err := s.row(ctx, `SELECT count(*) FROM mail_labels WHERE owner_id = ?`, owner).Scan(&n)
	return n, mapErr(err)
}

// MailOwnedLabel reports whether label id is owner's.
func (s *Store) MailOwnedLabel(ctx context.Context, owner, id int64) (bool, error) {
	var n int
	err := s.row(ctx, `SELECT count(*) FROM mail_labels WHERE id = ? AND owner_id = ?`, id, owner).Scan(&n)
	return n > 0, mapErr(err)
}

// MailExport lists every message owner sees (sent, received, their drafts), newest first.
func (s *Store) MailExport(ctx context.Context, owner int64, limit int) ([]*MailMessage, error) {
	return s.mailMessages(ctx, `JOIN mail_views v ON v.thread_id = m.thread_id AND v.owner_id = ?
		WHERE (m.draft = 0 OR m.sender_id = ?) AND `+mailSeen("m", "v")+` ORDER BY m.id DESC LIMIT ?`, owner, owner, limit)
}

// EraseMailOwner removes a deleted account's mailbox: its views, labels and drafts go; the
// messages it sent stay in the others' threads emptied (no subject, text or attachment; the
// account's row going sets the sender to NULL); threads nobody is left in are deleted.
func (s *Store) EraseMailOwner(ctx context.Context, owner int64) error {
	var has bool
	if err := s.row(ctx, `SELECT EXISTS (SELECT 1 FROM mail_views WHERE owner_id = ?) OR EXISTS (SELECT 1 FROM mail_messages WHERE sender_id = ?)`,
		owner, owner).Scan(&has); err != nil {
		return mapErr(err)
	}
	if !has {
		return nil
	}
	return s.InTx(ctx, func(tx *Store) error {
		threads, err := tx.ids(ctx, `SELECT thread_id FROM mail_views WHERE owner_id = ?`, owner)
		if err != nil {
			return err
		}
		stmts := []string{
			`DELETE FROM mail_messages WHERE sender_id = ? AND draft = 1`,
			`DELETE FROM mail_search WHERE rowid IN (SELECT id FROM mail_messages WHERE sender_id = ?)`,
			`DELETE FROM mail_attachments WHERE message_id IN (SELECT id FROM mail_messages WHERE sender_id = ?)`,
			`UPDATE mail_messages SET subject = '', body = '', recipients = '[]' WHERE sender_id = ?`,
			`DELETE FROM mail_views WHERE owner_id = ?`,
			`DELETE FROM mail_labels WHERE owner_id = ?`,
			`DELETE FROM mail_counts WHERE owner_id = ?`,
		}
		for _, q := range stmts {
			if _, err := tx.exec(ctx, q, owner); err != nil {
				return err
			}
		}
		for _, t := range threads {
			var n int
			if err := tx.row(ctx, `SELECT count(*) FROM mail_views WHERE thread_id = ?`, t).Scan(&n); err != nil {
				return mapErr(err)
			}
			if n > 0 {
				continue
			}
			if _, err := tx.exec(ctx, `DELETE FROM mail_search WHERE rowid IN (SELECT id FROM mail_messages WHERE thread_id = ?)`, t); err != nil {
				return err
			}
			if _, err := tx.exec(ctx, `DELETE FROM mail_threads WHERE id = ?`, t); err != nil {
				return err
			}
		}
		return nil
	})
}

// MailSeed stores n threads of one message each from sender to owner, spread over the days
// before now, in batches (the benchmark's seed; not for requests).
func (s *Store) MailSeed(ctx context.Context, owner, sender int64, n int, now time.Time) error {
	const batch = 5000
	for done := 0; done < n; done += batch {
		k := min(batch, n-done)
		err := s.InTx(ctx, func(tx *Store) error {
			for i := 0; i < k; i++ {
				at := T(now.Add(-time.Duration(done+i) * time.Minute))
				subject := "Seeded letter " + strconv.Itoa(done+i)
				var thread, msg int64
				if err := tx.writeRow(ctx, []any{&thread}, `INSERT INTO mail_threads (subject, created_at, last_at) VALUES (?, ?, ?) RETURNING id`,
					subject, at, at); err != nil {
					return err
				}
				if err := tx.writeRow(ctx, []any{&msg}, `INSERT INTO mail_messages (thread_id, sender_id, recipients, subject, body, created_at, updated_at)
					VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, thread, sender, "["+strconv.FormatInt(owner, 10)+"]", subject,
					"The text of seeded letter number "+strconv.Itoa(done+i), at, at); err != nil {
					return err
				}
				if _, err := tx.exec(ctx, `UPDATE mail_threads SET last_message_id = ? WHERE id = ?`, msg, thread); err != nil {
					return err
				}
				unread := 0
				if i%3 == 0 {
					unread = 1
				}
				if _, err := tx.exec(ctx, `INSERT INTO mail_views (owner_id, thread_id, place, unread, last_at) VALUES (?, ?, 'inbox', ?, ?)`,
					owner, thread, unread, at); err != nil {
					return err
				}
				if _, err := tx.exec(ctx, `INSERT INTO mail_views (owner_id, thread_id, place, sent, last_at) VALUES (?, ?, 'none', 1, ?)`,
					sender, thread, at); err != nil {
					return err
				}
				for _, b := range []string{"inbox", "all"} {
					if _, err := tx.exec(ctx, `INSERT INTO mail_boxes (owner_id, box, last_at, thread_id, unread) VALUES (?, ?, ?, ?, ?)`,
						owner, b, at, thread, unread); err != nil {
						return err
					}
				}
			}
			_, err := tx.exec(ctx, `INSERT INTO mail_counts (owner_id, box, unread) SELECT owner_id, box, count(*) FROM mail_boxes
				WHERE owner_id = ? AND unread > 0 GROUP BY box ON CONFLICT DO UPDATE SET unread = excluded.unread`, owner)
			return err
		})
		if err != nil {
			return err
		}
	}
	return nil
}
