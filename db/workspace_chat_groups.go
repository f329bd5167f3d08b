package db

// Group conversations' members (app/workspace/chat, groups.go): adding, removing, leaving,
// the admin, the title, and the system lines that tell the members what changed.

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"time"
)

// InsertChatSystemLine stores a system line of a conversation (kind added, removed, left,
// renamed or admin; by: who did it, subject: to whom, body: the new title of renamed) and
// makes it the conversation's last message. It counts in nobody's unread messages.
func (s *Store) InsertChatSystemLine(ctx context.Context, convID, by int64, kind string, subject int64, body string, now time.Time) (int64, error) {
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		return 0, err
	}
	var id int64
	err := s.InTx(ctx, func(tx *Store) error {
		res, err := tx.exec(ctx, `INSERT INTO chat_messages (conversation_id, sender_id, client_id, body, created_at, kind, subject_id)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, convID, nullID(by), "sys-"+hex.EncodeToString(b[:]), body, T(now), kind, nullID(subject))
		if err != nil {
			return err
		}
		if id, err = res.LastInsertId(); err != nil {
			return err
		}
		_, err = tx.exec(ctx, `UPDATE chat_conversations SET last_message_id = ?, last_message_at = ? WHERE id = ?`, id, T(now), convID)
		return err
	})
	return id, err
}

// IsChatMember reports whether userID is a member of conversation convID now.
func (s *Store) IsChatMember(ctx context.Context, convID, userID int64) (bool, error) {
	var ok bool
	err := s.row(ctx, `SELECT EXISTS (SELECT 1 FROM chat_members WHERE conversation_id = ? AND user_id = ?)`, convID, userID).Scan(&ok)
	return ok, mapErr(err)
}

// ChatAdminOf is the admin of group convID (0: none).
func (s *Store) ChatAdminOf(ctx context.Context, convID int64) (int64, error) {
	var id int64
	err := s.row(ctx, `SELECT coalesce(admin_id, 0) FROM chat_conversations WHERE id = ?`, convID).Scan(&id)
	return id, mapErr(err)
}

// JoinChatGroup makes userID a member of group convID again or for the first time (their
// former member row, if any, goes); they start with everything before now read.
func (s *Store) JoinChatGroup(ctx context.Context, convID, userID int64, now time.Time) error {
	return s.InTx(ctx, func(tx *Store) error {
		if _, err := tx.exec(ctx, `DELETE FROM chat_former_members WHERE conversation_id = ? AND user_id = ?`, convID, userID); err != nil {
			return err
		}
		return tx.AddChatMember(ctx, convID, userID, "member", now)
	})
}

// RemoveChatMember takes userID out of conversation convID: their member row goes (so no
// later message, event or unread count reaches them) and they keep the history up to
// message untilMessage and event untilEvent, under the group's title now. ErrNotFound when they were not a member.
func (s *Store) RemoveChatMember(ctx context.Context, convID, userID, untilMessage, untilEvent int64, now time.Time) error {
	return s.InTx(ctx, func(tx *Store) error {
		if err := affected(tx.exec(ctx, `DELETE FROM chat_members WHERE conversation_id = ? AND user_id = ?`, convID, userID)); err != nil {
			return err
		}
		_, err := tx.exec(ctx, `INSERT INTO chat_former_members (conversation_id, user_id, until_message_id, until_event_id, left_at, title)
			SELECT ?, ?, ?, ?, ?, title FROM chat_conversations WHERE id = ? ON CONFLICT DO UPDATE SET until_message_id = excluded.until_message_id,
			until_event_id = excluded.until_event_id, left_at = excluded.left_at, title = excluded.title`,
			convID, userID, untilMessage, untilEvent, T(now), convID)
		return err
	})
}

// OldestChatMember is the member of convID who joined first (0 when nobody is left).
func (s *Store) OldestChatMember(ctx context.Context, convID int64) (int64, error) {
	var id int64
	err := s.row(ctx, `SELECT user_id FROM chat_members WHERE conversation_id = ? ORDER BY joined_at, user_id LIMIT 1`, convID).Scan(&id)
	if IsNotFound(mapErr(err)) {
		return 0, nil
	}
	return id, mapErr(err)
}

// SetChatAdmin makes userID (0: nobody) the admin of group convID.
func (s *Store) SetChatAdmin(ctx context.Context, convID, userID int64) error {
	return affected(s.exec(ctx, `UPDATE chat_conversations SET admin_id = ? WHERE id = ?`, nullID(userID), convID))
}

// RenameChat changes the title of group convID.
func (s *Store) RenameChat(ctx context.Context, convID int64, title string) error {
	return affected(s.exec(ctx, `UPDATE chat_conversations SET title = ? WHERE id = ?`, title, convID))
}
