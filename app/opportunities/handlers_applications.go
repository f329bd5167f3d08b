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

	"gerege/app/platform/notify"
	"gerege/app/platform/web"
	"gerege/db"
	"gerege/i18n"
)

// ApplyRequest is POST /api/opportunities/{slug}/applications.
type ApplyRequest struct {
	CoverLetter string   `json:"coverLetter" maxLength:"8000"`
	Answers     []Answer `json:"answers"`
}

const maxCoverLetter = 8000

// checkAnswers validates answers against the posting's questions and tells whether every
// must-have answer is met.
func checkAnswers(qs []Question, answers []Answer, c *checker) (stored []Answer, meets bool) {
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
			c.oneOf(f, v, true, []string{"yes", "no"})
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

// Apply is POST /api/opportunities/{slug}/applications.
func (h *Handlers) Apply(w http.ResponseWriter, r *http.Request) error {
	o, err := h.public(r)
	if err != nil {
		return err
	}
	u := h.user(r)
	var req ApplyRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	req.CoverLetter = strings.TrimSpace(strings.ReplaceAll(req.CoverLetter, "\r\n", "\n"))
	c := &checker{}
	c.Text("coverLetter", req.CoverLetter, false, maxCoverLetter)
	answers, meets := checkAnswers(questionsOf(o), req.Answers, c)
	if err := c.Err(); err != nil {
		return err
	}
	now := h.Now()
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
	if err := h.rate(u, "apply"); err != nil {
		return err
	}
	profile, _ := json.Marshal(Profile{FirstName: u.FirstName, LastName: u.LastName, Email: u.Email,
		DateOfBirth: u.DateOfBirth, Language: u.Language})
	ans, _ := json.Marshal(answers)
	ctx := r.Context()
	var id int64
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		var err error
		id, err = tx.InsertApplication(ctx, &db.Application{OpportunityID: o.ID, UserID: u.ID, Lang: web.Lang(r),
			Profile: string(profile), Answers: string(ans), CoverLetter: req.CoverLetter, Meets: meets}, now)
		if err != nil {
			return err
		}
		staff, err := tx.OrgStaff(ctx, o.OrgID, "owner", "manager", "counselor")
		if err != nil {
			return err
		}
		name := i18n.FullName("en", u.FirstName, u.LastName)
		for _, uid := range staff {
			if err := notify.Send(ctx, tx, notify.Notification{UserID: uid, Kind: NewApplication.Name, At: now,
				Params: map[string]string{"title.en": o.TitleEn, "title.mn": o.TitleMn, "name": name},
				Link:   "/dashboard/kanban?opportunity=" + itoa64(o.ID)}); err != nil {
				return err
			}
		}
		return nil
	})
	if errors.Is(err, db.ErrConflict) {
		return &web.Error{Status: 409, Code: "already_applied", Message: web.M("opportunities.errors.alreadyApplied")}
	}
	if err != nil {
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
	return v, nil
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
	c := &checker{}
	c.oneOf("status", q.Get("status"), false, AppStatuses)
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
	a, err := h.Store.ApplicationByID(ctx, id)
	if db.IsNotFound(err) || (err == nil && a.OrgID != u.OrgID) {
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
	c := &checker{}
	c.oneOf("status", req.Status, true, []string{"reviewed", "shortlisted", "interview", "offer", "hired", "declined"})
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
	c := &checker{}
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
	c := &checker{}
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
			staff, err := tx.OrgStaff(ctx, g.OrgID, "owner", "manager")
			if err != nil {
				return err
			}
			for _, uid := range staff {
				if err := notify.Send(ctx, tx, notify.Notification{UserID: uid, Kind: Waiting.Name, At: now,
					Params: map[string]string{"count": strconv.Itoa(len(g.IDs)), "days": strconv.Itoa(int(h.promise().Hours() / 24))},
					Link:   "/dashboard/kanban?status=submitted"}); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}
