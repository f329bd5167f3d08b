package db

import (
	"context"
	"encoding/json"
	"time"
)

// Attempt is one run of the Direction Board.
type Attempt struct {
	ID          string
	KeyHash     string
	UserID      int64
	Lang        string
	StartedAt   time.Time
	DeadlineAt  time.Time
	FinishedAt  time.Time
	TimedOut    bool
	Code        string
	Scores      string
	Unanswered  int
	ResultToken string
	EmailedAt   time.Time
	Answers     map[string]int
}

// CreateAttempt stores a new attempt.
func (s *Store) CreateAttempt(ctx context.Context, a Attempt) error {
	var user any
	if a.UserID != 0 {
		user = a.UserID
	}
	_, err := s.exec(ctx, `INSERT INTO db_attempts (id, key_hash, user_id, lang, started_at, deadline_at, result_token)
		VALUES (?,?,?,?,?,?,?)`, a.ID, a.KeyHash, user, a.Lang, T(a.StartedAt), T(a.DeadlineAt), a.ResultToken)
	return mapErr(err)
}

const attemptCols = `id, key_hash, coalesce(user_id, 0), lang, started_at, deadline_at, finished_at, timed_out, code, scores,
	unanswered, result_token, emailed_at`

func (s *Store) attempt(ctx context.Context, where string, arg any) (*Attempt, error) {
	var a Attempt
	var started, deadline string
	var finished, emailed *string
	err := s.row(ctx, `SELECT `+attemptCols+` FROM db_attempts WHERE `+where, arg).Scan(&a.ID, &a.KeyHash,
		&a.UserID, &a.Lang, &started, &deadline, &finished, &a.TimedOut, &a.Code, &a.Scores, &a.Unanswered, &a.ResultToken, &emailed)
	if err != nil {
		return nil, mapErr(err)
	}
	a.StartedAt, a.DeadlineAt, a.FinishedAt, a.EmailedAt = ParseT(started), ParseT(deadline), nullT(finished), nullT(emailed)
	rows, err := s.rows(ctx, `SELECT item_id, value FROM db_answers WHERE attempt_id = ?`, a.ID)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	a.Answers = map[string]int{}
	for rows.Next() {
		var id string
		var v int
		if err := rows.Scan(&id, &v); err != nil {
			return nil, mapErr(err)
		}
		a.Answers[id] = v
	}
	return &a, mapErr(rows.Err())
}

// AttemptByID returns an attempt with its answers.
func (s *Store) AttemptByID(ctx context.Context, id string) (*Attempt, error) {
	return s.attempt(ctx, "id = ?", id)
}

// AttemptByResultToken returns the attempt whose results link carries token.
func (s *Store) AttemptByResultToken(ctx context.Context, token string) (*Attempt, error) {
	return s.attempt(ctx, "result_token = ?", token)
}

// OpenAttemptOfUser returns the user's newest unfinished attempt, or ErrNotFound.
func (s *Store) OpenAttemptOfUser(ctx context.Context, userID int64) (*Attempt, error) {
	return s.attempt(ctx, "user_id = ? AND finished_at IS NULL ORDER BY started_at DESC LIMIT 1", userID)
}

// SaveAnswers records answers of an unfinished attempt in one transaction; false when the
// attempt was finished meanwhile.
func (s *Store) SaveAnswers(ctx context.Context, attemptID string, answers map[string]int, now time.Time) (bool, error) {
	ok := false
	err := s.InTx(ctx, func(tx *Store) error {
		var open int
		if err := tx.row(ctx, `SELECT finished_at IS NULL FROM db_attempts WHERE id = ?`, attemptID).Scan(&open); err != nil {
			return err
		}
		if open == 0 {
			return nil
		}
		for item, v := range answers {
			if _, err := tx.exec(ctx, `INSERT INTO db_answers (attempt_id, item_id, value, answered_at) VALUES (?,?,?,?)
				ON CONFLICT (attempt_id, item_id) DO UPDATE SET value = excluded.value, answered_at = excluded.answered_at`,
				attemptID, item, v, T(now)); err != nil {
				return err
			}
		}
		ok = true
		return nil
	})
	return ok, err
}

// FinishAttempt records the result; false when it was already finished.
func (s *Store) FinishAttempt(ctx context.Context, a *Attempt, now time.Time) (bool, error) {
	res, err := s.exec(ctx, `UPDATE db_attempts SET finished_at = ?, timed_out = ?, code = ?, scores = ?, unanswered = ?
		WHERE id = ? AND finished_at IS NULL`, T(now), a.TimedOut, a.Code, a.Scores, a.Unanswered, a.ID)
	if err != nil {
		return false, mapErr(err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// ClaimAttempt ties an anonymous attempt to the user who signed in meanwhile.
func (s *Store) ClaimAttempt(ctx context.Context, id string, userID int64) error {
	_, err := s.exec(ctx, `UPDATE db_attempts SET user_id = ? WHERE id = ? AND user_id IS NULL`, userID, id)
	return mapErr(err)
}

// MarkAttemptEmailed records that the results were emailed.
func (s *Store) MarkAttemptEmailed(ctx context.Context, id string, now time.Time) error {
	_, err := s.exec(ctx, `UPDATE db_attempts SET emailed_at = ? WHERE id = ?`, T(now), id)
	return mapErr(err)
}

// PastResult is a finished attempt as its taker sees it in lists and data exports (the
// Direction Board's PastResultView is its view).
type PastResult struct {
	Code        string
	Scores      map[string]int
	FinishedAt  time.Time
	Unanswered  int
	TimedOut    bool
	ResultToken string
}

// Past is the attempt's result as a PastResult.
func (a *Attempt) Past() PastResult {
	var scores map[string]int
	_ = json.Unmarshal([]byte(a.Scores), &scores)
	return PastResult{Code: a.Code, Scores: scores, FinishedAt: a.FinishedAt, Unanswered: a.Unanswered,
		TimedOut: a.TimedOut, ResultToken: a.ResultToken}
}

// FinishedAttemptsOfUser lists a user's results, newest first.
func (s *Store) FinishedAttemptsOfUser(ctx context.Context, userID int64) ([]Attempt, error) {
	rows, err := s.rows(ctx, `SELECT id, lang, started_at, finished_at, code, scores, unanswered, timed_out, result_token
		FROM db_attempts WHERE user_id = ? AND finished_at IS NOT NULL ORDER BY finished_at DESC LIMIT 100`, userID)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []Attempt{}
	for rows.Next() {
		var a Attempt
		var started, finished string
		if err := rows.Scan(&a.ID, &a.Lang, &started, &finished, &a.Code, &a.Scores, &a.Unanswered, &a.TimedOut, &a.ResultToken); err != nil {
			return nil, mapErr(err)
		}
		a.StartedAt, a.FinishedAt = ParseT(started), ParseT(finished)
		out = append(out, a)
	}
	return out, mapErr(rows.Err())
}

// BoardStats are aggregate numbers for staff: no answers, no people.
type BoardStats struct {
	Started    int                  `json:"started"`
	Finished   int                  `json:"finished"`
	ByLanguage map[string]LangCount `json:"byLanguage"`
	Codes      []CodeCount          `json:"codes"` // every code that occurred (at most 120), most common first
}

// LangCount is how many attempts were started and finished in one language.
type LangCount struct {
	Started  int `json:"started"`
	Finished int `json:"finished"`
}

// CodeCount is how many finished attempts got a Holland code.
type CodeCount struct {
	Code  string `json:"code"`
	Count int    `json:"count"`
}

// DirectionBoardStats counts attempts (started since from; zero time = all).
func (s *Store) DirectionBoardStats(ctx context.Context, from time.Time) (*BoardStats, error) {
	st := &BoardStats{ByLanguage: map[string]LangCount{}, Codes: []CodeCount{}}
	rows, err := s.rows(ctx, `SELECT lang, count(*), count(finished_at) FROM db_attempts WHERE started_at >= ? GROUP BY lang`, T(from))
	if err != nil {
		return nil, mapErr(err)
	}
	for rows.Next() {
		var lang string
		var n, f int
		if err := rows.Scan(&lang, &n, &f); err != nil {
			rows.Close()
			return nil, mapErr(err)
		}
		st.ByLanguage[lang] = LangCount{Started: n, Finished: f}
		st.Started += n
		st.Finished += f
	}
	rows.Close()
	crow, err := s.rows(ctx, `SELECT code, count(*) FROM db_attempts WHERE started_at >= ? AND finished_at IS NOT NULL
		GROUP BY code ORDER BY count(*) DESC, code`, T(from))
	if err != nil {
		return nil, mapErr(err)
	}
	defer crow.Close()
	for crow.Next() {
		var c CodeCount
		if err := crow.Scan(&c.Code, &c.Count); err != nil {
			return nil, mapErr(err)
		}
		st.Codes = append(st.Codes, c)
	}
	return st, mapErr(crow.Err())
}
