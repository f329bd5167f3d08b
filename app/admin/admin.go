package admin

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"gerege/app/platform/authn"
	"gerege/app/platform/web"
	"gerege/db"
)

func cursor(r *http.Request) int64 {
	n, _ := strconv.ParseInt(r.URL.Query().Get("before"), 10, 64)
	return n
}

const pageSize = 50

// Outbox is GET /api/admin/outbox?before=ID: emails newest first (admins).
func (h *Handlers) Outbox(w http.ResponseWriter, r *http.Request) error {
	list, err := h.Store.Outbox(r.Context(), cursor(r), pageSize)
	if err != nil {
		return err
	}
	out := OutboxPage{Emails: make([]EmailView, 0, len(list)), SMTP: h.Mailer.Enabled()}
	for _, e := range list {
		out.Emails = append(out.Emails, emailView(e))
	}
	if len(list) == pageSize {
		out.Next = list[len(list)-1].ID
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// OutboxEmail is GET /api/admin/outbox/{id}.
func (h *Handlers) OutboxEmail(w http.ResponseWriter, r *http.Request) error {
	id, _ := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	e, err := h.Store.EmailByID(r.Context(), id)
	if db.IsNotFound(err) {
		return web.NotFound()
	}
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, emailView(*e))
	return nil
}

// Audit is GET /api/admin/audit?before=ID&user=ID.
func (h *Handlers) Audit(w http.ResponseWriter, r *http.Request) error {
	user, _ := strconv.ParseInt(r.URL.Query().Get("user"), 10, 64)
	list, err := h.Store.AuditLog(r.Context(), user, cursor(r), pageSize)
	if err != nil {
		return err
	}
	out := AuditPage{Events: make([]AuditEventView, 0, len(list))}
	for _, e := range list {
		out.Events = append(out.Events, AuditEventView(e))
	}
	if len(list) == pageSize {
		out.Next = list[len(list)-1].ID
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// MaintenanceRequest is PUT /api/admin/maintenance.
type MaintenanceRequest struct {
	On bool `json:"on"`
}

// Maintenance switches maintenance mode. Admin API routes stay reachable while it is on, so
// the admin who turned it on can turn it off.
func (h *Handlers) Maintenance(w http.ResponseWriter, r *http.Request) error {
	var req MaintenanceRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	v := "off"
	if req.On {
		v = "on"
	}
	// The setting and its audit entry are one transaction: maintenance never changes without
	// the record of who changed it.
	u := authn.From(r.Context()).User
	err := h.Store.InTx(r.Context(), func(tx *db.Store) error {
		if err := tx.SetSetting(r.Context(), db.SettingMaintenance, v); err != nil {
			return err
		}
		detail := db.DetailOff
		if req.On {
			detail = db.DetailOn
		}
		return h.auditIn(tx, r, "maintenance", u.ID, 0, detail)
	})
	if h.MaintenanceChanged != nil {
		h.MaintenanceChanged()
	}
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, req)
	return nil
}

// AdminRequest is PUT /api/admin/users/admin.
type AdminRequest struct {
	Email string `json:"email"`
	Admin bool   `json:"admin"`
}

// SetAdmin grants or removes platform administration (admins; not on themselves).
func (h *Handlers) SetAdmin(w http.ResponseWriter, r *http.Request) error {
	var req AdminRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	me := authn.From(r.Context()).User
	u, err := h.Store.UserByEmail(r.Context(), strings.ToLower(strings.TrimSpace(req.Email)))
	if db.IsNotFound(err) {
		return web.Invalid(map[string]web.Msg{"email": web.M("auth.errors.noSuchUser")})
	}
	if err != nil {
		return err
	}
	if u.ID == me.ID {
		return web.Invalid(map[string]web.Msg{"email": web.M("auth.errors.notYourself")})
	}
	// The grant and its audit entry are one transaction.
	err = h.Store.InTx(r.Context(), func(tx *db.Store) error {
		if err := tx.SetAdmin(r.Context(), u.ID, req.Admin, h.Now()); err != nil {
			return err
		}
		detail := db.DetailAdminRevoked
		if req.Admin {
			detail = db.DetailAdminGranted
		}
		return h.auditIn(tx, r, "role.changed", me.ID, u.ID, detail)
	})
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, req)
	return nil
}

// StaffRequest is PUT /api/admin/users/staff.
type StaffRequest struct {
	Email string `json:"email"`
	Level string `json:"level"` // none | desk | sensitive
}

// SetStaff is PUT /api/admin/users/staff {email, level: none|desk|sensitive} (admins).
func (h *Handlers) SetStaff(w http.ResponseWriter, r *http.Request) error {
	var req StaffRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	levels := map[string]int{"none": 0, "desk": 1, "sensitive": 2}
	c := &web.Checker{}
	c.OneOf("level", req.Level, true, "none", "desk", "sensitive")
	if err := c.Err(); err != nil {
		return err
	}
	u, err := h.Store.UserByEmail(r.Context(), strings.ToLower(strings.TrimSpace(req.Email)))
	if db.IsNotFound(err) {
		return web.Invalid(map[string]web.Msg{"email": web.M("auth.errors.noSuchUser")})
	}
	if err != nil {
		return err
	}
	me := authn.From(r.Context()).User
	// The grant and its audit entry are one transaction.
	err = h.Store.InTx(r.Context(), func(tx *db.Store) error {
		if err := tx.SetStaff(r.Context(), u.ID, levels[req.Level], h.Now()); err != nil {
			return err
		}
		return h.auditIn(tx, r, "role.changed", me.ID, u.ID, db.Detail(db.DetailStaff, req.Level))
	})
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, req)
	return nil
}
