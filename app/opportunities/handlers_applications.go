package opportunities

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"gerege/app/platform/files"
	"gerege/app/platform/notify"
	"gerege/app/platform/web"
	"gerege/db"
	"gerege/i18n"

	"github.com/go-chi/chi/v5"
)

// ApplyRequest is POST /api/opportunities/{slug}/applications.
type ApplyRequest struct {
	CoverLetter string   `json:"coverLetter" maxLength:"8000"`
	Answers     []Answer `json:"answers"`
	// MyFiles are documents taken from the applicant's own file manager instead of uploads.
	MyFiles []MyFileDocument `json:"myFiles,omitempty" maxItems:"3"`
}

// MyFileDocument names one of the applicant's own files (My files) as one of the documents.
type MyFileDocument struct {
	Kind   string `json:"kind" enum:"cv,cover_letter,transcript"`
	FileID int64  `json:"fileId" description:"a file of the applicant's own space in the file manager (listMyApplicationFiles)"`
}

const maxCoverLetter = 8000

// checkAnswers validates answers against the posting's questions and tells whether every
// must-have answer is met.
func checkAnswers(qs []Question, answers []Answer, c *web.Checker) (stored []Answer, meets bool) {
	byIndex := map[int]string{}
	for _, a := range answers {
		if a.Index < 0 || a.Index >= len(qs) {
			c.Add("answers", web.M("opportunities.errors.unknownQuestion"))
			continue
		}
		byIndex[a.Index] = strings.TrimSpace(a.Value)
	}
	meets = true
	stored = []Answer{}
	for i, q := range qs {
		f := "answers." + itoa(i)
		v, given := byIndex[i]
		if !given || v == "" {
			if q.Required {
				c.Add(f, web.M("validation.required"))
			}
			if q.Must != "" || len(q.Accept) > 0 {
				meets = false
			}
			continue
		}
		switch q.Type {
		case "yes_no":
			c.OneOf(f, v, true, []string{"yes", "no"}...)
			if q.Must != "" && v != q.Must {
				meets = false
			}
		case "choice":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n >= len(q.Choices) {
				c.Add(f, web.M("validation.choice"))
			} else if len(q.Accept) > 0 && !slices.Contains(q.Accept, n) {
				meets = false
			}
		default:
			c.Text(f, v, q.Required, maxText)
		}
		stored = append(stored, Answer{Index: i, Value: v})
	}
	return stored, meets
}

// docPolicy is what an application's documents may be: PDF, Word, scans; 10 MB each.
var docPolicy = func() files.Policy {
	p := files.Documents
	p.Purpose = "opportunities.application"
	return p
}()

// Apply is POST /api/opportunities/{slug}/applications: JSON (ApplyRequest), or
// multipart/form-data with the JSON in the "application" field and the documents as the
// files "cv", "cover_letter" and "transcript" (those the posting requires must be there).
// What costs nothing is checked before the body is read: the posting accepts applications,
// the person may apply and has not yet.
func (h *Handlers) Apply(w http.ResponseWriter, r *http.Request) error {
	o, err := h.public(r)
	if err != nil {
		return err
	}
	u, ctx, now := h.user(r), r.Context(), h.Now()
	if !acceptsApplications(o, ubDay(now)) {
		key := "opportunities.errors.closed"
		if o.Status == "published" && o.Hired >= o.Openings {
			key = "opportunities.errors.filled"
		} else if o.Status == "published" {
			key = "opportunities.errors.deadlinePassed"
		}
		return &web.Error{Status: 409, Code: "not_accepting", Message: web.M(key)}
	}
	if err := h.idVerified(r, u); err != nil {
		return err
	}
	alreadyApplied := &web.Error{Status: 409, Code: "already_applied", Message: web.M("opportunities.errors.alreadyApplied")}
	if _, err := h.Store.ApplicationOf(ctx, o.ID, u.ID); err == nil {
		return alreadyApplied
	} else if !db.IsNotFound(err) {
		return err
	}
	if err := h.rate(u, "apply"); err != nil {
		return err
	}
	var req ApplyRequest
	var form *files.Form
	if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/") {
		// Required documents are checked below: one may come from My files instead.
		fields := map[string]files.Field{}
		for _, d := range Documents {
			fields[d] = files.Field{Policy: docPolicy}
		}
		if form, err = h.Files.ReadForm(r, u.ID, fields); err != nil {
			return err
		}
		if err := web.DecodeReader(strings.NewReader(form.Values.Get("application")), &req); err != nil {
			h.dropFiles(ctx, form)
			return err
		}
	} else if err := web.Decode(r, &req); err != nil {
		return err
	}
	req.CoverLetter = strings.TrimSpace(strings.ReplaceAll(req.CoverLetter, "\r\n", "\n"))
	c := &web.Checker{}
	c.Text("coverLetter", req.CoverLetter, false, maxCoverLetter)
	answers, meets := checkAnswers(questionsOf(o), req.Answers, c)
	picked, err := h.checkMyFiles(ctx, u, req.MyFiles, form, c)
	if err != nil {
		h.dropFiles(ctx, form)
		return err
	}
	for _, d := range o.Documents {
		if _, chosen := picked[d]; !chosen && (form == nil || len(form.Files[d]) == 0) {
			c.Add(d, web.M("files.required"))
		}
	}
	if err := c.Err(); err != nil {
		h.dropFiles(ctx, form)
		return err
	}
	// The chosen files' content, by the same rules as an upload (type sniffed, size).
	for kind, p := range picked {
		f, err := h.Files.Accepts(ctx, p.FileID, docPolicy)
		if db.IsNotFound(err) {
			err = web.Invalid(map[string]web.Msg{kind: web.M("opportunities.errors.myFile")})
		}
		if err != nil {
			h.dropFiles(ctx, form)
			return files.HTTPError(kind, err)
		}
		p.file = f
		picked[kind] = p
	}
	profile, _ := json.Marshal(Profile{FirstName: u.FirstName, LastName: u.LastName, Email: u.Email,
		DateOfBirth: u.DateOfBirth, Language: u.Language})
	ans, _ := json.Marshal(answers)
	var id int64
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		var err error
		id, err = tx.InsertApplication(ctx, &db.Application{OpportunityID: o.ID, UserID: u.ID, Lang: web.Lang(r),
			Profile: string(profile), Answers: string(ans), CoverLetter: req.CoverLetter, Meets: meets}, now)
		if err != nil {
			return err
		}
		if form != nil {
			if err := h.Files.Attach(ctx, tx, u.ID, form.IDs()...); err != nil {
				return err
			}
			for kind, fs := range form.Files {
				for _, f := range fs {
					if err := tx.AddApplicationFile(ctx, id, f.ID, kind); err != nil {
						return err
					}
				}
			}
		}
		for kind, p := range picked {
			if err := h.attachMyFile(ctx, tx, u, id, kind, p); err != nil {
				return err
			}
		}
		// The name in each reader's order (surname first in Mongolian).
		return notifyStaff(ctx, tx, o.OrgID, notify.Notification{Kind: NewApplication.Name, At: now,
			Params: map[string]string{"title.en": o.TitleEn, "title.mn": o.TitleMn,
				"name.en": i18n.FullName("en", u.FirstName, u.LastName), "name.mn": i18n.FullName("mn", u.FirstName, u.LastName)},
			Link: "/dashboard/kanban?opportunity=" + itoa64(o.ID)}, "owner", "manager", "counselor")
	})
	if err != nil {
		h.dropFiles(ctx, form)
		if errors.Is(err, db.ErrConflict) {
			return alreadyApplied
		}
		return err
	}
	a, err := h.Store.ApplicationByID(ctx, id)
	if err != nil {
		return err
	}
	v, err := h.myApplication(r, a)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusCreated, v)
	return nil
}

// myPick is a document chosen from My files: the file manager's row and, once checked, the
// content's file.
type myPick struct {
	db.WsFile
	file files.File
}

// checkMyFiles resolves the documents chosen from My files: each names a kind of document
// (once, and not also uploaded) and a file of the applicant's own space that is not in the
// trash. Someone else's file, a file shared with them and one that does not exist get the same
// refusal on the kind's field, which names nothing.
func (h *Handlers) checkMyFiles(ctx context.Context, u *db.User, choices []MyFileDocument, form *files.Form, c *web.Checker) (map[string]myPick, error) {
	out := map[string]myPick{}
	if len(choices) > len(Documents) {
		c.Add("myFiles", web.M("opportunities.errors.range", "min", 0, "max", len(Documents)))
		return out, nil
	}
	seen := map[string]bool{}
	for i, ch := range choices {
		if !slices.Contains(Documents, ch.Kind) {
			c.Add("myFiles."+itoa(i)+".kind", web.M("validation.choice"))
			continue
		}
		if seen[ch.Kind] || (form != nil && len(form.Files[ch.Kind]) > 0) {
			c.Add(ch.Kind, web.M("opportunities.errors.documentTwice"))
			continue
		}
		seen[ch.Kind] = true
		f, err := h.Store.WsFileByID(ctx, ch.FileID)
		switch {
		case db.IsNotFound(err) || (err == nil && f.Space.User != u.ID):
			c.Add(ch.Kind, web.M("opportunities.errors.myFile"))
		case err != nil:
			return out, err
		case !f.TrashedAt.IsZero():
			c.Add(ch.Kind, web.M("opportunities.errors.myFileTrashed"))
		default:
			out[ch.Kind] = myPick{WsFile: f}
		}
	}
	return out, nil
}

// attachMyFile records a document chosen from My files in the application's transaction: the
// file is checked again there (still the applicant's, not in the trash, the same content) and
// the application gets its own row of the same blob (files.Reuse), so it keeps the document
// when the file is later renamed, moved, trashed or purged.
func (h *Handlers) attachMyFile(ctx context.Context, tx *db.Store, u *db.User, appID int64, kind string, p myPick) error {
	now, err := tx.WsFileByID(ctx, p.ID)
	if db.IsNotFound(err) || (err == nil && (now.Space.User != u.ID || now.FileID != p.FileID)) {
		return web.Invalid(map[string]web.Msg{kind: web.M("opportunities.errors.myFile")})
	}
	if err != nil {
		return err
	}
	if !now.TrashedAt.IsZero() {
		return web.Invalid(map[string]web.Msg{kind: web.M("opportunities.errors.myFileTrashed")})
	}
	f, err := h.Files.Reuse(ctx, tx, p.file, now.Name, docPolicy, u.ID)
	if db.IsNotFound(err) {
		return web.Invalid(map[string]web.Msg{kind: web.M("opportunities.errors.myFile")})
	}
	if err != nil {
		return err
	}
	return tx.AddApplicationFile(ctx, appID, f.ID, kind)
}

// MyFilesQuery pages the files offered for an application.
type MyFilesQuery struct {
	After string `query:"after"`
}

// MyApplicationFiles is GET /api/me/application-files: the caller's own files of the file
// manager an application accepts (type and size), not in the trash, newest first, 50 a page.
func (h *Handlers) MyApplicationFiles(w http.ResponseWriter, r *http.Request) error {
	var before int64
	if a := r.URL.Query().Get("after"); a != "" {
		if err := decodeCursor(a, &before); err != nil {
			return err
		}
	}
	const page = 50
	list, err := h.Store.WsOwnFilesOfTypes(r.Context(), h.user(r).ID, docPolicy.Allowed, docPolicy.MaxBytes, before, page+1)
	if err != nil {
		return err
	}
	out := MyFileChoices{Items: []MyFileChoice{}}
	if len(list) > page {
		list = list[:page]
		out.Next = encodeCursor(list[page-1].ID)
	}
	for _, f := range list {
		out.Items = append(out.Items, MyFileChoice{ID: f.ID, Name: f.Name, Size: f.Size, MediaType: f.MediaType,
			Folder: f.Folder, UpdatedAt: f.UpdatedAt})
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// dropFiles deletes the files of a refused application (the cleanup job would, a day later).
func (h *Handlers) dropFiles(ctx context.Context, form *files.Form) {
	if form == nil || len(form.IDs()) == 0 {
		return
	}
	ctx = context.WithoutCancel(ctx)
	_ = h.Store.InTx(ctx, func(tx *db.Store) error { return h.Files.Delete(ctx, tx, form.IDs()...) })
}

// DocumentView is a document sent with an application.
type DocumentView struct {
	ID        int64  `json:"id"`
	Kind      string `json:"kind" enum:"cv,cover_letter,transcript"`
	Name      string `json:"name"`
	Size      int64  `json:"size"`
	MediaType string `json:"mediaType"`
}

func (h *Handlers) documents(ctx context.Context, appID int64) ([]DocumentView, error) {
	fs, err := h.Store.ApplicationFiles(ctx, appID)
	out := make([]DocumentView, len(fs))
	for i, f := range fs {
		out[i] = DocumentView{ID: f.FileID, Kind: f.Kind, Name: f.Name, Size: f.Size, MediaType: f.MediaType}
	}
	return out, err
}

// serveDocument sends document fileID of application a, if it is one of its documents.
func (h *Handlers) serveDocument(w http.ResponseWriter, r *http.Request, a *db.Application) error {
	fileID, err := strconv.ParseInt(chi.URLParam(r, "file"), 10, 64)
	if err != nil {
		return web.NotFound()
	}
	docs, err := h.Store.ApplicationFiles(r.Context(), a.ID)
	if err != nil {
		return err
	}
	for _, d := range docs {
		if d.FileID == fileID {
			return h.Files.Serve(w, r, fileID)
		}
	}
	return web.NotFound()
}

// MyDocument is GET /api/me/applications/{id}/documents/{file}: the applicant's own.
func (h *Handlers) MyDocument(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	a, err := h.Store.ApplicationByID(r.Context(), id)
	if db.IsNotFound(err) || (err == nil && a.UserID != h.user(r).ID) {
		return web.NotFound()
	}
	if err != nil {
		return err
	}
	return h.serveDocument(w, r, a)
}

// ApplicantDocument is GET /api/org/applications/{id}/documents/{file}: the organisation's staff.
func (h *Handlers) ApplicantDocument(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	a, err := h.ownApplication(r.Context(), h.user(r), id)
	if err != nil {
		return err
	}
	return h.serveDocument(w, r, a)
}

func (h *Handlers) promise() time.Duration {
	d := h.PromiseDays
	if d <= 0 {
		d = 14
	}
	return time.Duration(d) * 24 * time.Hour
}

func (h *Handlers) myApplication(r *http.Request, a *db.Application) (MyApplication, error) {
	evs, err := h.Store.ApplicationEvents(r.Context(), a.ID, false)
	if err != nil {
		return MyApplication{}, err
	}
	title, _ := pick(web.Lang(r), a.TitleEn, a.TitleMn)
	v := MyApplication{ID: a.ID, Opportunity: title, Slug: a.OppSlug, Organization: a.OrgName, Status: a.Status,
		Message: a.Message, CreatedAt: a.CreatedAt, UpdatedAt: a.UpdatedAt, Timeline: eventsOf(evs)}
	// Staff names stay inside the organisation: the applicant sees what happened and when.
	for i := range v.Timeline {
		v.Timeline[i].By = ""
	}
	if a.Status == "submitted" && a.ReviewedAt.IsZero() && h.Now().Sub(a.CreatedAt) >= h.promise() {
		v.WaitingSince = &a.CreatedAt
	}
	v.Documents, err = h.documents(r.Context(), a.ID)
	return v, err
}

// PageQuery is a keyset page.
type PageQuery struct {
	After string `query:"after"`
}

type appCursor struct {
	At string `json:"a"`
	ID int64  `json:"i"`
}

// MyApplications is GET /api/me/applications.
func (h *Handlers) MyApplications(w http.ResponseWriter, r *http.Request) error {
	f := db.AppFilter{UserID: h.user(r).ID, Limit: 50}
	if a := r.URL.Query().Get("after"); a != "" {
		var cur appCursor
		if err := decodeCursor(a, &cur); err != nil {
			return err
		}
		f.AfterAt, f.AfterID = cur.At, cur.ID
	}
	list, more, err := h.Store.Applications(r.Context(), f)
	if err != nil {
		return err
	}
	out := MyApplications{Items: []MyApplication{}}
	for _, a := range list {
		v, err := h.myApplication(r, a)
		if err != nil {
			return err
		}
		out.Items = append(out.Items, v)
	}
	if more {
		last := list[len(list)-1]
		out.Next = encodeCursor(appCursor{At: db.T(last.CreatedAt), ID: last.ID})
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// Withdraw is POST /api/me/applications/{id}/withdraw.
func (h *Handlers) Withdraw(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	u := h.user(r)
	a, err := h.Store.ApplicationByID(r.Context(), id)
	if db.IsNotFound(err) || (err == nil && a.UserID != u.ID) {
		return web.NotFound()
	}
	if err != nil {
		return err
	}
	if !applicantMayWithdraw(a.Status) {
		return &web.Error{Status: 409, Code: "bad_transition", Message: web.M("opportunities.errors.final")}
	}
	err = h.Store.SetApplicationStatus(r.Context(), id, a.Status, "opted_out", u.ID, "", h.Now())
	if errors.Is(err, db.ErrConflict) {
		return web.Conflict(web.M("opportunities.errors.changed"))
	}
	if err != nil {
		return err
	}
	if a, err = h.Store.ApplicationByID(r.Context(), id); err != nil {
		return err
	}
	v, err := h.myApplication(r, a)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, v)
	return nil
}

// PipelineQuery selects the organisation's applications.
type PipelineQuery struct {
	Opportunity int64  `query:"opportunity" description:"one posting's applications"`
	Status      string `query:"status" enum:"submitted,reviewed,shortlisted,interview,offer,hired,declined,opted_out"`
	After       string `query:"after"`
	Limit       int    `query:"limit" minimum:"1" maximum:"500"`
}

// Pipeline is GET /api/org/applications.
func (h *Handlers) Pipeline(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	q := r.URL.Query()
	c := &web.Checker{}
	c.OneOf("status", q.Get("status"), false, AppStatuses...)
	f := db.AppFilter{OrgID: u.OrgID, Status: q.Get("status"), Oldest: true, Limit: 100}
	if s := q.Get("opportunity"); s != "" {
		id, err := strconv.ParseInt(s, 10, 64)
		if err != nil || id <= 0 {
			c.Add("opportunity", web.M("validation.choice"))
		}
		f.OpportunityID = id
	}
	if s := q.Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > 500 {
			c.Add("limit", web.M("opportunities.errors.range", "min", 1, "max", 500))
		}
		f.Limit = n
	}
	if err := c.Err(); err != nil {
		return err
	}
	if a := q.Get("after"); a != "" {
		var cur appCursor
		if err := decodeCursor(a, &cur); err != nil {
			return err
		}
		f.AfterAt, f.AfterID = cur.At, cur.ID
	}
	ctx := r.Context()
	list, more, err := h.Store.Applications(ctx, f)
	if err != nil {
		return err
	}
	out := Pipeline{Items: []Applicant{}}
	now := h.Now()
	for _, a := range list {
		out.Items = append(out.Items, h.applicantOf(web.Lang(r), a, now))
	}
	if more {
		last := list[len(list)-1]
		out.Next = encodeCursor(appCursor{At: db.T(last.CreatedAt), ID: last.ID})
	}
	if f.OpportunityID != 0 {
		o, err := h.Store.OpportunityByID(ctx, f.OpportunityID)
		if db.IsNotFound(err) || (err == nil && o.OrgID != u.OrgID) {
			return web.NotFound()
		}
		if err != nil {
			return err
		}
		if out.Counts, err = h.Store.ApplicationCounts(ctx, f.OpportunityID); err != nil {
			return err
		}
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

func (h *Handlers) applicantOf(lang string, a *db.Application, now time.Time) Applicant {
	title, _ := pick(lang, a.TitleEn, a.TitleMn)
	p := profileOf(a.Profile)
	return Applicant{ID: a.ID, OpportunityID: a.OpportunityID, Opportunity: title,
		Name: i18n.FullName(lang, p.FirstName, p.LastName), Email: p.Email, Status: a.Status, Labels: a.Labels,
		MeetsMustHaves: a.Meets, CreatedAt: a.CreatedAt, UpdatedAt: a.UpdatedAt,
		Waiting: a.Status == "submitted" && a.ReviewedAt.IsZero() && now.Sub(a.CreatedAt) >= h.promise()}
}

// ownApplication loads an application to a posting of the caller's organisation.
func (h *Handlers) ownApplication(ctx context.Context, u *db.User, id int64) (*db.Application, error) {
	a, err := h.Store.OrgApplication(ctx, id, u.OrgID)
	if db.IsNotFound(err) {
		return nil, web.NotFound()
	}
	return a, err
}

// Applicant is GET /api/org/applications/{id}: opening it the first time marks it reviewed.
func (h *Handlers) Applicant(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	u, ctx := h.user(r), r.Context()
	a, err := h.ownApplication(ctx, u, id)
	if err != nil {
		return err
	}
	if a.Status == "submitted" {
		if err := h.move(ctx, u, a, "reviewed", ""); err != nil && !errors.Is(err, db.ErrConflict) {
			return err
		}
	}
	return h.writeApplicant(w, r, id)
}

func (h *Handlers) writeApplicant(w http.ResponseWriter, r *http.Request, id int64) error {
	ctx, lang := r.Context(), web.Lang(r)
	a, err := h.Store.ApplicationByID(ctx, id)
	if err != nil {
		return err
	}
	o, err := h.Store.OpportunityByID(ctx, a.OpportunityID)
	if err != nil {
		return err
	}
	evs, err := h.Store.ApplicationEvents(ctx, id, true)
	if err != nil {
		return err
	}
	qs := questionsOf(o)
	var answers []Answer
	_ = json.Unmarshal([]byte(a.Answers), &answers)
	d := ApplicantDetail{Applicant: h.applicantOf(lang, a, h.Now()), Profile: profileOf(a.Profile), CoverLetter: a.CoverLetter,
		Answers: []AnswerView{}, Message: a.Message, Timeline: eventsOf(evs), Next: []string{}}
	for _, ans := range answers {
		if ans.Index < 0 || ans.Index >= len(qs) {
			continue
		}
		q := qs[ans.Index]
		text, _ := pick(lang, q.TextEn, q.TextMn)
		v := AnswerView{Question: text, Answer: ans.Value}
		switch q.Type {
		case "yes_no":
			v.Answer = i18n.T(lang, "opportunities.answers."+ans.Value)
			if q.Must != "" {
				ok := ans.Value == q.Must
				v.Meets = &ok
			}
		case "choice":
			if n, err := strconv.Atoi(ans.Value); err == nil && n >= 0 && n < len(q.Choices) {
				v.Answer, _ = pick(lang, q.Choices[n].En, q.Choices[n].Mn)
				if len(q.Accept) > 0 {
					ok := slices.Contains(q.Accept, n)
					v.Meets = &ok
				}
			}
		}
		d.Answers = append(d.Answers, v)
	}
	for _, s := range AppStatuses {
		if staffMayMove(a.Status, s) {
			d.Next = append(d.Next, s)
		}
	}
	if d.Documents, err = h.documents(ctx, id); err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, d)
	return nil
}

// move changes an application's status as staff, with the applicant's notification and, for
// a hire that fills the last opening, the posting's closing — all in one transaction.
func (h *Handlers) move(ctx context.Context, u *db.User, a *db.Application, to, message string) error {
	now := h.Now()
	return h.Store.InTx(ctx, func(tx *db.Store) error {
		if err := tx.SetApplicationStatus(ctx, a.ID, a.Status, to, u.ID, message, now); err != nil {
			return err
		}
		if err := notify.Send(ctx, tx, notify.Notification{UserID: a.UserID, Kind: ApplicationStatus.Name, At: now,
			Params: map[string]string{"title.en": a.TitleEn, "title.mn": a.TitleMn, "status": to, "organization": a.OrgName},
			Link:   "/dashboard/applications"}); err != nil {
			return err
		}
		if to != "hired" {
			return nil
		}
		hired, openings, err := tx.IncrementHired(ctx, a.OpportunityID, now)
		if err != nil || hired < openings {
			return err
		}
		err = tx.SetOpportunityStatus(ctx, db.StatusChange{ID: a.OpportunityID, From: "published", To: "closed",
			CloseReason: "filled", Actor: u.ID, At: now})
		if errors.Is(err, db.ErrConflict) {
			return nil // already closed (deadline, owner): the hire stands
		}
		if err != nil {
			return err
		}
		return tx.IndexOpportunity(ctx, a.OpportunityID, "")
	})
}

// MoveRequest is POST /api/org/applications/status.
type MoveRequest struct {
	IDs     []int64 `json:"ids" minItems:"1" maxItems:"200"`
	Status  string  `json:"status" enum:"reviewed,shortlisted,interview,offer,hired,declined"`
	Message string  `json:"message" description:"optional, sent with a decline"`
}

// MoveResult says what was moved and what was not, and why.
type MoveResult struct {
	Done    []int64           `json:"done"`
	Refused map[string]string `json:"refused"`
}

// MoveApplicants moves one or many applications (the board).
func (h *Handlers) MoveApplicants(w http.ResponseWriter, r *http.Request) error {
	var req MoveRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	req.Message = strings.TrimSpace(req.Message)
	c := &web.Checker{}
	c.OneOf("status", req.Status, true, []string{"reviewed", "shortlisted", "interview", "offer", "hired", "declined"}...)
	c.Text("message", req.Message, false, maxReason)
	if len(req.IDs) == 0 || len(req.IDs) > 200 {
		c.Add("ids", web.M("opportunities.errors.range", "min", 1, "max", 200))
	}
	if err := c.Err(); err != nil {
		return err
	}
	u, ctx, lang := h.user(r), r.Context(), web.Lang(r)
	out := MoveResult{Done: []int64{}, Refused: map[string]string{}}
	for _, id := range req.IDs {
		a, err := h.ownApplication(ctx, u, id)
		var we *web.Error
		if errors.As(err, &we) {
			out.Refused[itoa64(id)] = web.TLang(lang, "errors.notFound")
			continue
		}
		if err != nil {
			return err
		}
		if !staffMayMove(a.Status, req.Status) {
			out.Refused[itoa64(id)] = web.TLang(lang, "opportunities.errors.final")
			continue
		}
		msg := ""
		if req.Status == "declined" {
			msg = req.Message
		}
		err = h.move(ctx, u, a, req.Status, msg)
		if errors.Is(err, db.ErrConflict) {
			out.Refused[itoa64(id)] = web.TLang(lang, "opportunities.errors.changed")
			continue
		}
		if err != nil {
			return err
		}
		out.Done = append(out.Done, id)
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// NoteRequest is an internal note.
type NoteRequest struct {
	Note string `json:"note"`
}

// AddNote is POST /api/org/applications/{id}/notes.
func (h *Handlers) AddNote(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	var req NoteRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	req.Note = strings.TrimSpace(req.Note)
	c := &web.Checker{}
	c.Text("note", req.Note, true, maxText)
	if err := c.Err(); err != nil {
		return err
	}
	u := h.user(r)
	if _, err := h.ownApplication(r.Context(), u, id); err != nil {
		return err
	}
	if err := h.Store.AddApplicationEvent(r.Context(), id, u.ID, "note", "", "", req.Note, h.Now()); err != nil {
		return err
	}
	return h.writeApplicant(w, r, id)
}

// LabelsRequest replaces an application's labels.
type LabelsRequest struct {
	Labels []string `json:"labels" maxItems:"10"`
}

// SetLabels is PUT /api/org/applications/{id}/labels.
func (h *Handlers) SetLabels(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	var req LabelsRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	c := &web.Checker{}
	if len(req.Labels) > 10 {
		c.Add("labels", web.M("opportunities.errors.range", "min", 0, "max", 10))
	}
	labels := []string{}
	for i, l := range req.Labels {
		l = strings.TrimSpace(l)
		c.Text("labels."+itoa(i), l, true, 40)
		if !slices.Contains(labels, l) {
			labels = append(labels, l)
		}
	}
	if err := c.Err(); err != nil {
		return err
	}
	if _, err := h.ownApplication(r.Context(), h.user(r), id); err != nil {
		return err
	}
	if err := h.Store.SetApplicationLabels(r.Context(), id, labels, h.Now()); err != nil {
		return err
	}
	return h.writeApplicant(w, r, id)
}

// flagWaiting keeps the status promise: applications nobody reviewed within it are flagged
// once to the organisation's owner and managers (one notification per organisation and run).
func (h *Handlers) flagWaiting(ctx context.Context, now time.Time) error {
	groups, err := h.Store.UnreviewedSince(ctx, now.Add(-h.promise()), 5000)
	if err != nil {
		return err
	}
	for _, g := range groups {
		err := h.Store.InTx(ctx, func(tx *db.Store) error {
			if err := tx.FlagApplications(ctx, g.IDs, now); err != nil {
				return err
			}
			if err := notifyStaff(ctx, tx, g.OrgID, notify.Notification{Kind: Waiting.Name, At: now,
				Params: map[string]string{"count": strconv.Itoa(len(g.IDs)), "days": strconv.Itoa(int(h.promise().Hours() / 24))},
				Link:   "/dashboard/kanban?status=submitted"}, "owner", "manager"); err != nil {
				return err
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}
