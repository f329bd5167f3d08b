// Package content serves the editable public content — FAQ entries grouped by category, and
// study-abroad destinations with partner universities — and the legal documents. Operators
// edit FAQ and universities in the dashboard with English and Mongolian side by side; an
// entry cannot be published while either language is empty.
package content

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"gerege/app/platform/web"
	"gerege/db"
	"gerege/i18n"
)

// Handlers holds the content capability's dependencies.
type Handlers struct {
	Store *db.Store
	Now   func() time.Time
}

type seedFile struct {
	Categories []struct {
		ID   string  `json:"id"`
		Name db.Text `json:"name"`
	} `json:"categories"`
	Entries []struct {
		ID       string  `json:"id"`
		Category string  `json:"category"`
		Question db.Text `json:"question"`
		Answer   db.Text `json:"answer"`
	} `json:"entries"`
	Destinations []struct {
		ID           string  `json:"id"`
		Name         db.Text `json:"name"`
		Summary      db.Text `json:"summary"`
		Universities []struct {
			ID      string  `json:"id"`
			Name    db.Text `json:"name"`
			City    db.Text `json:"city"`
			Website string  `json:"website"`
		} `json:"universities"`
	} `json:"destinations"`
}

// Seed fills the FAQ and the universities list from the embedded seed files on first start.
// It runs once per database: content an operator deletes stays deleted.
func Seed(ctx context.Context, store *db.Store, now time.Time) error {
	var faq, uni seedFile
	for name, dst := range map[string]*seedFile{"faq.seed.json": &faq, "universities.seed.json": &uni} {
		b, err := i18n.Content(name)
		if err != nil {
			return err
		}
		if err := json.Unmarshal(b, dst); err != nil {
			return err
		}
	}
	err := store.SeedOnce(ctx, "seeded.faq", func(tx *db.Store) error {
		for i, c := range faq.Categories {
			if err := tx.SaveFAQCategory(ctx, db.FAQCategory{ID: c.ID, Name: c.Name, Position: i}); err != nil {
				return err
			}
		}
		for i, e := range faq.Entries {
			if _, err := tx.SaveFAQEntry(ctx, db.FAQEntry{Slug: e.ID, Category: e.Category, Question: e.Question,
				Answer: e.Answer, Published: true, Position: i}, now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return store.SeedOnce(ctx, "seeded.universities", func(tx *db.Store) error {
		for i, d := range uni.Destinations {
			if err := tx.SaveDestination(ctx, db.Destination{ID: d.ID, Name: d.Name, Summary: d.Summary, Published: true,
				Position: i}, now); err != nil {
				return err
			}
			for j, u := range d.Universities {
				if _, err := tx.SaveUniversity(ctx, db.University{Slug: u.ID, Destination: d.ID, Name: u.Name, City: u.City,
					Website: u.Website, Published: true, Position: j}, now); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// FAQItem is an entry in one language.
type FAQItem struct {
	ID       int64  `json:"id"`
	Slug     string `json:"slug"`
	Question string `json:"question"`
	Answer   string `json:"answer"`
}

// FAQGroup is a category with its entries in one language.
type FAQGroup struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Entries []FAQItem `json:"entries"`
}

// FAQ is GET /api/faq?q=: published entries in the request's language, grouped by category;
// q filters case-insensitively (Cyrillic included) over both languages.
func (h *Handlers) FAQ(w http.ResponseWriter, r *http.Request) error {
	lang := web.Lang(r)
	cats, err := h.Store.FAQCategories(r.Context())
	if err != nil {
		return err
	}
	entries, err := h.Store.FAQEntries(r.Context(), true)
	if err != nil {
		return err
	}
	q := strings.Fields(strings.ToLower(r.URL.Query().Get("q")))
	groups := make([]FAQGroup, 0, len(cats))
	index := map[string]int{}
	for _, c := range cats {
		index[c.ID] = len(groups)
		groups = append(groups, FAQGroup{ID: c.ID, Name: c.Name.In(lang), Entries: []FAQItem{}})
	}
	for _, e := range entries {
		if !Matches(q, e.Question.EN, e.Question.MN, e.Answer.EN, e.Answer.MN) {
			continue
		}
		g := &groups[index[e.Category]]
		g.Entries = append(g.Entries, FAQItem{ID: e.ID, Slug: e.Slug, Question: e.Question.In(lang), Answer: e.Answer.In(lang)})
	}
	out := groups[:0]
	for _, g := range groups {
		if len(g.Entries) > 0 {
			out = append(out, g)
		}
	}
	web.JSON(w, http.StatusOK, FAQList{Categories: out})
	return nil
}

// Matches reports whether every word of q (already lower-cased) occurs in one of the texts,
// compared in Unicode lower case so "ЭЛСЭЛТ" finds "элсэлт".
func Matches(q []string, texts ...string) bool {
	if len(q) == 0 {
		return true
	}
	hay := strings.ToLower(strings.Join(texts, "\n"))
	for _, w := range q {
		if !strings.Contains(hay, w) {
			return false
		}
	}
	return true
}

// DestinationView is a destination in one language.
type DestinationView struct {
	ID           string           `json:"id"`
	Name         string           `json:"name"`
	Summary      string           `json:"summary"`
	Universities []UniversityView `json:"universities"`
}

// UniversityView is a university in one language.
type UniversityView struct {
	Slug    string `json:"slug"`
	Name    string `json:"name"`
	City    string `json:"city"`
	Website string `json:"website,omitempty"`
}

// Universities is GET /api/universities: published destinations and universities.
func (h *Handlers) Universities(w http.ResponseWriter, r *http.Request) error {
	lang := web.Lang(r)
	list, err := h.Store.Destinations(r.Context(), true)
	if err != nil {
		return err
	}
	out := make([]DestinationView, 0, len(list))
	for _, d := range list {
		v := DestinationView{ID: d.ID, Name: d.Name.In(lang), Summary: d.Summary.In(lang), Universities: []UniversityView{}}
		for _, u := range d.Universities {
			v.Universities = append(v.Universities, UniversityView{Slug: u.Slug, Name: u.Name.In(lang), City: u.City.In(lang), Website: u.Website})
		}
		out = append(out, v)
	}
	web.JSON(w, http.StatusOK, DestinationList{Destinations: out})
	return nil
}

// Legal is GET /api/legal/{doc}?version=: a legal document in the request's language, the
// current version unless an older one is asked for, with the list of versions.
func (h *Handlers) Legal(w http.ResponseWriter, r *http.Request) error {
	lang := web.Lang(r)
	b, err := i18n.Content("legal." + lang + ".json")
	if err != nil {
		return err
	}
	var file struct {
		Documents map[string]struct {
			Title    string            `json:"title"`
			Versions []json.RawMessage `json:"versions"`
		} `json:"documents"`
	}
	if err := json.Unmarshal(b, &file); err != nil {
		return err
	}
	doc, ok := file.Documents[chi.URLParam(r, "doc")]
	if !ok {
		return web.NotFound()
	}
	want := r.URL.Query().Get("version")
	versions := []string{}
	var chosen json.RawMessage
	for i, v := range doc.Versions {
		var head struct {
			Effective string `json:"effective"`
		}
		_ = json.Unmarshal(v, &head)
		versions = append(versions, head.Effective)
		if (want == "" && i == 0) || head.Effective == want {
			chosen = v
		}
	}
	if chosen == nil {
		return web.NotFound()
	}
	web.JSON(w, http.StatusOK, LegalDocument{Title: doc.Title, Versions: versions, Document: chosen})
	return nil
}

// ---- administration ----

var slugRe = regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)

const (
	maxQuestion = 300
	maxAnswer   = 4000
	maxName     = 200
	maxSummary  = 1000
)

// bilingual checks a pair: each side at most max; both required when publishing (required
// anyway when always is set). When only one language is written, the empty side says that
// published entries need both, which tells the editor more than "required".
func bilingual(c *web.Checker, field string, t db.Text, max int, publish, always bool) {
	en, mn := strings.TrimSpace(t.EN) != "", strings.TrimSpace(t.MN) != ""
	if publish && en != mn {
		side := "Mn"
		if !en {
			side = "En"
		}
		c.Add(field+side, web.M("content.errors.bothLanguages"))
	}
	c.Text(field+"En", t.EN, always || publish, max)
	c.Text(field+"Mn", t.MN, always || publish, max)
}

func trimText(t db.Text) db.Text {
	return db.Text{EN: strings.TrimSpace(t.EN), MN: strings.TrimSpace(t.MN)}
}

// AdminFAQ is GET /api/admin/faq: every entry, published or not, both languages.
func (h *Handlers) AdminFAQ(w http.ResponseWriter, r *http.Request) error {
	cats, err := h.Store.FAQCategories(r.Context())
	if err != nil {
		return err
	}
	entries, err := h.Store.FAQEntries(r.Context(), false)
	if err != nil {
		return err
	}
	out := FAQAdmin{Categories: make([]FAQCategoryAdmin, 0, len(cats)), Entries: make([]FAQEntryAdmin, 0, len(entries))}
	for _, c := range cats {
		out.Categories = append(out.Categories, FAQCategoryAdmin{ID: c.ID, Name: text(c.Name), Position: c.Position})
	}
	for _, e := range entries {
		out.Entries = append(out.Entries, faqEntryAdmin(e))
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// FAQRequest is the body of creating or changing an entry.
type FAQRequest struct {
	Slug       string `json:"slug"`
	Category   string `json:"category"`
	QuestionEn string `json:"questionEn"`
	QuestionMn string `json:"questionMn"`
	AnswerEn   string `json:"answerEn"`
	AnswerMn   string `json:"answerMn"`
	Published  bool   `json:"published"`
	Position   int    `json:"position"`
}

// SaveFAQ is POST /api/admin/faq and PUT /api/admin/faq/{id}.
func (h *Handlers) SaveFAQ(w http.ResponseWriter, r *http.Request) error {
	var id int64
	if p := chi.URLParam(r, "id"); p != "" {
		var err error
		if id, err = strconv.ParseInt(p, 10, 64); err != nil {
			return web.NotFound()
		}
	}
	var req FAQRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	e := db.FAQEntry{ID: id, Slug: strings.TrimSpace(req.Slug), Category: req.Category,
		Question: trimText(db.Text{EN: req.QuestionEn, MN: req.QuestionMn}), Answer: trimText(db.Text{EN: req.AnswerEn, MN: req.AnswerMn}),
		Published: req.Published, Position: req.Position}
	c := &web.Checker{}
	if !slugRe.MatchString(e.Slug) || len(e.Slug) > 80 {
		c.Add("slug", web.M("content.errors.slug"))
	}
	cats, err := h.Store.FAQCategories(r.Context())
	if err != nil {
		return err
	}
	known := false
	for _, cat := range cats {
		known = known || cat.ID == e.Category
	}
	if !known {
		c.Add("category", web.M("validation.choice"))
	}
	bilingual(c, "question", e.Question, maxQuestion, e.Published, false)
	bilingual(c, "answer", e.Answer, maxAnswer, e.Published, false)
	if err := c.Err(); err != nil {
		return err
	}
	id, err = h.Store.SaveFAQEntry(r.Context(), e, h.Now())
	if errors.Is(err, db.ErrConflict) {
		return web.Invalid(map[string]web.Msg{"slug": web.M("content.errors.slugTaken")})
	}
	if db.IsNotFound(err) {
		return web.NotFound()
	}
	if err != nil {
		return err
	}
	saved, err := h.Store.FAQEntryByID(r.Context(), id)
	if err != nil {
		return err
	}
	status := http.StatusOK
	if e.ID == 0 {
		status = http.StatusCreated
	}
	web.JSON(w, status, faqEntryAdmin(*saved))
	return nil
}

// DeleteFAQ is DELETE /api/admin/faq/{id}.
func (h *Handlers) DeleteFAQ(w http.ResponseWriter, r *http.Request) error {
	id, _ := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err := h.Store.DeleteFAQEntry(r.Context(), id); db.IsNotFound(err) {
		return web.NotFound()
	} else if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// AdminUniversities is GET /api/admin/universities: everything, both languages.
func (h *Handlers) AdminUniversities(w http.ResponseWriter, r *http.Request) error {
	list, err := h.Store.Destinations(r.Context(), false)
	if err != nil {
		return err
	}
	out := DestinationsAdmin{Destinations: make([]DestinationAdmin, 0, len(list))}
	for _, d := range list {
		out.Destinations = append(out.Destinations, destinationAdmin(d))
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// SaveDestination creates or changes a destination (its id is its slug).
func (h *Handlers) SaveDestination(w http.ResponseWriter, r *http.Request) error {
	var req DestinationRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	d := db.Destination{ID: chi.URLParam(r, "id"), Name: trimText(db.Text{EN: req.NameEn, MN: req.NameMn}),
		Summary: trimText(db.Text{EN: req.SummaryEn, MN: req.SummaryMn}), Published: req.Published, Position: req.Position}
	c := &web.Checker{}
	if !slugRe.MatchString(d.ID) || len(d.ID) > 60 {
		c.Add("id", web.M("content.errors.slug"))
	}
	bilingual(c, "name", d.Name, maxName, d.Published, false)
	// The summary may be left out, but a published one must be there in both languages.
	halfSummary := (d.Summary.EN == "") != (d.Summary.MN == "")
	bilingual(c, "summary", d.Summary, maxSummary, d.Published && halfSummary, false)
	if err := c.Err(); err != nil {
		return err
	}
	if err := h.Store.SaveDestination(r.Context(), d, h.Now()); err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, destinationAdmin(d))
	return nil
}

// DeleteDestination is DELETE /api/admin/destinations/{id}.
func (h *Handlers) DeleteDestination(w http.ResponseWriter, r *http.Request) error {
	if err := h.Store.DeleteDestination(r.Context(), chi.URLParam(r, "id")); db.IsNotFound(err) {
		return web.NotFound()
	} else if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// UniversityRequest is the body of creating or changing a university.
type UniversityRequest struct {
	Slug        string `json:"slug"`
	Destination string `json:"destination"`
	NameEn      string `json:"nameEn"`
	NameMn      string `json:"nameMn"`
	CityEn      string `json:"cityEn"`
	CityMn      string `json:"cityMn"`
	Website     string `json:"website"`
	Published   bool   `json:"published"`
	Position    int    `json:"position"`
}

// SaveUniversity is POST /api/admin/universities and PUT /api/admin/universities/{id}.
func (h *Handlers) SaveUniversity(w http.ResponseWriter, r *http.Request) error {
	var id int64
	if p := chi.URLParam(r, "id"); p != "" {
		var err error
		if id, err = strconv.ParseInt(p, 10, 64); err != nil {
			return web.NotFound()
		}
	}
	var req UniversityRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	u := db.University{ID: id, Slug: strings.TrimSpace(req.Slug), Destination: req.Destination,
		Name: trimText(db.Text{EN: req.NameEn, MN: req.NameMn}), City: trimText(db.Text{EN: req.CityEn, MN: req.CityMn}),
		Website: strings.TrimSpace(req.Website), Published: req.Published, Position: req.Position}
	c := &web.Checker{}
	if !slugRe.MatchString(u.Slug) || len(u.Slug) > 80 {
		c.Add("slug", web.M("content.errors.slug"))
	}
	dests, err := h.Store.Destinations(r.Context(), false)
	if err != nil {
		return err
	}
	known := false
	for _, d := range dests {
		known = known || d.ID == u.Destination
	}
	if !known {
		c.Add("destination", web.M("validation.choice"))
	}
	bilingual(c, "name", u.Name, maxName, u.Published, false)
	bilingual(c, "city", u.City, maxName, u.Published, false)
	if u.Website != "" {
		if p, err := url.Parse(u.Website); err != nil || p.Scheme != "https" || p.Host == "" || len(u.Website) > 300 {
			c.Add("website", web.M("content.errors.website"))
		}
	}
	if err := c.Err(); err != nil {
		return err
	}
	id, err = h.Store.SaveUniversity(r.Context(), u, h.Now())
	if errors.Is(err, db.ErrConflict) {
		return web.Invalid(map[string]web.Msg{"slug": web.M("content.errors.slugTaken")})
	}
	if db.IsNotFound(err) {
		return web.NotFound()
	}
	if err != nil {
		return err
	}
	u.ID = id
	status := http.StatusOK
	if req.Slug != "" && chi.URLParam(r, "id") == "" {
		status = http.StatusCreated
	}
	web.JSON(w, status, universityAdmin(u))
	return nil
}

// DeleteUniversity is DELETE /api/admin/universities/{id}.
func (h *Handlers) DeleteUniversity(w http.ResponseWriter, r *http.Request) error {
	id, _ := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err := h.Store.DeleteUniversity(r.Context(), id); db.IsNotFound(err) {
		return web.NotFound()
	} else if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
