package opportunities

import (
	"context"
	"time"

	"gerege/app/platform/userdata"
	"gerege/app/platform/web"
	"gerege/db"
)

// UserData: a person's applications (with what they answered and their timeline) and saved
// opportunities. Deleting the account deletes its applications.
func (h *Handlers) UserData() []userdata.Section {
	return []userdata.Section{
		userdata.Of("applications", h.exportApplications).WithErase(eraseApplications),
		userdata.Of("savedOpportunities", exportSaved),
		userdata.Of("savedSearches", exportSearches),
		userdata.Of("eligibility", exportEligibility),
	}
}

// ExportedApplication is one application in "download my data".
type ExportedApplication struct {
	Opportunity  string      `json:"opportunity"`
	Organization string      `json:"organization"`
	Status       string      `json:"status"`
	CoverLetter  string      `json:"coverLetter"`
	Answers      []Answer    `json:"answers"`
	Profile      Profile     `json:"profile" description:"the profile as it was sent with the application"`
	CreatedAt    time.Time   `json:"createdAt"`
	Timeline     []EventView `json:"timeline"`
}

func (h *Handlers) exportApplications(ctx context.Context, store *db.Store, userID int64) ([]ExportedApplication, error) {
	lang := web.LangOf(ctx)
	out := []ExportedApplication{}
	f := db.AppFilter{UserID: userID, Limit: 500}
	for {
		list, more, err := store.Applications(ctx, f)
		if err != nil {
			return nil, err
		}
		for _, a := range list {
			evs, err := store.ApplicationEvents(ctx, a.ID, false)
			if err != nil {
				return nil, err
			}
			title, _ := pick(lang, a.TitleEn, a.TitleMn)
			tl := eventsOf(evs)
			for i := range tl {
				tl[i].By = ""
			}
			out = append(out, ExportedApplication{Opportunity: title, Organization: a.OrgName, Status: a.Status,
				CoverLetter: a.CoverLetter, Answers: answersOf(a.Answers), Profile: profileOf(a.Profile), CreatedAt: a.CreatedAt, Timeline: tl})
		}
		if !more {
			return out, nil
		}
		last := list[len(list)-1]
		f.AfterAt, f.AfterID = db.T(last.CreatedAt), last.ID
	}
}

func eraseApplications(ctx context.Context, tx *db.Store, userID int64) error {
	return tx.DeleteApplicationsOf(ctx, userID)
}

// SavedOpportunity is a saved opportunity in "download my data".
type SavedOpportunity struct {
	Title string `json:"title"`
	Slug  string `json:"slug"`
}

func exportSaved(ctx context.Context, store *db.Store, userID int64) ([]SavedOpportunity, error) {
	lang := web.LangOf(ctx)
	page, err := store.SearchOpportunities(ctx, db.OppFilter{SavedBy: userID, Statuses: Statuses, Sort: "updated", Limit: 100})
	if err != nil {
		return nil, err
	}
	out := []SavedOpportunity{}
	for _, o := range page.Items {
		t, _ := pick(lang, o.TitleEn, o.TitleMn)
		out = append(out, SavedOpportunity{Title: t, Slug: o.Slug})
	}
	return out, nil
}

func exportSearches(ctx context.Context, store *db.Store, userID int64) ([]SavedSearchView, error) {
	list, err := store.SavedSearches(ctx, userID, 0, maxSavedSearches)
	out := []SavedSearchView{}
	for _, s := range list {
		out = append(out, SavedSearchView{ID: s.ID, Name: s.Name, Query: s.Query, CreatedAt: s.CreatedAt})
	}
	return out, err
}

func exportEligibility(ctx context.Context, store *db.Store, userID int64) (EligibilityRequest, error) {
	e, err := store.EligibilityOf(ctx, userID)
	return EligibilityRequest{PassportCountry: e.PassportCountry, Languages: e.Languages}, err
}
