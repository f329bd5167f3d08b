package directionboard

import (
	"time"

	"gerege/db"
)

// ItemView is one statement of the test.
type ItemView struct {
	ID   string `json:"id"`
	Text string `json:"text"`
}

// ScalePoint is one point of the five-point answer scale.
type ScalePoint struct {
	Value int    `json:"value"`
	Label string `json:"label"`
}

// TestView is GET /api/direction-board: the test in the request's language, and the visitor's
// attempt when there is one (so a returning visitor is offered to continue).
type TestView struct {
	Title            string       `json:"title"`
	Intro            string       `json:"intro"`
	Instructions     []string     `json:"instructions"`
	Scale            []ScalePoint `json:"scale"`
	Items            []ItemView   `json:"items"`
	TimeLimitSeconds int          `json:"timeLimitSeconds"`
	Attempt          *AttemptView `json:"attempt,omitempty"`
}

// PastResultView is a finished attempt in the taker's list of results.
type PastResultView struct {
	Code        string         `json:"code"`
	Scores      map[string]int `json:"scores"`
	FinishedAt  time.Time      `json:"finishedAt"`
	Unanswered  int            `json:"unanswered"`
	TimedOut    bool           `json:"timedOut"`
	ResultToken string         `json:"resultToken"`
}

// MyResults is GET /api/account/direction-board.
type MyResults struct {
	Results []PastResultView `json:"results"`
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

// StatsView is GET /api/admin/direction-board/stats: aggregate numbers only.
type StatsView struct {
	ByLanguage map[string]LangCount `json:"byLanguage"`
	Codes      []CodeCount          `json:"codes"` // every code that occurred (at most 120), most common first
	FinishRate float64              `json:"finishRate"`
	Finished   int                  `json:"finished"`
	Started    int                  `json:"started"`
}

// StatsQuery is the query of the statistics.
type StatsQuery struct {
	Days int `query:"days" minimum:"1" maximum:"3650" description:"only attempts started in the last days (all when absent)"`
}

func statsView(st *db.BoardStats) StatsView {
	v := StatsView{Started: st.Started, Finished: st.Finished, ByLanguage: map[string]LangCount{}, Codes: make([]CodeCount, 0, len(st.Codes))}
	if st.Started > 0 {
		v.FinishRate = float64(st.Finished) / float64(st.Started)
	}
	for l, c := range st.ByLanguage {
		v.ByLanguage[l] = LangCount(c)
	}
	for _, c := range st.Codes {
		v.Codes = append(v.Codes, CodeCount(c))
	}
	return v
}
