package communities

import (
	"context"
	"net/http"
	"time"

	"gerege/app/platform/userdata"
	"gerege/app/platform/web"
	"gerege/db"
)

// Blocking and muting. A block works both ways (db.NotHiddenFor and db.BlockedEither, which
// every list and every mention or reply applies); a mute only for the one who muted. Neither
// is told to the other person: nothing is sent, and their answers differ only in not showing
// the other's content.

var zeroTime time.Time

const maxListed = 500

// ListBlocks is GET /api/me/blocks.
func (h *Handlers) ListBlocks(w http.ResponseWriter, r *http.Request) error {
	out, err := blockList(r.Context(), h.Store, h.user(r).ID)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

func blockList(ctx context.Context, store *db.Store, userID int64) (BlockList, error) {
	out := BlockList{Blocked: []BlockedPerson{}, Muted: []BlockedPerson{}}
	for _, mutes := range []bool{false, true} {
		list, err := store.Blocked(ctx, userID, mutes, maxListed)
		if err != nil {
			return out, err
		}
		for _, p := range list {
			v := BlockedPerson{UserID: p.UserID, Name: p.Name, Handle: p.Handle, Since: p.Since}
			if mutes {
				out.Muted = append(out.Muted, v)
			} else {
				out.Blocked = append(out.Blocked, v)
			}
		}
	}
	return out, nil
}

// other reads {userId}: an existing account that is not the caller.
func (h *Handlers) other(r *http.Request) (int64, error) {
	id, err := pathUserID(r)
	if err != nil {
		return 0, err
	}
	if id == h.user(r).ID {
		return 0, web.Invalid(map[string]web.Msg{"userId": web.M("moderation.server.errors.self")})
	}
	ok, err := h.Store.UserExists(r.Context(), id)
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, web.NotFound()
	}
	return id, nil
}

func (h *Handlers) blockOp(w http.ResponseWriter, r *http.Request, op func(ctx context.Context, me, other int64) error) error {
	id, err := h.other(r)
	if err != nil {
		return err
	}
	if err := op(r.Context(), h.user(r).ID, id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// BlockPerson is PUT /api/me/blocks/{userId}.
func (h *Handlers) BlockPerson(w http.ResponseWriter, r *http.Request) error {
	return h.blockOp(w, r, func(ctx context.Context, me, other int64) error { return h.Store.Block(ctx, me, other, h.Now()) })
}

// UnblockPerson is DELETE /api/me/blocks/{userId}.
func (h *Handlers) UnblockPerson(w http.ResponseWriter, r *http.Request) error {
	return h.blockOp(w, r, h.Store.Unblock)
}

// MutePerson is PUT /api/me/mutes/{userId}.
func (h *Handlers) MutePerson(w http.ResponseWriter, r *http.Request) error {
	return h.blockOp(w, r, func(ctx context.Context, me, other int64) error { return h.Store.Mute(ctx, me, other, h.Now()) })
}

// UnmutePerson is DELETE /api/me/mutes/{userId}.
func (h *Handlers) UnmutePerson(w http.ResponseWriter, r *http.Request) error {
	return h.blockOp(w, r, h.Store.Unmute)
}

// ExportedModeration is what moderation keeps of a person: their reports, the people they
// blocked and muted, and the decisions about them.
type ExportedModeration struct {
	Reports   []MyReport        `json:"reports"`
	Blocked   []BlockedPerson   `json:"blocked"`
	Muted     []BlockedPerson   `json:"muted"`
	Decisions []DecisionAboutMe `json:"decisions"`
}

// moderationUserData: the export, and on deletion the reports lose their reporter and note
// (the items' history stays); blocks, mutes and appeals go with the account.
func (h *Handlers) moderationUserData() []userdata.Section {
	return []userdata.Section{userdata.Of("moderation", h.exportModeration).WithErase(func(ctx context.Context, tx *db.Store, userID int64) error {
		return tx.EraseReporter(ctx, userID)
	})}
}

func (h *Handlers) exportModeration(ctx context.Context, store *db.Store, userID int64) (ExportedModeration, error) {
	out := ExportedModeration{Reports: []MyReport{}, Decisions: []DecisionAboutMe{}}
	reports, err := store.ReportsBy(ctx, userID, 0, 1000)
	if err != nil {
		return out, err
	}
	for _, rep := range reports {
		out.Reports = append(out.Reports, myReportOf(rep, nil, ""))
	}
	bl, err := blockList(ctx, store, userID)
	if err != nil {
		return out, err
	}
	out.Blocked, out.Muted = bl.Blocked, bl.Muted
	actions, err := store.ActionsAbout(ctx, userID, 1000)
	if err != nil {
		return out, err
	}
	for _, a := range actions {
		out.Decisions = append(out.Decisions, DecisionAboutMe{Action: actionView(a), TargetType: a.TargetType, TargetID: a.TargetID})
	}
	return out, nil
}
