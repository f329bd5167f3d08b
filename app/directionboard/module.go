package directionboard

import "gerege/app/platform/authz"

// Mount declares the Direction Board routes (anonymous visitors too: the attempt key rides in
// a cookie or header) and its statistics page.
func (h *Handlers) Mount(r *authz.Router, reg *authz.Registry) {
	r.Get("/direction-board", authz.Public, h.Test)
	r.Post("/direction-board/attempts", authz.Public, h.Start)
	r.Put("/direction-board/attempts/{id}/answers", authz.Public, h.SaveAnswers)
	r.Post("/direction-board/attempts/{id}/finish", authz.Public, h.Finish)
	r.Get("/direction-board/attempts/{id}/result", authz.Public, h.Result)
	r.Post("/direction-board/attempts/{id}/email", authz.Public, h.Email)
	r.Get("/direction-board/results/{token}", authz.Public, h.SharedResult)
	r.Get("/account/direction-board", authz.SignedIn, h.MyResults)
	r.Get("/admin/direction-board/stats", authz.DirectionBoardStats, h.Stats)

	reg.AddPage(authz.Page{Key: "directionBoard", Path: "/dashboard/admin/direction-board", Perm: authz.DirectionBoardStats, Order: 80})
}
