package site

import "gerege/app/platform/authz"

// Mount declares the site's own API routes: metadata, the language switch, the volunteer
// programme's calendar.
func (h *Handlers) Mount(r *authz.Router, reg *authz.Registry) {
	r.Get("/meta", authz.Public, h.GetMeta, authz.Doc{ID: "getMeta", Resp: Meta{}, Summary: "Describe this installation"})
	r.Post("/lang", authz.Public, h.SetLang, authz.Doc{ID: "setLanguage", Req: LangRequest{}, Resp: LangRequest{},
		Summary: "Remember the visitor's language (lang cookie)"})
	r.Get("/programs/volunteer/timeline.ics", authz.Public, h.VolunteerCalendar, authz.Doc{ID: "getVolunteerTimeline",
		Produces: "text/calendar", Summary: "The Cultural Volunteer Program's next timeline as an iCalendar file (all-day events)"})
}
