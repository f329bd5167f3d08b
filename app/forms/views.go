package forms

import (
	"encoding/json"
	"time"

	"gerege/db"
)

// SchemaView is GET /api/forms/{form}/schema: the fields with their limits and choices, as
// the UI shows and checks them. MinAge and Countries are the volunteer form's.
type SchemaView struct {
	Fields      map[string]Field `json:"fields"`
	Order       []string         `json:"order"` // the fields in the order the form shows them
	GPAMax      float64          `json:"gpaMax"`
	MaxContacts int              `json:"maxContacts"`
	MinAge      int              `json:"minAge,omitempty"`
	Countries   []string         `json:"countries,omitempty"`
}

// DraftView is GET /api/forms/{form}/draft: the saved answers (null when there is no draft).
type DraftView struct {
	Data      json.RawMessage `json:"data"`
	UpdatedAt time.Time       `json:"updatedAt,omitzero"`
}

// DraftRequest is PUT /api/forms/{form}/draft: the answers so far, a JSON object of at most 64 KB.
type DraftRequest struct {
	Data json.RawMessage `json:"data"`
}

// DeletionRequestBody is POST /api/forms/deletion-requests.
type DeletionRequestBody struct {
	Reference string `json:"reference"`
	Email     string `json:"email"`
}

// ListPage is GET /api/admin/forms/{form}/submissions: a page of the list, the cursor of the
// next one ("" at the end), and the total when the first page is asked for.
type ListPage struct {
	Items []ListItem `json:"items"`
	Next  string     `json:"next"`
	Total *int       `json:"total,omitempty"`
}

// ListQuery is the desk's filters.
type ListQuery struct {
	Q       string `query:"q" maxLength:"200" description:"words in the name, email or reference"`
	Status  string `query:"status" enum:"new,in_review,accepted,rejected,opted_out"`
	From    string `query:"from" format:"date"`
	To      string `query:"to" format:"date"`
	Country string `query:"country" description:"ISO 3166-1 alpha-2 (volunteer form)"`
	Sort    string `query:"sort" enum:"newest,oldest,name"`
	After   string `query:"after" description:"cursor of the next page"`
	Limit   int    `query:"limit"`
}

// HistoryEntry is one event of a submission's history: a status change or a note.
type HistoryEntry struct {
	ID        int64     `json:"id"`
	At        time.Time `json:"at"`
	ActorID   int64     `json:"actorId,omitempty"`
	ActorName string    `json:"actorName,omitempty"`
	Kind      string    `json:"kind"`
	From      string    `json:"from,omitempty"`
	To        string    `json:"to,omitempty"`
	Note      string    `json:"note,omitempty"`
}

// DetailView is GET /api/admin/submissions/{id}: every answer (sensitive ones only for staff
// allowed to see them — otherwise sensitiveHidden is true), the history and the statuses.
type DetailView struct {
	ID              int64          `json:"id"`
	Form            string         `json:"form"`
	Reference       string         `json:"reference"`
	Status          string         `json:"status"`
	Lang            string         `json:"lang"`
	Name            string         `json:"name"`
	Email           string         `json:"email"`
	Country         string         `json:"country"`
	CreatedAt       time.Time      `json:"createdAt"`
	UpdatedAt       time.Time      `json:"updatedAt"`
	Answers         map[string]any `json:"answers"`
	SensitiveHidden bool           `json:"sensitiveHidden"`
	History         []HistoryEntry `json:"history"`
	Statuses        []string       `json:"statuses"`
}

// StatusRequest is POST /api/admin/submissions/{id}/status.
type StatusRequest struct {
	Status string `json:"status" enum:"new,in_review,accepted,rejected,opted_out"`
	Note   string `json:"note,omitempty" maxLength:"2000"`
}

// NoteRequest is POST /api/admin/submissions/{id}/notes.
type NoteRequest struct {
	Note string `json:"note" maxLength:"2000"`
}

// DeleteRequest is DELETE /api/admin/submissions/{id}.
type DeleteRequest struct {
	Reason string `json:"reason" maxLength:"500"`
}

// DeletionRequestView is one open deletion request; Exists says whether the reference and
// email match a stored submission.
type DeletionRequestView struct {
	ID        int64     `json:"id"`
	Reference string    `json:"reference"`
	Email     string    `json:"email"`
	CreatedAt time.Time `json:"createdAt"`
	Exists    bool      `json:"exists"`
}

// DeletionRequests is GET /api/admin/deletion-requests.
type DeletionRequests struct {
	Requests []DeletionRequestView `json:"requests"`
}

// ExportQuery is the desk's filters for an export (the same as the list's).
type ExportQuery = ListQuery

func historyOf(list []db.SubmissionEvent) []HistoryEntry {
	out := make([]HistoryEntry, 0, len(list))
	for _, e := range list {
		out = append(out, HistoryEntry(e))
	}
	return out
}

// schemaView is kind's schema as the API and the UI's generated copy hand it out.
func schemaView(kind string) SchemaView {
	out := SchemaView{Fields: Schemas[kind], Order: Order(kind), GPAMax: GPAMax, MaxContacts: MaxContacts}
	if kind == "volunteer" {
		out.MinAge = VolunteerMinAge
		out.Countries = Countries
	}
	return out
}

// UISchema is what the UI is built with (ui/src/generated/forms.json): every form's schema,
// the desk's statuses and the limits rows and long texts are checked against.
type UISchema struct {
	Forms     map[string]SchemaView `json:"forms"`
	FormNames []string              `json:"formNames"`
	Statuses  []string              `json:"statuses"`
	Limits    Limits                `json:"limits"`
}

// UI returns the UI's schema.
func UI() UISchema {
	out := UISchema{Forms: map[string]SchemaView{}, FormNames: FormNames, Statuses: Statuses, Limits: UILimits}
	for _, k := range FormNames {
		out.Forms[k] = schemaView(k)
	}
	return out
}
