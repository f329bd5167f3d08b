package communities

import (
	"context"
	"strconv"
	"time"

	"gerege/app/platform/userdata"
	"gerege/db"
)

// ExportedComment is one of a person's comments or replies in "download my data".
type ExportedComment struct {
	Post      string     `json:"post" description:"the post's or topic's title"`
	Path      string     `json:"path" description:"the comment's place, e.g. /post/slug#comment-12"`
	Reply     bool       `json:"reply"`
	Body      string     `json:"body" description:"Markdown as written"`
	Status    string     `json:"status" enum:"visible,hidden,removed"`
	CreatedAt time.Time  `json:"createdAt"`
	EditedAt  *time.Time `json:"editedAt"`
}

// ExportedVote is one of a person's votes.
type ExportedVote struct {
	Question string    `json:"question"`
	Choices  []string  `json:"choices"`
	VotedAt  time.Time `json:"votedAt"`
}

// discussionUserData: a person's comments and votes. Deleting the account takes them out with
// the counts kept right; a comment others replied to stays as a placeholder without author.
func (h *Handlers) discussionUserData() []userdata.Section {
	return []userdata.Section{
		userdata.Of("comments", h.exportComments).WithErase(func(ctx context.Context, tx *db.Store, userID int64) error {
			return tx.EraseCommentsOf(ctx, userID)
		}),
		userdata.Of("pollVotes", h.exportVotes).WithErase(func(ctx context.Context, tx *db.Store, userID int64) error {
			return tx.EraseVotesOf(ctx, userID)
		}),
	}
}

func (h *Handlers) exportComments(ctx context.Context, store *db.Store, userID int64) ([]ExportedComment, error) {
	list, err := store.CommentsByAuthor(ctx, userID)
	if err != nil {
		return nil, err
	}
	out := make([]ExportedComment, 0, len(list))
	for _, c := range list {
		e := ExportedComment{Post: c.PostTitle, Path: c.PostLink + "#comment-" + strconv.FormatInt(c.ID, 10), Reply: c.ParentID != 0, Body: c.Body,
			Status: c.Status, CreatedAt: c.CreatedAt.UTC()}
		if !c.EditedAt.IsZero() {
			t := c.EditedAt.UTC()
			e.EditedAt = &t
		}
		out = append(out, e)
	}
	return out, nil
}

func (h *Handlers) exportVotes(ctx context.Context, store *db.Store, userID int64) ([]ExportedVote, error) {
	list, err := store.VotesOf(ctx, userID)
	if err != nil {
		return nil, err
	}
	out := make([]ExportedVote, 0, len(list))
	for _, v := range list {
		out = append(out, ExportedVote{Question: v.Question, Choices: v.Choices, VotedAt: v.VotedAt.UTC()})
	}
	return out, nil
}
