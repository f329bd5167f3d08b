package chat

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"gerege/app/platform/notify"
	"gerege/app/platform/web"
	"gerege/db"
)

// Group conversations' members. The group's admin (its creator; when the last admin leaves,
// the member who joined first) adds people — only people they may talk to (mayTalk, blocks
// both ways with every member, a verified national ID) — removes members and renames the
// group; any member leaves. Each change is a system line of the conversation (kept as who did
// what to whom, worded by each reader's client in their language) delivered like a message,
// live and on the API. A removed member's member row goes in the same transaction: from then
// on no message, event or unread count reaches them, and they cannot write (403
// chat_not_member); they keep the history up to the line that removed them, read-only.

// line is a system line stored by a change, to publish once it is committed.
type line struct {
	msgID, evID int64
	also        int64 // someone who is no longer a member but hears of this line (the removed, the leaver)
}

// group loads the conversation of the path for a change by one of its members: 409 when it is
// not a group, 403 chat_not_member for a former member, 403 chat_not_admin when admin is asked
// for and the caller is not the admin.
func (h *Handlers) group(r *http.Request, admin bool) (*db.User, *db.ChatConversation, error) {
	u, c, err := h.pathConversation(r)
	if err != nil {
		return nil, nil, err
	}
	switch {
	case c.Kind != "group":
		return nil, nil, web.Conflict(web.M("chat.errors.notGroup"))
	case !c.Member:
		return nil, nil, notMember()
	case admin && c.AdminID != u.ID:
		return nil, nil, notAdmin()
	}
	return u, c, nil
}

func notAdmin() *web.Error {
	return &web.Error{Status: http.StatusForbidden, Code: "chat_not_admin", Message: web.M("chat.errors.notAdmin")}
}

// stillAdmin checks again inside the change's transaction that u is a member and the admin.
func stillAdmin(ctx context.Context, tx *db.Store, c *db.ChatConversation, u *db.User) error {
	if ok, err := tx.IsChatMember(ctx, c.ID, u.ID); err != nil {
		return err
	} else if !ok {
		return notMember()
	}
	if id, err := tx.ChatAdminOf(ctx, c.ID); err != nil {
		return err
	} else if id != u.ID {
		return notAdmin()
	}
	return nil
}

// systemLine stores a system line and its event in tx.
func (h *Handlers) systemLine(ctx context.Context, tx *db.Store, c *db.ChatConversation, by int64, kind string, subject int64, body string) (line, error) {
	now := h.Now()
	id, err := tx.InsertChatSystemLine(ctx, c.ID, by, kind, subject, body, now)
	if err != nil {
		return line{}, err
	}
	ev, err := tx.AddChatEvent(ctx, c.ID, "message", id, by, now)
	return line{msgID: id, evID: ev}, err
}

// publishLines sends the committed lines to the conversation's members now (and to whoever
// each line also concerns).
func (h *Handlers) publishLines(ctx context.Context, c *db.ChatConversation, lines []line) {
	ids, err := h.Store.ChatMemberIDs(ctx, c.ID)
	if err != nil {
		return // they catch up from the database when they reconnect
	}
	for _, l := range lines {
		m, err := h.Store.ChatMessageByID(ctx, l.msgID)
		if err != nil {
			return
		}
		v := messageView(m, 0, nil)
		to := ids
		if l.also != 0 && !slices.Contains(ids, l.also) {
			to = append(slices.Clone(ids), l.also)
		}
		h.Hub.Publish(to, false, Event{ID: l.evID, Type: "message", ConversationID: c.ID, Message: &v})
	}
}

// AddMembers is POST /api/chat/conversations/{id}/members.
func (h *Handlers) AddMembers(w http.ResponseWriter, r *http.Request) error {
	u, c, err := h.group(r, true)
	if err != nil {
		return err
	}
	ctx := r.Context()
	var req MembersRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	members, err := h.Store.ChatMemberIDs(ctx, c.ID)
	if err != nil {
		return err
	}
	ids := []int64{}
	for _, id := range req.UserIDs {
		if !slices.Contains(members, id) && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	var chk web.Checker
	if len(req.UserIDs) == 0 {
		chk.Add("userIds", web.M("validation.required"))
	} else if len(members)+len(ids) > MaxGroup+1 {
		chk.Add("userIds", web.M("chat.errors.groupFull", "max", MaxGroup+1))
	}
	if err := chk.Err(); err != nil {
		return err
	}
	if len(ids) == 0 { // everyone is in already
		return h.answerConversation(w, r, u, c.ID, http.StatusOK)
	}
	if err := needsID(ctx, h.Store, u); err != nil {
		return err
	}
	if err := h.limit(u, "members"); err != nil {
		return err
	}
	if err := h.mayTalkToAll(ctx, u, ids, members); err != nil {
		return err
	}
	var lines []line
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		lines = nil
		if err := stillAdmin(ctx, tx, c, u); err != nil {
			return err
		}
		for _, id := range ids {
			if err := tx.JoinChatGroup(ctx, c.ID, id, h.Now()); err != nil {
				return err
			}
			l, err := h.systemLine(ctx, tx, c, u.ID, "added", id, "")
			if err != nil {
				return err
			}
			lines = append(lines, l)
			if err := notify.Send(ctx, tx, notify.Notification{UserID: id, Kind: AddedToGroup.Name,
				Params: map[string]string{"name": strings.TrimSpace(u.FirstName + " " + u.LastName)},
				Link:   "/dashboard/chat?c=" + strconv.FormatInt(c.ID, 10), At: h.Now()}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	h.publishLines(ctx, c, lines)
	return h.answerConversation(w, r, u, c.ID, http.StatusOK)
}

// RemoveMember is DELETE /api/chat/conversations/{id}/members/{userId}: the admin removes a
// member (removing oneself is leaving).
func (h *Handlers) RemoveMember(w http.ResponseWriter, r *http.Request) error {
	target, err := web.PathID(r, "userId")
	if err != nil {
		return err
	}
	if u := h.user(r); u != nil && target == u.ID {
		return h.Leave(w, r)
	}
	u, c, err := h.group(r, true)
	if err != nil {
		return err
	}
	ctx := r.Context()
	var lines []line
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		lines = nil
		if err := stillAdmin(ctx, tx, c, u); err != nil {
			return err
		}
		if ok, err := tx.IsChatMember(ctx, c.ID, target); err != nil {
			return err
		} else if !ok {
			return web.NotFound()
		}
		l, err := h.systemLine(ctx, tx, c, u.ID, "removed", target, "")
		if err != nil {
			return err
		}
		l.also = target // they hear that they were removed, and nothing after
		lines = append(lines, l)
		return tx.RemoveChatMember(ctx, c.ID, target, l.msgID, l.evID, h.Now())
	})
	if err != nil {
		return err
	}
	h.publishLines(ctx, c, lines)
	return h.answerConversation(w, r, u, c.ID, http.StatusOK)
}

// Leave is POST /api/chat/conversations/{id}/leave. When the admin leaves, the member who
// joined first becomes the admin (a line says so).
func (h *Handlers) Leave(w http.ResponseWriter, r *http.Request) error {
	u, c, err := h.group(r, false)
	if err != nil {
		return err
	}
	ctx := r.Context()
	var lines []line
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		lines = nil
		if ok, err := tx.IsChatMember(ctx, c.ID, u.ID); err != nil {
			return err
		} else if !ok {
			return notMember()
		}
		l, err := h.systemLine(ctx, tx, c, u.ID, "left", u.ID, "")
		if err != nil {
			return err
		}
		l.also = u.ID
		lines = append(lines, l)
		if err := tx.RemoveChatMember(ctx, c.ID, u.ID, l.msgID, l.evID, h.Now()); err != nil {
			return err
		}
		admin, err := tx.ChatAdminOf(ctx, c.ID)
		if err != nil || admin != u.ID {
			return err
		}
		next, err := tx.OldestChatMember(ctx, c.ID)
		if err != nil {
			return err
		}
		if err := tx.SetChatAdmin(ctx, c.ID, next); err != nil || next == 0 {
			return err
		}
		l, err = h.systemLine(ctx, tx, c, u.ID, "admin", next, "")
		lines = append(lines, l)
		return err
	})
	if err != nil {
		return err
	}
	h.publishLines(ctx, c, lines)
	return h.answerConversation(w, r, u, c.ID, http.StatusOK)
}

// Rename is PATCH /api/chat/conversations/{id}: the admin changes the group's title.
func (h *Handlers) Rename(w http.ResponseWriter, r *http.Request) error {
	u, c, err := h.group(r, true)
	if err != nil {
		return err
	}
	ctx := r.Context()
	var req RenameRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	req.Title = strings.TrimSpace(req.Title)
	var chk web.Checker
	chk.Text("title", req.Title, false, MaxTitle)
	if err := chk.Err(); err != nil {
		return err
	}
	if req.Title == c.Title {
		return h.answerConversation(w, r, u, c.ID, http.StatusOK)
	}
	if err := h.limit(u, "members"); err != nil {
		return err
	}
	var lines []line
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		lines = nil
		if err := stillAdmin(ctx, tx, c, u); err != nil {
			return err
		}
		if err := tx.RenameChat(ctx, c.ID, req.Title); err != nil {
			return err
		}
		l, err := h.systemLine(ctx, tx, c, u.ID, "renamed", 0, req.Title)
		lines = append(lines, l)
		return err
	})
	if err != nil {
		return err
	}
	h.publishLines(ctx, c, lines)
	return h.answerConversation(w, r, u, c.ID, http.StatusOK)
}
