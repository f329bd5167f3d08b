package admin_test

import (
	"testing"

	"gerege/app/apitest"
)

// TestAdminScenarios: the outbox, the audit log, maintenance mode and role grants through the
// real router, as an admin and as people who may not — and what the answers must never carry.
func TestAdminScenarios(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t)
	// Something in the outbox and the audit log: a registration (its verification email).
	apitest.MustStatus(t, apitest.Register(t, ts, "new@example.mn", nil), 201)
	apitest.Run(t, s, ts, []apitest.Scenario{
		{Name: "admins read the outbox", Method: "GET", Path: "/api/admin/outbox", As: "admin", Status: 200,
			Contains: []string{`"to":"new@example.mn"`, `"smtp":false`}},
		{Name: "desk staff may not", Method: "GET", Path: "/api/admin/outbox", As: "desk2", Status: 403,
			NotContains: []string{"new@example.mn"}},
		{Name: "signed out", Method: "GET", Path: "/api/admin/outbox", Status: 401, NotContains: []string{"new@example.mn"}},
		{Name: "one email", Method: "GET", Path: "/api/admin/outbox/1", As: "admin", Status: 200, Contains: []string{`"id":1`}},
		{Name: "no such email", Method: "GET", Path: "/api/admin/outbox/999999", As: "admin", Status: 404},
		{Name: "audit log, no secrets", Method: "GET", Path: "/api/admin/audit", As: "admin", Status: 200,
			Contains: []string{`"events":[`}, NotContains: []string{"argon2", "correct horse battery", "password_hash"}},
		{Name: "audit log is admins' only", Method: "GET", Path: "/api/admin/audit", As: "owner", Status: 403},
		{Name: "maintenance needs admin", Method: "PUT", Path: "/api/admin/maintenance", As: "desk", Body: map[string]any{"on": false}, Status: 403},
		{Name: "maintenance off", Method: "PUT", Path: "/api/admin/maintenance", As: "admin", Body: map[string]any{"on": false}, Status: 200,
			Contains: []string{`"on":false`}},
		{Name: "grant desk level 2", Method: "PUT", Path: "/api/admin/users/staff", As: "admin",
			Body: map[string]any{"email": "new@example.mn", "level": "sensitive"}, Status: 200, Contains: []string{`"level":"sensitive"`}},
		{Name: "an unknown level", Method: "PUT", Path: "/api/admin/users/staff", As: "admin",
			Body: map[string]any{"email": "new@example.mn", "level": "boss"}, Status: 422, Contains: []string{`"level"`}},
		{Name: "an unknown person", Method: "PUT", Path: "/api/admin/users/admin", As: "admin",
			Body: map[string]any{"email": "nobody@example.mn", "admin": true}, Status: 422, Contains: []string{`"email"`}},
		{Name: "not on oneself", Method: "PUT", Path: "/api/admin/users/admin", As: "admin",
			Body: map[string]any{"email": apitest.RoleEmails["admin"], "admin": false}, Status: 422, Contains: []string{`"email"`}},
		{Name: "owners cannot grant", Method: "PUT", Path: "/api/admin/users/admin", As: "owner",
			Body: map[string]any{"email": "new@example.mn", "admin": true}, Status: 403},
		{Name: "make an admin", Method: "PUT", Path: "/api/admin/users/admin", As: "admin",
			Body: map[string]any{"email": "new@example.mn", "admin": true}, Status: 200},
		{Name: "the grants are in the audit log", Method: "GET", Path: "/api/admin/audit", As: "admin", Status: 200,
			Contains: []string{`"event":"role.changed"`, `"detail":"staff:sensitive"`, `"detail":"admin_granted"`}},
	})
	u, err := s.Store().UserByEmail(t.Context(), "new@example.mn")
	if err != nil || !u.IsAdmin || u.Staff != 2 {
		t.Errorf("the grants were not kept: %+v %v", u, err)
	}
}
