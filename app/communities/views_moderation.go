package communities

import "time"

// The response types of moderation: reports, the review queue with its clock, an item with
// its reports and history, decisions, appeals, blocks and mutes, the admins' statistics.

// ReportRequest is POST /api/reports.
type ReportRequest struct {
	TargetType string `json:"targetType" enum:"post,comment,topic,poll,profile,community,opportunity"`
	TargetID   int64  `json:"targetId"`
	Reason     string `json:"reason" enum:"spam,harassment,hate,violence,sexual,misinformation,illegal,other"`
	Note       string `json:"note" maxLength:"1000"`
}

// MyReport is one of the signed-in person's reports, with its outcome once answered.
type MyReport struct {
	ID         int64      `json:"id"`
	TargetType string     `json:"targetType"`
	TargetID   int64      `json:"targetId"`
	Title      string     `json:"title" description:"what was reported (a title, a name); empty when it is gone"`
	Link       string     `json:"link" description:"the item's page without the language, or empty"`
	Reason     string     `json:"reason"`
	Note       string     `json:"note"`
	Status     string     `json:"status" enum:"open,actioned,dismissed"`
	Outcome    string     `json:"outcome,omitempty" description:"the decision that answered it (hide, remove, warn, suspend, ban, dismiss, restore)"`
	CreatedAt  time.Time  `json:"createdAt"`
	AnsweredAt *time.Time `json:"answeredAt,omitempty"`
}

// MyReports is GET /api/me/reports.
type MyReports struct {
	Items []MyReport `json:"items"`
	Next  string     `json:"next,omitempty"`
}

// QueueCommunity is one queue the person may work on, with its counts.
type QueueCommunity struct {
	ID        int64  `json:"id" description:"the community (0: items outside communities)"`
	Slug      string `json:"slug"`
	Name      string `json:"name"`
	Role      string `json:"role" description:"admin, moderator, or platform for platform admins"`
	Open      int    `json:"open" description:"open reports"`
	Escalated int    `json:"escalated" description:"open reports past 12 hours (the community's admins were told)"`
	Late      int    `json:"late" description:"open reports past their 24 hours"`
}

// ModerationSummary is GET /api/moderation/summary: the queues the person works on with their
// counts (one aggregate query), the open appeals they may decide, and whether they are a
// platform admin (who also sees items outside communities and every late report).
type ModerationSummary struct {
	Now            time.Time        `json:"now" description:"the server's time, for the countdowns"`
	Queues         []QueueCommunity `json:"queues"`
	LateEverywhere int              `json:"lateEverywhere" description:"platform admins: open late reports in every community"`
	PlatformAdmin  bool             `json:"platformAdmin"`
	Appeals        []AppealView     `json:"appeals"`
}

// ModQueueQuery is GET /api/moderation/queue.
type ModQueueQuery struct {
	Community string `query:"community" description:"a community id, platform (items outside communities) or late (every late report; platform admins)"`
	After     string `query:"after" description:"the next cursor of the page before"`
}

// QueueItem is one reported item of a queue: its reports counted, their reasons, its clock.
type QueueItem struct {
	TargetType  string    `json:"targetType"`
	TargetID    int64     `json:"targetId"`
	CommunityID int64     `json:"communityId"`
	Title       string    `json:"title"`
	Excerpt     string    `json:"excerpt"`
	Status      string    `json:"status" description:"the item's own status (hidden: waiting for a moderator after reports)"`
	Reports     int       `json:"reports"`
	Reasons     []string  `json:"reasons"`
	FirstAt     time.Time `json:"firstAt" description:"the oldest open report"`
	DueAt       time.Time `json:"dueAt" description:"its 24 hours end here"`
	Escalated   bool      `json:"escalated"`
	Late        bool      `json:"late"`
}

// Queue is a page of a review queue, the oldest clock first.
type ModQueue struct {
	Now   time.Time   `json:"now"`
	Items []QueueItem `json:"items"`
	Next  string      `json:"next,omitempty"`
}

// ModItemQuery names an item: GET /api/moderation/item.
type ModItemQuery struct {
	Type string `query:"type" enum:"post,comment,topic,poll,profile,community,opportunity"`
	ID   int64  `query:"id"`
}

// ReportView is one report as moderators see it.
type ReportView struct {
	ID         int64      `json:"id"`
	Reporter   string     `json:"reporter"`
	Reason     string     `json:"reason"`
	Note       string     `json:"note"`
	Status     string     `json:"status"`
	CreatedAt  time.Time  `json:"createdAt"`
	DueAt      time.Time  `json:"dueAt"`
	AnsweredAt *time.Time `json:"answeredAt,omitempty"`
	Late       bool       `json:"late"`
}

// ModActionView is one line of an item's history.
type ModActionView struct {
	ID           int64      `json:"id"`
	Action       string     `json:"action"`
	Actor        string     `json:"actor" description:"who decided; empty for the platform's automatic hiding"`
	Reason       string     `json:"reason"`
	Until        *time.Time `json:"until,omitempty"`
	CreatedAt    time.Time  `json:"createdAt"`
	AppealStatus string     `json:"appealStatus,omitempty" enum:",open,upheld,overturned"`
}

// ModItem is GET /api/moderation/item: a preview of the item (hidden ones too), its reports
// and its history.
type ModItem struct {
	Now         time.Time       `json:"now"`
	TargetType  string          `json:"targetType"`
	TargetID    int64           `json:"targetId"`
	CommunityID int64           `json:"communityId"`
	Title       string          `json:"title"`
	Body        string          `json:"body" description:"the item's text as written (Markdown), for the moderator"`
	Status      string          `json:"status"`
	Author      string          `json:"author"`
	Link        string          `json:"link"`
	Actions     []string        `json:"actions" description:"the decisions that apply to this item"`
	Reports     []ReportView    `json:"reports"`
	History     []ModActionView `json:"history"`
}

// ActionRequest is POST /api/moderation/actions.
type ActionRequest struct {
	TargetType string `json:"targetType" enum:"post,comment,topic,poll,profile,community,opportunity"`
	TargetID   int64  `json:"targetId"`
	Action     string `json:"action" enum:"hide,remove,warn,suspend,ban,dismiss,restore"`
	Reason     string `json:"reason" maxLength:"1000"`
	Days       int    `json:"days,omitempty" description:"suspend: for how many days (1–365)"`
}

// ActionResult is the decision made and the item after it.
type ActionResult struct {
	Action   ModActionView `json:"action"`
	Answered int           `json:"answered" description:"open reports the decision answered"`
	Item     ModItem       `json:"item"`
}

// AppealRequest is POST /api/moderation/appeals.
type AppealRequest struct {
	ActionID int64  `json:"actionId"`
	Note     string `json:"note" maxLength:"2000"`
}

// AppealDecision is POST /api/moderation/appeals/{id}/decision.
type AppealDecision struct {
	Decision string `json:"decision" enum:"uphold,overturn"`
	Reason   string `json:"reason" maxLength:"1000"`
}

// AppealView is an appeal with the decision it contests.
type AppealView struct {
	ID         int64         `json:"id"`
	Author     string        `json:"author"`
	Note       string        `json:"note"`
	Status     string        `json:"status" enum:"open,upheld,overturned"`
	Reason     string        `json:"reason"`
	CreatedAt  time.Time     `json:"createdAt"`
	DecidedAt  *time.Time    `json:"decidedAt,omitempty"`
	TargetType string        `json:"targetType"`
	TargetID   int64         `json:"targetId"`
	Action     ModActionView `json:"action"`
	CanDecide  bool          `json:"canDecide" description:"false for the moderator who made the decision (unless an admin)"`
}

// DecisionAboutMe is a decision about the signed-in person's content or membership.
type DecisionAboutMe struct {
	Action     ModActionView `json:"action"`
	TargetType string        `json:"targetType"`
	TargetID   int64         `json:"targetId"`
	Title      string        `json:"title"`
	Appealable bool          `json:"appealable" description:"it can still be appealed (once)"`
}

// MyDecisions is GET /api/me/moderation.
type MyDecisions struct {
	Items []DecisionAboutMe `json:"items"`
}

// BlockedPerson is someone the person blocked or muted.
type BlockedPerson struct {
	UserID int64     `json:"userId"`
	Name   string    `json:"name"`
	Handle string    `json:"handle"`
	Since  time.Time `json:"since"`
}

// BlockList is GET /api/me/blocks: the people blocked and muted, newest first.
type BlockList struct {
	Blocked []BlockedPerson `json:"blocked"`
	Muted   []BlockedPerson `json:"muted"`
}

// ModStatsQuery is GET /api/moderation/stats.
type ModStatsQuery struct {
	Days int `query:"days" description:"reports made in the last days (1–365; 30 when absent)"`
}

// ModCommunityStat is one community's record of the 24-hour promise.
type ModCommunityStat struct {
	CommunityID int64   `json:"communityId" description:"0: items outside communities"`
	Slug        string  `json:"slug"`
	Name        string  `json:"name"`
	Answered    int     `json:"answered"`
	OnTime      int     `json:"onTime" description:"answered within 24 hours"`
	Share       float64 `json:"share" description:"onTime / answered, 0–1 (1 when nothing was answered)"`
	Open        int     `json:"open"`
	Late        int     `json:"late" description:"still open past 24 hours"`
}

// Stats is GET /api/moderation/stats.
type ModStats struct {
	Days  int                `json:"days"`
	Items []ModCommunityStat `json:"items"`
}
