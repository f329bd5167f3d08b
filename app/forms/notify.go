package forms

import "gerege/app/platform/notify"

// StatusChanged tells the person who sent a form (signed in at the time) that the desk
// changed its status. They follow it on their dashboard: there is no page of one's own
// submissions yet.
var StatusChanged = notify.Register(notify.Kind{
	Name:         "forms.status",
	Title:        "notifications.kinds.formsStatus.title",
	Body:         "notifications.kinds.formsStatus.body",
	Label:        "notifications.kinds.formsStatus.label",
	DefaultEmail: notify.Immediate,
	Translate:    map[string]string{"status": "forms.desk.statuses.", "form": "forms.names."},
})

// statusLink is where a status notification leads.
const statusLink = "/dashboard"
