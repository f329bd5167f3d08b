// Package widgets is how capabilities put "what waits for you" on a person's home page
// (/dashboard/app): each module that has something to show declares widgets; the workspace
// home asks every widget the person may see for its count. A widget knows nothing of the page
// that shows it, and the home page knows nothing of the module's tables.
package widgets

import (
	"context"

	"gerege/app/platform/authz"
	"gerege/db"
)

// Widget is one line of the home page: a count of what waits for a person and where to act on it.
type Widget struct {
	// Key names the widget in the UI's catalog (workspace-home: home.widgets.<Key>) and in the API.
	Key string
	// Perm is what a person needs to see the widget (authz.SignedIn for everyone).
	Perm authz.Perm
	// Href is the dashboard page where it is acted on ("/dashboard/chat").
	Href string
	// Order places it on the page (lower first).
	Order int
	// Count returns how many things wait for u (unread messages, today's appointments, …).
	// It runs on every home page load: it must be one indexed query.
	Count func(ctx context.Context, u *db.User) (int, error)
}

// Provider is a module with widgets; the server collects them from every module.
type Provider interface {
	Widgets() []Widget
}

// Registry holds every module's widgets.
type Registry struct{ all []Widget }

// Add declares widgets.
func (r *Registry) Add(w ...Widget) { r.all = append(r.all, w...) }

// For returns the widgets u may see, in order.
func (r *Registry) For(u *db.User) []Widget {
	out := []Widget{}
	for _, w := range r.all {
		if authz.Can(u, w.Perm) {
			out = append(out, w)
		}
	}
	sortByOrder(out)
	return out
}

func sortByOrder(ws []Widget) {
	for i := 1; i < len(ws); i++ {
		for j := i; j > 0 && ws[j].Order < ws[j-1].Order; j-- {
			ws[j], ws[j-1] = ws[j-1], ws[j]
		}
	}
}
