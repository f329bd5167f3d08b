package opportunities

import (
	"context"
	"encoding/json"
	"html/template"
	"net/http"
	"strings"
	"time"

	"gerege/app/platform/markdown"
	"gerege/app/platform/web"
	"gerege/db"
	"gerege/i18n"
)

// RenderPage renders the public page of a posting (/opportunities/{slug}) for crawlers and
// people without JavaScript: title, description, JobPosting structured data, the detail the
// UI starts from, and a read-only rendition. ok is false for paths that are not its own.
func (h *Handlers) RenderPage(r *http.Request, lang, rest string) (*web.Rendered, bool, error) {
	slug, ok := strings.CutPrefix(rest, "/opportunities/")
	if !ok || slug == "" || strings.Contains(slug, "/") {
		return nil, false, nil
	}
	o, err := h.Store.OpportunityBySlug(r.Context(), slug)
	switch {
	case db.IsNotFound(err):
		return nil, true, web.NotFound()
	case err != nil:
		return nil, true, err
	case o.OrgStatus == "suspended" || (o.Status != "published" && o.Status != "closed" && o.Status != "archived"):
		return nil, true, web.NotFound()
	case o.Status == "archived":
		return nil, true, &web.Error{Status: http.StatusGone, Code: "gone", Message: web.M("opportunities.errors.gone")}
	}
	h.views.Count(r, o, ubDay(h.Now()))
	d := DetailOf(lang, o, ubDay(h.Now()))
	data, _ := json.Marshal(d)
	body, err := renderBody(lang, d)
	if err != nil {
		return nil, true, err
	}
	out := &web.Rendered{Title: d.Title, Description: d.Excerpt, Path: "/opportunities/" + o.Slug, Data: data, Body: body}
	if o.Status == "published" {
		out.JSONLD = jobPosting(lang, o, d)
	}
	return out, true, nil
}

var bodyTmpl = template.Must(template.New("body").Parse(`<article class="opportunity-ssr">
<h1>{{.D.Title}}</h1>
<p>{{.D.Organization.Name}}{{if .D.Organization.Verified}} · {{.Verified}}{{end}}</p>
{{if not .D.Open}}<p><strong>{{.Closed}}</strong></p>{{end}}
<dl>
<dt>{{.KindLabel}}</dt><dd>{{.Kind}}</dd>
{{if .Place}}<dt>{{.PlaceLabel}}</dt><dd>{{.Place}}</dd>{{end}}
{{if .D.Deadline}}<dt>{{.DeadlineLabel}}</dt><dd>{{.D.Deadline}}</dd>{{end}}
</dl>
<div>{{.Description}}</div>
{{if .D.NoFee}}<p>{{.NoFee}}</p>{{end}}
</article>`))

// renderBody is the read-only rendition of a posting (escaped by html/template; the
// description is the sanitised HTML markdown.HTML made).
func renderBody(lang string, d Detail) (string, error) {
	t := func(k string) string { return i18n.T(lang, k) }
	place := d.City
	if d.CountryName != "" {
		if place != "" {
			place += ", "
		}
		place += d.CountryName
	}
	if d.Workplace == "remote" {
		place = t("opportunities.workplaces.remote")
	}
	var b strings.Builder
	err := bodyTmpl.Execute(&b, map[string]any{
		"D": d, "Description": template.HTML(d.DescriptionHTML), //nolint:gosec // sanitised by markdown.HTML
		"Verified": t("opportunities.page.verified"), "Closed": t("opportunities.errors.closed"),
		"KindLabel": t("opportunities.page.kind"), "Kind": t("opportunities.kinds." + d.Kind),
		"PlaceLabel": t("opportunities.page.place"), "Place": place,
		"DeadlineLabel": t("opportunities.page.deadline"), "NoFee": t("opportunities.page.noFee"),
	})
	return b.String(), err
}

// jobPosting is schema.org JobPosting data for the kinds that are work (jobs, careers,
// recruitment), nil for the others.
func jobPosting(lang string, o *db.Opportunity, d Detail) []byte {
	if o.Kind != "job" && o.Kind != "career" && o.Kind != "recruitment" {
		return nil
	}
	types := map[string][]string{"full_time_permanent": {"FULL_TIME"}, "full_time_seasonal": {"FULL_TIME", "TEMPORARY"},
		"part_time": {"PART_TIME"}, "remote": {"FULL_TIME"}, "internship": {"INTERN"}}[o.EmploymentType]
	desc, _ := pick(lang, o.DescriptionEn, o.DescriptionMn)
	j := map[string]any{
		"@context": "https://schema.org", "@type": "JobPosting", "title": d.Title,
		"description":        string(markdown.HTML(desc)),
		"datePosted":         o.PublishedAt.In(ulaanbaatar).Format(time.DateOnly),
		"hiringOrganization": map[string]any{"@type": "Organization", "name": o.OrgName},
		"directApply":        true,
		"identifier":         map[string]any{"@type": "PropertyValue", "name": o.OrgName, "value": o.Slug},
	}
	if len(types) > 0 {
		j["employmentType"] = types
	}
	if o.Deadline != "" {
		j["validThrough"] = o.Deadline + "T23:59:59+08:00"
	}
	if o.Workplace == "remote" || o.EmploymentType == "remote" {
		j["jobLocationType"] = "TELECOMMUTE"
		if o.Country != "" {
			j["applicantLocationRequirements"] = map[string]any{"@type": "Country", "name": i18n.CountryName("en", o.Country)}
		}
	}
	if o.Workplace != "remote" {
		j["jobLocation"] = map[string]any{"@type": "Place", "address": map[string]any{"@type": "PostalAddress",
			"addressLocality": o.City, "addressCountry": o.Country}}
	}
	if o.PayKind == "amount" {
		unit := map[string]string{"hour": "HOUR", "month": "MONTH", "year": "YEAR"}[o.PayPeriod]
		value := map[string]any{"@type": "QuantitativeValue", "unitText": unit}
		if o.PayMax > o.PayMin {
			value["minValue"], value["maxValue"] = o.PayMin, o.PayMax
		} else {
			value["value"] = o.PayMin
		}
		if unit != "" {
			j["baseSalary"] = map[string]any{"@type": "MonetaryAmount", "currency": o.PayCurrency, "value": value}
		}
	}
	b, _ := json.Marshal(j)
	return b
}

// Sitemap lists the published postings for sitemap-opportunities.xml (newest first, at most
// 50,000 URLs per language, the sitemap protocol's limit per file).
func (h *Handlers) Sitemap(ctx context.Context) (string, []web.SitemapURL, error) {
	var out []web.SitemapURL
	f := db.OppFilter{Limit: 100, Sort: "newest"}
	for len(out) < 25000 {
		page, err := h.Store.SearchOpportunities(ctx, f)
		if err != nil {
			return "", nil, err
		}
		for _, o := range page.Items {
			if o.OrgStatus == "suspended" {
				continue
			}
			out = append(out, web.SitemapURL{Path: "/opportunities/" + o.Slug, LastMod: o.UpdatedAt.UTC().Format(time.DateOnly)})
		}
		if page.Next == nil {
			break
		}
		f.After = page.Next
	}
	return "opportunities", out, nil
}
