package opportunities

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"gerege/app/platform/notify"
	"gerege/app/platform/web"
	"gerege/db"
)

// maxSavedSearches bounds a person's saved searches.
const maxSavedSearches = 20

// SavedSearchRequest is POST /api/me/saved-searches.
type SavedSearchRequest struct {
	Name  string `json:"name" maxLength:"100"`
	Query string `json:"query" description:"the list's query string, e.g. kind=job&q=engineer (the same parameters as searchOpportunities, without after and saved)"`
}

// SavedSearchView is a saved search.
type SavedSearchView struct {
	ID        int64     `json:"id"`
	Name      string    `json:"name"`
	Query     string    `json:"query"`
	CreatedAt time.Time `json:"createdAt"`
}

// SavedSearches is the person's list.
type SavedSearches struct {
	Items []SavedSearchView `json:"items"`
}

// canonicalQuery keeps the search parameters of q (sorted, without paging and "saved"), and
// checks them as the list does; "" with the error when they are not valid.
func (h *Handlers) canonicalQuery(q string) (string, error) {
	vals, err := url.ParseQuery(q)
	if err != nil {
		return "", web.Invalid(map[string]web.Msg{"query": web.M("validation.choice")})
	}
	vals.Del("after")
	vals.Del("saved")
	vals.Del("limit")
	for k := range vals {
		if !slices.Contains(searchParams, k) {
			vals.Del(k)
		}
	}
	r := &http.Request{URL: &url.URL{RawQuery: vals.Encode()}}
	if _, _, err := h.parseSearch(r); err != nil {
		return "", err
	}
	return vals.Encode(), nil
}

var searchParams = []string{"q", "kind", "employmentType", "classification", "country", "workplace", "audience", "visaType",
	"exchangeType", "paid", "deadlineFrom", "deadlineTo", "holland", "sort"}

// SaveSearch is POST /api/me/saved-searches.
func (h *Handlers) SaveSearch(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	var req SavedSearchRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	req.Name = strings.TrimSpace(req.Name)
	c := &web.Checker{}
	c.Text("name", req.Name, true, 100)
	if err := c.Err(); err != nil {
		return err
	}
	q, err := h.canonicalQuery(req.Query)
	if err != nil {
		return err
	}
	list, err := h.Store.SavedSearches(r.Context(), u.ID, 0, maxSavedSearches+1)
	if err != nil {
		return err
	}
	if len(list) >= maxSavedSearches {
		return &web.Error{Status: 409, Code: "too_many", Message: web.M("opportunities.errors.tooManySearches", "max", maxSavedSearches)}
	}
	if _, err := h.Store.InsertSavedSearch(r.Context(), db.SavedSearch{UserID: u.ID, Name: req.Name, Query: q}, h.Now()); err != nil {
		return err
	}
	return h.listSaved(w, r, http.StatusCreated)
}

// ListSearches is GET /api/me/saved-searches.
func (h *Handlers) ListSearches(w http.ResponseWriter, r *http.Request) error {
	return h.listSaved(w, r, http.StatusOK)
}

func (h *Handlers) listSaved(w http.ResponseWriter, r *http.Request, status int) error {
	list, err := h.Store.SavedSearches(r.Context(), h.user(r).ID, 0, maxSavedSearches)
	if err != nil {
		return err
	}
	out := SavedSearches{Items: []SavedSearchView{}}
	for _, s := range list {
		out.Items = append(out.Items, SavedSearchView{ID: s.ID, Name: s.Name, Query: s.Query, CreatedAt: s.CreatedAt})
	}
	web.JSON(w, status, out)
	return nil
}

// DeleteSearch is DELETE /api/me/saved-searches/{id}.
func (h *Handlers) DeleteSearch(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	if err := h.Store.DeleteSavedSearch(r.Context(), h.user(r).ID, id); db.IsNotFound(err) {
		return web.NotFound()
	} else if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// alertSearches tells each person with a saved search how many postings were published for it
// since it was last checked: an in-app notification, by email in the daily digest by default
// (notify's: in their language, with the one-click unsubscribe).
func (h *Handlers) alertSearches(ctx context.Context, now time.Time) error {
	var after int64
	for {
		list, err := h.Store.SavedSearches(ctx, 0, after, 200)
		if err != nil || len(list) == 0 {
			return err
		}
		for _, s := range list {
			after = s.ID
			f, _, err := h.parseSearch(&http.Request{URL: &url.URL{RawQuery: s.Query}})
			if err != nil {
				continue // a list changed since it was saved: nothing to match
			}
			f.PublishedAfter, f.Limit, f.Sort = s.CheckedAt, 50, "newest"
			page, err := h.Store.SearchOpportunities(ctx, f)
			if err != nil {
				return err
			}
			err = h.Store.InTx(ctx, func(tx *db.Store) error {
				if len(page.Items) > 0 {
					n := strconv.Itoa(len(page.Items))
					if page.Next != nil {
						n += "+"
					}
					if err := notify.Send(ctx, tx, notify.Notification{UserID: s.UserID, Kind: SearchAlert.Name, At: now,
						Params: map[string]string{"name": s.Name, "count": n}, Link: "/opportunities?" + s.Query}); err != nil {
						return err
					}
				}
				return tx.CheckedSavedSearch(ctx, s.ID, now)
			})
			if err != nil {
				return err
			}
		}
	}
}

// EligibilityRequest is what a person states once: passport country and languages.
type EligibilityRequest struct {
	PassportCountry string   `json:"passportCountry" description:"ISO 3166-1 alpha-2, or empty"`
	Languages       []string `json:"languages"`
}

// GetEligibility is GET /api/me/eligibility.
func (h *Handlers) GetEligibility(w http.ResponseWriter, r *http.Request) error {
	e, err := h.Store.EligibilityOf(r.Context(), h.user(r).ID)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, EligibilityRequest{PassportCountry: e.PassportCountry, Languages: e.Languages})
	return nil
}

// PutEligibility is PUT /api/me/eligibility.
func (h *Handlers) PutEligibility(w http.ResponseWriter, r *http.Request) error {
	var req EligibilityRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	req.PassportCountry = strings.ToUpper(strings.TrimSpace(req.PassportCountry))
	c := &web.Checker{}
	if req.PassportCountry != "" && countryName("en", req.PassportCountry) == req.PassportCountry {
		c.Add("passportCountry", web.M("validation.choice"))
	}
	langs := []string{}
	for _, l := range req.Languages {
		if !slices.Contains(Languages, l) {
			c.Add("languages", web.M("validation.choice"))
		} else if !slices.Contains(langs, l) {
			langs = append(langs, l)
		}
	}
	if err := c.Err(); err != nil {
		return err
	}
	if err := h.Store.SetEligibility(r.Context(), h.user(r).ID, db.Eligibility{PassportCountry: req.PassportCountry, Languages: langs}, h.Now()); err != nil {
		return err
	}
	return h.GetEligibility(w, r)
}
