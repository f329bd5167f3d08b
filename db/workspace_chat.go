package db

// The chat of the workspace (app/workspace/chat): conversations, their members (with receipts
// and unread counts kept by each write), messages, and the event log the real-time stream
// resumes from.

import (
	"context"
	"strconv"
	"strings"
	"time"
)

// ChatConversation is a conversation as one person sees it (their member row's receipts and
// unread count; zero for support staff who are not members yet).
type ChatConversation struct {
	ID            int64
	Kind          string // direct, group, support
	Title         string
	CreatedBy     int64
	CreatedAt     time.Time
	LastMessageID int64
	LastMessageAt time.Time
	Member        bool // the person is a member
	Unread        int
	ReadID        int64
	AdminID       int64 // groups: the admin (0: none)
	// Former: the person was a member of this group and was removed or left; they keep its
	// history up to UntilMessageID (LastMessageID, LastMessageAt and Title are then theirs:
	// the last message they saw, when they left, the title then; AdminID is 0).
	Former         bool
	UntilMessageID int64
	UntilEventID   int64
}

// ChatMember is one member of a conversation.
type ChatMember struct {
	UserID      int64
	Name        string
	Role        string // member, support
	DeliveredID int64
	ReadID      int64
	Unread      int
}

// ChatMessage is one message, with its sender's name and its attachment's metadata.
type ChatMessage struct {
	ID             int64
	ConversationID int64
	SenderID       int64 // 0: the account was deleted
	SenderName     string
	ClientID       string
	Body           string
	FileID         int64
	FileName       string
	FileType       string
	FileSize       int64
	CreatedAt      time.Time
	EditedAt       time.Time
	DeletedAt      time.Time
	// Kind is text for a person's message; a system line (added, removed, left, renamed,
	// admin) has SenderID as who did it, SubjectID (SubjectName) as to whom, and for renamed
	// the new title as Body.
	Kind        string
	SubjectID   int64
	SubjectName string
}

// ChatEvent is one entry of the event log.
type ChatEvent struct {
	ID             int64
	ConversationID int64
	Kind           string // message, edited, deleted, delivered, read
	MessageID      int64
	UserID         int64
	CreatedAt      time.Time
}

// chatConvCols are a conversation's columns as a person sees it (m: their member row, f:
// their former member row, either may be absent), named so that a union can be sorted.
const chatConvCols = `c.id AS id, c.kind AS kind, c.title AS title, coalesce(c.created_by, 0) AS created_by, c.created_at AS created_at,
	c.last_message_id AS last_id, c.last_message_at AS last_at, m.user_id IS NOT NULL AS member, coalesce(m.unread, 0) AS unread,
	coalesce(m.read_id, 0) AS read_id, coalesce(c.admin_id, 0) AS admin_id, f.user_id IS NOT NULL AS former,
	coalesce(f.until_message_id, 0) AS until_msg, coalesce(f.until_event_id, 0) AS until_ev, coalesce(f.left_at, '') AS left_at, coalesce(f.title, '') AS former_title`

const chatConvNames = `id, kind, title, created_by, created_at, last_id, last_at, member, unread, read_id, admin_id, former, until_msg, until_ev, left_at, former_title`

func scanChatConv(sc scanner) (*ChatConversation, error) {
	var c ChatConversation
	var created, last, left, title string
	if err := sc.Scan(&c.ID, &c.Kind, &c.Title, &c.CreatedBy, &created, &c.LastMessageID, &last, &c.Member, &c.Unread, &c.ReadID,
		&c.AdminID, &c.Former, &c.UntilMessageID, &c.UntilEventID, &left, &title); err != nil {
		return nil, mapErr(err)
	}
	c.CreatedAt, c.LastMessageAt = ParseT(created), ParseT(last)
	if c.Member {
		c.Former = false
	}
	if c.Former { // what they saw until they left
		c.LastMessageID, c.LastMessageAt, c.Title, c.AdminID = c.UntilMessageID, ParseT(left), title, 0
	}
	return &c, nil
}

// ChatConversationByKey returns the id of the conversation of a pair key ("3:7", "support:3"),
// or ErrNotFound.
func (s *Store) ChatConversationByKey(ctx context.Context, key string) (int64, error) {
	var id int64
	err := s.row(ctx, `SELECT id FROM chat_conversations WHERE pair_key = ?`, key).Scan(&id)
	return id, mapErr(err)
}

// ChatMemberRole is a new conversation's member and their role.
type ChatMemberRole struct {
	UserID int64
	Role   string
}

// CreateChatConversation stores a conversation with its members and returns its id. key is
// the pair key of direct and support conversations ("" for groups); a taken key is ErrConflict.
func (s *Store) CreateChatConversation(ctx context.Context, kind, title, key string, by int64, members []ChatMemberRole, now time.Time) (int64, error) {
	var id int64
	err := s.InTx(ctx, func(tx *Store) error {
		var k any
		if key != "" {
			k = key
		}
		var admin any
		if kind == "group" {
			admin = nullID(by)
		}
		res, err := tx.exec(ctx, `INSERT INTO chat_conversations (kind, title, pair_key, created_by, created_at, last_message_at, admin_id)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, kind, title, k, nullID(by), T(now), T(now), admin)
		if err != nil {
			return err
		}
		if id, err = res.LastInsertId(); err != nil {
			return err
		}
		for _, m := range members {
			if err := tx.AddChatMember(ctx, id, m.UserID, m.Role, now); err != nil {
				return err
			}
		}
		return nil
	})
	return id, err
}

// AddChatMember adds userID to a conversation (nothing when they are in it already); they
// start with everything before now read.
func (s *Store) AddChatMember(ctx context.Context, convID, userID int64, role string, now time.Time) error {
	_, err := s.exec(ctx, `INSERT INTO chat_members (conversation_id, user_id, role, joined_at, delivered_id, read_id)
		SELECT id, ?, ?, ?, last_message_id, last_message_id FROM chat_conversations WHERE id = ?
		ON CONFLICT DO NOTHING`, userID, role, T(now), convID)
	return mapErr(err)
}

// ChatConversationFor returns conversation id as userID sees it, or ErrNotFound.
func (s *Store) ChatConversationFor(ctx context.Context, id, userID int64) (*ChatConversation, error) {
	return scanChatConv(s.row(ctx, `SELECT `+chatConvCols+` FROM chat_conversations c
		LEFT JOIN chat_members m ON m.conversation_id = c.id AND m.user_id = ?
		LEFT JOIN chat_former_members f ON f.conversation_id = c.id AND f.user_id = ? WHERE c.id = ?`, userID, userID, id))
}

// ChatCursor is the keyset position in a list of conversations (newest activity first).
type ChatCursor struct {
	At string `json:"t"`
	ID int64  `json:"i"`
}

func (s *Store) chatConvs(ctx context.Context, limit int, q string, args ...any) ([]*ChatConversation, *ChatCursor, error) {
	rows, err := s.rows(ctx, q, append(args, limit+1)...)
	if err != nil {
		return nil, nil, mapErr(err)
	}
	defer rows.Close()
	out := []*ChatConversation{}
	for rows.Next() {
		c, err := scanChatConv(rows)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, mapErr(err)
	}
	var next *ChatCursor
	if len(out) > limit {
		out = out[:limit]
		last := out[limit-1]
		next = &ChatCursor{At: T(last.LastMessageAt), ID: last.ID}
	}
	return out, next, nil
}

// ChatConversationsOf lists userID's conversations, newest activity first (keyset paging),
// with the groups they left or were removed from (by when that happened).
func (s *Store) ChatConversationsOf(ctx context.Context, userID int64, after *ChatCursor, limit int) ([]*ChatConversation, *ChatCursor, error) {
	cond, args := "1", []any{userID, userID}
	if after != nil {
		cond, args = "(sort_at, id) < (?, ?)", append(args, after.At, after.ID)
	}
	return s.chatConvs(ctx, limit, `SELECT `+chatConvNames+` FROM (
		SELECT `+chatConvCols+`, c.last_message_at AS sort_at FROM chat_members m
			JOIN chat_conversations c ON c.id = m.conversation_id LEFT JOIN chat_former_members f ON 0 WHERE m.user_id = ?
		UNION ALL
		SELECT `+chatConvCols+`, f.left_at FROM chat_former_members f
			JOIN chat_conversations c ON c.id = f.conversation_id LEFT JOIN chat_members m ON 0 WHERE f.user_id = ?)
		WHERE `+cond+` ORDER BY sort_at DESC, id DESC LIMIT ?`, args...)
}

// SupportConversations lists every support conversation (for support staff, viewer's member
// row joined), newest activity first; open: only those whose last message came from the
// person who asked (waiting for an answer).
func (s *Store) SupportConversations(ctx context.Context, viewer int64, after *ChatCursor, limit int) ([]*ChatConversation, *ChatCursor, error) {
	cond, args := "1", []any{viewer}
	if after != nil {
		cond, args = "(c.last_message_at, c.id) < (?, ?)", append(args, after.At, after.ID)
	}
	return s.chatConvs(ctx, limit, `SELECT `+chatConvCols+` FROM chat_conversations c
		LEFT JOIN chat_members m ON m.conversation_id = c.id AND m.user_id = ?
		LEFT JOIN chat_former_members f ON 0
		WHERE c.kind = 'support' AND c.last_message_id > 0 AND `+cond+` ORDER BY c.last_message_at DESC, c.id DESC LIMIT ?`, args...)
}

// ChatMembers lists a conversation's members (oldest first).
func (s *Store) ChatMembers(ctx context.Context, convID int64) ([]ChatMember, error) {
	rows, err := s.rows(ctx, `SELECT m.user_id, u.first_name || ' ' || u.last_name, m.role, m.delivered_id, m.read_id, m.unread
		FROM chat_members m JOIN users u ON u.id = m.user_id WHERE m.conversation_id = ? ORDER BY m.joined_at, m.user_id`, convID)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []ChatMember{}
	for rows.Next() {
		var m ChatMember
		if err := rows.Scan(&m.UserID, &m.Name, &m.Role, &m.DeliveredID, &m.ReadID, &m.Unread); err != nil {
			return nil, mapErr(err)
		}
		out = append(out, m)
	}
	return out, mapErr(rows.Err())
}

// ChatMemberIDs lists the ids of a conversation's members.
func (s *Store) ChatMemberIDs(ctx context.Context, convID int64) ([]int64, error) {
	rows, err := s.rows(ctx, `SELECT user_id FROM chat_members WHERE conversation_id = ?`, convID)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []int64{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, mapErr(err)
		}
		out = append(out, id)
	}
	return out, mapErr(rows.Err())
}

const chatMsgCols = `x.id, x.conversation_id, coalesce(x.sender_id, 0), coalesce(u.first_name || ' ' || u.last_name, ''), x.client_id, x.body,
	coalesce(x.file_id, 0), coalesce(f.name, ''), coalesce(f.media_type, ''), coalesce(f.size, 0), x.created_at, x.edited_at, x.deleted_at,
	x.kind, coalesce(x.subject_id, 0), coalesce(s.first_name || ' ' || s.last_name, '')`

const chatMsgFrom = ` FROM chat_messages x LEFT JOIN users u ON u.id = x.sender_id LEFT JOIN files f ON f.id = x.file_id
	LEFT JOIN users s ON s.id = x.subject_id `

func scanChatMsg(sc scanner) (*ChatMessage, error) {
	var m ChatMessage
	var created string
	var edited, deleted *string
	if err := sc.Scan(&m.ID, &m.ConversationID, &m.SenderID, &m.SenderName, &m.ClientID, &m.Body, &m.FileID, &m.FileName,
		&m.FileType, &m.FileSize, &created, &edited, &deleted, &m.Kind, &m.SubjectID, &m.SubjectName); err != nil {
		return nil, mapErr(err)
	}
	m.CreatedAt, m.EditedAt, m.DeletedAt = ParseT(created), nullT(edited), nullT(deleted)
	return &m, nil
}

func (s *Store) chatMsgs(ctx context.Context, q string, args ...any) ([]*ChatMessage, error) {
	rows, err := s.rows(ctx, q, args...)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []*ChatMessage{}
	for rows.Next() {
		m, err := scanChatMsg(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, mapErr(rows.Err())
}

// ChatMessages returns up to limit messages of a conversation before message id before (0:
// the newest), newest first.
func (s *Store) ChatMessages(ctx context.Context, convID, before int64, limit int) ([]*ChatMessage, error) {
	if before <= 0 {
		before = 1<<62 - 1
	}
	return s.chatMsgs(ctx, `SELECT `+chatMsgCols+chatMsgFrom+`WHERE x.conversation_id = ? AND x.id < ? ORDER BY x.id DESC LIMIT ?`,
		convID, before, limit)
}

// ChatMessageByID returns message id, or ErrNotFound.
func (s *Store) ChatMessageByID(ctx context.Context, id int64) (*ChatMessage, error) {
	return scanChatMsg(s.row(ctx, `SELECT `+chatMsgCols+chatMsgFrom+`WHERE x.id = ?`, id))
}

// ChatMessageByClientID returns the message sender sent with clientID, or ErrNotFound.
func (s *Store) ChatMessageByClientID(ctx context.Context, sender int64, clientID string) (*ChatMessage, error) {
	return scanChatMsg(s.row(ctx, `SELECT `+chatMsgCols+chatMsgFrom+`WHERE x.sender_id = ? AND x.client_id = ? AND x.kind = 'text'`, sender, clientID))
}

// ChatMessagesBy lists the messages userID sent, newest first (the export).
func (s *Store) ChatMessagesBy(ctx context.Context, userID int64, limit int) ([]*ChatMessage, error) {
	return s.chatMsgs(ctx, `SELECT `+chatMsgCols+chatMsgFrom+`WHERE x.sender_id = ? AND x.kind = 'text' ORDER BY x.id DESC LIMIT ?`, userID, limit)
}

// AddChatEvent appends an event to the log and returns its id.
func (s *Store) AddChatEvent(ctx context.Context, convID int64, kind string, messageID, userID int64, now time.Time) (int64, error) {
	res, err := s.exec(ctx, `INSERT INTO chat_events (conversation_id, kind, message_id, user_id, created_at) VALUES (?, ?, ?, ?, ?)`,
		convID, kind, messageID, userID, T(now))
	if err != nil {
		return 0, err
	}
	return res.LastInsertId()
}

// InsertChatMessage stores a message: the conversation's last message moves, every other
// member's unread count grows by one, the sender has read everything up to it. It returns the
// message's id. A clientID the sender used before is ErrConflict.
func (s *Store) InsertChatMessage(ctx context.Context, m *ChatMessage, now time.Time) (int64, error) {
	var id int64
	err := s.InTx(ctx, func(tx *Store) error {
		var file any
		if m.FileID != 0 {
			file = m.FileID
		}
		res, err := tx.exec(ctx, `INSERT INTO chat_messages (conversation_id, sender_id, client_id, body, file_id, created_at)
			VALUES (?, ?, ?, ?, ?, ?)`, m.ConversationID, nullID(m.SenderID), m.ClientID, m.Body, file, T(now))
		if err != nil {
			return err
		}
		if id, err = res.LastInsertId(); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `UPDATE chat_conversations SET last_message_id = ?, last_message_at = ? WHERE id = ?`,
			id, T(now), m.ConversationID); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `UPDATE chat_members SET unread = unread + 1 WHERE conversation_id = ? AND user_id != ?`,
			m.ConversationID, m.SenderID); err != nil {
			return err
		}
		_, err = tx.exec(ctx, `UPDATE chat_members SET unread = 0, read_id = ?, delivered_id = ? WHERE conversation_id = ? AND user_id = ?`,
			id, id, m.ConversationID, m.SenderID)
		return err
	})
	return id, err
}

// EditChatMessage replaces a message's text.
func (s *Store) EditChatMessage(ctx context.Context, id int64, body string, now time.Time) error {
	return affected(s.exec(ctx, `UPDATE chat_messages SET body = ?, edited_at = ? WHERE id = ? AND deleted_at IS NULL`, body, T(now), id))
}

// DeleteChatMessage empties a message (its text and attachment go; the row stays as "deleted")
// and takes it out of the unread counts of the members who had not read it.
func (s *Store) DeleteChatMessage(ctx context.Context, m *ChatMessage, now time.Time) error {
	return s.InTx(ctx, func(tx *Store) error {
		if err := affected(tx.exec(ctx, `UPDATE chat_messages SET body = '', file_id = NULL, deleted_at = ? WHERE id = ? AND deleted_at IS NULL`,
			T(now), m.ID)); err != nil {
			return err
		}
		_, err := tx.exec(ctx, `UPDATE chat_members SET unread = max(unread - 1, 0)
			WHERE conversation_id = ? AND user_id != ? AND read_id < ?`, m.ConversationID, m.SenderID, m.ID)
		return err
	})
}

// MarkChatRead records that userID read a conversation up to message upTo (at most its last
// message) and recounts their unread messages. changed is false when nothing moved; read is
// the member's read position afterwards.
func (s *Store) MarkChatRead(ctx context.Context, convID, userID, upTo int64) (changed bool, read int64, err error) {
	err = s.InTx(ctx, func(tx *Store) error {
		var last, old int64
		if err := tx.row(ctx, `SELECT c.last_message_id, m.read_id FROM chat_members m JOIN chat_conversations c ON c.id = m.conversation_id
			WHERE m.conversation_id = ? AND m.user_id = ?`, convID, userID).Scan(&last, &old); err != nil {
			return mapErr(err)
		}
		read = min(upTo, last)
		if read <= old {
			read = old
			return nil
		}
		changed = true
		_, err := tx.exec(ctx, `UPDATE chat_members SET read_id = ?, delivered_id = max(delivered_id, ?),
			unread = (SELECT count(*) FROM chat_messages WHERE conversation_id = ? AND id > ? AND deleted_at IS NULL AND kind = 'text'
				AND coalesce(sender_id, 0) != ?)
			WHERE conversation_id = ? AND user_id = ?`, read, read, convID, read, userID, convID, userID)
		return err
	})
	return changed, read, err
}

// ChatDelivery is a member's new delivered position in a conversation.
type ChatDelivery struct {
	ConversationID int64
	MessageID      int64
}

// MarkChatDelivered records that everything in userID's conversations (convID 0: all of
// them) reached one of their devices, and returns the conversations where that moved.
func (s *Store) MarkChatDelivered(ctx context.Context, userID, convID int64) ([]ChatDelivery, error) {
	out := []ChatDelivery{}
	err := s.InTx(ctx, func(tx *Store) error {
		rows, err := tx.rows(ctx, `UPDATE chat_members AS m SET delivered_id = c.last_message_id FROM chat_conversations c
			WHERE c.id = m.conversation_id AND m.user_id = ? AND (? = 0 OR m.conversation_id = ?) AND m.delivered_id < c.last_message_id
			RETURNING conversation_id, delivered_id`, userID, convID, convID)
		if err != nil {
			return mapErr(err)
		}
		defer rows.Close()
		for rows.Next() {
			var d ChatDelivery
			if err := rows.Scan(&d.ConversationID, &d.MessageID); err != nil {
				return mapErr(err)
			}
			out = append(out, d)
		}
		return mapErr(rows.Err())
	})
	return out, err
}

// ChatUnreadTotal is the number of unread messages of userID across their conversations
// (one range of chat_members_user_idx).
func (s *Store) ChatUnreadTotal(ctx context.Context, userID int64) (int, error) {
	var n int
	err := s.row(ctx, `SELECT coalesce(sum(unread), 0) FROM chat_members WHERE user_id = ?`, userID).Scan(&n)
	return n, mapErr(err)
}

// ChatEventsFor returns the events after id after in the conversations userID is a member of
// (and, for support staff, in every support conversation), oldest first.
func (s *Store) ChatEventsFor(ctx context.Context, userID int64, support bool, after int64, limit int) ([]ChatEvent, error) {
	rows, err := s.rows(ctx, `SELECT e.id, e.conversation_id, e.kind, e.message_id, e.user_id, e.created_at FROM chat_events e
		WHERE e.id > ? AND (e.conversation_id IN (SELECT conversation_id FROM chat_members WHERE user_id = ?)
			OR (? AND e.conversation_id IN (SELECT id FROM chat_conversations WHERE kind = 'support'))
			OR EXISTS (SELECT 1 FROM chat_former_members f WHERE f.conversation_id = e.conversation_id AND f.user_id = ? AND e.id <= f.until_event_id))
		ORDER BY e.id LIMIT ?`, after, userID, support, userID, limit)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []ChatEvent{}
	for rows.Next() {
		var e ChatEvent
		var at string
		if err := rows.Scan(&e.ID, &e.ConversationID, &e.Kind, &e.MessageID, &e.UserID, &at); err != nil {
			return nil, mapErr(err)
		}
		e.CreatedAt = ParseT(at)
		out = append(out, e)
	}
	return out, mapErr(rows.Err())
}

// ChatLastEventID is the id of the newest event (0 when none): where a new stream starts.
func (s *Store) ChatLastEventID(ctx context.Context) (int64, error) {
	var id int64
	err := s.row(ctx, `SELECT coalesce(max(id), 0) FROM chat_events`).Scan(&id)
	return id, mapErr(err)
}

// AppliedToOrganization reports whether userID applied to a posting of organisation orgID.
func (s *Store) AppliedToOrganization(ctx context.Context, userID, orgID int64) (bool, error) {
	if userID == 0 || orgID == 0 {
		return false, nil
	}
	var n int
	err := s.row(ctx, `SELECT count(*) FROM applications a JOIN opportunities o ON o.id = a.opportunity_id
		WHERE a.user_id = ? AND o.organization_id = ?`, userID, orgID).Scan(&n)
	return n > 0, mapErr(err)
}

// ShareCommunity reports whether a and b are both active members of one community.
func (s *Store) ShareCommunity(ctx context.Context, a, b int64) (bool, error) {
	var n int
	err := s.row(ctx, `SELECT count(*) FROM community_members x JOIN community_members y ON y.community_id = x.community_id
		WHERE x.user_id = ? AND y.user_id = ? AND x.status = 'active' AND y.status = 'active'`, a, b).Scan(&n)
	return n > 0, mapErr(err)
}

// ChatContact is a person one may start a conversation with.
type ChatContact struct {
	UserID int64
	Name   string
	Why    string // organisation, applicant, staff, community
}

// ChatContacts lists people userID may talk to (the rules of app/workspace/chat mayTalk, as
// one query): colleagues of their organisation, applicants to it (staff), the staff of
// organisations they applied to, and the people of their communities; never anyone blocked
// either way. q filters by name (empty: all), at most limit, by name.
func (s *Store) ChatContacts(ctx context.Context, userID, orgID int64, staff bool, q string, limit int) ([]ChatContact, error) {
	var parts []string
	var args []any
	// The first part names the columns (uid, why).
	parts = append(parts, `SELECT ms.user_id AS uid, 'staff' AS why FROM applications a JOIN opportunities o ON o.id = a.opportunity_id
		JOIN memberships ms ON ms.organization_id = o.organization_id WHERE a.user_id = ?`)
	args = append(args, userID)
	if orgID != 0 {
		parts = append(parts, `SELECT user_id AS uid, 'organization' AS why FROM memberships WHERE organization_id = ?`)
		args = append(args, orgID)
		if staff {
			parts = append(parts, `SELECT a.user_id, 'applicant' FROM applications a JOIN opportunities o ON o.id = a.opportunity_id
				WHERE o.organization_id = ?`)
			args = append(args, orgID)
		}
	}
	parts = append(parts, `SELECT y.user_id, 'community' FROM community_members x JOIN community_members y ON y.community_id = x.community_id
		WHERE x.user_id = ? AND x.status = 'active' AND y.status = 'active'`)
	args = append(args, userID)
	hidden, hargs := NotHiddenFor("p.uid", userID)
	qcond := "1"
	if q = strings.TrimSpace(q); q != "" {
		qcond = `(u.first_name || ' ' || u.last_name) LIKE ? ESCAPE '\'`
		hargs = append(hargs, "%"+likeEscape(q)+"%")
	}
	rows, err := s.rows(ctx, `SELECT p.uid, u.first_name || ' ' || u.last_name, min(p.why) FROM (`+strings.Join(parts, " UNION ALL ")+`) AS p
		JOIN users u ON u.id = p.uid WHERE p.uid != ? AND `+hidden+` AND `+qcond+`
		GROUP BY p.uid ORDER BY 2, 1 LIMIT ?`, append(append(append(args, userID), hargs...), limit)...)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []ChatContact{}
	for rows.Next() {
		var c ChatContact
		if err := rows.Scan(&c.UserID, &c.Name, &c.Why); err != nil {
			return nil, mapErr(err)
		}
		out = append(out, c)
	}
	return out, mapErr(rows.Err())
}

func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// EraseChatSender empties the messages a deleted account sent: they stay in the others'
// conversations as "deleted" placeholders (the account's row going sets sender_id to NULL).
// System lines about the account lose its id (shown as a deleted account), and the groups it
// was the admin of get their oldest other member as admin. It writes nothing for a person who
// has none of these.
func (s *Store) EraseChatSender(ctx context.Context, userID int64, now time.Time) error {
	var sent, about, admin bool
	if err := s.row(ctx, `SELECT EXISTS (SELECT 1 FROM chat_messages WHERE sender_id = ? AND kind = 'text'),
		EXISTS (SELECT 1 FROM chat_messages WHERE subject_id = ?), EXISTS (SELECT 1 FROM chat_conversations WHERE admin_id = ?)`,
		userID, userID, userID).Scan(&sent, &about, &admin); err != nil {
		return mapErr(err)
	}
	if sent {
		if _, err := s.exec(ctx, `UPDATE chat_messages SET body = '', file_id = NULL, client_id = 'erased-' || id,
			deleted_at = coalesce(deleted_at, ?) WHERE sender_id = ? AND kind = 'text'`, T(now), userID); err != nil {
			return mapErr(err)
		}
	}
	if about {
		if _, err := s.exec(ctx, `UPDATE chat_messages SET subject_id = NULL WHERE subject_id = ?`, userID); err != nil {
			return mapErr(err)
		}
	}
	if admin {
		if _, err := s.exec(ctx, `UPDATE chat_conversations SET admin_id = (SELECT user_id FROM chat_members
			WHERE conversation_id = chat_conversations.id AND user_id != ? ORDER BY joined_at, user_id LIMIT 1) WHERE admin_id = ?`,
			userID, userID); err != nil {
			return mapErr(err)
		}
	}
	return nil
}

// ChatSeedMessages inserts n messages into a conversation in batches of one transaction each
// (the benchmark's seed; not for requests).
func (s *Store) ChatSeedMessages(ctx context.Context, convID, sender int64, n int, now time.Time) error {
	const batch = 20000
	for done := 0; done < n; {
		k := min(batch, n-done)
		err := s.InTx(ctx, func(tx *Store) error {
			var b strings.Builder
			args := make([]any, 0, 500*5)
			flush := func() error {
				if len(args) == 0 {
					return nil
				}
				q := `INSERT INTO chat_messages (conversation_id, sender_id, client_id, body, created_at) VALUES ` + strings.TrimSuffix(b.String(), ",")
				_, err := tx.exec(ctx, q, args...)
				b.Reset()
				args = args[:0]
				return err
			}
			for i := 0; i < k; i++ {
				b.WriteString("(?,?,?,?,?),")
				args = append(args, convID, sender, "seed-"+strconv.FormatInt(convID, 10)+"-"+strconv.Itoa(done+i), "message number "+strconv.Itoa(done+i), T(now))
				if len(args) >= 500*5 {
					if err := flush(); err != nil {
						return err
					}
				}
			}
			if err := flush(); err != nil {
				return err
			}
			_, err := tx.exec(ctx, `UPDATE chat_conversations SET last_message_id = (SELECT max(id) FROM chat_messages WHERE conversation_id = ?),
				last_message_at = ? WHERE id = ?`, convID, T(now), convID)
			return err
		})
		if err != nil {
			return err
		}
		done += k
	}
	return nil
}
