// Package chat is the workspace's chat (/dashboard/chat, /api/chat): one-to-one and group
// conversations between people who are allowed to talk (mayTalk), a support conversation per
// person answered by the platform's admins, messages with attachments (app/platform/files),
// edits and deletions for 15 minutes, delivery and read receipts, unread counts, typing
// indicators, and real time over Server-Sent Events that resume from the database
// (Last-Event-ID), for the web app (cookie) and the mobile app (bearer token) alike.
package chat

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"gerege/app/platform/authn"
	"gerege/app/platform/authz"
	"gerege/app/platform/files"
	"gerege/app/platform/notify"
	"gerege/app/platform/userdata"
	"gerege/app/platform/web"
	"gerege/app/platform/widgets"
	"gerege/db"
)

// Handlers serves the chat. Its dependencies are explicit.
type Handlers struct {
	Store   *db.Store
	Files   *files.Store
	Limiter *web.Limiter
	// Hub is the server's one switchboard of live streams.
	Hub *Hub
	Now func() time.Time
	// Rate bounds the messages one account sends (a zero Rate: no limit).
	Rate web.Rate
	// Heartbeat is how often an idle stream sends a comment line (25 s when zero), so
	// proxies and phones keep it open and a dead one is noticed.
	Heartbeat time.Duration
}

// DefaultRate is the production limit of messages per account: a fast typist's pace, far
// below a script's.
var DefaultRate = web.Rate{N: 30, Per: time.Minute}

// NewMessage tells a person who is not connected that a message waits for them: once per
// conversation until they read it (not once per message). Email: by daily digest by default.
var NewMessage = notify.Register(notify.Kind{
	Name: "chat.message", Title: "chat.notify.message.title", Body: "chat.notify.message.body",
	Label: "chat.notify.message.label", DefaultEmail: notify.Digest,
})

// AddedToGroup tells a person that a group's admin added them (they also see the group's
// system line when they open it). Email: by daily digest by default.
var AddedToGroup = notify.Register(notify.Kind{
	Name: "chat.added", Title: "chat.notify.added.title", Body: "chat.notify.added.body",
	Label: "chat.notify.added.label", DefaultEmail: notify.Digest,
})

// Mount declares the chat's routes and its dashboard page.
func (h *Handlers) Mount(r *authz.Router, reg *authz.Registry) {
	p := authz.WorkspaceChat
	r.Get("/chat/conversations", p, h.ListConversations, authz.Doc{ID: "listChatConversations", Query: ListQuery{},
		Resp: ConversationList{}, Summary: "The caller's conversations, newest activity first, with unread counts and the total"})
	r.Post("/chat/conversations", p, h.CreateConversation, authz.Doc{ID: "createChatConversation", Req: ConversationRequest{},
		Resp: ConversationView{}, Status: 201, Also: map[int]any{200: ConversationView{}},
		Summary: "Start a one-to-one conversation (or get the existing one: 200) or a group with people the caller may talk to; 403 chat_not_allowed otherwise"})
	r.Post("/chat/support", p, h.StartSupport, authz.Doc{ID: "startSupportChat", Req: struct{}{}, Resp: ConversationView{}, Status: 201,
		Also: map[int]any{200: ConversationView{}}, Summary: "The caller's conversation with the platform's support (created the first time: 201)"})
	r.Get("/chat/support", authz.WorkspaceSupportAnswer, h.ListSupport, authz.Doc{ID: "listSupportConversations", Query: ListQuery{},
		Resp: ConversationList{}, Summary: "Support staff: every support conversation with messages, newest activity first"})
	r.Get("/chat/contacts", p, h.Contacts, authz.Doc{ID: "listChatContacts", Query: ContactsQuery{}, Resp: ContactList{},
		Summary: "People the caller may start a conversation with (their organisation, applicants or the staff they applied to, their communities), by name"})
	r.Get("/chat/conversations/{id}", p, h.GetConversation, authz.Doc{ID: "getChatConversation", Resp: ConversationView{},
		Summary: "One conversation of the caller (support staff: any support conversation); 404 for anyone else"})
	r.Get("/chat/conversations/{id}/messages", p, h.ListMessages, authz.Doc{ID: "listChatMessages", Query: MessagesQuery{},
		Resp: MessagePage{}, Summary: "A conversation's messages, newest first (keyset paging with before); they count as delivered to the caller"})
	r.Post("/chat/conversations/{id}/messages", p, h.SendMessage, authz.Doc{ID: "sendChatMessage", Req: MessageRequest{},
		Resp: MessageView{}, Status: 201, Also: map[int]any{200: MessageView{}},
		Summary: "Send a message (text up to 4,000 characters, an attachment, or both); the same clientId again answers the stored message (200), never a second one"})
	r.Post("/chat/conversations/{id}/read", p, h.MarkRead, authz.Doc{ID: "markChatRead", Req: ReadRequest{}, Resp: ReadState{},
		Summary: "The caller read the conversation up to a message: their unread count is recounted and the others get a read receipt"})
	r.Post("/chat/conversations/{id}/typing", p, h.Typing, authz.Doc{ID: "chatTyping", Req: struct{}{}, Status: 204,
		Summary: "The caller is typing: the other members' streams get a typing event (not kept)"})
	r.Patch("/chat/messages/{id}", p, h.EditMessage, authz.Doc{ID: "editChatMessage", Req: EditRequest{}, Resp: MessageView{},
		Summary: "Change the text of one's own message within 15 minutes of sending it (shown as edited)"})
	r.Delete("/chat/messages/{id}", p, h.DeleteMessage, authz.Doc{ID: "deleteChatMessage", Resp: MessageView{},
		Summary: "Delete one's own message within 15 minutes of sending it (its text and attachment go; shown as deleted)"})
	r.Post("/chat/attachments", p, h.Upload, authz.Doc{ID: "uploadChatAttachment", Req: AttachmentUpload{}, Resp: UploadView{}, Status: 201,
		Summary: "Store a file (multipart field file: PDF, Word, PNG, JPEG, WebP or GIF by content, up to 10 MB) to send with the next message"})
	r.Get("/chat/messages/{id}/attachment", p, h.Download, authz.Doc{ID: "downloadChatAttachment", Produces: "application/octet-stream",
		Summary: "A message's attachment, for the conversation's members only (404 for anyone else)"})
	r.Post("/chat/conversations/{id}/members", p, h.AddMembers, authz.Doc{ID: "addChatMembers", Req: MembersRequest{}, Resp: ConversationView{},
		Summary: "The group's admin adds people they may talk to (403 chat_not_allowed otherwise, 403 chat_not_admin for anyone else); each addition is a system line"})
	r.Delete("/chat/conversations/{id}/members/{userId}", p, h.RemoveMember, authz.Doc{ID: "removeChatMember", Resp: ConversationView{},
		Summary: "The group's admin removes a member (one's own id: leaving). From then on nothing of the group reaches them and they cannot write; they keep its history up to their removal"})
	r.Post("/chat/conversations/{id}/leave", p, h.Leave, authz.Doc{ID: "leaveChatConversation", Req: struct{}{}, Resp: ConversationView{},
		Summary: "Leave a group (when its admin leaves, the member who joined first becomes the admin); the caller keeps its history up to now, read-only"})
	r.Patch("/chat/conversations/{id}", p, h.Rename, authz.Doc{ID: "renameChatConversation", Req: RenameRequest{}, Resp: ConversationView{},
		Summary: "The group's admin changes its title (a system line says so)"})
	r.Get("/chat/events", p, h.Events, authz.Doc{ID: "chatEvents", Query: EventsQuery{}, Produces: "text/event-stream",
		Summary: "The caller's live events (Server-Sent Events; data: the Event JSON, id: resume with Last-Event-ID): messages, edits, deletions, receipts, typing; heartbeats as comments"})

	reg.AddPage(authz.Page{Key: "chat", Path: "/dashboard/chat", Perm: p, Order: 11})
}

// Widgets: the person's unread messages on their home page.
func (h *Handlers) Widgets() []widgets.Widget {
	return []widgets.Widget{{Key: "unreadMessages", Perm: authz.WorkspaceChat, Href: "/dashboard/chat", Order: 10,
		Count: func(ctx context.Context, u *db.User) (int, error) { return h.Store.ChatUnreadTotal(ctx, u.ID) }}}
}

// UserData: the messages the person sent. When the account is deleted its messages stay in
// the others' conversations as "deleted" placeholders without text or attachment (the
// conversation stays readable for the others); its memberships go with the account.
func (h *Handlers) UserData() []userdata.Section {
	return []userdata.Section{userdata.Of("chat", h.export).WithErase(func(ctx context.Context, tx *db.Store, userID int64) error {
		return tx.EraseChatSender(ctx, userID, h.Now())
	})}
}

func (h *Handlers) export(ctx context.Context, store *db.Store, userID int64) (ExportedChat, error) {
	out := ExportedChat{Messages: []ExportedMessage{}}
	list, err := store.ChatMessagesBy(ctx, userID, 100000)
	if err != nil {
		return out, err
	}
	for _, m := range list {
		e := ExportedMessage{ConversationID: m.ConversationID, Body: m.Body, Attachment: m.FileName, CreatedAt: m.CreatedAt,
			Deleted: !m.DeletedAt.IsZero()}
		if !m.EditedAt.IsZero() {
			t := m.EditedAt
			e.EditedAt = &t
		}
		out.Messages = append(out.Messages, e)
	}
	return out, nil
}

// Drain ends every open stream: the server is shutting down (clients reconnect to the next
// one and resume with Last-Event-ID).
func (h *Handlers) Drain() { h.Hub.Close() }

func (h *Handlers) user(r *http.Request) *db.User { return authn.UserOf(r) }

func pathID(r *http.Request) (int64, error) { return web.PathID(r, "id") }

// limit refuses more messages than Rate from one account (429 with Retry-After).
func (h *Handlers) limit(u *db.User, what string) error {
	if h.Rate.N == 0 {
		return nil
	}
	return h.Limiter.Limit("chat:"+what+":"+strconv.FormatInt(u.ID, 10), h.Rate)
}

func (h *Handlers) heartbeat() time.Duration {
	if h.Heartbeat > 0 {
		return h.Heartbeat
	}
	return 25 * time.Second
}
