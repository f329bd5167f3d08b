// Package analytics is /dashboard/analytics: counts from the platform's own database, never
// third-party analytics. GET /api/analytics/organization answers an organisation's owner and
// managers their postings' applications, the funnel, the median time to first review and the
// 24-hour record of reports about their postings and communities and their communities'
// subscribers — only their organisation's.
// GET /api/analytics/platform answers platform admins sign-ups, active people per day and the
// Direction Board results per Holland code, and per month over a year sign-ups, active people,
// postings, applications and forms received; its sign-ups download as CSV. Days are
// Ulaanbaatar days. Each chart is one query (db/workspace_analytics.go).
package analytics

import (
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"gerege/app/platform/authn"
	"gerege/app/platform/authz"
	"gerege/app/platform/web"
	"gerege/db"
)

// ubZone is Ulaanbaatar: UTC+8, no daylight saving since 2017.
var ubZone = time.FixedZone("Asia/Ulaanbaatar", 8*3600)

// Handlers serves the analytics. Its dependencies are explicit.
type Handlers struct {
	Store *db.Store
	Now   func() time.Time
}

// OrgQuery is the organisation's window.
type OrgQuery struct {
	Days int `query:"days" description:"the window in days, ending today (Ulaanbaatar): 7–365, default 90"`
}

// PlatformQuery is the platform's window.
type PlatformQuery struct {
	Days int `query:"days" description:"the window in days, ending today (Ulaanbaatar): 7–90, default 30"`
}

// Mount declares the routes and the page.
func (h *Handlers) Mount(r *authz.Router, reg *authz.Registry) {
	r.Get("/analytics/organization", authz.WorkspaceAnalyticsOrg, h.Organization, authz.Doc{ID: "getOrganizationAnalytics",
		Query: OrgQuery{}, Resp: Organization{},
		Summary: "The person's organisation: applications per posting, the funnel, median time to first review, the 24-hour record of reports"})
	r.Get("/analytics/platform", authz.WorkspaceAnalyticsPlatform, h.Platform, authz.Doc{ID: "getPlatformAnalytics",
		Query: PlatformQuery{}, Resp: Platform{},
		Summary: "The platform: sign-ups and active people per day, Direction Board results per Holland code"})
	r.Get("/analytics/organization/{chart}.csv", authz.WorkspaceAnalyticsOrg, h.OrgCSV, authz.Doc{ID: "exportOrganizationAnalytics",
		Query: OrgQuery{}, Produces: "text/csv",
		Summary: "One chart of the organisation's analytics as CSV (UTF-8 with BOM, formula-safe): chart postings, funnel, reports or communities"})
	r.Get("/analytics/platform/{chart}.csv", authz.WorkspaceAnalyticsPlatform, h.PlatformCSV, authz.Doc{ID: "exportPlatformAnalytics",
		Query: PlatformQuery{}, Produces: "text/csv",
		Summary: "One chart of the platform's analytics as CSV (UTF-8 with BOM, formula-safe): chart signups, active, holland, or month-signups, month-active, month-postings, month-applications, month-forms"})

	// One page for both: it shows the organisation's figures to those with
	// workspace.analytics.org and the platform's to those with workspace.analytics.platform.
	reg.AddPage(authz.Page{Key: "analytics", Path: "/dashboard/analytics", Perm: authz.WorkspaceAnalytics, Order: 95})
}

// days reads the window's length; a bad value is a field error on "days", never a 500.
func days(r *http.Request, def, lo, hi int) (int, error) {
	s := r.URL.Query().Get("days")
	if s == "" {
		return def, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < lo || n > hi {
		return 0, web.Invalid(map[string]web.Msg{"days": web.M("workspaceAnalytics.errors.days", "min", lo, "max", hi)})
	}
	return n, nil
}

// window is the first instant of the window's first Ulaanbaatar day and that day.
func (h *Handlers) window(n int) (time.Time, string) {
	today := h.Now().In(ubZone)
	first := time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, ubZone).AddDate(0, 0, -(n - 1))
	return first.UTC(), first.Format("2006-01-02")
}

// funnelStages are the funnel's steps in order; an application reached a step when its status
// is that step or a later one. Declined and opted-out applications reached "submitted", and
// "reviewed" when staff opened them (the table keeps no stage at which they were declined).
var funnelStages = []string{"submitted", "reviewed", "shortlisted", "interview", "offer", "hired"}

// Funnel computes the funnel from the status counts.
func Funnel(counts []db.StatusCount) []Stage {
	rank := map[string]int{}
	for i, s := range funnelStages {
		rank[s] = i
	}
	out := make([]Stage, len(funnelStages))
	for i, s := range funnelStages {
		out[i].Stage = s
	}
	for _, c := range counts {
		reached, ok := rank[c.Status]
		if !ok {
			reached = 0
		}
		if c.Reviewed && reached < 1 {
			reached = 1
		}
		for i := 0; i <= reached; i++ {
			out[i].Count += c.N
		}
	}
	return out
}

// Median is the median of sorted values (nil when empty), rounded to one decimal.
func Median(sorted []float64) *float64 {
	if len(sorted) == 0 {
		return nil
	}
	if !sort.Float64sAreSorted(sorted) {
		sort.Float64s(sorted)
	}
	m := sorted[len(sorted)/2]
	if len(sorted)%2 == 0 {
		m = (sorted[len(sorted)/2-1] + m) / 2
	}
	m = float64(int64(m*10+0.5)) / 10
	return &m
}

// Organization answers the caller's organisation's analytics: every query is bound to their
// organisation's id, so another organisation's postings, applications and reports never count.
func (h *Handlers) Organization(w http.ResponseWriter, r *http.Request) error {
	out, err := h.organization(r)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

func (h *Handlers) organization(r *http.Request) (Organization, error) {
	n, err := days(r, 90, 7, 365)
	if err != nil {
		return Organization{}, err
	}
	u := authn.UserOf(r)
	since, sinceDay := h.window(n)
	ctx, lang := r.Context(), web.Lang(r)
	out := Organization{Since: sinceDay, Days: n, Postings: []Posting{}}
	posts, err := h.Store.ApplicationsPerPosting(ctx, u.OrgID, since, sinceDay, 50)
	if err != nil {
		return out, err
	}
	for _, p := range posts {
		title := p.TitleEN
		if (lang == "mn" && p.TitleMN != "") || title == "" {
			title = p.TitleMN
		}
		out.Postings = append(out.Postings, Posting{ID: p.ID, Title: title, Views: p.Views, Applications: p.Applications})
	}
	statuses, err := h.Store.ApplicationStatuses(ctx, u.OrgID, since)
	if err != nil {
		return out, err
	}
	views, err := h.Store.OrgViews(ctx, u.OrgID, sinceDay)
	if err != nil {
		return out, err
	}
	out.Funnel = append([]Stage{{Stage: "viewed", Count: views}}, Funnel(statuses)...)
	hours, err := h.Store.FirstReviewHours(ctx, u.OrgID, since)
	if err != nil {
		return out, err
	}
	out.MedianFirstReviewHours, out.Reviewed = Median(hours), len(hours)
	rec, err := h.Store.OrgReportRecord(ctx, u.OrgID, since)
	if err != nil {
		return out, err
	}
	out.Reports = Reports{Total: rec.Total, Answered: rec.Answered, Within24h: rec.Within24h, Open: rec.Open}
	comms, err := h.Store.OrgCommunities(ctx, u.OrgID, 50)
	if err != nil {
		return out, err
	}
	out.Communities = []Community{}
	for _, c := range comms {
		name := c.NameEN
		if (lang == "mn" && c.NameMN != "") || name == "" {
			name = c.NameMN
		}
		out.Communities = append(out.Communities, Community{ID: c.ID, Name: name, Members: c.Members, Followers: c.Followers})
	}
	return out, nil
}

// fill answers every day from first for n days, with the counts found (zero otherwise).
func fill(first string, n int, counts []db.DayCount) []Day {
	found := map[string]int{}
	for _, c := range counts {
		found[c.Day] = c.N
	}
	d, _ := time.Parse("2006-01-02", first)
	out := make([]Day, 0, n)
	for i := 0; i < n; i++ {
		day := d.AddDate(0, 0, i).Format("2006-01-02")
		out = append(out, Day{Day: day, Count: found[day]})
	}
	return out
}

// hollandLetters are the six Holland types in their usual order.
var hollandLetters = []string{"R", "I", "A", "S", "E", "C"}

func (h *Handlers) platform(r *http.Request) (Platform, error) {
	n, err := days(r, 30, 7, 90)
	if err != nil {
		return Platform{}, err
	}
	since, sinceDay := h.window(n)
	ctx := r.Context()
	out := Platform{Since: sinceDay, Days: n, Holland: []Count{}}
	signups, err := h.Store.SignupsPerDay(ctx, since)
	if err != nil {
		return out, err
	}
	out.Signups = fill(sinceDay, n, signups)
	active, err := h.Store.ActivePerDay(ctx, since)
	if err != nil {
		return out, err
	}
	out.Active = fill(sinceDay, n, active)
	codes, err := h.Store.DirectionBoardCodes(ctx, since)
	if err != nil {
		return out, err
	}
	found := map[string]int{}
	for _, c := range codes {
		found[c.Code] = c.N
	}
	for _, l := range hollandLetters {
		out.Holland = append(out.Holland, Count{Key: l, Count: found[l]})
	}
	today := h.Now().In(ubZone)
	first := time.Date(today.Year(), today.Month(), 1, 0, 0, 0, 0, ubZone).AddDate(0, -11, 0)
	out.Monthly = []Series{}
	for _, key := range db.MonthlySeries {
		counts, err := h.Store.PerMonth(ctx, key, first.UTC())
		if err != nil {
			return out, err
		}
		got := map[string]int{}
		for _, c := range counts {
			got[c.Day] = c.N
		}
		s := Series{Key: key, Months: make([]Month, 0, 12)}
		for i := 0; i < 12; i++ {
			m := first.AddDate(0, i, 0).Format("2006-01")
			s.Months = append(s.Months, Month{Month: m, Count: got[m]})
		}
		out.Monthly = append(out.Monthly, s)
	}
	return out, nil
}

// Platform answers the platform's analytics (admins).
func (h *Handlers) Platform(w http.ResponseWriter, r *http.Request) error {
	out, err := h.platform(r)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// csv sends a table of the chart (web.ExportTable: formula-safe, with BOM).
func csv(w http.ResponseWriter, r *http.Request, name string, header []string, rows [][]string) error {
	return web.ExportTable(w, r, web.CSV, name, header, func(emit func([]string) error) error {
		for _, row := range rows {
			if err := emit(row); err != nil {
				return err
			}
		}
		return nil
	})
}

// OrgCSV sends one chart of the organisation's analytics as CSV; an unknown chart is 404.
func (h *Handlers) OrgCSV(w http.ResponseWriter, r *http.Request) error {
	chart := chi.URLParam(r, "chart")
	if chart != "postings" && chart != "funnel" && chart != "reports" && chart != "communities" {
		return web.NotFound()
	}
	out, err := h.organization(r)
	if err != nil {
		return err
	}
	T := func(key string) string { return web.T(r, "workspaceAnalytics.page."+key) }
	rows := [][]string{}
	var header []string
	switch chart {
	case "postings":
		header = []string{T("postings.posting"), T("postings.views"), T("postings.count")}
		for _, p := range out.Postings {
			rows = append(rows, []string{p.Title, strconv.Itoa(p.Views), strconv.Itoa(p.Applications)})
		}
	case "funnel":
		header = []string{T("funnel.stage"), T("funnel.count")}
		for _, s := range out.Funnel {
			rows = append(rows, []string{T("funnel.stages." + s.Stage), strconv.Itoa(s.Count)})
		}
	case "reports":
		header = []string{T("reports.kind"), T("reports.count")}
		rp := out.Reports
		for _, kv := range []struct {
			k string
			n int
		}{{"total", rp.Total}, {"answered", rp.Answered}, {"within24h", rp.Within24h}, {"open", rp.Open}} {
			rows = append(rows, []string{T("reports." + kv.k), strconv.Itoa(kv.n)})
		}
	case "communities":
		header = []string{T("communities.community"), T("communities.members"), T("communities.followers")}
		for _, c := range out.Communities {
			rows = append(rows, []string{c.Name, strconv.Itoa(c.Members), strconv.Itoa(c.Followers)})
		}
	}
	return csv(w, r, chart+"-"+out.Since+".csv", header, rows)
}

// PlatformCSV sends one chart of the platform's analytics as CSV; an unknown chart is 404.
func (h *Handlers) PlatformCSV(w http.ResponseWriter, r *http.Request) error {
	chart := chi.URLParam(r, "chart")
	var monthly string
	switch {
	case chart == "signups" || chart == "active" || chart == "holland":
	case strings.HasPrefix(chart, "month-") && slices.Contains(db.MonthlySeries, strings.TrimPrefix(chart, "month-")):
		monthly = strings.TrimPrefix(chart, "month-")
	default:
		return web.NotFound()
	}
	out, err := h.platform(r)
	if err != nil {
		return err
	}
	T := func(key string) string { return web.T(r, "workspaceAnalytics.page."+key) }
	rows := [][]string{}
	header := []string{T("signups.day"), T("count")}
	days := func(ds []Day) {
		for _, d := range ds {
			rows = append(rows, []string{d.Day, strconv.Itoa(d.Count)})
		}
	}
	switch {
	case chart == "signups":
		header = []string{web.T(r, "workspaceAnalytics.export.day"), web.T(r, "workspaceAnalytics.export.signups")}
		days(out.Signups)
	case chart == "active":
		days(out.Active)
	case chart == "holland":
		header = []string{T("holland.code"), T("holland.count")}
		for _, c := range out.Holland {
			rows = append(rows, []string{c.Key, strconv.Itoa(c.Count)})
		}
	default:
		header = []string{T("monthly.month"), T("count")}
		for _, s := range out.Monthly {
			if s.Key == monthly {
				for _, m := range s.Months {
					rows = append(rows, []string{m.Month, strconv.Itoa(m.Count)})
				}
			}
		}
	}
	return csv(w, r, chart+"-"+out.Since+".csv", header, rows)
}
