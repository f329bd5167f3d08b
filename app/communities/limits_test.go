package communities_test

import (
	"fmt"
	"testing"
	"time"

	"gerege/app/apitest"
)

// An organisation's communities (requested, active, suspended) count against its plan: the
// free plan includes none, Starter one; a rejected request frees its place; platform admins
// creating communities themselves are not limited; ending the plan removes nothing.
func TestCommunitiesPlanLimit(t *testing.T) {
	t.Parallel()
	w := setup(t)
	own, man, adm := w.c["owner"], w.c["manager"], w.c["admin"]
	verifyID(t, own, w.ts)
	verifyID(t, man, w.ts)
	ask := func(c string, name string, lang ...string) apitest.Reply {
		t.Helper()
		w.clock.Advance(2 * time.Hour) // new accounts ask for one community an hour
		cl := own
		if c == "manager" {
			cl = man
		}
		return call(t, cl, w.ts, "POST", "/api/communities/requests", map[string]any{"nameEn": name, "descriptionEn": "About " + name}, lang...)
	}
	usage := func() string {
		t.Helper()
		r := call(t, own, w.ts, "GET", "/api/me/communities", nil)
		apitest.MustStatus(t, r, 200)
		u := r.Body["usage"].(map[string]any)
		return fmt.Sprintf("%v %v of %v", u["code"], u["used"], u["max"])
	}
	decide := func(id any, status string) {
		t.Helper()
		apitest.MustStatus(t, call(t, adm, w.ts, "POST", fmt.Sprint("/api/admin/communities/", id, "/status"),
			map[string]any{"status": status, "reason": "Because"}), 200)
	}

	// Free: none, in both languages.
	if got := usage(); got != "free 0 of 0" {
		t.Errorf("usage %q", got)
	}
	r := ask("owner", "Alumni")
	apitest.MustStatus(t, r, 409)
	if r.Str("code") != "plan_limit" || r.Str("message") != "Your plan Free does not include communities. Upgrade on the Pricing page to request one." {
		t.Errorf("refusal in English: %s", r.Raw)
	}
	r = ask("owner", "Alumni", "mn")
	if want := "Таны «Үнэгүй» багцад нийгэмлэг багтаагүй. Нийгэмлэг хүсэх бол «Үнэ» хуудаснаас багцаа ахиулна уу."; r.Str("message") != want {
		t.Errorf("refusal in Mongolian: %s", r.Raw)
	}
	// A platform admin's own community is not the organisation's: not limited.
	w.community(t, "Open forum", "public", "open")

	// Starter: one.
	apitest.OnPlan(t, w.s, apitest.RoleEmails["owner"], "starter")
	first := ask("owner", "Alumni")
	apitest.MustStatus(t, first, 201)
	r = ask("manager", "Parents")
	apitest.MustStatus(t, r, 409)
	if r.Str("message") != "Your plan Enterprise Starter allows 1 community for your organization. Upgrade on the Pricing page to request more." {
		t.Errorf("refusal at one: %s", r.Raw)
	}
	r = ask("manager", "Parents", "mn")
	if want := "Таны «Байгууллага Эхлэл» багцаар байгууллага тань 1 нийгэмлэгтэй байх боломжтой. Өөр нийгэмлэг хүсэх бол «Үнэ» хуудаснаас багцаа ахиулна уу."; r.Str("message") != want {
		t.Errorf("refusal at one in Mongolian: %s", r.Raw)
	}
	if got := usage(); got != "starter 1 of 1" {
		t.Errorf("usage %q", got)
	}
	// A rejected request frees its place; an approved and then suspended community keeps it.
	decide(first.Body["id"], "rejected")
	second := ask("manager", "Parents")
	apitest.MustStatus(t, second, 201)
	decide(second.Body["id"], "active")
	decide(second.Body["id"], "suspended")
	apitest.MustStatus(t, ask("owner", "Teachers"), 409)

	// The plan ends: the community stays as it was; new requests are refused.
	apitest.OnPlan(t, w.s, apitest.RoleEmails["owner"], "free")
	if got := usage(); got != "free 1 of 0" {
		t.Errorf("usage after the fall-back %q", got)
	}
	decide(second.Body["id"], "active") // the admins may reinstate it
	apitest.MustStatus(t, call(t, man, w.ts, "GET", "/api/communities/"+second.Str("slug"), nil), 200)
	apitest.MustStatus(t, ask("owner", "Teachers"), 409)
}
