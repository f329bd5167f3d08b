package mail

import (
	"mime/multipart"
	"time"
)

// PersonView is a participant of a thread or a recipient.
type PersonView struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// ThreadSummary is a thread in a folder's list.
type ThreadSummary struct {
	ID        int64        `json:"id"`
	Subject   string       `json:"subject"`
	System    bool         `json:"system" description:"sent by the platform (no reply)"`
	LastAt    time.Time    `json:"lastAt"`
	Folder    string       `json:"folder" enum:"inbox,archive,trash,none" description:"where the thread is for the caller; none: only sent or drafted by them"`
	Starred   bool         `json:"starred"`
	Important bool         `json:"important"`
	Unread    int          `json:"unread" description:"messages of others the caller has not read"`
	Messages  int          `json:"messages"`
	Drafts    int          `json:"drafts" description:"the caller's drafts in it"`
	Snippet   string       `json:"snippet" description:"the beginning of the newest message"`
	From      string       `json:"from" description:"the newest message's sender; empty for the platform"`
	People    []PersonView `json:"people" description:"the other participants"`
	LabelIDs  []int64      `json:"labelIds"`
}

// MailList is GET /api/mail/list.
type MailList struct {
	Items []ThreadSummary `json:"items"`
	Next  string          `json:"next,omitempty" description:"the cursor of the next page (after)"`
}

// AttachmentView is a message's file: downloaded from
// /api/mail/messages/{id}/attachments/{fileId} by the thread's participants only.
type AttachmentView struct {
	FileID    int64  `json:"fileId"`
	Name      string `json:"name"`
	MediaType string `json:"mediaType"`
	Size      int64  `json:"size"`
}

// MessageView is one message of a thread.
type MessageView struct {
	ID          int64            `json:"id"`
	SenderID    int64            `json:"senderId" description:"0 for the platform or a deleted account"`
	SenderName  string           `json:"senderName"`
	System      bool             `json:"system"`
	To          []PersonView     `json:"to"`
	Subject     string           `json:"subject"`
	Body        string           `json:"body"`
	Link        string           `json:"link,omitempty" description:"system mail: the page it is about (a path)"`
	ForwardOf   int64            `json:"forwardOf,omitempty"`
	Draft       bool             `json:"draft"`
	CreatedAt   time.Time        `json:"createdAt"`
	UpdatedAt   time.Time        `json:"updatedAt"`
	Attachments []AttachmentView `json:"attachments"`
}

// ThreadView is GET /api/mail/details: a thread with what the caller sees of its messages.
type ThreadView struct {
	ID        int64         `json:"id"`
	Subject   string        `json:"subject"`
	System    bool          `json:"system"`
	Folder    string        `json:"folder" enum:"inbox,archive,trash,none"`
	Starred   bool          `json:"starred"`
	Important bool          `json:"important"`
	Unread    int           `json:"unread"`
	LabelIDs  []int64       `json:"labelIds"`
	People    []PersonView  `json:"people" description:"every participant, the caller included; for a caller who left or was removed, the people who were in it then"`
	CanReply  bool          `json:"canReply" description:"false for the platform's mail, threads nobody else is in, and a caller who left or was removed"`
	Messages  []MessageView `json:"messages" description:"oldest first; the caller's drafts included; for a caller who left or was removed, up to then"`
	Left      bool          `json:"left" description:"the caller left the thread or was removed: they keep what they had and get nothing later"`
	CanLeave  bool          `json:"canLeave" description:"the caller may leave (POST /api/mail/threads/{id}/leave)"`
	Removable []int64       `json:"removable" description:"the people the caller may remove (added after the first letter, by the caller or in a thread the caller started)"`
	Events    []EventView   `json:"events" description:"who left or was removed, oldest first (for a caller who left or was removed, up to then)"`
}

// EventView is a change of a thread's people, worded by the reader's client.
type EventView struct {
	ID             int64     `json:"id"`
	Kind           string    `json:"kind" enum:"left,removed" description:"left: actor left; removed: actor removed subject"`
	ActorID        int64     `json:"actorId" description:"0 for a deleted account"`
	ActorName      string    `json:"actorName"`
	SubjectID      int64     `json:"subjectId" description:"removed: who was removed (0 for a deleted account or left)"`
	SubjectName    string    `json:"subjectName"`
	AfterMessageID int64     `json:"afterMessageId" description:"the thread's newest message when it happened: the event shows after it"`
	CreatedAt      time.Time `json:"createdAt"`
}

// FolderView is a folder with its counts.
type FolderView struct {
	Key    string `json:"key" enum:"inbox,sent,drafts,starred,important,archive,trash,all"`
	Unread int    `json:"unread" description:"threads with unread mail"`
	Count  int    `json:"count" description:"drafts: the threads with a draft; 0 for the other folders"`
}

// LabelView is one of the caller's labels.
type LabelView struct {
	ID     int64  `json:"id"`
	Name   string `json:"name"`
	Unread int    `json:"unread"`
}

// LabelsView is GET /api/mail/labels: the folders and the caller's own labels.
type LabelsView struct {
	Folders []FolderView `json:"folders"`
	Labels  []LabelView  `json:"labels"`
}

// LabelRequest names a label.
type LabelRequest struct {
	Name string `json:"name" minLength:"1" maxLength:"40"`
}

// SendRequest is a letter to send (POST /api/mail/send) or a draft to keep (POST
// /api/mail/drafts).
type SendRequest struct {
	To        []int64 `json:"to,omitempty" maxItems:"20" description:"a new letter's or forward's recipients; a reply goes to the thread's participants"`
	Subject   string  `json:"subject,omitempty" maxLength:"200" description:"a new letter's or forward's subject; a reply keeps the thread's"`
	Body      string  `json:"body" maxLength:"20000"`
	FileIDs   []int64 `json:"fileIds,omitempty" maxItems:"5" description:"uploads of the caller from POST /api/mail/attachments"`
	ThreadID  int64   `json:"threadId,omitempty" description:"reply in this thread"`
	ForwardOf int64   `json:"forwardOf,omitempty" description:"forward this message (its attachments go along)"`
	DraftID   int64   `json:"draftId,omitempty" description:"the caller's draft this letter is (sent: it leaves the drafts; saved: it is changed)"`
	Add       []int64 `json:"add,omitempty" maxItems:"20" description:"a reply only: people to add to the thread, each someone the caller may write to and nobody in the thread blocked; from this letter on they are participants and see the whole thread"`
}

// SentView is what sending made.
type SentView struct {
	ThreadID  int64 `json:"threadId"`
	MessageID int64 `json:"messageId"`
}

// DraftView is a kept draft.
type DraftView struct {
	ID       int64 `json:"id"`
	ThreadID int64 `json:"threadId"`
}

// ModifyRequest changes the caller's view of threads.
type ModifyRequest struct {
	ThreadIDs []int64 `json:"threadIds" minItems:"1" maxItems:"100"`
	Action    string  `json:"action" enum:"inbox,archive,trash,restore,delete,star,unstar,important,unimportant,read,unread,label,unlabel" description:"delete: for good, threads in the trash only (they also go 30 days after they were put there)"`
	LabelID   int64   `json:"labelId,omitempty" description:"label and unlabel: one of the caller's labels"`
}

// ModifyView is how many threads changed.
type ModifyView struct {
	Changed int `json:"changed"`
}

// UploadView is an attachment stored for a letter not sent yet.
type UploadView struct {
	FileID    int64  `json:"fileId"`
	Name      string `json:"name"`
	MediaType string `json:"mediaType"`
	Size      int64  `json:"size"`
}

// ContactView is a person the caller may write to.
type ContactView struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// ContactList is GET /api/mail/contacts.
type ContactList struct {
	Items []ContactView `json:"items"`
}

// ListQuery is the query of GET /api/mail/list.
type ListQuery struct {
	Folder string `query:"folder" enum:"inbox,sent,drafts,starred,important,archive,trash,all" description:"inbox when absent (and no label)"`
	Label  int64  `query:"label" description:"one of the caller's labels instead of a folder"`
	Q      string `query:"q" maxLength:"200" description:"words of the subject, text or sender (either language; all when absent)"`
	After  string `query:"after" description:"the cursor of the previous page"`
}

// DetailsQuery is the query of GET /api/mail/details.
type DetailsQuery struct {
	ID int64 `query:"id" description:"the thread"`
}

// ContactsQuery is the query of GET /api/mail/contacts.
type ContactsQuery struct {
	Q string `query:"q" maxLength:"80" description:"words of the name"`
}

// AttachmentUpload is the multipart/form-data body of POST /api/mail/attachments.
type AttachmentUpload struct {
	File *multipart.FileHeader `formData:"file" description:"the file: PDF, Word, PNG, JPEG, WebP or GIF (by content), up to 10 MB"`
}

// ExportedMail is the mailbox in "download my data": every message the person sees.
type ExportedMail struct {
	Messages []ExportedMessage `json:"messages"`
	Labels   []string          `json:"labels"`
}

// ExportedMessage is one message of the person's mailbox.
type ExportedMessage struct {
	ThreadID    int64     `json:"threadId"`
	From        string    `json:"from"`
	Sent        bool      `json:"sent" description:"the person sent it"`
	Draft       bool      `json:"draft"`
	Subject     string    `json:"subject"`
	Body        string    `json:"body"`
	Attachments []string  `json:"attachments"`
	CreatedAt   time.Time `json:"createdAt"`
}
