package communities

// The rules of events: what an event needs, who may change it and until when, answers.

import (
	"net/url"
	"strings"
	"time"

	"gerege/app/platform/web"
	"gerege/db"
)

// Limits of events.
const (
	maxEventTitle    = 200
	maxEventDesc     = 10000
	maxEventPlace    = 300
	maxEventURL      = 500
	maxEventCapacity = 100000
	maxEventLength   = 31 * 24 * time.Hour
	maxEventAhead    = 2 * 365 * 24 * time.Hour
	eventPage        = 20
)

// EventAnswers are the answers to an event.
var EventAnswers = []string{"going", "not_going"}

// EventRequest creates or changes an event. Titles and descriptions are written in English
// and/or Mongolian (a title in each language used); times are instants (RFC 3339), shown in
// Ulaanbaatar.
type EventRequest struct {
	TitleEn       string    `json:"titleEn"`
	TitleMn       string    `json:"titleMn"`
	DescriptionEn string    `json:"descriptionEn" description:"Markdown"`
	DescriptionMn string    `json:"descriptionMn" description:"Markdown"`
	Start         time.Time `json:"start" description:"RFC 3339; in the future when the event is created"`
	End           time.Time `json:"end" description:"after start, at most 31 days later"`
	OnlineURL     string    `json:"onlineUrl" description:"https link of an online event; this or place"`
	Place         string    `json:"place" description:"where it happens; this or onlineUrl"`
	Capacity      int       `json:"capacity" description:"how many people may be going (0: no limit)"`
}

// check validates the request; prev is the event being changed (nil when creating). An
// event's start may stay in the past only when it is not moved.
func (req *EventRequest) check(now time.Time, prev *db.CommunityEvent) error {
	for _, s := range []*string{&req.TitleEn, &req.TitleMn, &req.OnlineURL, &req.Place} {
		*s = strings.TrimSpace(*s)
	}
	for _, s := range []*string{&req.DescriptionEn, &req.DescriptionMn} {
		*s = strings.TrimSpace(strings.ReplaceAll(*s, "\r\n", "\n"))
	}
	c := &web.Checker{}
	if req.TitleEn == "" && req.TitleMn == "" {
		c.Add("titleEn", web.M("events.errors.oneLanguage"))
		c.Add("titleMn", web.M("events.errors.oneLanguage"))
	}
	c.Text("titleEn", req.TitleEn, req.DescriptionEn != "", maxEventTitle)
	c.Text("titleMn", req.TitleMn, req.DescriptionMn != "", maxEventTitle)
	c.Text("descriptionEn", req.DescriptionEn, false, maxEventDesc)
	c.Text("descriptionMn", req.DescriptionMn, false, maxEventDesc)
	c.Text("place", req.Place, false, maxEventPlace)
	switch {
	case req.OnlineURL == "" && req.Place == "":
		c.Add("place", web.M("events.errors.where"))
	case req.OnlineURL != "" && !httpsURL(req.OnlineURL):
		c.Add("onlineUrl", web.M("events.errors.url"))
	}
	moved := prev == nil || !req.Start.Equal(prev.Start)
	switch {
	case req.Start.IsZero():
		c.Add("start", web.M("validation.required"))
	case req.Start.Year() < 2000 || req.Start.Year() > 2200:
		c.Add("start", web.M("validation.date"))
	case moved && !req.Start.After(now):
		c.Add("start", web.M("events.errors.past"))
	case moved && req.Start.Sub(now) > maxEventAhead:
		c.Add("start", web.M("events.errors.tooFar"))
	}
	switch {
	case req.End.IsZero():
		c.Add("end", web.M("validation.required"))
	case req.Start.IsZero():
	case !req.End.After(req.Start):
		c.Add("end", web.M("events.errors.endBeforeStart"))
	case req.End.Sub(req.Start) > maxEventLength:
		c.Add("end", web.M("events.errors.tooLong", "days", int(maxEventLength.Hours()/24)))
	}
	switch {
	case req.Capacity < 0 || req.Capacity > maxEventCapacity:
		c.Add("capacity", web.M("events.errors.capacity", "max", maxEventCapacity))
	case prev != nil && req.Capacity != 0 && req.Capacity < prev.GoingCount:
		c.Add("capacity", web.M("events.errors.capacityBelowGoing", "count", prev.GoingCount))
	}
	req.Start, req.End = req.Start.UTC().Truncate(time.Minute), req.End.UTC().Truncate(time.Minute)
	return c.Err()
}

// httpsURL: an absolute https link with a host and no spaces or credentials.
func httpsURL(s string) bool {
	if len(s) > maxEventURL || strings.ContainsAny(s, " \t\n<>\"") {
		return false
	}
	u, err := url.Parse(s)
	return err == nil && u.Scheme == "https" && u.Host != "" && u.User == nil
}

// EventCancelRequest cancels an event; the reason is told to everyone going.
type EventCancelRequest struct {
	Reason string `json:"reason"`
}

func (req *EventCancelRequest) check() error {
	req.Reason = strings.TrimSpace(req.Reason)
	c := &web.Checker{}
	c.Text("reason", req.Reason, true, maxReasonLen)
	return c.Err()
}

// RSVPRequest is a person's answer to an event.
type RSVPRequest struct {
	Answer string `json:"answer" enum:"going,not_going"`
}

func (req *RSVPRequest) check() error {
	c := &web.Checker{}
	c.OneOf("answer", req.Answer, true, EventAnswers...)
	return c.Err()
}

func eventFullError() error {
	return &web.Error{Status: 409, Code: "full", Message: web.M("events.errors.full"),
		Fields: map[string]web.Msg{"answer": web.M("events.errors.full")}}
}
