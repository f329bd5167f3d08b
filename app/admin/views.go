package admin

import (
	"time"

	"gerege/db"
)

// EmailView is one email of the outbox.
type EmailView struct {
	ID        int64     `json:"id"`
	To        string    `json:"to"`
	Subject   string    `json:"subject"`
	Text      string    `json:"text"`
	HTML      string    `json:"html"`
	Kind      string    `json:"kind"`
	Lang      string    `json:"lang"`
	CreatedAt time.Time `json:"createdAt"`
	SentAt    time.Time `json:"sentAt,omitzero"`
	Attempts  int       `json:"attempts"`
	LastError string    `json:"lastError,omitempty"`
}

func emailView(e db.Email) EmailView {
	return EmailView{ID: e.ID, To: e.To, Subject: e.Subject, Text: e.Text, HTML: e.HTML, Kind: e.Kind, Lang: e.Lang,
		CreatedAt: e.CreatedAt, SentAt: e.SentAt, Attempts: e.Attempts, LastError: e.LastError}
}

// OutboxPage is GET /api/admin/outbox: a page of emails, newest first. Next is the cursor of
// the following page (0 at the end); SMTP says whether emails are delivered or only kept here.
type OutboxPage struct {
	Emails []EmailView `json:"emails"`
	Next   int64       `json:"next"`
	SMTP   bool        `json:"smtp"`
}

// AuditEventView is one security event.
type AuditEventView struct {
	ID        int64     `json:"id"`
	At        time.Time `json:"at"`
	Event     string    `json:"event"`
	ActorID   int64     `json:"actorId,omitempty"`
	SubjectID int64     `json:"subjectId,omitempty"`
	IP        string    `json:"ip,omitempty"`
	Detail    string    `json:"detail,omitempty"`
}

// AuditPage is GET /api/admin/audit.
type AuditPage struct {
	Events []AuditEventView `json:"events"`
	Next   int64            `json:"next"`
}

// PageQuery is the keyset cursor of the admin lists.
type PageQuery struct {
	Before int64 `query:"before" description:"id of the last item of the previous page"`
}

// AuditQuery filters the audit log.
type AuditQuery struct {
	Before int64 `query:"before" description:"id of the last event of the previous page"`
	User   int64 `query:"user" description:"only events whose actor or subject is this user"`
}
