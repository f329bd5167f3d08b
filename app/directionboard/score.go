// Package directionboard is the Direction Board career test: Holland's RIASEC model with our
// own items (i18n/content/directionboard.*.json), a server-kept time limit, progress saved
// as the taker answers, scoring, results by email, and aggregate statistics for staff.
package directionboard

import (
	"encoding/json"
	"fmt"
	"sort"

	"gerege/i18n"
)

// Types in Holland's hexagon order, which is also the last tie-break.
var Types = []string{"R", "I", "A", "S", "E", "C"}

// Content is one language's test content.
type Content struct {
	Title        string   `json:"title"`
	Intro        string   `json:"intro"`
	Instructions []string `json:"instructions"`
	Scale        []struct {
		Value int    `json:"value"`
		Label string `json:"label"`
	} `json:"scale"`
	Items []Item              `json:"items"`
	Types map[string]TypeInfo `json:"types"`
}

// Item is one activity statement.
type Item struct {
	ID   string `json:"id"`
	Type string `json:"type"`
	Text string `json:"text"`
}

// TypeInfo describes one RIASEC type.
type TypeInfo struct {
	Name        string   `json:"name"`
	Short       string   `json:"short"`
	Description string   `json:"description"`
	Traits      []string `json:"traits"`
	Fields      []string `json:"fields"`
	Careers     []string `json:"careers"`
}

// Load reads the content of lang.
func Load(lang string) (*Content, error) {
	b, err := i18n.Content("directionboard." + lang + ".json")
	if err != nil {
		return nil, err
	}
	var c Content
	if err := json.Unmarshal(b, &c); err != nil {
		return nil, fmt.Errorf("directionboard.%s.json: %w", lang, err)
	}
	return &c, nil
}

// Neutral is what an unanswered item counts as.
const Neutral = 3

// Result is a scored attempt.
type Result struct {
	Scores     map[string]int `json:"scores"` // 0–100 per type
	Order      []string       `json:"order"`  // all six, highest first
	Code       string         `json:"code"`   // the top three
	Unanswered int            `json:"unanswered"`
}

// Score sums each type's answers (1–5; unanswered items count as Neutral) and normalises the
// sum to 0–100: (sum − n) / (4n) × 100 for n items of the type, rounded to the nearest
// integer. The Holland code is the three highest types. Ties are broken, in order, by the
// raw sum before rounding (equal), then by how many "strongly like" (5) answers the type
// got, then by Holland's hexagon order R, I, A, S, E, C.
func Score(items []Item, answers map[string]int) Result {
	sum := map[string]int{}
	count := map[string]int{}
	fives := map[string]int{}
	res := Result{Scores: map[string]int{}}
	for _, it := range items {
		v, ok := answers[it.ID]
		if !ok || v < 1 || v > 5 {
			v = Neutral
			res.Unanswered++
		}
		sum[it.Type] += v
		count[it.Type]++
		if v == 5 {
			fives[it.Type]++
		}
	}
	norm := map[string]float64{}
	for _, t := range Types {
		if count[t] == 0 {
			continue
		}
		n := float64(count[t])
		norm[t] = (float64(sum[t]) - n) / (4 * n) * 100
		res.Scores[t] = int(norm[t] + 0.5)
	}
	res.Order = append([]string(nil), Types...)
	rank := map[string]int{}
	for i, t := range Types {
		rank[t] = i
	}
	sort.SliceStable(res.Order, func(i, j int) bool {
		a, b := res.Order[i], res.Order[j]
		if norm[a] != norm[b] {
			return norm[a] > norm[b]
		}
		if fives[a] != fives[b] {
			return fives[a] > fives[b]
		}
		return rank[a] < rank[b]
	})
	res.Code = res.Order[0] + res.Order[1] + res.Order[2]
	return res
}
