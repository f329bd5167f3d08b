package chat

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"gerege/app/platform/authz"
	"gerege/app/platform/notify"
	"gerege/app/platform/web"
	"gerege/db"
)

// ReadState is the caller's position in a conversation after marking it read.
type ReadState struct {
	ReadID      int64 `json:"readId"`
	Unread      int   `json:"unread"`
	UnreadTotal int   `json:"unreadTotal"`
}

// conversation loads conversation id for the caller: a member's, or any support conversation
// for support staff. Anyone else gets 404, as for a conversation that does not exist.
func (h *Handlers) conversation(ctx context.Context, u *db.User, id int64) (*db.ChatConversation, error) {
	c, err := h.Store.ChatConversationFor(ctx, id, u.ID)
	if db.IsNotFound(err) {
		return nil, web.NotFound()
	}
	if err != nil {
		return nil, err
	}
	if !c.Member && !c.Former && !(c.Kind == "support" && authz.Can(u, authz.WorkspaceSupportAnswer)) {
		return nil, web.NotFound()
	}
	return c, nil
}

// notMember refuses a former member of a group anything but reading its history.
func notMember() *web.Error {
	return &web.Error{Status: http.StatusForbidden, Code: "chat_not_member", Message: web.M("chat.errors.notMember")}
}

func (h *Handlers) pathConversation(r *http.Request) (*db.User, *db.ChatConversation, error) {
	id, err := pathID(r)
	if err != nil {
		return nil, nil, err
	}
	u := h.user(r)
	c, err := h.conversation(r.Context(), u, id)
	return u, c, err
}

// conversationView is c with its members and last message.
func (h *Handlers) conversationView(ctx context.Context, viewer int64, c *db.ChatConversation) (ConversationView, error) {
	v := ConversationView{ID: c.ID, Kind: c.Kind, Title: c.Title, LastMessageAt: c.LastMessageAt, Unread: c.Unread, ReadID: c.ReadID,
		Member: c.Member, Members: []MemberView{}, AdminID: c.AdminID, Former: c.Former}
	members, err := h.Store.ChatMembers(ctx, c.ID)
	if err != nil {
		return v, err
	}
	if c.Former { // who is in the group now is none of their business
		members = nil
	}
	for _, m := range members {
		v.Members = append(v.Members, MemberView{UserID: m.UserID, Name: m.Name, Role: m.Role, DeliveredID: m.DeliveredID, ReadID: m.ReadID})
	}
	if c.LastMessageID != 0 {
		m, err := h.Store.ChatMessageByID(ctx, c.LastMessageID)
		if err != nil && !db.IsNotFound(err) {
			return v, err
		}
		if m != nil {
			mv := messageView(m, viewer, members)
			v.LastMessage = &mv
		}
	}
	return v, nil
}

// messageView is m as viewer sees it; members (may be nil) give the status of viewer's own.
func messageView(m *db.ChatMessage, viewer int64, members []db.ChatMember) MessageView {
	v := MessageView{ID: m.ID, ConversationID: m.ConversationID, SenderID: m.SenderID, SenderName: m.SenderName, ClientID: m.ClientID,
		Body: m.Body, CreatedAt: m.CreatedAt, Deleted: !m.DeletedAt.IsZero(), Kind: m.Kind, SubjectID: m.SubjectID, SubjectName: m.SubjectName}
	if !m.EditedAt.IsZero() {
		t := m.EditedAt
		v.EditedAt = &t
	}
	if m.FileID != 0 && v.Deleted == false {
		v.Attachment = &AttachmentView{Name: m.FileName, MediaType: m.FileType, Size: m.FileSize}
	}
	if m.SenderID == viewer && viewer != 0 && members != nil && m.Kind == "text" {
		v.Status = status(m.ID, viewer, members)
	}
	return v
}

// status of message id of sender: read when every other member read it, delivered when it
// reached a device of every other member, sent before.
func status(id, sender int64, members []db.ChatMember) string {
	delivered, read, others := true, true, 0
	for _, m := range members {
		if m.UserID == sender {
			continue
		}
		others++
		delivered = delivered && m.DeliveredID >= id
		read = read && m.ReadID >= id
	}
	switch {
	case others == 0:
		return "sent"
	case read:
		return "read"
	case delivered:
		return "delivered"
	}
	return "sent"
}

func cursorOf(r *http.Request) (*db.ChatCursor, error) {
	a := r.URL.Query().Get("after")
	if a == "" {
		return nil, nil
	}
	var c db.ChatCursor
	if err := web.DecodeCursor(a, &c); err != nil {
		return nil, err
	}
	return &c, nil
}

func (h *Handlers) list(w http.ResponseWriter, r *http.Request, support bool) error {
	u := h.user(r)
	ctx := r.Context()
	after, err := cursorOf(r)
	if err != nil {
		return err
	}
	var list []*db.ChatConversation
	var next *db.ChatCursor
	if support {
		list, next, err = h.Store.SupportConversations(ctx, u.ID, after, listSize)
	} else {
		list, next, err = h.Store.ChatConversationsOf(ctx, u.ID, after, listSize)
	}
	if err != nil {
		return err
	}
	out := ConversationList{Items: []ConversationView{}}
	for _, c := range list {
		v, err := h.conversationView(ctx, u.ID, c)
		if err != nil {
			return err
		}
		out.Items = append(out.Items, v)
	}
	if out.UnreadTotal, err = h.Store.ChatUnreadTotal(ctx, u.ID); err != nil {
		return err
	}
	if next != nil {
		out.Next = web.EncodeCursor(next)
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// ListConversations is GET /api/chat/conversations.
func (h *Handlers) ListConversations(w http.ResponseWriter, r *http.Request) error {
	return h.list(w, r, false)
}

// ListSupport is GET /api/chat/support.
func (h *Handlers) ListSupport(w http.ResponseWriter, r *http.Request) error {
	return h.list(w, r, true)
}

// GetConversation is GET /api/chat/conversations/{id}.
func (h *Handlers) GetConversation(w http.ResponseWriter, r *http.Request) error {
	u, c, err := h.pathConversation(r)
	if err != nil {
		return err
	}
	v, err := h.conversationView(r.Context(), u.ID, c)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, v)
	return nil
}

// CreateConversation is POST /api/chat/conversations.
func (h *Handlers) CreateConversation(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	ctx := r.Context()
	var req ConversationRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	var c web.Checker
	ids := []int64{}
	for _, id := range req.UserIDs {
		if id != u.ID && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		c.Add("userIds", web.M("validation.required"))
	} else if len(ids) > MaxGroup {
		c.Add("userIds", web.M("chat.errors.groupSize", "max", MaxGroup))
	}
	req.Title = strings.TrimSpace(req.Title)
	c.Text("title", req.Title, false, MaxTitle)
	if err := c.Err(); err != nil {
		return err
	}
	if err := needsID(ctx, h.Store, u); err != nil {
		return err
	}
	if err := h.limit(u, "conversation"); err != nil {
		return err
	}
	if err := h.mayTalkToAll(ctx, u, ids, nil); err != nil {
		return err
	}
	now := h.Now()
	members := []db.ChatMemberRole{{UserID: u.ID, Role: "member"}}
	for _, id := range ids {
		members = append(members, db.ChatMemberRole{UserID: id, Role: "member"})
	}
	kind, key, title := "group", "", req.Title
	if len(ids) == 1 {
		kind, key, title = "direct", pairKey(u.ID, ids[0]), ""
		if id, err := h.Store.ChatConversationByKey(ctx, key); err == nil {
			return h.answerConversation(w, r, u, id, http.StatusOK)
		} else if !db.IsNotFound(err) {
			return err
		}
	}
	// A group's people are told they were added (chat.added, as when the admin adds someone
	// later), in the transaction that creates it; the creator is not.
	var id int64
	err := h.Store.InTx(ctx, func(tx *db.Store) error {
		var err error
		if id, err = tx.CreateChatConversation(ctx, kind, title, key, u.ID, members, now); err != nil || kind != "group" {
			return err
		}
		for _, m := range ids {
			if err := notify.Send(ctx, tx, notify.Notification{UserID: m, Kind: AddedToGroup.Name,
				Params: map[string]string{"name": strings.TrimSpace(u.FirstName + " " + u.LastName)},
				Link:   "/dashboard/chat?c=" + strconv.FormatInt(id, 10), At: now}); err != nil {
				return err
			}
		}
		return nil
	})
	if errors.Is(err, db.ErrConflict) && key != "" { // created by the other at the same moment
		if id, err = h.Store.ChatConversationByKey(ctx, key); err == nil {
			return h.answerConversation(w, r, u, id, http.StatusOK)
		}
	}
	if err != nil {
		return err
	}
	return h.answerConversation(w, r, u, id, http.StatusCreated)
}

func pairKey(a, b int64) string {
	if a > b {
		a, b = b, a
	}
	return strconv.FormatInt(a, 10) + ":" + strconv.FormatInt(b, 10)
}

func (h *Handlers) answerConversation(w http.ResponseWriter, r *http.Request, u *db.User, id int64, status int) error {
	c, err := h.Store.ChatConversationFor(r.Context(), id, u.ID)
	if err != nil {
		return err
	}
	v, err := h.conversationView(r.Context(), u.ID, c)
	if err != nil {
		return err
	}
	web.JSON(w, status, v)
	return nil
}

// StartSupport is POST /api/chat/support: the caller's one support conversation.
func (h *Handlers) StartSupport(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	ctx := r.Context()
	key := "support:" + strconv.FormatInt(u.ID, 10)
	if id, err := h.Store.ChatConversationByKey(ctx, key); err == nil {
		return h.answerConversation(w, r, u, id, http.StatusOK)
	} else if !db.IsNotFound(err) {
		return err
	}
	id, err := h.Store.CreateChatConversation(ctx, "support", "", key, u.ID, []db.ChatMemberRole{{UserID: u.ID, Role: "member"}}, h.Now())
	if errors.Is(err, db.ErrConflict) {
		if id, err = h.Store.ChatConversationByKey(ctx, key); err == nil {
			return h.answerConversation(w, r, u, id, http.StatusOK)
		}
	}
	if err != nil {
		return err
	}
	return h.answerConversation(w, r, u, id, http.StatusCreated)
}

// Contacts is GET /api/chat/contacts.
func (h *Handlers) Contacts(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	list, err := authz.Contacts(r, h.Store, u)
	if err != nil {
		return err
	}
	out := ContactList{Items: []ContactView{}}
	for _, c := range list {
		out.Items = append(out.Items, ContactView{UserID: c.UserID, Name: c.Name, Why: c.Why})
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// ListMessages is GET /api/chat/conversations/{id}/messages.
func (h *Handlers) ListMessages(w http.ResponseWriter, r *http.Request) error {
	u, c, err := h.pathConversation(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	q := r.URL.Query()
	var before int64
	limit := pageSize
	var chk web.Checker
	if s := q.Get("before"); s != "" {
		if before, err = strconv.ParseInt(s, 10, 64); err != nil || before <= 0 {
			chk.Add("before", web.M("chat.errors.badNumber"))
		}
	}
	if s := q.Get("limit"); s != "" {
		if limit, err = strconv.Atoi(s); err != nil || limit < 1 || limit > maxPage {
			chk.Add("limit", web.M("chat.errors.limit", "max", maxPage))
		}
	}
	if err := chk.Err(); err != nil {
		return err
	}
	if c.Member {
		h.deliver(r, u.ID, c.ID)
	}
	if c.Former && (before == 0 || before > c.UntilMessageID) { // their history ends where they left
		before = c.UntilMessageID + 1
	}
	list, err := h.Store.ChatMessages(ctx, c.ID, before, limit)
	if err != nil {
		return err
	}
	members, err := h.Store.ChatMembers(ctx, c.ID)
	if err != nil {
		return err
	}
	out := MessagePage{Items: []MessageView{}}
	for _, m := range list {
		out.Items = append(out.Items, messageView(m, u.ID, members))
	}
	if len(list) == limit {
		out.Before = list[len(list)-1].ID
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// deliver records that the conversations of user (convID 0: all) reached their device and
// tells the senders. A failure only costs the receipt, so it is logged, not answered.
func (h *Handlers) deliver(r *http.Request, user, convID int64) {
	ctx := r.Context()
	var events []Event
	var convs []int64
	err := h.Store.InTx(ctx, func(tx *db.Store) error {
		events, convs = nil, nil
		moved, err := tx.MarkChatDelivered(ctx, user, convID)
		if err != nil {
			return err
		}
		for _, d := range moved {
			id, err := tx.AddChatEvent(ctx, d.ConversationID, "delivered", d.MessageID, user, h.Now())
			if err != nil {
				return err
			}
			events = append(events, Event{ID: id, Type: "delivered", ConversationID: d.ConversationID, UserID: user, MessageID: d.MessageID})
			convs = append(convs, d.ConversationID)
		}
		return nil
	})
	if err != nil {
		web.Logger(r).Warn("chat: delivery receipt", "error", err.Error())
		return
	}
	for i, ev := range events {
		h.publish(ctx, convs[i], ev)
	}
}

// publish sends ev to the members of conversation convID (and to support staff for support
// conversations).
func (h *Handlers) publish(ctx context.Context, convID int64, ev Event) {
	ids, err := h.Store.ChatMemberIDs(ctx, convID)
	if err != nil {
		return // the receivers catch up from the database when they reconnect
	}
	c, err := h.Store.ChatConversationFor(ctx, convID, 0)
	h.Hub.Publish(ids, err == nil && c.Kind == "support", ev)
}

// SendMessage is POST /api/chat/conversations/{id}/messages.
func (h *Handlers) SendMessage(w http.ResponseWriter, r *http.Request) error {
	u, c, err := h.pathConversation(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	if c.Former {
		return notMember()
	}
	var req MessageRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	if err := checkMessage(&req); err != nil {
		return err
	}
	// The same client id again: the message it made (a retry after a lost answer or an
	// offline queue sent twice), whatever happened since.
	if m, err := h.Store.ChatMessageByClientID(ctx, u.ID, req.ClientID); err == nil {
		return h.answerExisting(w, r, u, c, m)
	} else if !db.IsNotFound(err) {
		return err
	}
	if c.Kind != "support" {
		if err := needsID(ctx, h.Store, u); err != nil {
			return err
		}
	}
	if err := h.limit(u, "message"); err != nil {
		return err
	}
	members, err := h.Store.ChatMembers(ctx, c.ID)
	if err != nil {
		return err
	}
	if c.Kind == "direct" {
		for _, m := range members {
			if m.UserID == u.ID {
				continue
			}
			other, err := h.Store.UserByID(ctx, m.UserID)
			if err != nil {
				return err
			}
			why, err := mayTalk(ctx, h.Store, u, other)
			if err != nil {
				return err
			}
			if why == "" {
				return notAllowed()
			}
		}
	}
	now := h.Now()
	support := c.Kind == "support"
	msg := &db.ChatMessage{ConversationID: c.ID, SenderID: u.ID, ClientID: req.ClientID, Body: req.Body, FileID: req.FileID}
	var evID int64
	var delivered []Event
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		delivered = nil
		if c.Member { // still: a removal may have come since the conversation was read
			if ok, err := tx.IsChatMember(ctx, c.ID, u.ID); err != nil {
				return err
			} else if !ok {
				return notMember()
			}
		} else { // support staff answering: from now on a member
			if err := tx.AddChatMember(ctx, c.ID, u.ID, "support", now); err != nil {
				return err
			}
		}
		if req.FileID != 0 {
			if err := h.Files.Attach(ctx, tx, u.ID, req.FileID); err != nil {
				if db.IsNotFound(err) {
					return web.Invalid(map[string]web.Msg{"fileId": web.M("chat.errors.file")})
				}
				return err
			}
		}
		id, err := tx.InsertChatMessage(ctx, msg, now)
		if err != nil {
			return err
		}
		msg.ID = id
		if evID, err = tx.AddChatEvent(ctx, c.ID, "message", id, u.ID, now); err != nil {
			return err
		}
		after, err := tx.ChatMembers(ctx, c.ID)
		if err != nil {
			return err
		}
		members = after
		for _, m := range after {
			if m.UserID == u.ID {
				continue
			}
			if h.Hub.Online(m.UserID) { // it reaches their open stream now
				if _, err := tx.MarkChatDelivered(ctx, m.UserID, c.ID); err != nil {
					return err
				}
				did, err := tx.AddChatEvent(ctx, c.ID, "delivered", id, m.UserID, now)
				if err != nil {
					return err
				}
				delivered = append(delivered, Event{ID: did, Type: "delivered", ConversationID: c.ID, UserID: m.UserID, MessageID: id})
				continue
			}
			if m.Unread == 1 { // the first message waiting for them here: tell them once
				if err := h.notify(ctx, tx, u, c, m.UserID); err != nil {
					return err
				}
			}
		}
		if support && len(after) == 1 && after[0].UserID == u.ID && c.LastMessageID == 0 {
			// A new support conversation: every admin hears of it.
			admins, err := tx.PlatformAdmins(ctx)
			if err != nil {
				return err
			}
			for _, a := range admins {
				if a != u.ID && !h.Hub.Online(a) {
					if err := h.notify(ctx, tx, u, c, a); err != nil {
						return err
					}
				}
			}
		}
		return nil
	})
	if errors.Is(err, db.ErrConflict) { // the same client id, sent twice at the same moment
		if m, err := h.Store.ChatMessageByClientID(ctx, u.ID, req.ClientID); err == nil {
			return h.answerExisting(w, r, u, c, m)
		}
	}
	if err != nil {
		return err
	}
	stored, err := h.Store.ChatMessageByID(ctx, msg.ID)
	if err != nil {
		return err
	}
	if members, err = h.Store.ChatMembers(ctx, c.ID); err != nil {
		return err
	}
	v := messageView(stored, u.ID, members)
	ids := make([]int64, 0, len(members))
	for _, m := range members {
		ids = append(ids, m.UserID)
	}
	h.Hub.Publish(ids, support, Event{ID: evID, Type: "message", ConversationID: c.ID, Message: &v})
	for _, ev := range delivered {
		h.Hub.Publish(ids, support, ev)
	}
	web.JSON(w, http.StatusCreated, v)
	return nil
}

func (h *Handlers) notify(ctx context.Context, tx *db.Store, from *db.User, c *db.ChatConversation, to int64) error {
	return notify.Send(ctx, tx, notify.Notification{UserID: to, Kind: NewMessage.Name,
		Params: map[string]string{"name": strings.TrimSpace(from.FirstName + " " + from.LastName)},
		Link:   "/dashboard/chat?c=" + strconv.FormatInt(c.ID, 10), At: h.Now()})
}

// answerExisting answers a send whose client id was used before: the stored message when it
// is in the same conversation, else a field error (an id is one message).
func (h *Handlers) answerExisting(w http.ResponseWriter, r *http.Request, u *db.User, c *db.ChatConversation, m *db.ChatMessage) error {
	if m.ConversationID != c.ID {
		return web.Invalid(map[string]web.Msg{"clientId": web.M("chat.errors.clientIdUsed")})
	}
	members, err := h.Store.ChatMembers(r.Context(), c.ID)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, messageView(m, u.ID, members))
	return nil
}

// ownMessage loads message {id} for a change by its sender: 404 when the caller may not read
// it, 403 when it is someone else's, 403 chat_edit_window after 15 minutes, 409 once deleted.
func (h *Handlers) ownMessage(r *http.Request) (*db.User, *db.ChatMessage, error) {
	id, err := pathID(r)
	if err != nil {
		return nil, nil, err
	}
	u := h.user(r)
	m, err := h.Store.ChatMessageByID(r.Context(), id)
	if db.IsNotFound(err) {
		return nil, nil, web.NotFound()
	}
	if err != nil {
		return nil, nil, err
	}
	c, err := h.conversation(r.Context(), u, m.ConversationID)
	if err != nil {
		return nil, nil, err
	}
	if c.Former && m.ID > c.UntilMessageID {
		return nil, nil, web.NotFound()
	}
	switch {
	case c.Former:
		return nil, nil, notMember()
	case m.SenderID != u.ID || m.Kind != "text":
		return nil, nil, &web.Error{Status: http.StatusForbidden, Code: "forbidden", Message: web.M("chat.errors.notYours")}
	case !m.DeletedAt.IsZero():
		return nil, nil, web.Conflict(web.M("chat.errors.deleted"))
	case !inEditWindow(m.CreatedAt, h.Now()):
		return nil, nil, &web.Error{Status: http.StatusForbidden, Code: "chat_edit_window", Message: web.M("chat.errors.editWindow", "minutes", int(EditWindow.Minutes()))}
	}
	return u, m, nil
}

// EditMessage is PATCH /api/chat/messages/{id}.
func (h *Handlers) EditMessage(w http.ResponseWriter, r *http.Request) error {
	u, m, err := h.ownMessage(r)
	if err != nil {
		return err
	}
	var req EditRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	req.Body = strings.TrimSpace(req.Body)
	var c web.Checker
	if req.Body == "" && m.FileID == 0 {
		c.Add("body", web.M("validation.required"))
	} else {
		c.Text("body", req.Body, false, MaxBody)
	}
	if err := c.Err(); err != nil {
		return err
	}
	return h.change(w, r, u, m, "edited", func(tx *db.Store) error { return tx.EditChatMessage(r.Context(), m.ID, req.Body, h.Now()) })
}

// DeleteMessage is DELETE /api/chat/messages/{id}.
func (h *Handlers) DeleteMessage(w http.ResponseWriter, r *http.Request) error {
	u, m, err := h.ownMessage(r)
	if err != nil {
		return err
	}
	return h.change(w, r, u, m, "deleted", func(tx *db.Store) error {
		if err := tx.DeleteChatMessage(r.Context(), m, h.Now()); err != nil {
			return err
		}
		if m.FileID != 0 {
			return h.Files.Delete(r.Context(), tx, m.FileID)
		}
		return nil
	})
}

func (h *Handlers) change(w http.ResponseWriter, r *http.Request, u *db.User, m *db.ChatMessage, kind string, fn func(tx *db.Store) error) error {
	ctx := r.Context()
	var evID int64
	err := h.Store.InTx(ctx, func(tx *db.Store) error {
		if err := fn(tx); err != nil {
			return err
		}
		var err error
		evID, err = tx.AddChatEvent(ctx, m.ConversationID, kind, m.ID, u.ID, h.Now())
		return err
	})
	if err != nil {
		return err
	}
	stored, err := h.Store.ChatMessageByID(ctx, m.ID)
	if err != nil {
		return err
	}
	members, err := h.Store.ChatMembers(ctx, m.ConversationID)
	if err != nil {
		return err
	}
	v := messageView(stored, u.ID, members)
	h.publish(ctx, m.ConversationID, Event{ID: evID, Type: kind, ConversationID: m.ConversationID, Message: &v})
	web.JSON(w, http.StatusOK, v)
	return nil
}

// MarkRead is POST /api/chat/conversations/{id}/read.
func (h *Handlers) MarkRead(w http.ResponseWriter, r *http.Request) error {
	u, c, err := h.pathConversation(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	var req ReadRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	if req.MessageID <= 0 {
		return web.Invalid(map[string]web.Msg{"messageId": web.M("validation.required")})
	}
	out := ReadState{}
	if c.Member {
		var evID int64
		var changed bool
		err := h.Store.InTx(ctx, func(tx *db.Store) error {
			var err error
			changed, out.ReadID, err = tx.MarkChatRead(ctx, c.ID, u.ID, req.MessageID)
			if err != nil || !changed {
				return err
			}
			evID, err = tx.AddChatEvent(ctx, c.ID, "read", out.ReadID, u.ID, h.Now())
			return err
		})
		if err != nil {
			return err
		}
		if changed {
			h.publish(ctx, c.ID, Event{ID: evID, Type: "read", ConversationID: c.ID, UserID: u.ID, MessageID: out.ReadID})
		}
		if c, err = h.Store.ChatConversationFor(ctx, c.ID, u.ID); err != nil {
			return err
		}
		out.Unread = c.Unread
	}
	if out.UnreadTotal, err = h.Store.ChatUnreadTotal(ctx, u.ID); err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// Typing is POST /api/chat/conversations/{id}/typing.
func (h *Handlers) Typing(w http.ResponseWriter, r *http.Request) error {
	u, c, err := h.pathConversation(r)
	if err != nil {
		return err
	}
	if c.Former {
		return notMember()
	}
	if err := h.Limiter.Limit("chat:typing:"+strconv.FormatInt(u.ID, 10), web.Rate{N: 60, Per: time.Minute}); err != nil {
		return err
	}
	ids, err := h.Store.ChatMemberIDs(r.Context(), c.ID)
	if err != nil {
		return err
	}
	others := ids[:0]
	for _, id := range ids {
		if id != u.ID {
			others = append(others, id)
		}
	}
	h.Hub.Publish(others, c.Kind == "support" && !authz.Can(u, authz.WorkspaceSupportAnswer),
		Event{Type: "typing", ConversationID: c.ID, UserID: u.ID})
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// Upload is POST /api/chat/attachments.
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

// Download is GET /api/chat/messages/{id}/attachment.
func (h *Handlers) Download(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	u := h.user(r)
	m, err := h.Store.ChatMessageByID(r.Context(), id)
	if db.IsNotFound(err) {
		return web.NotFound()
	}
	if err != nil {
		return err
	}
	c, err := h.conversation(r.Context(), u, m.ConversationID)
	if err != nil {
		return err
	}
	if m.FileID == 0 || !m.DeletedAt.IsZero() || (c.Former && m.ID > c.UntilMessageID) {
		return web.NotFound()
	}
	return h.Files.Serve(w, r, m.FileID)
}

// mayTalkToAll refuses (notAllowed) unless u may talk to every one of ids (existing accounts
// only) and, for a group's members, none of ids blocked or was blocked by one of them.
func (h *Handlers) mayTalkToAll(ctx context.Context, u *db.User, ids, members []int64) error {
	for _, id := range ids {
		other, err := h.Store.UserByID(ctx, id)
		if db.IsNotFound(err) {
			return notAllowed()
		}
		if err != nil {
			return err
		}
		why, err := mayTalk(ctx, h.Store, u, other)
		if err != nil {
			return err
		}
		if why == "" {
			return notAllowed()
		}
		for _, m := range members { // nobody is put in a group with someone either of them blocked
			if blocked, err := h.Store.BlockedEither(ctx, id, m); err != nil {
				return err
			} else if blocked {
				return notAllowed()
			}
		}
	}
	return nil
}
