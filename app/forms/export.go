package forms

import (
	"context"
	"encoding/json"
	"time"

	"gerege/app/platform/userdata"
	"gerege/db"
)

// OwnSubmission is a form the person sent while signed in, as their data export shows it: the
// answers kept in clear (the sealed sensitive ones stay with staff; support sends them on
// request, after checking identity).
type OwnSubmission struct {
	Form      string          `json:"form"`
	Reference string          `json:"reference"`
	Status    string          `json:"status"`
	CreatedAt time.Time       `json:"createdAt"`
	Answers   json.RawMessage `json:"answers"`
}

// OwnDraft is a form the person started and has not sent.
type OwnDraft struct {
	Form      string          `json:"form"`
	UpdatedAt time.Time       `json:"updatedAt"`
	Answers   json.RawMessage `json:"answers"`
}

// UserData: the forms sent while signed in and the drafts. Deleting the account drops the
// drafts and the kept Idempotency-Key answers; the submissions stay with the desk as if sent
// signed out (they are asked for by reference).
func (h *Handlers) UserData() []userdata.Section {
	return []userdata.Section{
		userdata.Of("submissions", ownSubmissions).WithErase(eraseForms),
		userdata.Of("drafts", ownDrafts),
	}
}

func ownSubmissions(ctx context.Context, store *db.Store, userID int64) ([]OwnSubmission, error) {
	list, err := store.SubmissionsOfUser(ctx, userID)
	out := make([]OwnSubmission, 0, len(list))
	for _, s := range list {
		out = append(out, OwnSubmission(s))
	}
	return out, err
}

func ownDrafts(ctx context.Context, store *db.Store, userID int64) ([]OwnDraft, error) {
	list, err := store.DraftsOfUser(ctx, userID)
	out := make([]OwnDraft, 0, len(list))
	for _, d := range list {
		out = append(out, OwnDraft(d))
	}
	return out, err
}

func eraseForms(ctx context.Context, tx *db.Store, userID int64) error {
	return tx.EraseFormsOfUser(ctx, userID)
}
