package db

import (
	"context"
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
