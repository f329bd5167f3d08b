package directionboard

import (
	"context"

	"gerege/app/platform/userdata"
	"gerege/db"
)

// UserData: the person's finished results. Deleting the account detaches their attempts,
// which stay in the statistics as anonymous ones.
func (h *Handlers) UserData() []userdata.Section {
	return []userdata.Section{userdata.Of("directionBoard", pastResults).WithErase(detachAttempts)}
}

func pastResults(ctx context.Context, store *db.Store, userID int64) ([]PastResultView, error) {
	list, err := store.FinishedAttemptsOfUser(ctx, userID)
	out := make([]PastResultView, 0, len(list))
	for i := range list {
		out = append(out, PastResultView(list[i].Past()))
	}
	return out, err
}

func detachAttempts(ctx context.Context, tx *db.Store, userID int64) error {
	return tx.DetachAttemptsOfUser(ctx, userID)
}
