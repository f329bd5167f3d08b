package billing

import (
	"context"
	"time"

	"gerege/app/platform/userdata"
	"gerege/db"
)

// AcceptanceView is one acceptance of the no-refund terms, in "download my data".
type AcceptanceView struct {
	OrgID        int64     `json:"orgId"`
	PlanID       int64     `json:"planId"`
	TermsVersion string    `json:"termsVersion"`
	AcceptedAt   time.Time `json:"acceptedAt"`
	IP           string    `json:"ip"`
}

// UserData: the terms a person accepted when subscribing (with the IP they came from). On
// account deletion the acceptance stays as the organisation's proof without the person (the
// foreign key sets it to NULL); invoices are accounting records the law makes us keep, and
// belong to the organisation, so they stay as issued.
func (h *Handlers) UserData() []userdata.Section {
	return []userdata.Section{userdata.Of("billingTermsAcceptances", h.exportAcceptances)}
}

func (h *Handlers) exportAcceptances(ctx context.Context, store *db.Store, userID int64) ([]AcceptanceView, error) {
	list, err := store.BillingTermsAcceptancesBy(ctx, userID)
	out := []AcceptanceView{}
	for _, a := range list {
		out = append(out, AcceptanceView{OrgID: a.OrgID, PlanID: a.PlanID, TermsVersion: a.TermsVersion, AcceptedAt: a.AcceptedAt, IP: a.IP})
	}
	return out, err
}
