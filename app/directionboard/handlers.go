package directionboard

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"gerege/app/platform/authn"
	"gerege/app/platform/mail"
	"gerege/app/platform/secure"
	"gerege/app/platform/web"
	"gerege/db"
	"gerege/i18n"
)

// Handlers holds the Direction Board's dependencies.
type Handlers struct {
	Store     *db.Store
	Mailer    *mail.Mailer
	Limiter   *web.Limiter
	Now       func() time.Time
	TimeLimit time.Duration
	BaseURL   string
	HashKey   []byte
	Secure    bool
	EmailRate web.Rate
	StartRate web.Rate // tests started per IP address (30 an hour when zero)
	content   map[string]*Content
}

// Init loads the content of every language.
func (h *Handlers) Init() error {
	h.content = map[string]*Content{}
	for _, l := range i18n.Languages {
		c, err := Load(l)
		if err != nil {
			return err
		}
		h.content[l] = c
	}
	return nil
}

const cookieName = "gerege_db_attempt"

// AttemptView is an attempt as the taker sees it.
type AttemptView struct {
	ID          string         `json:"id"`
	Key         string         `json:"key,omitempty"` // only when created: the mobile app keeps it
	StartedAt   time.Time      `json:"startedAt"`
	DeadlineAt  time.Time      `json:"deadlineAt"`
	Now         time.Time      `json:"now"`
	Answers     map[string]int `json:"answers"`
	Finished    bool           `json:"finished"`
	ResultToken string         `json:"resultToken,omitempty"`
}

func (h *Handlers) view(a *db.Attempt) AttemptView {
	v := AttemptView{ID: a.ID, StartedAt: a.StartedAt, DeadlineAt: a.DeadlineAt, Now: h.Now(), Answers: a.Answers,
		Finished: !a.FinishedAt.IsZero()}
	if v.Finished {
		v.ResultToken = a.ResultToken
	}
	return v
}

// visitorAttempt finds the visitor's attempt: from the cookie (web) or X-Attempt-Key
// (mobile), else the signed-in user's open attempt.
func (h *Handlers) visitorAttempt(r *http.Request) (*db.Attempt, error) {
	ref := r.Header.Get("X-Attempt-Key")
	if c, err := r.Cookie(cookieName); ref == "" && err == nil {
		ref = c.Value
	}
	if id, key, ok := strings.Cut(ref, "."); ok {
		a, err := h.Store.AttemptByID(r.Context(), id)
		if err == nil && h.keyMatches(a, key) {
			return a, nil
		}
		if err != nil && !db.IsNotFound(err) {
			return nil, err
		}
	}
	if id := authn.From(r.Context()); id != nil {
		a, err := h.Store.OpenAttemptOfUser(r.Context(), id.User.ID)
		if db.IsNotFound(err) {
			return nil, nil
		}
		return a, err
	}
	return nil, nil
}

func (h *Handlers) keyMatches(a *db.Attempt, key string) bool {
	return subtle.ConstantTimeCompare([]byte(secure.HashToken(h.HashKey, key)), []byte(a.KeyHash)) == 1
}

// owned loads the attempt of the URL and checks the visitor may use it: the signed-in owner,
// or the holder of its key.
func (h *Handlers) owned(r *http.Request) (*db.Attempt, error) {
	a, err := h.Store.AttemptByID(r.Context(), chi.URLParam(r, "id"))
	if db.IsNotFound(err) {
		return nil, web.NotFound()
	}
	if err != nil {
		return nil, err
	}
	if id := authn.From(r.Context()); id != nil && a.UserID == id.User.ID {
		return a, nil
	}
	ref := r.Header.Get("X-Attempt-Key")
	if c, err := r.Cookie(cookieName); ref == "" && err == nil {
		ref = c.Value
	}
	if aid, key, ok := strings.Cut(ref, "."); ok && aid == a.ID && h.keyMatches(a, key) {
		return a, nil
	}
	return nil, web.NotFound() // not "forbidden": do not confirm that the attempt exists
}

// Test is GET /api/direction-board: the test in the request's language and the visitor's
// attempt, if any (so a returning visitor is offered to continue).
func (h *Handlers) Test(w http.ResponseWriter, r *http.Request) error {
	c := h.content[web.Lang(r)]
	out := TestView{Title: c.Title, Intro: c.Intro, Instructions: c.Instructions, Scale: make([]ScalePoint, len(c.Scale)),
		Items: make([]ItemView, len(c.Items)), TimeLimitSeconds: int(h.TimeLimit.Seconds())}
	for i, p := range c.Scale {
		out.Scale[i] = ScalePoint{Value: p.Value, Label: p.Label}
	}
	for i, it := range c.Items {
		out.Items[i] = ItemView{ID: it.ID, Text: it.Text}
	}
	a, err := h.visitorAttempt(r)
	if err != nil {
		return err
	}
	if a != nil {
		if id := authn.From(r.Context()); id != nil && a.UserID == 0 {
			if err := h.Store.ClaimAttempt(r.Context(), a.ID, id.User.ID); err != nil {
				return err
			}
		}
		if a, err = h.settle(r.Context(), a); err != nil {
			return err
		}
		v := h.view(a)
		out.Attempt = &v
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// settle finishes an attempt whose time ran out (unanswered items count as neutral).
func (h *Handlers) settle(ctx context.Context, a *db.Attempt) (*db.Attempt, error) {
	if !a.FinishedAt.IsZero() || !h.Now().After(a.DeadlineAt) {
		return a, nil
	}
	return h.finish(ctx, a, true)
}

func (h *Handlers) finish(ctx context.Context, a *db.Attempt, timedOut bool) (*db.Attempt, error) {
	res := Score(h.content["en"].Items, a.Answers)
	scores, _ := json.Marshal(res.Scores)
	a.Code, a.Scores, a.Unanswered, a.TimedOut = res.Code, string(scores), res.Unanswered, timedOut
	if _, err := h.Store.FinishAttempt(ctx, a, h.Now()); err != nil {
		return nil, err
	}
	return h.Store.AttemptByID(ctx, a.ID)
}

// Start is POST /api/direction-board/attempts: the visitor's open attempt, or a new one with
// the clock started on the server.
func (h *Handlers) Start(w http.ResponseWriter, r *http.Request) error {
	a, err := h.visitorAttempt(r)
	if err != nil {
		return err
	}
	if a != nil {
		if a, err = h.settle(r.Context(), a); err != nil {
			return err
		}
		if a.FinishedAt.IsZero() {
			web.JSON(w, http.StatusOK, h.view(a))
			return nil
		}
	}
	start := h.StartRate
	if start.N == 0 {
		start = web.Rate{N: 30, Per: time.Hour}
	}
	if err := h.Limiter.Limit("db:start:"+web.RateKey(r), start); err != nil {
		return err
	}
	now := h.Now()
	key := secure.RandomToken(18)
	na := db.Attempt{ID: secure.RandomToken(12), KeyHash: secure.HashToken(h.HashKey, key), Lang: web.Lang(r),
		StartedAt: now, DeadlineAt: now.Add(h.TimeLimit), ResultToken: secure.RandomToken(24)}
	if id := authn.From(r.Context()); id != nil {
		na.UserID = id.User.ID
	}
	if err := h.Store.CreateAttempt(r.Context(), na); err != nil {
		return err
	}
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: na.ID + "." + key, Path: "/api/direction-board",
		MaxAge: 30 * 24 * 3600, HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: h.Secure})
	na.Answers = map[string]int{}
	v := h.view(&na)
	v.Key = na.ID + "." + key
	web.JSON(w, http.StatusCreated, v)
	return nil
}

var errTimeUp = &web.Error{Status: 409, Code: "time_up", Message: web.M("directionBoard.errors.timeUp")}

// AnswersRequest is PUT /api/direction-board/attempts/{id}/answers.
type AnswersRequest struct {
	Answers map[string]int `json:"answers"`
}

// SaveAnswers records answers as the taker goes; after the time limit it refuses (409
// time_up) and the attempt is finished with what was answered.
func (h *Handlers) SaveAnswers(w http.ResponseWriter, r *http.Request) error {
	a, err := h.owned(r)
	if err != nil {
		return err
	}
	var req AnswersRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	known := map[string]bool{}
	for _, it := range h.content["en"].Items {
		known[it.ID] = true
	}
	if len(req.Answers) == 0 || len(req.Answers) > len(known) {
		return web.Invalid(map[string]web.Msg{"answers": web.M("validation.required")})
	}
	for id, v := range req.Answers {
		if !known[id] || v < 1 || v > 5 {
			return web.Invalid(map[string]web.Msg{"answers": web.M("directionBoard.errors.badAnswer")})
		}
	}
	if !a.FinishedAt.IsZero() {
		return &web.Error{Status: 409, Code: "finished", Message: web.M("directionBoard.errors.finished")}
	}
	if h.Now().After(a.DeadlineAt) {
		if _, err := h.finish(r.Context(), a, true); err != nil {
			return err
		}
		return errTimeUp
	}
	ok, err := h.Store.SaveAnswers(r.Context(), a.ID, req.Answers, h.Now())
	if err != nil {
		return err
	}
	if !ok {
		return &web.Error{Status: 409, Code: "finished", Message: web.M("directionBoard.errors.finished")}
	}
	a, err = h.Store.AttemptByID(r.Context(), a.ID)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, h.view(a))
	return nil
}

// FinishRequest is POST /api/direction-board/attempts/{id}/finish.
type FinishRequest struct {
	Confirm bool `json:"confirm"`
}

// Finish ends the attempt. With time left, every item must be answered ('Please fill out all
// answers', code unanswered, with the first unanswered item) and the taker must confirm
// (code confirm_required). After the limit it always finishes, unanswered items neutral.
func (h *Handlers) Finish(w http.ResponseWriter, r *http.Request) error {
	a, err := h.owned(r)
	if err != nil {
		return err
	}
	var req FinishRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	if a.FinishedAt.IsZero() {
		now := h.Now()
		timedOut := now.After(a.DeadlineAt)
		if !timedOut {
			for _, it := range h.content["en"].Items {
				if _, ok := a.Answers[it.ID]; !ok {
					return &web.Error{Status: 422, Code: "unanswered", Message: web.M("directionBoard.errors.unanswered"),
						Fields: map[string]web.Msg{it.ID: web.M("directionBoard.errors.unanswered")}}
				}
			}
			// Only while time remains (exactly at the limit there is none to give up).
			if !req.Confirm && now.Before(a.DeadlineAt) {
				return &web.Error{Status: 422, Code: "confirm_required", Message: web.M("directionBoard.errors.confirm")}
			}
		}
		if a, err = h.finish(r.Context(), a, timedOut); err != nil {
			return err
		}
	}
	return h.result(w, r, a)
}

// ResultView is a finished attempt's result.
type ResultView struct {
	Code        string         `json:"code"`
	Scores      map[string]int `json:"scores"`
	Order       []string       `json:"order"`
	Unanswered  int            `json:"unanswered"`
	TimedOut    bool           `json:"timedOut"`
	FinishedAt  time.Time      `json:"finishedAt"`
	ResultToken string         `json:"resultToken"`
	Types       []TypeResult   `json:"types"`
	Emailed     bool           `json:"emailed"`
}

// TypeResult is one type with its score and description.
type TypeResult struct {
	Type  string `json:"type"`
	Score int    `json:"score"`
	TypeInfo
}

func (h *Handlers) resultView(lang string, a *db.Attempt) ResultView {
	c := h.content[lang]
	var scores map[string]int
	_ = json.Unmarshal([]byte(a.Scores), &scores)
	res := Score(c.Items, a.Answers)
	v := ResultView{Code: a.Code, Scores: scores, Order: res.Order, Unanswered: a.Unanswered, TimedOut: a.TimedOut,
		FinishedAt: a.FinishedAt, ResultToken: a.ResultToken, Emailed: !a.EmailedAt.IsZero()}
	for _, t := range res.Order {
		v.Types = append(v.Types, TypeResult{Type: t, Score: scores[t], TypeInfo: c.Types[t]})
	}
	return v
}

func (h *Handlers) result(w http.ResponseWriter, r *http.Request, a *db.Attempt) error {
	if a.FinishedAt.IsZero() {
		return &web.Error{Status: 409, Code: "not_finished", Message: web.M("directionBoard.errors.notFinished")}
	}
	web.JSON(w, http.StatusOK, h.resultView(web.Lang(r), a))
	return nil
}

// Result is GET /api/direction-board/attempts/{id}/result.
func (h *Handlers) Result(w http.ResponseWriter, r *http.Request) error {
	a, err := h.owned(r)
	if err != nil {
		return err
	}
	if a, err = h.settle(r.Context(), a); err != nil {
		return err
	}
	return h.result(w, r, a)
}

// SharedResult is GET /api/direction-board/results/{token}: the unguessable link of the email.
func (h *Handlers) SharedResult(w http.ResponseWriter, r *http.Request) error {
	a, err := h.Store.AttemptByResultToken(r.Context(), chi.URLParam(r, "token"))
	if db.IsNotFound(err) || (err == nil && a.FinishedAt.IsZero()) {
		return web.NotFound()
	}
	if err != nil {
		return err
	}
	return h.result(w, r, a)
}

// EmailRequest is POST /api/direction-board/attempts/{id}/email.
type EmailRequest struct {
	Email   string `json:"email"`
	Consent bool   `json:"consent"`
	Again   bool   `json:"again"`
}

// Email sends the results to the taker: consent required, one email per attempt unless asked
// again, rate-limited per IP.
func (h *Handlers) Email(w http.ResponseWriter, r *http.Request) error {
	a, err := h.owned(r)
	if err != nil {
		return err
	}
	var req EmailRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	req.Email = strings.ToLower(strings.TrimSpace(req.Email))
	c := &web.Checker{}
	c.Email("email", req.Email)
	if !req.Consent {
		c.Add("consent", web.M("directionBoard.errors.consent"))
	}
	if err := c.Err(); err != nil {
		return err
	}
	if a.FinishedAt.IsZero() {
		return &web.Error{Status: 409, Code: "not_finished", Message: web.M("directionBoard.errors.notFinished")}
	}
	if !a.EmailedAt.IsZero() && !req.Again {
		return &web.Error{Status: 409, Code: "already_sent", Message: web.M("directionBoard.errors.alreadySent")}
	}
	if err := h.Limiter.Limit("db:email:"+web.RateKey(r), h.EmailRate); err != nil {
		return err
	}
	if err := h.Limiter.Limit("db:email:attempt:"+a.ID, web.Rate{N: 3, Per: 24 * time.Hour}); err != nil {
		return err
	}
	lang := web.Lang(r)
	v := h.resultView(lang, a)
	table := make([][2]string, 0, len(v.Types))
	for _, t := range v.Types {
		table = append(table, [2]string{t.Name, fmt.Sprintf("%d / 100", t.Score)})
	}
	top := h.content[lang].Types[v.Code[:1]]
	err = h.Mailer.Send(r.Context(), mail.Message{To: req.Email, Lang: lang, Kind: "directionBoardResult",
		Link: h.BaseURL + "/" + lang + "/direction-board/results/" + a.ResultToken, Table: table,
		Vars: []any{"resultCode", v.Code, "topType", top.Name}})
	if err != nil {
		return err
	}
	if err := h.Store.MarkAttemptEmailed(r.Context(), a.ID, h.Now()); err != nil {
		return err
	}
	web.JSON(w, http.StatusAccepted, web.Message{Message: web.T(r, "directionBoard.email.sent")})
	return nil
}

// MyResults is GET /api/account/direction-board: the signed-in user's past results.
func (h *Handlers) MyResults(w http.ResponseWriter, r *http.Request) error {
	u := authn.From(r.Context()).User
	list, err := pastResults(r.Context(), h.Store, u.ID)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, MyResults{Results: list})
	return nil
}

// Stats is GET /api/admin/direction-board/stats?days=: aggregate numbers only.
func (h *Handlers) Stats(w http.ResponseWriter, r *http.Request) error {
	var from time.Time
	if d := r.URL.Query().Get("days"); d != "" {
		var n int
		if _, err := fmt.Sscanf(d, "%d", &n); err != nil || n < 1 || n > 3650 {
			return web.Invalid(map[string]web.Msg{"days": web.M("validation.choice")})
		}
		from = h.Now().AddDate(0, 0, -n)
	}
	st, err := h.Store.DirectionBoardStats(r.Context(), from)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, statsView(st))
	return nil
}
