package forms

import "gerege/app/platform/authz"

// Mount declares the forms routes: the four public forms (anonymous visitors too), signed-in
// users' drafts, deletion requests, and the staff desk.
func (h *Handlers) Mount(r *authz.Router, reg *authz.Registry) {
	r.Get("/forms/token", authz.Public, h.Token)
	r.Post("/forms/deletion-requests", authz.Public, h.RequestDeletion)
	r.Get("/forms/{form}/schema", authz.Public, h.Schema)
	r.Post("/forms/{form}", authz.Public, h.Submit)
	r.Get("/forms/{form}/draft", authz.SignedIn, h.GetDraft)
	r.Put("/forms/{form}/draft", authz.SignedIn, h.PutDraft)
	r.Delete("/forms/{form}/draft", authz.SignedIn, h.DeleteDraft)

	// The desk.
	r.Get("/admin/forms/{form}/submissions", authz.FormsDeskRead, h.List)
	r.Get("/admin/forms/{form}/export.{format}", authz.FormsDeskRead, h.Export)
	r.Get("/admin/submissions/{id}", authz.FormsDeskRead, h.Detail)
	r.Post("/admin/submissions/{id}/status", authz.FormsDeskWrite, h.SetStatus)
	r.Post("/admin/submissions/{id}/notes", authz.FormsDeskWrite, h.AddNote)
	r.Delete("/admin/submissions/{id}", authz.FormsDeskWrite, h.Delete)
	r.Get("/admin/deletion-requests", authz.FormsDeskRead, h.DeletionRequests)

	reg.AddPage(authz.Page{Key: "submissions", Path: "/dashboard/forms", Perm: authz.FormsDeskRead, Order: 50, Sub: true})
}
