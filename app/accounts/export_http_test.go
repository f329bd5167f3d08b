package accounts_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"gerege/app/apitest"
	"gerege/app/forms"
	"gerege/app/platform/notify"
	"gerege/i18n"
)

// The privacy policy promises a copy of one's account data from the account page.
func TestAccountExport(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "GET", "/api/account/export", nil, ""), 401)

	tok := apitest.Register(t, ts, "export@example.mn", map[string]any{"dateOfBirth": "2005-03-14"}).Str("accessToken")
	other := apitest.Register(t, ts, "other@example.mn", nil).Str("accessToken")
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/forms/volunteer", apitest.VolunteerBody("Сараа", "export@example.mn"), tok), 201)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/forms/volunteer", apitest.VolunteerBody("Бусад", "other@example.mn"), other), 201)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "PUT", "/api/forms/roadmap/draft", map[string]any{"data": map[string]any{"school": "1-р сургууль"}}, tok), 204)
	start := apitest.Call(t, nil, ts, "POST", "/api/direction-board/attempts", nil, tok)
	apitest.MustStatus(t, start, 201)
	id := start.Str("id")
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "PUT", "/api/direction-board/attempts/"+id+"/answers", map[string]any{"answers": apitest.BoardAnswers(3)}, tok), 200)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "POST", "/api/direction-board/attempts/"+id+"/finish", map[string]any{"confirm": true}, tok), 200)
	apitest.MustStatus(t, apitest.Call(t, nil, ts, "PUT", "/api/account/id-verification", map[string]any{"surname": "Батболд", "givenName": "Тэмүүлэн",
		"dateOfBirth": "2005-03-14", "idNumber": "УБ05231412"}, tok), 200)

	for email, ref := range map[string]string{"export@example.mn": "CVP-2026-000001", "other@example.mn": "CVP-2026-000999"} {
		u, err := s.Store().UserByEmail(context.Background(), email)
		if err != nil {
			t.Fatal(err)
		}
		if err := notify.Send(context.Background(), s.Store(), notify.Notification{UserID: u.ID, Kind: forms.StatusChanged.Name,
			Params: map[string]string{"reference": ref, "status": "accepted", "form": "volunteer"}, Link: "/dashboard", At: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}

	r := apitest.Call(t, nil, ts, "GET", "/api/account/export", nil, tok, "Accept-Language", "mn")
	apitest.MustStatus(t, r, 200)
	if cd := r.Header.Get("Content-Disposition"); !strings.HasPrefix(cd, `attachment; filename="gerege-account-`) {
		t.Errorf("Content-Disposition %q", cd)
	}
	if cc := r.Header.Get("Cache-Control"); cc != "no-store" {
		t.Errorf("Cache-Control %q", cc)
	}
	var x struct {
		Account struct {
			Email string `json:"email"`
		} `json:"account"`
		Accepted       map[string]string `json:"accepted"`
		Sessions       []map[string]any  `json:"sessions"`
		IDVerification map[string]any    `json:"idVerification"`
		DirectionBoard []map[string]any  `json:"directionBoard"`
		Submissions    []struct {
			Form, Reference string
			Answers         map[string]any
		} `json:"submissions"`
		Drafts []map[string]any `json:"drafts"`
		Note   string           `json:"note"`
		Notify struct {
			Notifications []struct{ Body string } `json:"notifications"`
			Preferences   []struct{ Kind, Email string }
		} `json:"notifications"`
	}
	if err := json.Unmarshal([]byte(r.Raw), &x); err != nil {
		t.Fatalf("%v: %s", err, r.Raw)
	}
	if x.Account.Email != "export@example.mn" || len(x.Sessions) != 1 || x.Accepted["terms"] == "" {
		t.Errorf("account part: %+v", x)
	}
	if len(x.DirectionBoard) != 1 || x.DirectionBoard[0]["code"] != "RIA" {
		t.Errorf("direction board: %v", x.DirectionBoard)
	}
	if len(x.Submissions) != 1 || x.Submissions[0].Form != "volunteer" || x.Submissions[0].Answers["firstName"] != "Сараа" {
		t.Errorf("only the account's own submissions: %+v", x.Submissions)
	}
	if len(x.Drafts) != 1 || x.Drafts[0]["form"] != "roadmap" {
		t.Errorf("drafts: %v", x.Drafts)
	}
	if n := x.Notify.Notifications; len(n) != 1 || !strings.Contains(n[0].Body, "CVP-2026-000001") || !strings.Contains(n[0].Body, i18n.T("mn", "forms.desk.statuses.accepted")) {
		t.Errorf("notifications (own only, in the request's language): %+v", n)
	}
	// Kinds are listed in the order modules register them (communities' come before forms').
	if p := x.Notify.Preferences; !slices.ContainsFunc(p, func(k struct{ Kind, Email string }) bool {
		return k.Kind == "forms.status" && k.Email == "immediate"
	}) {
		t.Errorf("notification preferences: %+v", p)
	}
	if x.IDVerification["idNumberMasked"] != "УБ******12" {
		t.Errorf("id verification: %v", x.IDVerification)
	}
	if !strings.Contains(x.Note, "дэмжлэг") {
		t.Errorf("the note follows the language: %q", x.Note)
	}
	for _, secret := range []string{"05231412", "password", "$argon2", "refresh", "medicalConditions\":\"", "Бусад", "CVP-2026-000999"} {
		if strings.Contains(r.Raw, secret) {
			t.Errorf("the export must not contain %q", secret)
		}
	}
}
