package db

// The polls of the communities store: one poll per post or topic, its options with their
// counts, and each account's choices. A vote replaces the account's choices and keeps
// poll_options.votes and polls.voters right in the same transaction.

import (
	"context"
	"database/sql"
	"strings"
	"sync"
	"time"
)

// Poll is a poll with its options in order.
type Poll struct {
	ID         int64
	PostID     int64
	Question   string
	Multiple   bool
	MaxChoices int
	ClosesAt   time.Time // zero: open until closed by hand
	ClosedAt   time.Time // zero: not closed early
	Results    string    // always, after_vote, after_close
	Voters     int
	CreatedAt  time.Time
	Options    []PollOption
}

// PollOption is one answer of a poll.
type PollOption struct {
	ID       int64
	Position int
	Label    string
	Votes    int
}

// Closed reports whether the poll takes no more votes at now.
func (p *Poll) Closed(now time.Time) bool {
	return !p.ClosedAt.IsZero() || (!p.ClosesAt.IsZero() && !now.Before(p.ClosesAt))
}

func (s *Store) pollWhere(ctx context.Context, where string, arg any) (*Poll, error) {
	p := &Poll{}
	var closes, closed *string
	var created string
	err := s.row(ctx, `SELECT id, post_id, question, multiple, max_choices, closes_at, closed_at, results, voters, created_at
		FROM polls WHERE `+where, arg).Scan(&p.ID, &p.PostID, &p.Question, &p.Multiple, &p.MaxChoices, &closes, &closed,
		&p.Results, &p.Voters, &created)
	if err != nil {
		return nil, mapErr(err)
	}
	p.ClosesAt, p.ClosedAt, p.CreatedAt = nullT(closes), nullT(closed), ParseT(created)
	rows, err := s.rows(ctx, `SELECT id, position, label, votes FROM poll_options WHERE poll_id = ? ORDER BY position`, p.ID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	p.Options = []PollOption{}
	for rows.Next() {
		var o PollOption
		if err := rows.Scan(&o.ID, &o.Position, &o.Label, &o.Votes); err != nil {
			return nil, err
		}
		p.Options = append(p.Options, o)
	}
	return p, rows.Err()
}

// PollByID returns a poll with its options, or ErrNotFound.
func (s *Store) PollByID(ctx context.Context, id int64) (*Poll, error) {
	return s.pollWhere(ctx, "id = ?", id)
}

// PollOfPost returns the poll of a post, or ErrNotFound.
func (s *Store) PollOfPost(ctx context.Context, postID int64) (*Poll, error) {
	return s.pollWhere(ctx, "post_id = ?", postID)
}

func nullTime(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return T(t)
}

// CreatePoll attaches p (with its option labels) to its post; ErrConflict when the post has one.
func (s *Store) CreatePoll(ctx context.Context, p Poll, now time.Time) (int64, error) {
	var id int64
	if err := s.writeRow(ctx, []any{&id}, `INSERT INTO polls (post_id, question, multiple, max_choices, closes_at, results, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, p.PostID, p.Question, p.Multiple, p.MaxChoices, nullTime(p.ClosesAt), p.Results, T(now)); err != nil {
		return 0, err
	}
	return id, s.insertOptions(ctx, id, p.Options)
}

func (s *Store) insertOptions(ctx context.Context, pollID int64, opts []PollOption) error {
	for i, o := range opts {
		if _, err := s.exec(ctx, `INSERT INTO poll_options (poll_id, position, label) VALUES (?, ?, ?)`, pollID, i, o.Label); err != nil {
			return err
		}
	}
	return nil
}

// UpdatePoll replaces a poll's question, settings and options while nobody has voted; it
// reports false when someone has.
func (s *Store) UpdatePoll(ctx context.Context, p Poll) (bool, error) {
	res, err := s.exec(ctx, `UPDATE polls SET question = ?, multiple = ?, max_choices = ?, closes_at = ?, results = ?
		WHERE id = ? AND voters = 0`, p.Question, p.Multiple, p.MaxChoices, nullTime(p.ClosesAt), p.Results, p.ID)
	if err != nil {
		return false, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return false, nil
	}
	if _, err := s.exec(ctx, `DELETE FROM poll_options WHERE poll_id = ?`, p.ID); err != nil {
		return false, err
	}
	return true, s.insertOptions(ctx, p.ID, p.Options)
}

// ClosePoll closes a poll early (again is fine).
func (s *Store) ClosePoll(ctx context.Context, id int64, now time.Time) error {
	_, err := s.exec(ctx, `UPDATE polls SET closed_at = coalesce(closed_at, ?) WHERE id = ?`, T(now), id)
	return err
}

// VoteTarget is what a vote needs to know before its transaction: the poll's post, its
// community (0: platform-wide), author and status.
type VoteTarget struct {
	PostID, CommunityID, AuthorID int64
	Status                        string
}

// VoteTargetOf returns the vote target of a poll, or ErrNotFound. It is on the vote's hot
// path: a statement prepared once on the read pool (parsing it each time cost more than
// running it).
func (s *Store) VoteTargetOf(ctx context.Context, pollID int64) (*VoteTarget, error) {
	const q = `SELECT p.id, coalesce(p.community_id, 0), coalesce(p.author_id, 0), p.status FROM polls l JOIN posts p ON p.id = l.post_id WHERE l.id = ?`
	var row *sql.Row
	if s.b != nil {
		row = s.row(ctx, q, pollID)
	} else if st, err := s.readStmt(ctx, q); err != nil {
		return nil, err
	} else {
		row = st.QueryRowContext(ctx, pollID)
	}
	t := &VoteTarget{}
	if err := row.Scan(&t.PostID, &t.CommunityID, &t.AuthorID, &t.Status); err != nil {
		return nil, mapErr(err)
	}
	return t, nil
}

// readStmts are the statements prepared on a store's read pool, by pool and text.
var readStmts sync.Map // readKey → *sql.Stmt

type readKey struct {
	db *sql.DB
	q  string
}

func (s *Store) readStmt(ctx context.Context, q string) (*sql.Stmt, error) {
	k := readKey{s.Read, q}
	if st, ok := readStmts.Load(k); ok {
		return st.(*sql.Stmt), nil
	}
	st, err := s.Read.PrepareContext(ctx, q)
	if err != nil {
		return nil, err
	}
	if prev, loaded := readStmts.LoadOrStore(k, st); loaded {
		st.Close()
		return prev.(*sql.Stmt), nil
	}
	return st, nil
}

// PollOpen reports whether a poll takes votes at now (read in the vote's transaction).
func (s *Store) PollOpen(ctx context.Context, id int64, now time.Time) (bool, error) {
	var open bool
	err := s.row(ctx, `SELECT closed_at IS NULL AND (closes_at IS NULL OR closes_at > ?) FROM polls WHERE id = ?`, T(now), id).Scan(&open)
	return open, mapErr(err)
}

// PollChoices are the options userID chose in a poll (none: has not voted).
func (s *Store) PollChoices(ctx context.Context, pollID, userID int64) ([]int64, error) {
	rows, err := s.rows(ctx, `SELECT option_id FROM poll_votes WHERE poll_id = ? AND user_id = ? ORDER BY option_id`, pollID, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []int64{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// Vote replaces userID's choices in a poll with options (ids of the poll's options, checked by
// the caller) and moves the counts: each option's votes, and the poll's voters when this is
// the account's first vote. It returns the choices replaced. Call it in a transaction.
func (s *Store) Vote(ctx context.Context, pollID, userID int64, options []int64, now time.Time) (prev []int64, err error) {
	if prev, err = s.PollChoices(ctx, pollID, userID); err != nil {
		return nil, err
	}
	return prev, s.vote(ctx, pollID, userID, prev, options, now)
}

func (s *Store) vote(ctx context.Context, pollID, userID int64, prev, options []int64, now time.Time) error {
	if len(prev) > 0 {
		if _, err := s.exec(ctx, `DELETE FROM poll_votes WHERE poll_id = ? AND user_id = ?`, pollID, userID); err != nil {
			return err
		}
		if _, err := s.exec(ctx, `UPDATE poll_options SET votes = votes - 1 WHERE id IN (?`+strings.Repeat(", ?", len(prev)-1)+`)`,
			anys(prev)...); err != nil {
			return err
		}
	} else if _, err := s.exec(ctx, `UPDATE polls SET voters = voters + 1 WHERE id = ?`, pollID); err != nil {
		return err
	}
	for _, o := range options {
		if _, err := s.exec(ctx, `INSERT INTO poll_votes (poll_id, user_id, option_id, voted_at) VALUES (?, ?, ?, ?)`,
			pollID, userID, o, T(now)); err != nil {
			return err
		}
	}
	_, err := s.exec(ctx, `UPDATE poll_options SET votes = votes + 1 WHERE id IN (?`+strings.Repeat(", ?", len(options)-1)+`)`,
		anys(options)...)
	return err
}

// PollCounts are a poll's live counts (for tests and checks): voters and each option's votes
// counted from the votes themselves.
func (s *Store) PollCounts(ctx context.Context, pollID int64) (voters int, votes map[int64]int, err error) {
	if err = s.row(ctx, `SELECT count(DISTINCT user_id) FROM poll_votes WHERE poll_id = ?`, pollID).Scan(&voters); err != nil {
		return 0, nil, err
	}
	rows, err := s.rows(ctx, `SELECT o.id, count(v.user_id) FROM poll_options o LEFT JOIN poll_votes v ON v.option_id = o.id
		WHERE o.poll_id = ? GROUP BY o.id`, pollID)
	if err != nil {
		return 0, nil, err
	}
	defer rows.Close()
	votes = map[int64]int{}
	for rows.Next() {
		var id int64
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			return 0, nil, err
		}
		votes[id] = n
	}
	return voters, votes, rows.Err()
}

// AuthorVote is one of a person's votes, for "download my data".
type AuthorVote struct {
	PollID   int64
	Question string
	Choices  []string
	VotedAt  time.Time
}

// VotesOf lists a person's votes with the labels they chose.
func (s *Store) VotesOf(ctx context.Context, userID int64) ([]AuthorVote, error) {
	rows, err := s.rows(ctx, `SELECT v.poll_id, p.question, o.label, v.voted_at FROM poll_votes v JOIN polls p ON p.id = v.poll_id
		JOIN poll_options o ON o.id = v.option_id WHERE v.user_id = ? ORDER BY v.poll_id, o.position`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []AuthorVote{}
	for rows.Next() {
		var id int64
		var q, label, at string
		if err := rows.Scan(&id, &q, &label, &at); err != nil {
			return nil, err
		}
		if n := len(out); n > 0 && out[n-1].PollID == id {
			out[n-1].Choices = append(out[n-1].Choices, label)
			continue
		}
		out = append(out, AuthorVote{PollID: id, Question: q, Choices: []string{label}, VotedAt: ParseT(at)})
	}
	return out, rows.Err()
}

// EraseVotesOf takes a person's votes out of every poll, with the counts.
func (s *Store) EraseVotesOf(ctx context.Context, userID int64) error {
	for _, q := range []string{
		`UPDATE poll_options SET votes = max(votes - 1, 0) WHERE id IN (SELECT option_id FROM poll_votes WHERE user_id = ?1)`,
		`UPDATE polls SET voters = max(voters - 1, 0) WHERE id IN (SELECT DISTINCT poll_id FROM poll_votes WHERE user_id = ?1)`,
		`DELETE FROM poll_votes WHERE user_id = ?1`,
	} {
		if _, err := s.exec(ctx, q, userID); err != nil {
			return err
		}
	}
	return nil
}
