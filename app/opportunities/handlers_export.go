package opportunities

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"

	"gerege/app/platform/web"
	"gerege/db"
	"gerege/i18n"
)

// ExportQuery selects the applications to export (the board's filters).
type ExportQuery struct {
	Opportunity int64  `query:"opportunity"`
	Status      string `query:"status" enum:"submitted,reviewed,shortlisted,interview,offer,hired,declined,opted_out"`
}

// exportColumns are the catalog keys of the export's columns, in order.
var exportColumns = []string{"opportunity", "name", "email", "status", "appliedAt", "updatedAt", "meetsMustHaves", "labels",
	"answers", "coverLetter", "documents"}

// Export is GET /api/org/applications/export.{csv,xlsx}: the organisation's applications the
// filters select, in the reader's language, formula-safe. A failure never looks like a
// complete file (web.ExportTable).
func (h *Handlers) Export(w http.ResponseWriter, r *http.Request) error {
	format := chi.URLParam(r, "format")
	if format != web.CSV && format != web.XLSX {
		return web.NotFound()
	}
	u, lang := h.user(r), web.Lang(r)
	q := r.URL.Query()
	c := &web.Checker{}
	c.OneOf("status", q.Get("status"), false, AppStatuses...)
	f := db.AppFilter{OrgID: u.OrgID, Status: q.Get("status"), Oldest: true, Limit: 500}
	if s := q.Get("opportunity"); s != "" {
		var id int64
		if _, err := fmt.Sscan(s, &id); err != nil || id <= 0 || fmt.Sprint(id) != s {
			c.Add("opportunity", web.M("validation.choice"))
		}
		f.OpportunityID = id
	}
	if err := c.Err(); err != nil {
		return err
	}
	ctx := r.Context()
	if f.OpportunityID != 0 {
		o, err := h.Store.OpportunityByID(ctx, f.OpportunityID)
		if db.IsNotFound(err) || (err == nil && o.OrgID != u.OrgID) {
			return web.NotFound()
		}
		if err != nil {
			return err
		}
	}
	header := make([]string, len(exportColumns))
	for i, col := range exportColumns {
		header[i] = i18n.T(lang, "opportunities.export."+col)
	}
	yes, no := i18n.T(lang, "opportunities.answers.yes"), i18n.T(lang, "opportunities.answers.no")
	questions := map[int64][]Question{}
	rows := func(emit func([]string) error) error {
		for {
			list, more, err := h.Store.Applications(ctx, f)
			if err != nil {
				return err
			}
			for _, a := range list {
				qs, ok := questions[a.OpportunityID]
				if !ok {
					o, err := h.Store.OpportunityByID(ctx, a.OpportunityID)
					if err != nil {
						return err
					}
					qs = questionsOf(o)
					questions[a.OpportunityID] = qs
				}
				docs, err := h.Store.ApplicationFiles(ctx, a.ID)
				if err != nil {
					return err
				}
				var names []string
				for _, d := range docs {
					names = append(names, i18n.T(lang, "opportunities.documents."+d.Kind)+": "+d.Name)
				}
				var answers []string
				for _, ans := range answersOf(a.Answers) {
					if ans.Index < len(qs) {
						text, _ := pick(lang, qs[ans.Index].TextEn, qs[ans.Index].TextMn)
						answers = append(answers, text+" "+answerText(lang, qs[ans.Index], ans.Value))
					}
				}
				title, _ := pick(lang, a.TitleEn, a.TitleMn)
				p := profileOf(a.Profile)
				meets := no
				if a.Meets {
					meets = yes
				}
				if err := emit([]string{title, i18n.FullName(lang, p.FirstName, p.LastName), p.Email,
					i18n.T(lang, "opportunities.applicationStatuses."+a.Status), db.T(a.CreatedAt), db.T(a.UpdatedAt), meets,
					strings.Join(a.Labels, ", "), strings.Join(answers, "\n"), a.CoverLetter, strings.Join(names, "\n")}); err != nil {
					return err
				}
			}
			if !more {
				return nil
			}
			last := list[len(list)-1]
			f.AfterAt, f.AfterID = db.T(last.CreatedAt), last.ID
		}
	}
	name := fmt.Sprintf("applications-%s.%s", h.Now().UTC().Format("2006-01-02"), format)
	return web.ExportTable(w, r, format, name, header, rows)
}

// answerText is an answer as a person reads it.
func answerText(lang string, q Question, v string) string {
	switch q.Type {
	case "yes_no":
		return i18n.T(lang, "opportunities.answers."+v)
	case "choice":
		var n int
		if _, err := fmt.Sscan(v, &n); err == nil && n >= 0 && n < len(q.Choices) {
			t, _ := pick(lang, q.Choices[n].En, q.Choices[n].Mn)
			return t
		}
	}
	return v
}
