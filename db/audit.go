package db

import (
	"context"
	"strings"
	"time"
)

// AuditEvent is one security event.
type AuditEvent struct {
	ID        int64     `json:"id"`
	At        time.Time `json:"at"`
	Event     string    `json:"event"`
	ActorID   int64     `json:"actorId,omitempty"`
	SubjectID int64     `json:"subjectId,omitempty"`
	IP        string    `json:"ip,omitempty"`
	Detail    string    `json:"detail,omitempty"`
}

// An event's detail is a code the audit log's page puts in words
// (dashboard.audit.details.<code>), then its values after colons: "joined:manager",
// "invited:counselor:a@b.mn". The last value may be free text (a deletion's reason). Rows written
// before the codes hold English text; the page shows such a detail as it is.
const (
	DetailOn              = "on"                   // maintenance turned on
	DetailOff             = "off"                  // maintenance turned off
	DetailAdminGranted    = "admin_granted"        // made a platform administrator
	DetailAdminRevoked    = "admin_revoked"        // no longer a platform administrator
	DetailAdminGrantedCLI = "admin_granted_cli"    // made an administrator with the command line
	DetailAdminCreatedCLI = "admin_created_cli"    // created as an administrator with the command line
	DetailStaff           = "staff"                // staff:<none|desk|sensitive> — the forms desk level
	DetailJoined          = "joined"               // joined:<role> — joined an organisation
	DetailInvited         = "invited"              // invited:<role>:<email>
	DetailVia             = "via"                  // via:<web|api> — the kind of session
	DetailUnknownEmail    = "unknown_email"        // a sign-in with an email nobody has
	DetailWrongPassword   = "wrong_password"       // a sign-in with the wrong password
	DetailTokenFamily     = "token_family_revoked" // a refresh token used twice: its family ended
	DetailBotCheck        = "bot_check"            // the honeypot or the fill time caught a registration
	DetailDeleted         = "deleted"              // deleted:<reference>:<reason>
	DetailExported        = "exported"             // exported:<form>:<format>
)

// AuditDetailCodes lists every detail code (the labels test checks each has words).
var AuditDetailCodes = []string{DetailOn, DetailOff, DetailAdminGranted, DetailAdminRevoked, DetailAdminGrantedCLI,
	DetailAdminCreatedCLI, DetailStaff, DetailJoined, DetailInvited, DetailVia, DetailUnknownEmail, DetailWrongPassword,
	DetailTokenFamily, DetailBotCheck, DetailDeleted, DetailExported}

// Detail is an event's detail: its code, then its values, separated by colons.
func Detail(code string, values ...string) string {
	return strings.Join(append([]string{code}, values...), ":")
}

// Audit records a security event.
func (s *Store) Audit(ctx context.Context, e AuditEvent) error {
	var actor, subject any
	if e.ActorID != 0 {
		actor = e.ActorID
	}
	if e.SubjectID != 0 {
		subject = e.SubjectID
	}
	_, err := s.exec(ctx, `INSERT INTO audit_log (at, event, actor_id, subject_id, ip, detail) VALUES (?,?,?,?,?,?)`,
		T(e.At), e.Event, actor, subject, e.IP, e.Detail)
	return mapErr(err)
}

// AuditLog lists events newest first, before the id cursor (0 = newest), optionally of one user.
func (s *Store) AuditLog(ctx context.Context, userID, before int64, limit int) ([]AuditEvent, error) {
	if before <= 0 {
		before = 1 << 62
	}
	rows, err := s.rows(ctx, `SELECT id, at, event, coalesce(actor_id, 0), coalesce(subject_id, 0), ip, detail
		FROM audit_log WHERE id < ? AND (? = 0 OR actor_id = ? OR subject_id = ?) ORDER BY id DESC LIMIT ?`,
		before, userID, userID, userID, limit)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	var out []AuditEvent
	for rows.Next() {
		var e AuditEvent
		var at string
		if err := rows.Scan(&e.ID, &at, &e.Event, &e.ActorID, &e.SubjectID, &e.IP, &e.Detail); err != nil {
			return nil, mapErr(err)
		}
		e.At = ParseT(at)
		out = append(out, e)
	}
	return out, mapErr(rows.Err())
}
