package accounts

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"gerege/app/platform/authn"
	"gerege/app/platform/notify"
	"gerege/app/platform/web"
	"gerege/db"
)

// Export is the account's data as GET /api/account/export hands it to its owner: everything
// the account page shows and everything the person gave us while signed in. Secrets (the
// password hash, session tokens, the full national ID number, sealed medical answers) stay out.
type Export struct {
	ExportedAt     time.Time          `json:"exportedAt"`
	Account        UserView           `json:"account"`
	Accepted       AcceptedVersions   `json:"accepted"`
	Sessions       []SessionView      `json:"sessions"`
	IDVerification IDView             `json:"idVerification"`
	DirectionBoard []db.PastResult    `json:"directionBoard"`
	Submissions    []db.OwnSubmission `json:"submissions"`
	Drafts         []db.OwnDraft      `json:"drafts"`
	Notifications  notify.Export      `json:"notifications"`
	Note           string             `json:"note"`
}

// AcceptedVersions are the legal texts the account accepted (effective dates).
type AcceptedVersions struct {
	Terms   string `json:"terms"`
	Privacy string `json:"privacy"`
}

// ExportAccount is GET /api/account/export: a JSON file download of the account's data.
func (h *Handlers) ExportAccount(w http.ResponseWriter, r *http.Request) error {
	id := authn.From(r.Context())
	ctx := r.Context()
	u := id.User
	out := Export{ExportedAt: h.Now().UTC(), Accepted: AcceptedVersions{Terms: u.TermsVersion, Privacy: u.PrivacyVersion}}
	var err error
	if out.Account, err = h.view(ctx, u); err != nil {
		return err
	}
	if out.Sessions, err = h.sessionViews(ctx, id, web.Lang(r)); err != nil {
		return err
	}
	if out.IDVerification, err = h.idViewOf(ctx, u.ID); err != nil {
		return err
	}
	attempts, err := h.Store.FinishedAttemptsOfUser(ctx, u.ID)
	if err != nil {
		return err
	}
	out.DirectionBoard = make([]db.PastResult, 0, len(attempts))
	for i := range attempts {
		out.DirectionBoard = append(out.DirectionBoard, attempts[i].Past())
	}
	if out.Submissions, err = h.Store.SubmissionsOfUser(ctx, u.ID); err != nil {
		return err
	}
	if out.Drafts, err = h.Store.DraftsOfUser(ctx, u.ID); err != nil {
		return err
	}
	if out.Notifications, err = notify.ExportOf(ctx, h.Store, web.Lang(r), u.ID); err != nil {
		return err
	}
	out.Note = web.T(r, "account.export.note")
	h.audit(r, "account.exported", u.ID, u.ID, "")
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="gerege-account-%d-%s.json"`, u.ID, out.ExportedAt.Format("2006-01-02")))
	w.Header().Set("Cache-Control", "no-store")
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
