package opportunities

import (
	"net/http"
	"slices"
	"strings"

	"github.com/go-chi/chi/v5"

	"gerege/app/platform/markdown"
	"gerege/app/platform/search"
	"gerege/app/platform/web"
	"gerege/db"
	"gerege/i18n"
)

// SearchQuery is the public list's filters; they are the page's URL, so a search can be shared.
type SearchQuery struct {
	Q              string `query:"q" maxLength:"200" description:"words in the title, description or organisation, in Cyrillic or Latin"`
	Kind           string `query:"kind" enum:"job,career,education,development,exchange,recruitment,travel"`
	EmploymentType string `query:"employmentType"`
	Classification string `query:"classification"`
	Country        string `query:"country" description:"ISO 3166-1 alpha-2"`
	Workplace      string `query:"workplace" enum:"on_site,remote,hybrid"`
	Audience       string `query:"audience"`
	VisaType       string `query:"visaType"`
	ExchangeType   string `query:"exchangeType"`
	Paid           bool   `query:"paid" description:"only postings that state an amount"`
	DeadlineFrom   string `query:"deadlineFrom" format:"date"`
	DeadlineTo     string `query:"deadlineTo" format:"date"`
	Holland        string `query:"holland" description:"a Direction Board code (e.g. SAE): fields of work and study that suit it"`
	Saved          bool   `query:"saved" description:"only the signed-in person's saved opportunities"`
	Sort           string `query:"sort" enum:"newest,deadline,relevance"`
	After          string `query:"after" description:"cursor of the next page"`
	Limit          int    `query:"limit" minimum:"1" maximum:"50"`
}

// parseSearch reads and checks the public filters; an unknown value of a list is a 422 on its
// parameter, so a mistyped link says what is wrong instead of showing everything.
func (h *Handlers) parseSearch(r *http.Request) (db.OppFilter, string, error) {
	q := r.URL.Query()
	f := db.OppFilter{Kind: q.Get("kind"), EmploymentType: q.Get("employmentType"), Classification: q.Get("classification"),
		Country: strings.ToUpper(q.Get("country")), Workplace: q.Get("workplace"), Audience: q.Get("audience"),
		VisaType: q.Get("visaType"), ExchangeType: q.Get("exchangeType"), Paid: q.Get("paid") == "true" || q.Get("paid") == "1",
		DeadlineFrom: q.Get("deadlineFrom"), DeadlineTo: q.Get("deadlineTo"), Sort: q.Get("sort"), Limit: 20}
	c := &web.Checker{}
	c.OneOf("kind", f.Kind, false, Kinds...)
	c.OneOf("employmentType", f.EmploymentType, false, EmploymentTypes...)
	c.OneOf("classification", f.Classification, false, ClassificationKeys()...)
	c.OneOf("workplace", f.Workplace, false, Workplaces...)
	c.OneOf("audience", f.Audience, false, Audiences...)
	c.OneOf("visaType", f.VisaType, false, VisaTypes...)
	c.OneOf("exchangeType", f.ExchangeType, false, ExchangeTypes...)
	c.OneOf("sort", f.Sort, false, []string{"newest", "deadline", "relevance"}...)
	if f.Country != "" && i18n.CountryName("en", f.Country) == f.Country {
		c.Add("country", web.M("validation.choice"))
	}
	c.Date("deadlineFrom", f.DeadlineFrom, false)
	c.Date("deadlineTo", f.DeadlineTo, false)
	text := q.Get("q")
	c.Text("q", text, false, 200)
	holland := strings.ToUpper(q.Get("holland"))
	if holland != "" {
		if len(holland) > 3 || strings.Trim(holland, "RIASEC") != "" {
			c.Add("holland", web.M("validation.choice"))
		} else {
			f.Classifications = ForHolland(holland)
		}
	}
	if l := q.Get("limit"); l != "" {
		n := 0
		for _, ch := range l {
			if ch < '0' || ch > '9' || n > 50 {
				n = -1
				break
			}
			n = n*10 + int(ch-'0')
		}
		if n < 1 || n > 50 {
			c.Add("limit", web.M("opportunities.errors.range", "min", 1, "max", 50))
		} else {
			f.Limit = n
		}
	}
	if err := c.Err(); err != nil {
		return f, "", err
	}
	if m, ok := search.Match(text); ok {
		f.Match = m
		if f.Sort == "" {
			f.Sort = "relevance"
		}
	}
	if a := q.Get("after"); a != "" {
		var cur db.OppCursor
		if err := decodeCursor(a, &cur); err != nil {
			return f, "", err
		}
		f.After = &cur
	}
	if q.Get("saved") == "true" || q.Get("saved") == "1" {
		u := h.user(r)
		if u == nil {
			return f, "", web.Unauthorized()
		}
		f.SavedBy = u.ID
	}
	return f, holland, nil
}

// Search is GET /api/opportunities.
func (h *Handlers) Search(w http.ResponseWriter, r *http.Request) error {
	f, holland, err := h.parseSearch(r)
	if err != nil {
		return err
	}
	page, err := h.Store.SearchOpportunities(r.Context(), f)
	if err != nil {
		return err
	}
	out, err := h.page(r, page)
	if err != nil {
		return err
	}
	out.Holland = holland
	web.JSON(w, http.StatusOK, out)
	return nil
}

func (h *Handlers) page(r *http.Request, page *db.OppPage) (Page, error) {
	lang := web.Lang(r)
	out := Page{Items: make([]Summary, len(page.Items))}
	ids := make([]int64, len(page.Items))
	for i, o := range page.Items {
		out.Items[i] = summaryOf(lang, o)
		ids[i] = o.ID
	}
	if u := h.user(r); u != nil {
		saved, err := h.Store.SavedIDs(r.Context(), u.ID, ids)
		if err != nil {
			return out, err
		}
		for i := range out.Items {
			out.Items[i].Saved = saved[out.Items[i].ID]
		}
	}
	if page.Next != nil {
		out.Next = encodeCursor(page.Next)
	}
	return out, nil
}

// Options is GET /api/opportunities/options.
func (h *Handlers) Options(w http.ResponseWriter, r *http.Request) error {
	lang := web.Lang(r)
	web.JSON(w, http.StatusOK, Options{
		Kinds: options(lang, "kinds", Kinds), EmploymentTypes: options(lang, "employmentTypes", EmploymentTypes),
		Classifications: options(lang, "classifications", ClassificationKeys()), VisaTypes: options(lang, "visaTypes", VisaTypes),
		Audiences: options(lang, "audiences", Audiences), ExchangeTypes: options(lang, "exchangeTypes", ExchangeTypes),
		Workplaces: options(lang, "workplaces", Workplaces), PayPeriods: options(lang, "payPeriods", PayPeriods),
		Currencies: Currencies, Documents: options(lang, "documents", Documents), Languages: Languages,
		Statuses: options(lang, "statuses", Statuses), AppStatuses: options(lang, "applicationStatuses", AppStatuses),
	})
	return nil
}

// public finds a posting the public may see: published, or closed (shown as closed). Archived
// postings are gone (410); drafts and postings waiting for approval do not exist (404), nor
// do those of a suspended organisation.
func (h *Handlers) public(r *http.Request) (*db.Opportunity, error) {
	o, err := h.Store.OpportunityBySlug(r.Context(), chi.URLParam(r, "slug"))
	if db.IsNotFound(err) {
		return nil, web.NotFound()
	}
	if err != nil {
		return nil, err
	}
	switch {
	case o.OrgStatus == "suspended":
		return nil, web.NotFound()
	case o.Status == "archived":
		return nil, &web.Error{Status: 410, Code: "gone", Message: web.M("opportunities.errors.gone")}
	case o.Status != "published" && o.Status != "closed":
		return nil, web.NotFound()
	}
	return o, nil
}

// Detail is GET /api/opportunities/{slug}.
func (h *Handlers) Detail(w http.ResponseWriter, r *http.Request) error {
	o, err := h.public(r)
	if err != nil {
		return err
	}
	h.views.Count(r, o, ubDay(h.Now()))
	d, err := h.detail(r, o)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, d)
	return nil
}

// DetailOf builds the public view of a posting for lang (the server-rendered page uses it too).
func DetailOf(lang string, o *db.Opportunity, today string) Detail {
	s := summaryOf(lang, o)
	desc, other := pick(lang, o.DescriptionEn, o.DescriptionMn)
	includes, _ := pick(lang, o.IncludesEn, o.IncludesMn)
	d := Detail{Summary: s, DescriptionHTML: string(markdown.HTML(desc)), VisaType: o.VisaType, Audience: o.Audience,
		ExchangeType: o.ExchangeType, Worksite: o.Worksite, StartDate: o.StartDate, EndDate: o.EndDate, Openings: o.Openings,
		MustHave: o.MustHave, Preferred: o.Preferred, Documents: o.Documents, ContactName: o.ContactName,
		ContactEmail: o.ContactEmail, ContactPhone: o.ContactPhone, ParticipantCost: o.ParticipantCost,
		CostCurrency: o.CostCurrency, Includes: includes, NoFee: o.NoFee, OtherLang: other,
		Open: acceptsApplications(o, today)}
	d.Questions = []QuestionView{}
	for i, q := range questionsOf(o) {
		text, _ := pick(lang, q.TextEn, q.TextMn)
		v := QuestionView{Index: i, Type: q.Type, Text: text, Required: q.Required, Choices: []string{}}
		for _, c := range q.Choices {
			t, _ := pick(lang, c.En, c.Mn)
			v.Choices = append(v.Choices, t)
		}
		d.Questions = append(d.Questions, v)
	}
	return d
}

func acceptsApplications(o *db.Opportunity, today string) bool {
	return o.Status == "published" && (o.Deadline == "" || o.Deadline >= today) && o.Hired < o.Openings
}

func (h *Handlers) detail(r *http.Request, o *db.Opportunity) (Detail, error) {
	d := DetailOf(web.Lang(r), o, ubDay(h.Now()))
	if u := h.user(r); u != nil {
		saved, err := h.Store.SavedIDs(r.Context(), u.ID, []int64{o.ID})
		if err != nil {
			return d, err
		}
		d.Saved = saved[o.ID]
		a, err := h.Store.ApplicationOf(r.Context(), o.ID, u.ID)
		switch {
		case err == nil:
			v, err := h.myApplication(r, a)
			if err != nil {
				return d, err
			}
			d.Application = &v
		case !db.IsNotFound(err):
			return d, err
		}
		e, err := h.Store.EligibilityOf(r.Context(), u.ID)
		if err != nil {
			return d, err
		}
		d.Eligibility = eligibility(o, e)
	}
	return d, nil
}

// eligibility compares a posting with what the reader stated (never hiding it): a visa is
// needed for a posting in another country than the passport's that names a visa type (any
// posting abroad that names one when no passport country is stated); the languages are met
// when the reader speaks one of those the posting asks for.
func eligibility(o *db.Opportunity, e db.Eligibility) *Eligibility {
	v := &Eligibility{Known: e.PassportCountry != "", LanguagesOK: len(o.Languages) == 0}
	home := e.PassportCountry
	if home == "" {
		home = "MN"
	}
	if o.Country != "" && o.Country != home && o.VisaType != "" && o.VisaType != "not_required" {
		v.VisaNeeded = o.VisaType
	}
	for _, l := range o.Languages {
		if slices.Contains(e.Languages, l) {
			v.LanguagesOK = true
		}
	}
	if len(e.Languages) == 0 {
		v.LanguagesOK = true // nothing stated: no reason to say otherwise
	}
	v.MayBe = v.LanguagesOK
	return v
}

// PublicOrg is GET /api/organizations/{slug}.
func (h *Handlers) PublicOrg(w http.ResponseWriter, r *http.Request) error {
	p, err := h.Store.OrgProfileBySlug(r.Context(), chi.URLParam(r, "slug"))
	if db.IsNotFound(err) || (err == nil && (p.Status == "suspended" || p.Status == "unverified")) {
		return web.NotFound()
	}
	if err != nil {
		return err
	}
	lang := web.Lang(r)
	page, err := h.Store.SearchOpportunities(r.Context(), db.OppFilter{OrgID: p.OrgID, Limit: 50})
	if err != nil {
		return err
	}
	desc, _ := pick(lang, p.DescriptionEn, p.DescriptionMn)
	out := PublicOrg{Name: p.Name, Slug: p.Slug, DescriptionHTML: string(markdown.HTML(desc)), Website: p.Website,
		Country: p.Country, CountryName: countryName(lang, p.Country), City: p.City, Verified: p.Status == "verified",
		Open: []Summary{}}
	for _, o := range page.Items {
		out.Open = append(out.Open, summaryOf(lang, o))
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// Save is PUT /api/opportunities/{slug}/saved.
func (h *Handlers) Save(w http.ResponseWriter, r *http.Request) error {
	o, err := h.public(r)
	if err != nil {
		return err
	}
	if err := h.Store.SaveOpportunity(r.Context(), h.user(r).ID, o.ID, h.Now()); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// Unsave is DELETE /api/opportunities/{slug}/saved.
func (h *Handlers) Unsave(w http.ResponseWriter, r *http.Request) error {
	o, err := h.Store.OpportunityBySlug(r.Context(), chi.URLParam(r, "slug"))
	if db.IsNotFound(err) {
		return web.NotFound()
	}
	if err != nil {
		return err
	}
	if err := h.Store.UnsaveOpportunity(r.Context(), h.user(r).ID, o.ID); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
