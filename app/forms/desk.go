package forms

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"gerege/app/platform/authn"
	"gerege/app/platform/authz"
	"gerege/app/platform/notify"
	"gerege/app/platform/web"
	"gerege/db"
	"gerege/i18n"
)

// filter reads the desk's list filters from the query string.
func (h *Handlers) filter(r *http.Request, kind string) (db.SubmissionFilter, error) {
	q := r.URL.Query()
	f := db.SubmissionFilter{Form: kind, Query: q.Get("q"), Status: q.Get("status"), Country: strings.ToUpper(q.Get("country")),
		Sort: q.Get("sort"), After: q.Get("after")}
	c := &web.Checker{}
	if f.Status != "" {
		c.OneOf("status", f.Status, false, Statuses...)
	}
	if f.Sort != "" {
		c.OneOf("sort", f.Sort, false, "newest", "oldest", "name")
	}
	// Control characters (a NUL byte) or broken UTF-8 cannot be searched for: a 422 on the
	// field, not a failing full-text query.
	c.Text("q", f.Query, false, 200)
	if from, ok := c.Date("from", q.Get("from"), false); ok {
		f.From = from
	}
	if to, ok := c.Date("to", q.Get("to"), false); ok {
		f.To = to.AddDate(0, 0, 1) // the whole "to" day
	}
	if n, err := strconv.Atoi(q.Get("limit")); err == nil {
		f.Limit = n
	}
	return f, c.Err()
}

// ListItem is one row of the desk's list.
type ListItem struct {
	ID        int64     `json:"id"`
	Reference string    `json:"reference"`
	Status    string    `json:"status"`
	Name      string    `json:"name"`
	Email     string    `json:"email"`
	Country   string    `json:"country,omitempty"`
	Lang      string    `json:"lang"`
	CreatedAt time.Time `json:"createdAt"`
}

// List is GET /api/admin/forms/{form}/submissions?q=&status=&from=&to=&country=&sort=&after=.
func (h *Handlers) List(w http.ResponseWriter, r *http.Request) error {
	kind, err := formOf(r)
	if err != nil {
		return err
	}
	f, err := h.filter(r, kind)
	if err != nil {
		return err
	}
	list, next, err := h.Store.Submissions(r.Context(), f)
	if db.IsNotFound(err) {
		return web.Invalid(map[string]web.Msg{"after": web.M("validation.choice")})
	}
	if err != nil {
		return err
	}
	items := make([]ListItem, len(list))
	for i, s := range list {
		items[i] = ListItem{ID: s.ID, Reference: s.Reference, Status: s.Status, Name: s.Name, Email: s.Email, Country: s.Country,
			Lang: s.Lang, CreatedAt: s.CreatedAt}
	}
	out := ListPage{Items: items, Next: next}
	if f.After == "" {
		n, err := h.Store.CountSubmissions(r.Context(), f)
		if err != nil {
			return err
		}
		out.Total = &n
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// answers merges the stored data with the sensitive part when the user may see it.
func (h *Handlers) answers(s *db.Submission, u *db.User) (map[string]any, bool, error) {
	data := map[string]any{}
	if err := json.Unmarshal([]byte(s.Data), &data); err != nil {
		return nil, false, err
	}
	if s.Sensitive == nil {
		return data, false, nil
	}
	if !authz.Can(u, authz.FormsSensitiveRead) {
		return data, true, nil
	}
	plain, err := h.Sealer.Open(s.Sensitive)
	if err != nil {
		return nil, false, err
	}
	if err := json.Unmarshal([]byte(plain), &data); err != nil {
		return nil, false, err
	}
	return data, false, nil
}

func (h *Handlers) submission(r *http.Request) (*db.Submission, error) {
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil {
		return nil, web.NotFound()
	}
	s, err := h.Store.SubmissionByID(r.Context(), id)
	if db.IsNotFound(err) {
		return nil, web.NotFound()
	}
	return s, err
}

// Detail is GET /api/admin/submissions/{id}: every field (sensitive ones only for those
// allowed — otherwise "hidden": true), the status history and notes.
func (h *Handlers) Detail(w http.ResponseWriter, r *http.Request) error {
	s, err := h.submission(r)
	if err != nil {
		return err
	}
	u := authn.From(r.Context()).User
	data, hidden, err := h.answers(s, u)
	if err != nil {
		return err
	}
	hist, err := h.Store.SubmissionHistory(r.Context(), s.ID)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, DetailView{ID: s.ID, Form: s.Form, Reference: s.Reference, Status: s.Status,
		Lang: s.Lang, Name: s.Name, Email: s.Email, Country: s.Country, CreatedAt: s.CreatedAt, UpdatedAt: s.UpdatedAt,
		Answers: data, SensitiveHidden: hidden, History: historyOf(hist), Statuses: Statuses})
	return nil
}

// SetStatus is POST /api/admin/submissions/{id}/status {status, note}.
func (h *Handlers) SetStatus(w http.ResponseWriter, r *http.Request) error {
	s, err := h.submission(r)
	if err != nil {
		return err
	}
	var req StatusRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	c := &web.Checker{}
	c.OneOf("status", req.Status, true, Statuses...)
	c.Text("note", req.Note, false, 2000)
	if err := c.Err(); err != nil {
		return err
	}
	now := h.Now()
	ctx := r.Context()
	// The change, its history entry and the sender's notification (when they were signed in)
	// are one transaction: all of them or none.
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		if err := tx.SetSubmissionStatus(ctx, s.ID, authn.From(ctx).User.ID, req.Status, strings.TrimSpace(req.Note), now); err != nil {
			return err
		}
		if s.UserID == 0 || req.Status == s.Status {
			return nil
		}
		err := notify.Send(ctx, tx, notify.Notification{UserID: s.UserID, Kind: StatusChanged.Name,
			Params: map[string]string{"reference": s.Reference, "status": req.Status, "form": s.Form}, Link: statusLink, At: now})
		if errors.Is(err, db.ErrNotFound) {
			return nil // the sender deleted their account meanwhile: nobody to tell
		}
		return err
	})
	if err != nil {
		return err
	}
	return h.Detail(w, r)
}

// AddNote is POST /api/admin/submissions/{id}/notes {note}: an internal note.
func (h *Handlers) AddNote(w http.ResponseWriter, r *http.Request) error {
	s, err := h.submission(r)
	if err != nil {
		return err
	}
	var req NoteRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	req.Note = strings.TrimSpace(req.Note)
	c := &web.Checker{}
	c.Text("note", req.Note, true, 2000)
	if err := c.Err(); err != nil {
		return err
	}
	if err := h.Store.AddSubmissionNote(r.Context(), s.ID, authn.From(r.Context()).User.ID, req.Note, h.Now()); err != nil {
		return err
	}
	return h.Detail(w, r)
}

// Delete is DELETE /api/admin/submissions/{id} {reason}: erased, with who and why recorded.
func (h *Handlers) Delete(w http.ResponseWriter, r *http.Request) error {
	s, err := h.submission(r)
	if err != nil {
		return err
	}
	var req DeleteRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	req.Reason = strings.TrimSpace(req.Reason)
	c := &web.Checker{}
	c.Text("reason", req.Reason, true, 500)
	if err := c.Err(); err != nil {
		return err
	}
	u := authn.From(r.Context()).User
	if err := h.Store.DeleteSubmission(r.Context(), s.ID, u.ID, req.Reason, h.Now()); err != nil {
		return err
	}
	_ = h.Store.Audit(r.Context(), db.AuditEvent{At: h.Now(), Event: "submission.deleted", ActorID: u.ID, IP: web.ClientIP(r),
		Detail: db.Detail(db.DetailDeleted, s.Reference, req.Reason)})
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// DeletionRequests is GET /api/admin/deletion-requests: people's open requests.
func (h *Handlers) DeletionRequests(w http.ResponseWriter, r *http.Request) error {
	list, err := h.Store.OpenDeletionRequests(r.Context())
	if err != nil {
		return err
	}
	out := DeletionRequests{Requests: make([]DeletionRequestView, 0, len(list))}
	for _, d := range list {
		out.Requests = append(out.Requests, DeletionRequestView(d))
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// Columns of the exports. Repeatable groups are flattened into numbered columns for up to
// MaxContacts rows (emergencyContact1Name … emergencyContact5Email), empty where a person
// gave fewer; lists of choices are joined with "; ".
func columns(kind string, sensitive bool) []string {
	out := []string{"reference", "status", "createdAt", "lang"}
	var groups []Field
	for _, f := range Definitions[kind] {
		switch {
		case f.Sensitive && !sensitive:
		case f.Kind == "contacts":
			groups = append(groups, f) // after the other fields
		default:
			out = append(out, f.Name)
		}
	}
	for _, f := range groups {
		// A repeatable group is flattened: emergencyContact1Name … emergencyContact5Email.
		prefix := strings.TrimSuffix(f.Name, "s")
		for i := 1; i <= f.Max; i++ {
			for _, p := range []string{"Name", "Relationship", "Phone", "Email"} {
				out = append(out, fmt.Sprintf("%s%d%s|%s", prefix, i, p, f.Name))
			}
		}
	}
	return out
}

// row renders one submission under cols; the country is named in lang, the exporter's language.
func row(s *db.Submission, data map[string]any, cols []string, lang string) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		switch c {
		case "reference":
			out[i] = s.Reference
		case "status":
			out[i] = s.Status
		case "createdAt":
			out[i] = s.CreatedAt.UTC().Format(time.RFC3339)
		case "lang":
			out[i] = s.Lang
		case "country":
			out[i] = i18n.CountryName(lang, cell(data[c]))
		default:
			if name, group, ok := strings.Cut(c, "|"); ok {
				out[i] = groupCell(data[group], name)
				continue
			}
			out[i] = cell(data[c])
		}
	}
	return out
}

func cell(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	case []any:
		parts := make([]string, len(v))
		for i, x := range v {
			parts[i] = cell(x)
		}
		return strings.Join(parts, "; ")
	default:
		return fmt.Sprint(v)
	}
}

// groupCell picks "emergencyContact2Phone" out of the group's rows.
func groupCell(v any, name string) string {
	rows, _ := v.([]any)
	i := strings.IndexAny(name, "0123456789")
	if i < 0 {
		return ""
	}
	j := i
	for j < len(name) && name[j] >= '0' && name[j] <= '9' {
		j++
	}
	n, _ := strconv.Atoi(name[i:j])
	field := strings.ToLower(name[j:j+1]) + name[j+1:]
	if n < 1 || n > len(rows) {
		return ""
	}
	m, _ := rows[n-1].(map[string]any)
	return cell(m[field])
}

func header(cols []string) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i], _, _ = strings.Cut(c, "|")
	}
	return out
}

// Export is GET /api/admin/forms/{form}/export.{csv,xlsx}: every submission the current
// filters select. CSV is UTF-8 with a byte-order mark so Excel shows Cyrillic correctly.
func (h *Handlers) Export(w http.ResponseWriter, r *http.Request) error {
	kind, err := formOf(r)
	if err != nil {
		return err
	}
	format := chi.URLParam(r, "format")
	if format != "csv" && format != "xlsx" {
		return web.NotFound()
	}
	f, err := h.filter(r, kind)
	if err != nil {
		return err
	}
	u := authn.From(r.Context()).User
	cols := columns(kind, authz.Can(u, authz.FormsSensitiveRead))
	name := fmt.Sprintf("%s-%s.%s", kind, h.Now().UTC().Format("2006-01-02"), format)
	if r.Method != http.MethodHead { // HEAD is answered like GET, but nothing left the building
		_ = h.Store.Audit(r.Context(), db.AuditEvent{At: h.Now(), Event: "submissions.exported", ActorID: u.ID, IP: web.ClientIP(r), Detail: db.Detail(db.DetailExported, kind, format)})
	}
	each := func(fn func([]string) error) error {
		return h.Store.EachSubmission(r.Context(), f, func(s *db.Submission) error {
			data, _, err := h.answers(s, u)
			if err != nil {
				return err
			}
			return fn(row(s, data, cols, web.Lang(r)))
		})
	}
	// A failure must never look like a complete export (web.ExportTable).
	return web.ExportTable(w, r, format, name, header(cols), each)
}
