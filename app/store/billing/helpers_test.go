package billing_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/app/platform/web"
	"gerege/db"
)

func generous(c *app.Config) {
	many := web.Rate{N: 1 << 20, Per: time.Minute}
	a := &c.Auth
	a.LoginIP, a.LoginAccount, a.RegisterIP, a.EmailIP, a.EmailAccount, a.VerifyAccount = many, many, many, many, many, many
}

type world struct {
	s       *app.Server
	ts      *httptest.Server
	clock   *apitest.Clock
	c       map[string]*http.Client
	ownerID int64
	orgID   int64
}

func newWorld(t *testing.T) *world {
	t.Helper()
	clock := apitest.NewClock()
	s, ts := apitest.NewServerClock(t, clock, generous)
	w := &world{s: s, ts: ts, clock: clock, c: apitest.Roles(t, s, ts)}
	u, err := s.Store().UserByEmail(context.Background(), apitest.RoleEmails["owner"])
	if err != nil {
		t.Fatal(err)
	}
	w.ownerID, w.orgID = u.ID, u.OrgID
	return w
}

// call sends a same-origin request as role.
func (w *world) call(t *testing.T, role, method, path string, body any) apitest.Reply {
	t.Helper()
	return apitest.Call(t, w.c[role], w.ts, method, path, body, "", "Sec-Fetch-Site", "same-origin")
}

func (w *world) must(t *testing.T, r apitest.Reply, status int) apitest.Reply {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status %d, want %d: %.400s", r.Status, status, r.Raw)
	}
	return r
}

func num(r apitest.Reply, key string) int64 {
	f, _ := r.Body[key].(float64)
	return int64(f)
}

func planID(t *testing.T, st *db.Store, code string) int64 {
	t.Helper()
	p, err := st.BillingPlanByCode(context.Background(), code)
	if err != nil {
		t.Fatal(err)
	}
	return p.ID
}

func manualInvoice(orgID int64, desc string, price int64) map[string]any {
	return map[string]any{"orgId": orgID, "lang": "mn", "currency": "MNT", "buyerName": "", "buyerAddress": "Улаанбаатар",
		"buyerTaxId": "1234567", "buyerEmail": "", "vatRateBp": 1000, "note": "", "dueDate": "",
		"lines": []map[string]any{{"description": desc, "quantity": 2, "unitPrice": price}}}
}

func path(f string, a ...any) string { return fmt.Sprintf(f, a...) }
