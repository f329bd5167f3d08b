package communities

// The answers of the communities part: never storage rows; lists are [] not null.

import (
	"time"

	"gerege/app/platform/markdown"
	"gerege/app/platform/plans"
	"gerege/db"
)

// MembershipView is the caller's membership of a community.
type MembershipView struct {
	Role   string `json:"role" enum:"admin,moderator,member"`
	Status string `json:"status" enum:"pending,active,suspended,banned"`
}

// CommunitySummary is a community in a list, in the reader's language (the other language
// when the community has no text in it).
type CommunitySummary struct {
	ID           int64           `json:"id"`
	Slug         string          `json:"slug"`
	Name         string          `json:"name"`
	Description  string          `json:"description" description:"plain text, cut"`
	Visibility   string          `json:"visibility" enum:"public,members"`
	JoinPolicy   string          `json:"joinPolicy" enum:"open,approval"`
	Status       string          `json:"status" enum:"requested,active,rejected,suspended"`
	MemberCount  int             `json:"memberCount"`
	Organization string          `json:"organization"`
	Membership   *MembershipView `json:"membership"`
}

// CommunityList is a page of communities; next is the cursor of the following page ("" at the end).
type CommunityList struct {
	Items []CommunitySummary `json:"items"`
	Next  string             `json:"next"`
}

// Can is what the caller may do in a community.
type Can struct {
	Read        bool `json:"read" description:"see the forums and their topics"`
	Join        bool `json:"join"`
	Leave       bool `json:"leave"`
	Participate bool `json:"participate" description:"post, reply, vote"`
	Moderate    bool `json:"moderate"`
	Admin       bool `json:"admin" description:"edit the community, its forums and its members' roles"`
	Follow      bool `json:"follow"`
}

// FollowState is whether the caller follows something, and by email too.
type FollowState struct {
	Following bool `json:"following"`
	Email     bool `json:"email"`
}

// ForumView is a forum of a community.
type ForumView struct {
	ID            int64       `json:"id"`
	Slug          string      `json:"slug"`
	Name          string      `json:"name"`
	Description   string      `json:"description"`
	NameEn        string      `json:"nameEn"`
	NameMn        string      `json:"nameMn"`
	DescriptionEn string      `json:"descriptionEn"`
	DescriptionMn string      `json:"descriptionMn"`
	Position      int         `json:"position"`
	TopicCount    int         `json:"topicCount"`
	Follow        FollowState `json:"follow"`
}

// CommunityDetail is one community. Members-only communities show people who are not
// members only their names, descriptions and rules: no forums, no counts of posts.
type CommunityDetail struct {
	CommunitySummary
	NameEn          string      `json:"nameEn"`
	NameMn          string      `json:"nameMn"`
	DescriptionEn   string      `json:"descriptionEn" description:"Markdown"`
	DescriptionMn   string      `json:"descriptionMn" description:"Markdown"`
	RulesEn         string      `json:"rulesEn" description:"Markdown"`
	RulesMn         string      `json:"rulesMn" description:"Markdown"`
	DescriptionHTML string      `json:"descriptionHtml" description:"rendered and sanitised, in the reader's language"`
	RulesHTML       string      `json:"rulesHtml"`
	PostCount       int         `json:"postCount"`
	AutoHide        int         `json:"autoHide"`
	Reason          string      `json:"reason" description:"why a request was rejected or the community suspended (its admins and platform admins)"`
	PendingCount    int         `json:"pendingCount" description:"requests to join (moderators and admins)"`
	Forums          []ForumView `json:"forums"`
	Can             Can         `json:"can"`
	Follow          FollowState `json:"follow"`
}

// PersonRef names a person: their name and @handle.
type PersonRef struct {
	Name   string `json:"name"`
	Handle string `json:"handle"`
}

// TopicView is a topic in a forum's list.
type TopicView struct {
	ID             int64     `json:"id"`
	Slug           string    `json:"slug"`
	Title          string    `json:"title"`
	Excerpt        string    `json:"excerpt"`
	Lang           string    `json:"lang" enum:"en,mn,both"`
	Author         PersonRef `json:"author"`
	Pinned         bool      `json:"pinned"`
	Locked         bool      `json:"locked"`
	CommentCount   int       `json:"commentCount"`
	PublishedAt    time.Time `json:"publishedAt"`
	LastActivityAt time.Time `json:"lastActivityAt"`
	Link           string    `json:"link" description:"the topic's page without the language"`
}

// ForumPage is a forum with a page of its topics (pinned first, then newest activity).
type ForumPage struct {
	Community CommunitySummary `json:"community"`
	Forum     ForumView        `json:"forum"`
	Topics    []TopicView      `json:"topics"`
	Next      string           `json:"next"`
	Can       Can              `json:"can"`
}

// MemberView is a member of a community.
type MemberView struct {
	UserID   int64     `json:"userId"`
	Name     string    `json:"name"`
	Handle   string    `json:"handle"`
	Role     string    `json:"role" enum:"admin,moderator,member"`
	Status   string    `json:"status" enum:"pending,active,suspended,banned"`
	JoinedAt time.Time `json:"joinedAt"`
}

// JoinResult is the answer to a decision on a request to join: the member when approved.
type JoinResult struct {
	Approved bool        `json:"approved"`
	Member   *MemberView `json:"member"`
}

// MemberList is a page of members; next is the cursor of the following page.
type MemberList struct {
	Items        []MemberView `json:"items"`
	Next         string       `json:"next"`
	PendingCount int          `json:"pendingCount" description:"requests to join (moderators and admins; 0 for others)"`
}

// MyCommunity is one of the caller's communities or requests.
type MyCommunity struct {
	CommunitySummary
	Reason    string    `json:"reason"`
	CreatedAt time.Time `json:"createdAt"`
}

// MyCommunities is the caller's communities and the requests they made.
type MyCommunities struct {
	Items []MyCommunity `json:"items"`
	// CanCreate: a platform admin creates communities; CanRequest: an enterprise owner or
	// manager asks for one.
	CanCreate  bool `json:"canCreate"`
	CanRequest bool `json:"canRequest"`
	// Usage: the organisation's communities against its plan's limit (for those who may
	// request one; max -1: no limit).
	Usage *plans.Usage `json:"usage,omitempty"`
}

// QueuedCommunity is a community in the platform admins' queue (a request, or one they decided).
type QueuedCommunity struct {
	CommunitySummary
	Requester string    `json:"requester"`
	Reason    string    `json:"reason"`
	CreatedAt time.Time `json:"createdAt"`
}

// CommunityQueue is the platform admins' list: requests waiting (oldest first), and
// suspended and active communities to act on.
type CommunityQueue struct {
	Items  []QueuedCommunity `json:"items"`
	Counts map[string]int    `json:"counts" description:"communities by status"`
}

// FollowView is one of the caller's follows.
type FollowView struct {
	TargetType string    `json:"targetType" enum:"community,forum,topic"`
	TargetID   int64     `json:"targetId"`
	Email      bool      `json:"email"`
	Name       string    `json:"name"`
	Link       string    `json:"link"`
	CreatedAt  time.Time `json:"createdAt"`
}

// FollowList is the caller's follows, newest first.
type FollowList struct {
	Items []FollowView `json:"items"`
}

// ProfileCommunity is a community on a profile.
type ProfileCommunity struct {
	Slug string `json:"slug"`
	Name string `json:"name"`
	Role string `json:"role" enum:"admin,moderator,member"`
}

// ProfilePost is a post or topic on a profile.
type ProfilePost struct {
	Kind        string    `json:"kind" enum:"post,topic"`
	Title       string    `json:"title"`
	Excerpt     string    `json:"excerpt"`
	Link        string    `json:"link"`
	PublishedAt time.Time `json:"publishedAt"`
}

// ProfileView is a person's public profile.
type ProfileView struct {
	ID          int64              `json:"id" description:"the person's account id, to report the profile or block and mute the person"`
	Handle      string             `json:"handle"`
	Name        string             `json:"name"`
	Bio         string             `json:"bio"`
	Self        bool               `json:"self"`
	Communities []ProfileCommunity `json:"communities"`
	Posts       []ProfilePost      `json:"posts"`
}

// MyProfile is the caller's own handle and bio.
type MyProfile struct {
	Handle string `json:"handle"`
	Bio    string `json:"bio"`
	Name   string `json:"name"`
}

func membershipOf(m *db.CommunityMember) *MembershipView {
	if m == nil {
		return nil
	}
	return &MembershipView{Role: m.Role, Status: m.Status}
}

func summaryOfCommunity(lang string, c *db.Community, m *db.CommunityMember) CommunitySummary {
	return CommunitySummary{ID: c.ID, Slug: c.Slug, Name: commPick(lang, c.NameEn, c.NameMn),
		Description: markdown.Excerpt(commPick(lang, c.DescriptionEn, c.DescriptionMn), 240),
		Visibility:  c.Visibility, JoinPolicy: c.JoinPolicy, Status: c.Status, MemberCount: c.MemberCount,
		Organization: c.OrgName, Membership: membershipOf(m)}
}

func forumViewOf(lang string, f *db.Forum) ForumView {
	return ForumView{ID: f.ID, Slug: f.Slug, Name: commPick(lang, f.NameEn, f.NameMn),
		Description: commPick(lang, f.DescriptionEn, f.DescriptionMn), NameEn: f.NameEn, NameMn: f.NameMn,
		DescriptionEn: f.DescriptionEn, DescriptionMn: f.DescriptionMn, Position: f.Position, TopicCount: f.TopicCount}
}

func topicViewOf(communitySlug, forumSlug string, t db.TopicRow) TopicView {
	return TopicView{ID: t.ID, Slug: t.Slug, Title: t.Title, Excerpt: t.Excerpt, Lang: t.Lang,
		Author: PersonRef{Name: t.AuthorName, Handle: t.AuthorHandle}, Pinned: t.Pinned, Locked: t.Locked,
		CommentCount: t.CommentCount, PublishedAt: t.PublishedAt, LastActivityAt: t.LastActivityAt,
		Link: topicLink(communitySlug, forumSlug, t.Slug)}
}

// topicLink is a topic's page: /forums/{community}/{forum}/{topic} (the posts part renders it).
func topicLink(communitySlug, forumSlug, slug string) string {
	return "/forums/" + communitySlug + "/" + forumSlug + "/" + slug
}

// postLink is the page of a post or topic.
func postLink(kind, communitySlug, forumSlug, slug string) string {
	if kind == "topic" && communitySlug != "" && forumSlug != "" {
		return topicLink(communitySlug, forumSlug, slug)
	}
	return "/post/" + slug
}

func memberViewOf(m db.MemberRow) MemberView {
	return MemberView{UserID: m.UserID, Name: m.FirstName + " " + m.LastName, Handle: m.Handle, Role: m.Role, Status: m.Status,
		JoinedAt: m.JoinedAt}
}
