package accounts

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"gerege/app/platform/authn"
	"gerege/app/platform/userdata"
	"gerege/app/platform/web"
	"gerege/db"
)

// exportDoc is the export's name in the API document: an object of every module's sections.
const exportDoc = "AccountsExport"

// AcceptedVersions are the legal texts the account accepted (effective dates).
type AcceptedVersions struct {
	Terms   string `json:"terms"`
	Privacy string `json:"privacy"`
}

// UserData: the account's own sections of the export — the profile, the accepted legal
// versions, the devices and the ID verification (number masked). They go with the account
// row when it is deleted (foreign keys cascade), which DeleteAccount deletes last.
func (h *Handlers) UserData() []userdata.Section {
	return []userdata.Section{
		userdata.Of("account", h.exportAccount),
		userdata.Of("accepted", h.exportAccepted),
		userdata.Of("sessions", h.exportSessions),
		userdata.Of("idVerification", func(ctx context.Context, _ *db.Store, userID int64) (IDView, error) {
			return h.idViewOf(ctx, userID)
		}),
	}
}

func (h *Handlers) exportAccount(ctx context.Context, store *db.Store, userID int64) (UserView, error) {
	u, err := store.UserByID(ctx, userID)
	if err != nil {
		return UserView{}, err
	}
	return h.view(ctx, u)
}

func (h *Handlers) exportAccepted(ctx context.Context, store *db.Store, userID int64) (AcceptedVersions, error) {
	u, err := store.UserByID(ctx, userID)
	if err != nil {
		return AcceptedVersions{}, err
	}
	return AcceptedVersions{Terms: u.TermsVersion, Privacy: u.PrivacyVersion}, nil
}

// exportSessions lists the devices; the one asking for the export is the current one.
func (h *Handlers) exportSessions(ctx context.Context, _ *db.Store, userID int64) ([]SessionView, error) {
	current := ""
	if id := authn.From(ctx); id != nil && id.User.ID == userID && id.Session != nil {
		current = id.Session.ID
	}
	return h.sessionViews(ctx, userID, current, web.LangOf(ctx))
}

// ExportAccount is GET /api/account/export: a JSON file download of the account's data — every
// module's sections (app/platform/userdata): everything the account page shows and everything
// the person gave us while signed in. Secrets (the password hash, session tokens, the full
// national ID number, sealed medical answers) stay out.
func (h *Handlers) ExportAccount(w http.ResponseWriter, r *http.Request) error {
	u := authn.From(r.Context()).User
	out, err := h.Data.Export(r.Context(), h.Store, u.ID)
	if err != nil {
		return err
	}
	out.ExportedAt, out.Note = h.Now().UTC(), web.T(r, "account.export.note")
	h.audit(r, "account.exported", u.ID, u.ID, "")
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="gerege-account-%d-%s.json"`, u.ID, out.ExportedAt.Format("2006-01-02")))
	w.Header().Set("Cache-Control", "no-store")
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
