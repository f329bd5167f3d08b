// Package admin is platform administration: the outbox, the audit log, maintenance mode and
// role grants (platform admins, forms-desk levels).
package admin

import (
	"log/slog"
	"net/http"
	"time"

	"gerege/app/platform/authz"
	"gerege/app/platform/mail"
	"gerege/app/platform/web"
	"gerege/db"
)

// Handlers holds the admin capability's dependencies.
type Handlers struct {
	Store  *db.Store
	Mailer *mail.Mailer
	Now    func() time.Time
	// MaintenanceChanged is called once the maintenance setting was written (the server's
	// cached flag reads it again).
	MaintenanceChanged func()
}

// Mount declares the admin routes and dashboard pages.
func (h *Handlers) Mount(r *authz.Router, reg *authz.Registry) {
	r.Get("/admin/outbox", authz.AdminOutboxRead, h.Outbox, authz.Doc{ID: "listOutbox", Query: PageQuery{}, Resp: OutboxPage{},
		Summary: "Emails written by the platform, newest first"})
	r.Get("/admin/outbox/{id}", authz.AdminOutboxRead, h.OutboxEmail, authz.Doc{ID: "getOutboxEmail", Resp: EmailView{},
		Summary: "One email"})
	r.Get("/admin/audit", authz.AdminAuditRead, h.Audit, authz.Doc{ID: "listAudit", Query: AuditQuery{}, Resp: AuditPage{},
		Summary: "Security events, newest first"})
	r.Put("/admin/maintenance", authz.AdminSettings, h.Maintenance, authz.Doc{ID: "setMaintenance", Req: MaintenanceRequest{},
		Resp: MaintenanceRequest{}, Summary: "Switch maintenance mode"})
	r.Put("/admin/users/admin", authz.AdminRolesGrant, h.SetAdmin, authz.Doc{ID: "setAdmin", Req: AdminRequest{},
		Resp: AdminRequest{}, Summary: "Grant or remove platform administration (not on oneself)"})
	r.Put("/admin/users/staff", authz.AdminRolesGrant, h.SetStaff, authz.Doc{ID: "setStaff", Req: StaffRequest{},
		Resp: StaffRequest{}, Summary: "Set a user's forms-desk level (none, desk, sensitive)"})

	reg.AddPage(authz.Page{Key: "outbox", Path: "/dashboard/admin/outbox", Perm: authz.AdminOutboxRead, Order: 60})
	reg.AddPage(authz.Page{Key: "audit", Path: "/dashboard/admin/audit", Perm: authz.AdminAuditRead, Order: 70})
	reg.AddPage(authz.Page{Key: "settings", Path: "/dashboard/admin/settings", Perm: authz.AdminSettings, Order: 110})
}

// auditIn records a security event through tx, as part of the state change it describes:
// if the entry cannot be written, the change fails with it.
func (h *Handlers) auditIn(tx *db.Store, r *http.Request, event string, actor, subject int64, detail string) error {
	return tx.Audit(r.Context(), db.AuditEvent{At: h.Now(), Event: event, ActorID: actor, SubjectID: subject,
		IP: web.ClientIP(r), Detail: detail})
}

func (h *Handlers) audit(r *http.Request, event string, actor, subject int64, detail string) {
	err := h.Store.Audit(r.Context(), db.AuditEvent{At: h.Now(), Event: event, ActorID: actor, SubjectID: subject,
		IP: web.ClientIP(r), Detail: detail})
	if err != nil {
		web.Logger(r).Error("audit", slog.String("event", event), slog.String("error", err.Error()))
	}
}
