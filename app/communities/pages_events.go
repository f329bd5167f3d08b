package communities

// The event's page, /forums/{community}/events/{id}, rendered on the server as a signed-out
// reader sees it (public communities only: a members-only community's event is a 404 shell
// here, and the app asks the API with the reader's cookie); /forums/{community}/events/new is
// the form's page (the app's).

import (
	"encoding/json"
	"html/template"
	"net/http"
	"strconv"
	"strings"

	"gerege/app/platform/markdown"
	"gerege/app/platform/web"
	"gerege/db"
	"gerege/i18n"
)

var eventTmpl = template.Must(template.New("event").Parse(`<section class="communities-ssr"><p><a href="/{{.Lang}}/forums/{{.E.CommunitySlug}}">{{.E.CommunityName}}</a></p>
<h1>{{.E.Title}}</h1>
{{if eq .E.Status "cancelled"}}<p><strong>{{.CancelledLabel}}</strong> {{.E.CancelReason}}</p>{{end}}
<p>{{.WhenLabel}}: {{.E.When}}</p>
{{if .E.Place}}<p>{{.PlaceLabel}}: {{.E.Place}}</p>{{end}}
{{if .E.OnlineURL}}<p>{{.OnlineLabel}}: <a href="{{.E.OnlineURL}}" rel="nofollow noopener">{{.E.OnlineURL}}</a></p>{{end}}
<div>{{.Description}}</div></section>`))

func (h *Handlers) renderEventPage(r *http.Request, lang string, parts []string) (*web.Rendered, bool, error) {
	t := func(k string) string { return i18n.T(lang, k) }
	ctx := r.Context()
	c, err := h.Store.CommunityBySlug(ctx, parts[1])
	if db.IsNotFound(err) || (err == nil && c.Status != "active") {
		return nil, true, web.NotFound()
	}
	if err != nil {
		return nil, true, err
	}
	path := "/forums/" + c.Slug + "/events/" + parts[3]
	if parts[3] == "new" {
		return &web.Rendered{Title: t("events.ui.newTitle"), Description: commPick(lang, c.NameEn, c.NameMn), Path: path}, true, nil
	}
	id, err := strconv.ParseInt(parts[3], 10, 64)
	if err != nil || id <= 0 {
		return nil, true, web.NotFound()
	}
	a, err := h.access(ctx, nil, c.ID)
	if err != nil {
		return nil, true, err
	}
	e, err := h.Store.CommunityEventByID(ctx, id)
	if db.IsNotFound(err) || (err == nil && (e.CommunityID != c.ID || !a.Read)) {
		return nil, true, web.NotFound() // members only: nothing of the event in the page
	}
	if err != nil {
		return nil, true, err
	}
	v := eventViewOf(lang, c, e, "", a, h.Now())
	var b strings.Builder
	if err := eventTmpl.Execute(&b, map[string]any{"Lang": lang, "E": v, "Description": template.HTML(v.DescriptionHTML), //nolint:gosec // sanitised by markdown.HTML
		"CancelledLabel": t("events.ui.cancelled"), "WhenLabel": t("events.ui.when"), "PlaceLabel": t("events.ui.place"),
		"OnlineLabel": t("events.ui.online")}); err != nil {
		return nil, true, err
	}
	desc := markdown.Excerpt(commPick(lang, e.DescriptionEn, e.DescriptionMn), 200)
	if desc == "" {
		desc = v.When
	}
	out := rendered(v.Title+" · "+v.CommunityName, desc, path, CommunityPageData{Page: "event", Event: &v}, b.String())
	out.JSONLD = eventJSONLD(v, lang)
	return out, true, nil
}

// eventJSONLD is the event's schema.org Event.
func eventJSONLD(v EventView, lang string) []byte {
	status := "https://schema.org/EventScheduled"
	if v.Status == "cancelled" {
		status = "https://schema.org/EventCancelled"
	}
	mode := "https://schema.org/OfflineEventAttendanceMode"
	var location any = map[string]any{"@type": "Place", "name": v.Place}
	switch {
	case v.OnlineURL != "" && v.Place != "":
		mode = "https://schema.org/MixedEventAttendanceMode"
		location = []any{location, map[string]any{"@type": "VirtualLocation", "url": v.OnlineURL}}
	case v.OnlineURL != "":
		mode = "https://schema.org/OnlineEventAttendanceMode"
		location = map[string]any{"@type": "VirtualLocation", "url": v.OnlineURL}
	}
	j, _ := json.Marshal(map[string]any{"@context": "https://schema.org", "@type": "Event", "name": v.Title,
		"startDate": v.Start.In(ubZone).Format("2006-01-02T15:04:05-07:00"), "endDate": v.End.In(ubZone).Format("2006-01-02T15:04:05-07:00"),
		"eventStatus": status, "eventAttendanceMode": mode, "location": location, "inLanguage": lang,
		"organizer": map[string]any{"@type": "Organization", "name": v.CommunityName}})
	return j
}
