package communities

import (
	"strconv"
	"time"

	"gerege/db"
)

// EventView is an event as a reader sees it.
type EventView struct {
	ID              int64     `json:"id"`
	CommunitySlug   string    `json:"communitySlug"`
	CommunityName   string    `json:"communityName"`
	Title           string    `json:"title" description:"in the request's language, or the other when it has none"`
	DescriptionHTML string    `json:"descriptionHtml" description:"sanitised HTML"`
	Start           time.Time `json:"start"`
	End             time.Time `json:"end"`
	When            string    `json:"when" description:"the time in Ulaanbaatar, e.g. 2026-11-24 18:00–20:00 (UTC+08:00)"`
	OnlineURL       string    `json:"onlineUrl"`
	Place           string    `json:"place"`
	Capacity        int       `json:"capacity" description:"0: no limit"`
	Going           int       `json:"going" description:"how many people are going"`
	Full            bool      `json:"full"`
	Status          string    `json:"status" enum:"scheduled,cancelled"`
	CancelReason    string    `json:"cancelReason"`
	Started         bool      `json:"started"`
	Link            string    `json:"link" description:"the event's page without the language"`
	MyAnswer        string    `json:"myAnswer" enum:",going,not_going" description:"the caller's answer; empty when none"`
	Can             EventCan  `json:"can"`
	// Source is the text as written, for the form (only for those who may edit).
	Source *EventRequest `json:"source,omitempty"`
	// History is who created, changed or cancelled it (only for those who may edit).
	History []EventLogView `json:"history,omitempty"`
}

// EventCan is what the caller may do with an event.
type EventCan struct {
	Answer bool `json:"answer" description:"answer going or not going now"`
	Edit   bool `json:"edit" description:"change or cancel it (the community's admins and moderators)"`
	Join   bool `json:"join" description:"not a member yet: joining lets them answer"`
}

// EventLogView is one line of an event's history.
type EventLogView struct {
	Action string    `json:"action" enum:"create,update,cancel"`
	Reason string    `json:"reason"`
	Actor  string    `json:"actor"`
	At     time.Time `json:"at"`
}

// EventList is a page of events.
type EventList struct {
	Items []EventView `json:"items"`
	Next  string      `json:"next" description:"the cursor of the next page; empty at the end"`
}

// RSVPExport is one of a person's answers, in "download my data".
type RSVPExport struct {
	EventID   int64     `json:"eventId"`
	Title     string    `json:"title"`
	Community string    `json:"community"`
	Start     time.Time `json:"start"`
	Answer    string    `json:"answer"`
	At        time.Time `json:"at"`
}

func eventLink(communitySlug string, id int64) string {
	return "/forums/" + communitySlug + "/events/" + strconv.FormatInt(id, 10)
}

// eventViewOf is e for a reader in lang; answer is theirs ("" when none).
func eventViewOf(lang string, c *db.Community, e *db.CommunityEvent, answer string, a Access, now time.Time) EventView {
	html := e.HTMLEn
	if (lang == "mn" && e.HTMLMn != "") || html == "" {
		html = e.HTMLMn
	}
	v := EventView{ID: e.ID, CommunitySlug: c.Slug, CommunityName: commPick(lang, c.NameEn, c.NameMn),
		Title: commPick(lang, e.TitleEn, e.TitleMn), DescriptionHTML: html, Start: e.Start.UTC(), End: e.End.UTC(),
		When: eventWhen(e.Start, e.End), OnlineURL: e.OnlineURL, Place: e.Place, Capacity: e.Capacity, Going: e.GoingCount,
		Full: e.Capacity > 0 && e.GoingCount >= e.Capacity, Status: e.Status, CancelReason: e.CancelReason,
		Started: !e.Start.After(now), Link: eventLink(c.Slug, e.ID), MyAnswer: answer}
	open := e.Status == "scheduled" && e.Start.After(now)
	v.Can.Answer = open && a.Participate
	v.Can.Join = open && !a.Participate && a.Member == nil && c.Status == "active"
	v.Can.Edit = a.Moderate && e.Status == "scheduled" && e.End.After(now)
	return v
}
