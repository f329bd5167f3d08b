package forms

import (
	"time"

	"github.com/swaggest/jsonschema-go"

	"gerege/app/platform/authz"
	"gerege/app/platform/jobs"
	"gerege/app/platform/web"
)

// Mount declares the forms routes: the four public forms (anonymous visitors too), signed-in
// users' drafts, deletion requests, and the staff desk.
func (h *Handlers) Mount(r *authz.Router, reg *authz.Registry) {
	r.Get("/forms/token", authz.Public, h.Token, authz.Doc{ID: "getFormToken", Resp: web.FormToken{},
		Summary: "A signed timestamp that web forms send back as formToken (minimum fill time)"})
	r.Post("/forms/deletion-requests", authz.Public, h.RequestDeletion, authz.Doc{ID: "requestDeletion",
		Req: DeletionRequestBody{}, Resp: web.Message{}, Status: 202,
		Summary: "Ask for a submission to be deleted; the same answer whether or not it exists"})
	r.Get("/forms/{form}/schema", authz.Public, h.Schema, authz.Doc{ID: "getFormSchema", Resp: SchemaView{},
		Summary: "Fields, limits and choices of a form (contact, support, volunteer, roadmap)"})
	r.Post("/forms/{form}", authz.Public, h.Submit, authz.Doc{ID: "submitForm",
		Req: jsonschema.OneOf(Contact{}, Support{}, Volunteer{}, Roadmap{}), Resp: Receipt{}, Status: 201,
		Summary: "Submit a form; stored completely or not at all; the same request (same client, same body) with the same Idempotency-Key within 24 hours returns the first answer, another body with the key is refused (422)"})
	r.Get("/forms/{form}/draft", authz.SignedIn, h.GetDraft, authz.Doc{ID: "getDraft", Resp: DraftView{},
		Summary: "The signed-in user's draft (data is null when there is none)"})
	r.Put("/forms/{form}/draft", authz.SignedIn, h.PutDraft, authz.Doc{ID: "saveDraft", Req: DraftRequest{}, Status: 204,
		Summary: "Save the draft (a JSON object of at most 64 KB)"})
	r.Delete("/forms/{form}/draft", authz.SignedIn, h.DeleteDraft, authz.Doc{ID: "deleteDraft", Status: 204,
		Summary: "Drop the draft"})

	// The desk.
	r.Get("/admin/forms/{form}/submissions", authz.FormsDeskRead, h.List, authz.Doc{ID: "listSubmissions",
		Query: ListQuery{}, Resp: ListPage{}, Summary: "A page of submissions (keyset paging)"})
	r.Get("/admin/forms/{form}/export.{format}", authz.FormsDeskRead, h.Export, authz.Doc{ID: "exportSubmissions",
		Query: ExportQuery{}, Produces: "text/csv", Summary: "Export what the filters select as CSV (UTF-8 with BOM; format csv) or XLSX (format xlsx)"})
	r.Get("/admin/submissions/{id}", authz.FormsDeskRead, h.Detail, authz.Doc{ID: "getSubmission", Resp: DetailView{},
		Summary: "Every field (sensitive ones only for staff allowed), history and notes"})
	r.Post("/admin/submissions/{id}/status", authz.FormsDeskWrite, h.SetStatus, authz.Doc{ID: "setSubmissionStatus",
		Req: StatusRequest{}, Resp: DetailView{}, Summary: "Change the status, with an optional note"})
	r.Post("/admin/submissions/{id}/notes", authz.FormsDeskWrite, h.AddNote, authz.Doc{ID: "addSubmissionNote",
		Req: NoteRequest{}, Resp: DetailView{}, Summary: "Add an internal note"})
	r.Delete("/admin/submissions/{id}", authz.FormsDeskWrite, h.Delete, authz.Doc{ID: "deleteSubmission",
		Req: DeleteRequest{}, Status: 204, Summary: "Delete with a recorded reason"})
	r.Get("/admin/deletion-requests", authz.FormsDeskRead, h.DeletionRequests, authz.Doc{ID: "listDeletionRequests",
		Resp: DeletionRequests{}, Summary: "Open deletion requests"})

	reg.AddPage(authz.Page{Key: "submissions", Path: "/dashboard/forms", Perm: authz.FormsDeskRead, Order: 50, Sub: true})
}

// Jobs: kept Idempotency-Key answers are forgotten after db.IdempotencyTTL.
func (h *Handlers) Jobs() []jobs.Job {
	return []jobs.Job{{Name: "forms.idempotency", Every: time.Hour, Run: h.Store.DeleteOldIdempotencyKeys}}
}
