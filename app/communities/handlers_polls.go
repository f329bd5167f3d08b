package communities

// Polls on posts and topics: attached by the post's author, edited while nobody voted, closed
// on time or early; one vote per account, changed until the poll closes; results by the
// poll's rule (always, after voting, after closing).

import (
	"context"
	"errors"
	"net/http"
	"slices"

	"github.com/go-chi/chi/v5"

	"gerege/app/platform/authz"
	"gerege/app/platform/web"
	"gerege/db"
)

func (h *Handlers) mountPolls(r *authz.Router, reg *authz.Registry) {
	r.Get("/polls", authz.Public, h.PostPoll, authz.Doc{ID: "getPostPoll", Query: PostPollQuery{}, Resp: PostPoll{},
		Summary: "The poll of a post or topic (poll is null when it has none), with the viewer's choices and the results when they may be seen"})
	r.Get("/polls/{id}", authz.Public, h.GetPoll, authz.Doc{ID: "getPoll", Resp: PollView{},
		Summary: "A poll, with the viewer's choices and the results when they may be seen"})
	r.Get("/polls/{id}/results", authz.Public, h.PollResults, authz.Doc{ID: "getPollResults", Resp: PollResults{},
		Summary: "A poll's results: voters, each option's votes and percentage (403 results_hidden before the poll's rule allows them)"})
	r.Post("/polls/{id}/votes", authz.CommunitiesParticipate, h.Vote, authz.Doc{ID: "votePoll", Req: VoteRequest{}, Resp: PollView{},
		Summary: "Vote, or change one's vote, until the poll closes (409 poll_closed: Voting is no longer allowed)"})
	r.Post("/polls", authz.CommunitiesParticipate, h.CreatePoll, authz.Doc{ID: "createPoll", Req: PollRequest{}, Resp: PollView{},
		Status: 201, Summary: "Attach a poll to one's own post or topic (2-10 options)"})
	r.Put("/polls/{id}", authz.CommunitiesParticipate, h.UpdatePoll, authz.Doc{ID: "updatePoll", Req: PollRequest{}, Resp: PollView{},
		Summary: "Edit one's poll while nobody has voted (409 afterwards)"})
	r.Post("/polls/{id}/close", authz.CommunitiesParticipate, h.ClosePoll, authz.Doc{ID: "closePoll", Req: struct{}{}, Resp: PollView{},
		Summary: "Close a poll early (its author or the community's moderators)"})
}

// PostPollQuery is getPostPoll's query.
type PostPollQuery struct {
	PostID int64 `query:"postId"`
}

// VoteRequest is votePoll's body.
type VoteRequest struct {
	OptionIDs []int64 `json:"optionIds" description:"the chosen options of this poll (one for single choice)"`
}

// pollFor loads a poll and its post as u may see them.
func (h *Handlers) pollFor(ctx context.Context, u *db.User, r *http.Request) (*db.Poll, *db.DiscussionPost, Access, error) {
	id, err := discPathID(r, chi.URLParam(r, "id"))
	if err != nil {
		return nil, nil, Access{}, err
	}
	poll, err := h.Store.PollByID(ctx, id)
	if db.IsNotFound(err) {
		return nil, nil, Access{}, web.NotFound()
	}
	if err != nil {
		return nil, nil, Access{}, err
	}
	p, a, err := h.discussionPost(ctx, u, poll.PostID)
	if err != nil {
		return nil, nil, a, err
	}
	return poll, p, a, nil
}

func (h *Handlers) viewPoll(ctx context.Context, r *http.Request, u *db.User, poll *db.Poll, p *db.DiscussionPost, a Access) (PollView, error) {
	var mine []int64
	if u != nil {
		var err error
		if mine, err = h.Store.PollChoices(ctx, poll.ID, u.ID); err != nil {
			return PollView{}, err
		}
	}
	author := u != nil && u.ID == p.AuthorID
	return pollView(poll, web.Lang(r), h.Now(), mine, a.Participate && p.Status == "published", author, a.Moderate), nil
}

// PostPoll is GET /api/polls?postId=.
func (h *Handlers) PostPoll(w http.ResponseWriter, r *http.Request) error {
	postID, err := discQueryID(r, "postId")
	if err != nil {
		return err
	}
	u := h.user(r)
	ctx := r.Context()
	p, a, err := h.discussionPost(ctx, u, postID)
	if err != nil {
		return err
	}
	out := PostPoll{}
	poll, err := h.Store.PollOfPost(ctx, p.ID)
	switch {
	case db.IsNotFound(err):
	case err != nil:
		return err
	default:
		v, err := h.viewPoll(ctx, r, u, poll, p, a)
		if err != nil {
			return err
		}
		out.Poll = &v
	}
	web.JSON(w, http.StatusOK, out)
	return nil
}

// GetPoll is GET /api/polls/{id}.
func (h *Handlers) GetPoll(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	poll, p, a, err := h.pollFor(r.Context(), u, r)
	if err != nil {
		return err
	}
	v, err := h.viewPoll(r.Context(), r, u, poll, p, a)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, v)
	return nil
}

// PollResults is GET /api/polls/{id}/results.
func (h *Handlers) PollResults(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	poll, p, a, err := h.pollFor(r.Context(), u, r)
	if err != nil {
		return err
	}
	v, err := h.viewPoll(r.Context(), r, u, poll, p, a)
	if err != nil {
		return err
	}
	if v.Tally == nil {
		key := "discussion.errors.resultsAfterClose"
		if poll.Results == "after_vote" {
			key = "discussion.errors.resultsAfterVote"
		}
		return &web.Error{Status: 403, Code: "results_hidden", Message: web.M(key)}
	}
	web.JSON(w, http.StatusOK, v.Tally)
	return nil
}

// errPollClosed is the original's answer to a vote on a closed poll, on the field too.
func errPollClosed() *web.Error {
	m := web.M("discussion.errors.votingClosed")
	return &web.Error{Status: 409, Code: "poll_closed", Message: m, Fields: map[string]web.Msg{"optionIds": m}}
}

// Vote is POST /api/polls/{id}/votes. It is the hot path (the issue asks for 2,000 votes a
// second): three reads before the transaction (the poll's post, the community and the
// membership), and the poll, the checks, the vote and the answer's counts in one transaction
// on the writer's prepared statements.
func (h *Handlers) Vote(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	id, err := discPathID(r, chi.URLParam(r, "id"))
	if err != nil {
		return err
	}
	var req VoteRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	if len(req.OptionIDs) > maxPollOptions {
		return web.Invalid(map[string]web.Msg{"optionIds": web.M("discussion.errors.choiceTooMany", "max", maxPollOptions)})
	}
	ctx := r.Context()
	t, err := h.Store.VoteTargetOf(ctx, id)
	if db.IsNotFound(err) {
		return web.NotFound()
	}
	if err != nil {
		return err
	}
	p := &db.DiscussionPost{ID: t.PostID, CommunityID: t.CommunityID, AuthorID: t.AuthorID, Status: t.Status}
	a, err := h.postAccess(ctx, u, p)
	if err != nil {
		return err
	}
	if err := discParticipate(a); err != nil {
		return err
	}
	if p.Status != "published" {
		return &web.Error{Status: 409, Code: "not_published", Message: web.M("discussion.errors.notPublished")}
	}
	if err := h.limit(u, "vote"); err != nil {
		return err
	}
	now := h.Now()
	var poll *db.Poll
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		if poll, err = tx.PollByID(ctx, id); err != nil {
			return err
		}
		if poll.Closed(now) {
			return errPollClosed()
		}
		ids := make([]int64, len(poll.Options))
		for i, o := range poll.Options {
			ids[i] = o.ID
		}
		if err := checkChoices(req.OptionIDs, ids, poll.Multiple, poll.MaxChoices); err != nil {
			return err
		}
		prev, err := tx.Vote(ctx, poll.ID, u.ID, req.OptionIDs, now)
		if err != nil {
			return err
		}
		// The answer's counts, moved as the statements moved them.
		if len(prev) == 0 {
			poll.Voters++
		}
		for i, o := range poll.Options {
			poll.Options[i].Votes += choiceCount(req.OptionIDs, o.ID) - choiceCount(prev, o.ID)
		}
		return nil
	})
	if err != nil {
		return err
	}
	mine := slices.Clone(req.OptionIDs)
	slices.Sort(mine)
	web.JSON(w, http.StatusOK, pollView(poll, web.Lang(r), now, mine, true, u.ID == p.AuthorID, a.Moderate))
	return nil
}

func choiceCount(ids []int64, id int64) int {
	if slices.Contains(ids, id) {
		return 1
	}
	return 0
}

func (h *Handlers) answerPoll(w http.ResponseWriter, r *http.Request, u *db.User, id int64, p *db.DiscussionPost, a Access, status int) error {
	poll, err := h.Store.PollByID(r.Context(), id)
	if err != nil {
		return err
	}
	v, err := h.viewPoll(r.Context(), r, u, poll, p, a)
	if err != nil {
		return err
	}
	web.JSON(w, status, v)
	return nil
}

// CreatePoll is POST /api/polls.
func (h *Handlers) CreatePoll(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	var req PollRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	now := h.Now()
	closes, err := checkPoll(&req, now)
	if req.PostID <= 0 {
		return web.Invalid(map[string]web.Msg{"postId": web.M("validation.required")})
	}
	if err != nil {
		return err
	}
	ctx := r.Context()
	p, a, err := h.discussionPost(ctx, u, req.PostID)
	if err != nil {
		return err
	}
	if err := discParticipate(a); err != nil {
		return err
	}
	if p.AuthorID != u.ID {
		return &web.Error{Status: 403, Code: "not_yours", Message: web.M("discussion.errors.pollNotYours")}
	}
	var id int64
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		id, err = tx.CreatePoll(ctx, db.Poll{PostID: p.ID, Question: req.Question, Multiple: req.Multiple, MaxChoices: req.MaxChoices,
			ClosesAt: closes, Results: req.Results, Options: optionsOf(req.Options)}, now)
		return err
	})
	if errors.Is(err, db.ErrConflict) {
		return web.Conflict(web.M("discussion.errors.pollExists"))
	}
	if err != nil {
		return err
	}
	return h.answerPoll(w, r, u, id, p, a, http.StatusCreated)
}

func optionsOf(labels []string) []db.PollOption {
	out := make([]db.PollOption, len(labels))
	for i, l := range labels {
		out[i] = db.PollOption{Label: l}
	}
	return out
}

// UpdatePoll is PUT /api/polls/{id}.
func (h *Handlers) UpdatePoll(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	var req PollRequest
	if err := web.Decode(r, &req); err != nil {
		return err
	}
	ctx := r.Context()
	poll, p, a, err := h.pollFor(ctx, u, r)
	if err != nil {
		return err
	}
	if p.AuthorID != u.ID {
		return &web.Error{Status: 403, Code: "not_yours", Message: web.M("discussion.errors.pollNotYours")}
	}
	now := h.Now()
	if poll.Closed(now) {
		return errPollClosed()
	}
	closes, err := checkPoll(&req, now)
	if err != nil {
		return err
	}
	var ok bool
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		ok, err = tx.UpdatePoll(ctx, db.Poll{ID: poll.ID, Question: req.Question, Multiple: req.Multiple, MaxChoices: req.MaxChoices,
			ClosesAt: closes, Results: req.Results, Options: optionsOf(req.Options)})
		return err
	})
	if err != nil {
		return err
	}
	if !ok {
		return web.Conflict(web.M("discussion.errors.pollHasVotes"))
	}
	return h.answerPoll(w, r, u, poll.ID, p, a, http.StatusOK)
}

// ClosePoll is POST /api/polls/{id}/close.
func (h *Handlers) ClosePoll(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	ctx := r.Context()
	poll, p, a, err := h.pollFor(ctx, u, r)
	if err != nil {
		return err
	}
	if p.AuthorID != u.ID && !a.Moderate {
		return &web.Error{Status: 403, Code: "not_yours", Message: web.M("discussion.errors.pollNotYours")}
	}
	if err := h.Store.InTx(ctx, func(tx *db.Store) error { return tx.ClosePoll(ctx, poll.ID, h.Now()) }); err != nil {
		return err
	}
	return h.answerPoll(w, r, u, poll.ID, p, a, http.StatusOK)
}
