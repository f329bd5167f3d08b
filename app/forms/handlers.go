package forms

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"gerege/app/platform/authn"
	"gerege/app/platform/mail"
	"gerege/app/platform/secure"
	"gerege/app/platform/web"
	"gerege/db"
)

// Handlers holds the forms capability's dependencies.
type Handlers struct {
	Store       *db.Store
	Mailer      *mail.Mailer
	Limiter     *web.Limiter
	Sealer      *secure.Sealer
	HashKey     []byte
	Now         func() time.Time
	Rate        web.Rate      // submissions per IP
	MinFillTime time.Duration // browser forms sent sooner are refused
	StaffEmails []string      // who is told of each new submission: "address" (every form) or "form:address"
	BaseURL     string
}

// Receipt is the answer to a valid submission.
type Receipt struct {
	Reference string    `json:"reference"`
	Form      string    `json:"form"`
	CreatedAt time.Time `json:"createdAt"`
}

func formOf(r *http.Request) (string, error) {
	kind := chi.URLParam(r, "form")
	if New(kind) == nil {
		return "", web.NotFound()
	}
	return kind, nil
}

// Schema is GET /api/forms/{form}/schema: the fields, limits and choices.
func (h *Handlers) Schema(w http.ResponseWriter, r *http.Request) error {
	kind, err := formOf(r)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, schemaView(kind))
	return nil
}

// Token is GET /api/forms/token: a signed timestamp the page sends back with the form.
func (h *Handlers) Token(w http.ResponseWriter, r *http.Request) error {
	web.JSON(w, http.StatusOK, web.FormToken{FormToken: h.fillTokens().Issue()})
	return nil
}

func (h *Handlers) fillTokens() *web.FormTokens {
	return &web.FormTokens{Key: h.HashKey, Purpose: "forms", MinAge: h.MinFillTime, MaxAge: 7 * 24 * time.Hour, Now: h.Now}
}

func (h *Handlers) tokenOK(tok string) bool { return h.fillTokens().Check(tok) }

// fromBrowser: browsers send Sec-Fetch-Site (or at least Origin/cookies); the mobile app
// sends none of these and is held to the rate limit alone.
func fromBrowser(r *http.Request) bool {
	return r.Header.Get("Sec-Fetch-Site") != "" || r.Header.Get("Origin") != "" || len(r.Cookies()) > 0
}

const maxKey = 100

// Submit is POST /api/forms/{form}: validate, store completely or not at all, email the
// submitter (in their language) and staff, and answer 201 with the reference. The same
// Idempotency-Key within 24 hours gets the first answer again.
func (h *Handlers) Submit(w http.ResponseWriter, r *http.Request) error {
	kind, err := formOf(r)
	if err != nil {
		return err
	}
	key := strings.TrimSpace(r.Header.Get("Idempotency-Key"))
	if len(key) > maxKey {
		return &web.Error{Status: 400, Code: "bad_idempotency_key", Message: web.M("forms.errors.idempotencyKey")}
	}
	var idem *db.Idempotent
	if key != "" {
		// The body is read whole (it is bounded by the body limit) so its hash can tell a
		// retry from another request that reuses the key.
		raw, err := web.ReadBody(r)
		if err != nil {
			return err
		}
		r.Body = io.NopCloser(bytes.NewReader(raw))
		sum := sha256.Sum256(raw)
		idem = &db.Idempotent{Scope: idempotencyScope(r, kind), Key: key, RequestHash: hex.EncodeToString(sum[:]),
			Answer: func(s *db.Submission) (int, string) {
				b, _ := json.Marshal(Receipt{Reference: s.Reference, Form: kind, CreatedAt: s.CreatedAt})
				return http.StatusCreated, string(b)
			}}
		// A retry of an answered request is answered before any other check, so a double
		// click never meets the rate limit or the fill-time check.
		rep, err := h.Store.IdempotencyRecord(r.Context(), idem.Scope, key, h.Now())
		if err == nil {
			return writeReplay(w, rep, idem)
		}
		if !db.IsNotFound(err) {
			return err
		}
	}
	f := New(kind)
	if err := web.Decode(r, f); err != nil {
		return err
	}
	if err := h.Limiter.Limit("forms:ip:"+web.RateKey(r), h.Rate); err != nil {
		return err
	}
	sp := f.spam()
	if sp.Website != "" || (fromBrowser(r) && !h.tokenOK(sp.FormToken)) {
		return &web.Error{Status: 422, Code: "too_fast", Message: web.M("forms.errors.tooFast")}
	}
	now := h.Now()
	if err := f.Validate(now); err != nil {
		return err
	}
	rec := RecordOf(f)
	data, _ := json.Marshal(rec.Data)
	var sealed []byte
	if rec.Sensitive != nil {
		b, _ := json.Marshal(rec.Sensitive)
		sealed = h.Sealer.Seal(string(b))
	}
	lang := web.Lang(r)
	n := db.NewSubmission{Form: kind, Prefix: Prefixes[kind], Lang: lang, Name: rec.Name, Email: rec.Email,
		Country: rec.Country, Data: string(data), Sensitive: sealed, Search: strings.Join(rec.Search, " ")}
	id := authn.From(r.Context())
	if id != nil {
		n.UserID = id.User.ID
	}
	// Everything that is not a write happens before the single writer is taken: the emails
	// are rendered now, with marks where the reference and id go (only the transaction
	// assigns them), and the transaction only fills them in.
	emails := splitMarks(h.emails(kind, lang, referenceMark, idMark, rec.Name, rec.Email))
	var sub *db.Submission
	var rep *db.Replay
	err = h.Store.InTx(r.Context(), func(tx *db.Store) error {
		var err error
		if sub, rep, err = tx.CreateSubmission(r.Context(), n, idem, now); err != nil || rep != nil {
			return err
		}
		if err := h.Mailer.Queue(r.Context(), tx, fillMarks(emails, sub)...); err != nil {
			return err
		}
		if id != nil {
			return tx.DeleteDraft(r.Context(), id.User.ID, kind)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if rep != nil {
		return writeReplay(w, rep, idem)
	}
	web.JSON(w, http.StatusCreated, Receipt{Reference: sub.Reference, Form: kind, CreatedAt: sub.CreatedAt})
	return nil
}

// idempotencyScope names the client an Idempotency-Key belongs to, per form: the signed-in
// user, or for visitors the address they send from. A key is never shared between clients.
func idempotencyScope(r *http.Request, kind string) string {
	if id := authn.From(r.Context()); id != nil {
		return "forms:" + kind + ":user:" + strconv.FormatInt(id.User.ID, 10)
	}
	return "forms:" + kind + ":ip:" + web.ClientIP(r)
}

// writeReplay repeats the kept answer when the request is the one it answered; the key
// reused for another body is refused (422, as the IETF Idempotency-Key draft advises).
func writeReplay(w http.ResponseWriter, rep *db.Replay, idem *db.Idempotent) error {
	if rep.RequestHash != idem.RequestHash {
		return &web.Error{Status: 422, Code: "idempotency_key_reused", Message: web.M("forms.errors.idempotencyKeyReused")}
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Idempotent-Replayed", "true")
	w.WriteHeader(rep.Status)
	_, _ = w.Write([]byte(rep.Body + "\n"))
	return nil
}

// emails are the confirmation to the submitter and one notification per staff address, for
// the submission with reference and id.
func (h *Handlers) emails(kind, lang, reference, id, name, email string) []db.Email {
	formName := func(l string) string { return web.TLang(l, "forms.names."+kind) }
	deleteLink := h.BaseURL + "/" + lang + "/support-center/delete-submission?reference=" + url.QueryEscape(reference)
	vars := []any{"reference", reference, "form", formName(lang), "name", name, "deleteLink", deleteLink}
	msgs := []mail.Message{{To: email, Lang: lang, Kind: "formReceived", Name: name, Vars: vars,
		Table: [][2]string{{web.TLang(lang, "forms.email.reference"), reference}}}}
	for _, to := range h.staffFor(kind) {
		staffVars := []any{"reference", reference, "form", formName("en"), "name", name}
		msgs = append(msgs, mail.Message{To: to, Lang: "en", Kind: "formStaff", Vars: staffVars,
			Link: h.BaseURL + "/en/dashboard/forms/" + kind + "/" + id})
	}
	return h.Mailer.Compose(msgs...)
}

// referenceMark and idMark stand for a submission's reference and id in emails rendered
// before the transaction that assigns them. They are letters and digits only, so escaping
// (HTML, URLs) leaves them as they are, and random, so no one can type them into a form.
var referenceMark, idMark = func() (string, string) {
	return "ref" + rand.Text() + "mark", "id" + rand.Text() + "mark"
}()

// marked is an email rendered with marks, cut where they stand, so that filling in the
// reference and id inside the transaction only joins strings.
type marked struct {
	email               db.Email
	subject, text, html []piece
}

// piece is text followed by a mark ('r' reference, 'i' id), or by nothing (0) at the end.
type piece struct {
	text string
	mark byte
}

func splitMarks(emails []db.Email) []marked {
	out := make([]marked, len(emails))
	for i, e := range emails {
		out[i] = marked{email: e, subject: cut(e.Subject), text: cut(e.Text), html: cut(e.HTML)}
	}
	return out
}

func cut(s string) []piece {
	var out []piece
	for {
		r, i := strings.Index(s, referenceMark), strings.Index(s, idMark)
		switch {
		case r < 0 && i < 0:
			return append(out, piece{text: s})
		case i < 0 || (r >= 0 && r < i):
			out, s = append(out, piece{text: s[:r], mark: 'r'}), s[r+len(referenceMark):]
		default:
			out, s = append(out, piece{text: s[:i], mark: 'i'}), s[i+len(idMark):]
		}
	}
}

// fillMarks returns the emails with the submission's reference and id in place of the marks.
func fillMarks(emails []marked, s *db.Submission) []db.Email {
	id := strconv.FormatInt(s.ID, 10)
	join := func(ps []piece) string {
		var b strings.Builder
		for _, p := range ps {
			b.WriteString(p.text)
			switch p.mark {
			case 'r':
				b.WriteString(s.Reference)
			case 'i':
				b.WriteString(id)
			}
		}
		return b.String()
	}
	out := make([]db.Email, len(emails))
	for i, m := range emails {
		e := m.email
		e.Subject, e.Text, e.HTML = join(m.subject), join(m.text), join(m.html)
		out[i] = e
	}
	return out
}

// staffFor returns the addresses told of a new submission of kind, each once.
func (h *Handlers) staffFor(kind string) []string {
	var out []string
	for _, e := range h.StaffEmails {
		addr := e
		if form, a, ok := strings.Cut(e, ":"); ok {
			if form != kind {
				continue
			}
			addr = a
		}
		if !slices.Contains(out, addr) {
			out = append(out, addr)
		}
	}
	return out
}

const maxDraft = 64 << 10

// GetDraft is GET /api/forms/{form}/draft (signed in): the saved draft, or {"data": null}.
func (h *Handlers) GetDraft(w http.ResponseWriter, r *http.Request) error {
	kind, err := formOf(r)
	if err != nil {
		return err
	}
	data, at, err := h.Store.Draft(r.Context(), authn.From(r.Context()).User.ID, kind)
	if db.IsNotFound(err) {
		// No draft is a normal answer, not a missing resource.
		web.JSON(w, http.StatusOK, DraftView{Data: json.RawMessage("null")})
		return nil
	}
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, DraftView{Data: json.RawMessage(data), UpdatedAt: at})
	return nil
}

// PutDraft is PUT /api/forms/{form}/draft {data}: any JSON object up to 64 KB, unvalidated
// (it is a draft).
func (h *Handlers) PutDraft(w http.ResponseWriter, r *http.Request) error {
	kind, err := formOf(r)
	if err != nil {
		return err
	}
	var req DraftRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	var obj map[string]any
	if len(req.Data) == 0 || len(req.Data) > maxDraft || json.Unmarshal(req.Data, &obj) != nil {
		return web.Invalid(map[string]web.Msg{"data": web.M("forms.errors.draft")})
	}
	if err := h.Store.SaveDraft(r.Context(), authn.From(r.Context()).User.ID, kind, string(req.Data), h.Now()); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// DeleteDraft is DELETE /api/forms/{form}/draft.
func (h *Handlers) DeleteDraft(w http.ResponseWriter, r *http.Request) error {
	kind, err := formOf(r)
	if err != nil {
		return err
	}
	if err := h.Store.DeleteDraft(r.Context(), authn.From(r.Context()).User.ID, kind); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// RequestDeletion is POST /api/forms/deletion-requests {reference, email}: a person asks
// for their submission to be deleted; staff see the request in the desk. The answer is the
// same whether or not the reference exists.
func (h *Handlers) RequestDeletion(w http.ResponseWriter, r *http.Request) error {
	var req DeletionRequestBody
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	req.Reference = strings.ToUpper(strings.TrimSpace(req.Reference))
	req.Email = strings.ToLower(strings.TrimSpace(req.Email))
	c := &web.Checker{}
	c.Text("reference", req.Reference, true, 30)
	c.Email("email", req.Email)
	if err := c.Err(); err != nil {
		return err
	}
	if err := h.Limiter.Limit("forms:delete:"+web.RateKey(r), web.Rate{N: 10, Per: time.Hour}); err != nil {
		return err
	}
	if err := h.Store.RequestDeletion(r.Context(), req.Reference, req.Email, h.Now()); err != nil {
		return err
	}
	web.JSON(w, http.StatusAccepted, web.Message{Message: web.T(r, "forms.deletion.received")})
	return nil
}
