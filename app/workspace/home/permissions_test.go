package home_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gerege/app/apitest"
	"gerege/app/platform/authz"
)

type tableView struct {
	Roles []struct {
		Name string `json:"name"`
		Mine bool   `json:"mine"`
	} `json:"roles"`
	Permissions []struct {
		Name  string   `json:"name"`
		Roles []string `json:"roles"`
		Mine  bool     `json:"mine"`
	} `json:"permissions"`
}

// The table is the code's table: every permission of authz.All once, with the roles of
// authz.Grants, every role a column; the person's roles and permissions are marked.
func TestPermissionTableIsTheCodesTable(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t)
	clients := apitest.Roles(t, s, ts)
	get := func(as string) tableView {
		r := apitest.Call(t, clients[as], ts, "GET", "/api/workspace/permissions", nil, "")
		apitest.MustStatus(t, r, 200)
		var v tableView
		if err := json.Unmarshal([]byte(r.Raw), &v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	ind := get("individual")
	if len(ind.Permissions) != len(authz.All) {
		t.Fatalf("%d permissions, authz.All has %d", len(ind.Permissions), len(authz.All))
	}
	if len(ind.Roles) != len(authz.Grants) {
		t.Fatalf("%d roles, authz.Grants has %d: add the new role to roleOrder", len(ind.Roles), len(authz.Grants))
	}
	for i, p := range ind.Permissions {
		if p.Name != string(authz.All[i]) {
			t.Errorf("row %d is %s, want %s", i, p.Name, authz.All[i])
		}
		for _, role := range p.Roles {
			found := false
			for _, g := range authz.Grants[authz.Role(role)] {
				found = found || string(g) == p.Name
			}
			if !found {
				t.Errorf("%s: role %s does not grant it", p.Name, role)
			}
		}
	}
	mineRoles := func(v tableView) (out []string) {
		for _, r := range v.Roles {
			if r.Mine {
				out = append(out, r.Name)
			}
		}
		return out
	}
	minePerms := func(v tableView) map[string]bool {
		out := map[string]bool{}
		for _, p := range v.Permissions {
			if p.Mine {
				out[p.Name] = true
			}
		}
		return out
	}
	if got := strings.Join(mineRoles(ind), ","); got != "individual" {
		t.Errorf("an individual's roles: %s", got)
	}
	if p := minePerms(ind); !p["opportunities.apply"] || p["admin.audit.read"] || p["opportunities.applicants.review"] {
		t.Errorf("an individual's permissions: %v", p)
	}
	if got := strings.Join(mineRoles(get("counselor")), ","); got != "enterprise,counselor" {
		t.Errorf("a counselor's roles: %s", got)
	}
	if got := strings.Join(mineRoles(get("desk2")), ","); got != "individual,staff.sensitive" {
		t.Errorf("a forms desk level 2's roles: %s", got)
	}
	adm := minePerms(get("admin"))
	if !adm["admin.audit.read"] || adm["organization.manage"] {
		t.Errorf("an admin's permissions: %v", adm)
	}
}

// Every permission and every role has words in both languages (the permission page shows
// them): a permission added to authz.All without them fails here.
func TestEveryPermissionHasWords(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "mn"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "..", "i18n", lang, "workspace-home.json"))
		if err != nil {
			t.Fatal(err)
		}
		var cat struct {
			Home struct {
				Permission struct {
					Roles map[string]string `json:"roles"`
					Perms map[string]string `json:"perms"`
				} `json:"permission"`
			} `json:"home"`
		}
		if err := json.Unmarshal(b, &cat); err != nil {
			t.Fatal(err)
		}
		for _, p := range authz.All {
			key := strings.ReplaceAll(string(p), ".", "-")
			if strings.TrimSpace(cat.Home.Permission.Perms[key]) == "" {
				t.Errorf("%s: permission %s has no words (home.permission.perms.%s in i18n/%s/workspace-home.json)", lang, p, key, lang)
			}
		}
		for role := range authz.Grants {
			key := strings.ReplaceAll(string(role), ".", "-")
			if strings.TrimSpace(cat.Home.Permission.Roles[key]) == "" {
				t.Errorf("%s: role %s has no words (home.permission.roles.%s)", lang, role, key)
			}
		}
	}
}
