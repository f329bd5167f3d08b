package site

import "gerege/app/platform/authz"

// Mount declares the site's own API routes: metadata, the language switch, the volunteer
// programme's calendar.
func (h *Handlers) Mount(r *authz.Router, reg *authz.Registry) {
	r.Get("/meta", authz.Public, h.GetMeta)
	r.Post("/lang", authz.Public, h.SetLang)
	r.Get("/programs/volunteer/timeline.ics", authz.Public, h.VolunteerCalendar)
}
