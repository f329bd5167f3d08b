package communities

// The rules of the discussion part: what a comment and a poll may hold, and how @mentions are
// found in what people write.

import (
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"gerege/app/platform/web"
)

// Limits of comments and polls.
const (
	maxCommentBody  = 5000 // characters of Markdown
	maxMentions     = 10   // people notified by one comment
	commentPage     = 20   // comments per page unless asked
	maxCommentPage  = 50
	maxPollQuestion = 300
	maxPollOption   = 120
	minPollOptions  = 2
	maxPollOptions  = 10
)

// PollResultModes are who sees a poll's results: everyone at any time, those who voted, or
// everyone once it closes.
var PollResultModes = []string{"always", "after_vote", "after_close"}

// mentionRe finds @handle: an @ not preceded by a letter, digit or one of _ . @ / (so e-mail
// addresses and paths are not mentions), then a handle [a-z0-9_.]{3,30}.
var mentionRe = regexp.MustCompile(`(?i)(^|[^\p{L}\p{N}_.@/])@([a-z0-9_.]{3,30})`)

// mentionsIn returns the distinct handles body mentions (lower-case, trailing dots cut), in order.
func mentionsIn(body string) []string {
	var out []string
	for _, m := range mentionRe.FindAllStringSubmatch(body, -1) {
		h := strings.ToLower(strings.TrimRight(m[2], "."))
		if len(h) >= 3 && !slices.Contains(out, h) {
			out = append(out, h)
		}
	}
	return out
}

// linkMentions turns each @handle of body that is in allowed into a Markdown link to the
// person's profile, before the Markdown is rendered and sanitised.
func linkMentions(body string, allowed map[string]bool) string {
	if len(allowed) == 0 {
		return body
	}
	return mentionRe.ReplaceAllStringFunc(body, func(s string) string {
		m := mentionRe.FindStringSubmatch(s)
		h := strings.ToLower(strings.TrimRight(m[2], "."))
		if !allowed[h] {
			return s
		}
		rest := m[2][len(h):] // the trailing dots
		return m[1] + "[@" + h + "](/u/" + h + ")" + rest
	})
}

// checkCommentBody checks a comment's text on the field "body".
func checkCommentBody(c *web.Checker, body string) {
	c.Text("body", body, true, maxCommentBody)
}

// discPathID reads the path parameter name as a positive id; anything else is 404.
func discPathID(r *http.Request, v string) (int64, error) {
	id, err := strconv.ParseInt(v, 10, 64)
	if err != nil || id <= 0 {
		return 0, web.NotFound()
	}
	return id, nil
}

// discQueryID reads a positive id from the query parameter name: missing or malformed is a 422 on it.
func discQueryID(r *http.Request, name string) (int64, error) {
	v := r.URL.Query().Get(name)
	id, err := strconv.ParseInt(v, 10, 64)
	if err != nil || id <= 0 {
		msg := web.M("validation.required")
		if v != "" {
			msg = web.M("discussion.errors.badId")
		}
		return 0, web.Invalid(map[string]web.Msg{name: msg})
	}
	return id, nil
}

// commentPageParams reads the keyset position (after: the last id seen) and the page size.
func commentPageParams(r *http.Request) (after int64, limit int, err error) {
	q := r.URL.Query()
	limit = commentPage
	if v := q.Get("limit"); v != "" {
		n, e := strconv.Atoi(v)
		if e != nil || n < 1 || n > maxCommentPage {
			return 0, 0, web.Invalid(map[string]web.Msg{"limit": web.M("discussion.errors.limit", "max", maxCommentPage)})
		}
		limit = n
	}
	if v := q.Get("after"); v != "" {
		n, e := strconv.ParseInt(v, 10, 64)
		if e != nil || n <= 0 {
			return 0, 0, web.BadCursor()
		}
		after = n
	}
	return after, limit, nil
}

// PollRequest is the body of createPoll and updatePoll.
type PollRequest struct {
	PostID     int64    `json:"postId,omitempty" description:"createPoll: the post or topic (its author attaches the poll)"`
	Question   string   `json:"question" maxLength:"300"`
	Options    []string `json:"options" minItems:"2" maxItems:"10"`
	Multiple   bool     `json:"multiple"`
	MaxChoices int      `json:"maxChoices" description:"multiple choice: at most this many (0: any)"`
	ClosesAt   string   `json:"closesAt" description:"RFC 3339; empty: open until closed by hand"`
	Results    string   `json:"results" enum:"always,after_vote,after_close"`
}

// checkPoll validates a poll request and returns its closing time.
func checkPoll(req *PollRequest, now time.Time) (time.Time, error) {
	c := &web.Checker{}
	req.Question = strings.TrimSpace(req.Question)
	c.Text("question", req.Question, true, maxPollQuestion)
	switch {
	case len(req.Options) < minPollOptions:
		c.Add("options", web.M("discussion.errors.optionsCount", "min", minPollOptions, "max", maxPollOptions))
	case len(req.Options) > maxPollOptions:
		c.Add("options", web.M("discussion.errors.optionsCount", "min", minPollOptions, "max", maxPollOptions))
	default:
		seen := map[string]bool{}
		for i, o := range req.Options {
			o = strings.TrimSpace(o)
			req.Options[i] = o
			f := "options." + strconv.Itoa(i)
			c.Text(f, o, true, maxPollOption)
			if o != "" && seen[strings.ToLower(o)] {
				c.Add(f, web.M("discussion.errors.optionDuplicate"))
			}
			seen[strings.ToLower(o)] = true
		}
	}
	if req.Results == "" {
		req.Results = "always"
	}
	c.OneOf("results", req.Results, true, PollResultModes...)
	if !req.Multiple {
		req.MaxChoices = 0
	} else if req.MaxChoices < 0 || req.MaxChoices > len(req.Options) || req.MaxChoices == 1 {
		c.Add("maxChoices", web.M("discussion.errors.maxChoices", "max", len(req.Options)))
	}
	var closes time.Time
	if req.ClosesAt != "" {
		t, err := time.Parse(time.RFC3339, req.ClosesAt)
		switch {
		case err != nil || utf8.RuneCountInString(req.ClosesAt) > 40:
			c.Add("closesAt", web.M("discussion.errors.closesAt"))
		case !t.After(now):
			c.Add("closesAt", web.M("discussion.errors.closesPast"))
		case t.After(now.AddDate(2, 0, 0)):
			c.Add("closesAt", web.M("discussion.errors.closesFar"))
		default:
			closes = t.UTC()
		}
	}
	return closes, c.Err()
}

// checkChoices validates a vote: at least one option, no duplicates, only the poll's options,
// one for single choice and at most the maximum for multiple choice.
func checkChoices(ids []int64, options []int64, multiple bool, max int) error {
	field := func(m web.Msg) error { return web.Invalid(map[string]web.Msg{"optionIds": m}) }
	if len(ids) == 0 {
		return field(web.M("discussion.errors.chooseOne"))
	}
	seen := map[int64]bool{}
	for _, id := range ids {
		if seen[id] {
			return field(web.M("discussion.errors.choiceDuplicate"))
		}
		seen[id] = true
		if !slices.Contains(options, id) {
			return field(web.M("discussion.errors.choiceUnknown"))
		}
	}
	if !multiple && len(ids) > 1 {
		return field(web.M("discussion.errors.choiceSingle"))
	}
	if multiple && max > 0 && len(ids) > max {
		return field(web.M("discussion.errors.choiceTooMany", "max", max))
	}
	return nil
}
