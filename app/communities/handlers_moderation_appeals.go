package communities

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"gerege/app/platform/notify"
	"gerege/app/platform/web"
	"gerege/db"
)

// Appeals: the author of removed or hidden content, or a suspended or banned member, appeals
// a decision once; another moderator of the community than the one who decided, or an admin
// who did not decide it, upholds or overturns it with a reason.

func appealView(p db.Appeal) AppealView {
	return AppealView{ID: p.ID, Author: p.AuthorName, Note: p.Note, Status: p.Status, Reason: p.Reason, CreatedAt: p.CreatedAt,
		DecidedAt: timePtr(p.DecidedAt), TargetType: p.Action.TargetType, TargetID: p.Action.TargetID, Action: actionView(p.Action)}
}

// mayDecideAppeal: a moderator of the decision's community (platform admins everywhere) who
// is not the one who made the decision.
func mayDecideAppeal(u *db.User, acc Access, p *db.Appeal) bool {
	return acc.Moderate && p.Action.ActorID != u.ID && p.AuthorID != u.ID
}

// MyDecisions is GET /api/me/moderation.
func (h *Handlers) MyDecisions(w http.ResponseWriter, r *http.Request) error {
	ctx, u := r.Context(), h.user(r)
	list, err := h.Store.ActionsAbout(ctx, u.ID, 100)
	if err != nil {
		return err
	}
	out := MyDecisions{Items: []DecisionAboutMe{}}
	for _, a := range list {
		d, err := h.decisionAboutMe(ctx, a)
		if err != nil {
			return err
		}
		out.Items = append(out.Items, d)
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

func (h *Handlers) decisionAboutMe(ctx context.Context, a db.ModAction) (DecisionAboutMe, error) {
	d := DecisionAboutMe{Action: actionView(a), TargetType: a.TargetType, TargetID: a.TargetID,
		Appealable: oneOf(appealable, a.Action) && a.AppealID == 0}
	t, err := h.Store.ModerationTarget(ctx, a.TargetType, a.TargetID)
	if err == nil {
		d.Title = t.Title
	} else if !db.IsNotFound(err) {
		return d, err
	}
	return d, nil
}

// CreateAppeal is POST /api/moderation/appeals.
func (h *Handlers) CreateAppeal(w http.ResponseWriter, r *http.Request) error {
	ctx, u := r.Context(), h.user(r)
	var req AppealRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	req.Note = strings.TrimSpace(req.Note)
	c := &web.Checker{}
	c.Text("note", req.Note, true, maxAppealNote)
	if err := c.Err(); err != nil {
		return err
	}
	if req.ActionID <= 0 {
		return web.NotFound()
	}
	a, err := h.Store.ModActionByID(ctx, req.ActionID)
	if db.IsNotFound(err) || err == nil && a.TargetUserID != u.ID {
		return web.NotFound() // someone else's decisions are not theirs to see
	}
	if err != nil {
		return err
	}
	if !oneOf(appealable, a.Action) {
		return web.Invalid(map[string]web.Msg{"actionId": web.M("moderation.server.errors.notAppealable")})
	}
	if a.AppealID != 0 {
		return web.Conflict(web.M("moderation.server.errors.appealedAlready"))
	}
	id, err := h.Store.InsertAppeal(ctx, a.ID, u.ID, req.Note, h.Now())
	if errors.Is(err, db.ErrConflict) {
		return web.Conflict(web.M("moderation.server.errors.appealedAlready"))
	}
	if err != nil {
		return err
	}
	a.AppealID, a.AppealStatus = id, "open"
	d, err := h.decisionAboutMe(ctx, *a)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusCreated, d)
	return nil
}

// DecideAppeal is POST /api/moderation/appeals/{id}/decision.
func (h *Handlers) DecideAppeal(w http.ResponseWriter, r *http.Request) error {
	ctx, u := r.Context(), h.user(r)
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil || id <= 0 {
		return web.NotFound()
	}
	var req AppealDecision
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	req.Reason = strings.TrimSpace(req.Reason)
	c := &web.Checker{}
	c.OneOf("decision", req.Decision, true, AppealOutcomes...)
	checkReason(c, "reason", req.Reason)
	if err := c.Err(); err != nil {
		return err
	}
	p, err := h.Store.AppealByID(ctx, id)
	if db.IsNotFound(err) {
		return web.NotFound()
	}
	if err != nil {
		return err
	}
	acc, err := h.access(ctx, u, p.Action.CommunityID)
	if err != nil {
		return err
	}
	if !acc.Moderate {
		return web.NotFound()
	}
	if !mayDecideAppeal(u, acc, p) {
		return &web.Error{Status: 403, Code: "same_moderator", Message: web.M("moderation.server.errors.sameModerator")}
	}
	if p.Status != "open" {
		return web.Conflict(web.M("moderation.server.errors.appealDecided"))
	}
	now := h.Now()
	status := map[string]string{"uphold": "upheld", "overturn": "overturned"}[req.Decision]
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		if err := tx.DecideAppeal(ctx, p.ID, status, u.ID, req.Reason, now); db.IsNotFound(err) {
			return web.Conflict(web.M("moderation.server.errors.appealDecided"))
		} else if err != nil {
			return err
		}
		a := p.Action
		if status == "overturned" {
			undo := db.ModAction{CommunityID: a.CommunityID, TargetType: a.TargetType, TargetID: a.TargetID, TargetUserID: a.TargetUserID,
				ActorID: u.ID, Action: "restore", Reason: req.Reason, CreatedAt: now}
			switch a.Action {
			case "hide", "remove":
				t, err := tx.ModerationTarget(ctx, a.TargetType, a.TargetID)
				if err != nil && !db.IsNotFound(err) {
					return err
				}
				if t != nil && t.ContentType != "" {
					if err := tx.SetContentStatus(ctx, t.ContentType, t.ContentID, visibleStatus(t.ContentType), "", now); err != nil {
						return err
					}
				}
			case "suspend", "ban":
				undo.Action = "unban"
				if a.CommunityID != 0 {
					if err := tx.SanctionMember(ctx, a.CommunityID, a.TargetUserID, "active", zeroTime, now); err != nil {
						return err
					}
				}
			}
			if _, err := tx.InsertModAction(ctx, undo); err != nil {
				return err
			}
		}
		if p.AuthorID == 0 {
			return nil
		}
		return notify.Send(ctx, tx, notify.Notification{UserID: p.AuthorID, Kind: AppealDecided.Name, At: now,
			Params: map[string]string{"decision": status, "reason": req.Reason}, Link: "/dashboard/moderation"})
	})
	if err != nil {
		return err
	}
	if p, err = h.Store.AppealByID(ctx, id); err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, appealView(*p))
	return nil
}
