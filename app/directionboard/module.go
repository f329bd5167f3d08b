package directionboard

import (
	"context"
	"time"

	"gerege/app/platform/authz"
	"gerege/app/platform/jobs"
	"gerege/app/platform/web"
)

// Mount declares the Direction Board routes (anonymous visitors too: the attempt key rides in
// a cookie or header) and its statistics page.
func (h *Handlers) Mount(r *authz.Router, reg *authz.Registry) {
	r.Get("/direction-board", authz.Public, h.Test, authz.Doc{ID: "getDirectionBoard", Resp: TestView{},
		Summary: "The test in the request's language (54 items, five-point scale, time limit) and the visitor's current attempt, if any"})
	r.Post("/direction-board/attempts", authz.Public, h.Start, authz.Doc{ID: "startAttempt", Req: struct{}{}, Resp: AttemptView{},
		Status: 201, Also: map[int]any{200: AttemptView{}}, Summary: "Start an attempt (or get the visitor's unfinished one, with 200); the deadline is kept by the server"})
	r.Put("/direction-board/attempts/{id}/answers", authz.Public, h.SaveAnswers, authz.Doc{ID: "saveAnswers",
		Req: AnswersRequest{}, Resp: AttemptView{}, Summary: "Save answers {itemId: 1–5}"})
	r.Post("/direction-board/attempts/{id}/finish", authz.Public, h.Finish, authz.Doc{ID: "finishAttempt",
		Req: FinishRequest{}, Resp: ResultView{}, Summary: "Finish: with time left every item must be answered and confirm be true; after the limit it always finishes"})
	r.Get("/direction-board/attempts/{id}/result", authz.Public, h.Result, authz.Doc{ID: "getAttemptResult", Resp: ResultView{},
		Summary: "The result: Holland code, six scores 0–100, types in order with descriptions, fields and careers"})
	r.Post("/direction-board/attempts/{id}/email", authz.Public, h.Email, authz.Doc{ID: "emailAttemptResult",
		Req: EmailRequest{}, Resp: web.Message{}, Status: 202, Summary: "Email the results (consent required; once per attempt unless again is true)"})
	r.Get("/direction-board/results/{token}", authz.Public, h.SharedResult, authz.Doc{ID: "getSharedResult", Resp: ResultView{},
		Summary: "A result by its unguessable link (from the email)"})
	r.Get("/account/direction-board", authz.SignedIn, h.MyResults, authz.Doc{ID: "listMyResults", Resp: MyResults{},
		Summary: "The signed-in user's past results"})
	r.Get("/admin/direction-board/stats", authz.DirectionBoardStats, h.Stats, authz.Doc{ID: "getDirectionBoardStats",
		Query: StatsQuery{}, Resp: StatsView{}, Summary: "Aggregate statistics: attempts started, finished, finish rate, codes, by language — no personal answers"})

	reg.AddPage(authz.Page{Key: "directionBoard", Path: "/dashboard/admin/direction-board", Perm: authz.DirectionBoardStats, Order: 80})
}

// Jobs: attempts never finished are deleted a while after their deadline (db.AttemptRetention).
func (h *Handlers) Jobs() []jobs.Job {
	return []jobs.Job{{Name: "directionboard.attempts", Every: time.Hour, Run: func(ctx context.Context, now time.Time) error {
		_, err := h.Store.PurgeAttempts(ctx, now)
		return err
	}}}
}
