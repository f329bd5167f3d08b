package communities

// The rules of communities, membership, forums, follows and profiles.

import (
	"regexp"
	"strings"

	"gerege/app/platform/web"
	"gerege/db"
)

// Vocabularies of the communities part (the migration's CHECK lists are the same).
var (
	Visibilities     = []string{"public", "members"}
	JoinPolicies     = []string{"open", "approval"}
	CommunityRoles   = []string{"admin", "moderator", "member"}
	CommunityStates  = []string{"requested", "active", "rejected", "suspended"}
	FollowTargets    = []string{"community", "forum", "topic"}
	communityDecided = map[[2]string]bool{
		{"requested", "active"}:   true, // approve
		{"requested", "rejected"}: true, // reject (with a reason)
		{"active", "suspended"}:   true, // suspend (with a reason)
		{"suspended", "active"}:   true, // reinstate
	}
)

// Limits of the fields.
const (
	maxCommunityName = 80
	maxCommunityDesc = 4000
	maxCommunityRule = 8000
	maxForumName     = 80
	maxForumDesc     = 500
	maxReasonLen     = 1000
	maxBio           = 500
	maxAutoHide      = 100
	maxForums        = 50
)

// CommunityRequest is what creating, requesting and editing a community send. Names,
// descriptions and rules are written in English and/or Mongolian: a name in each language
// used, and a description in at least one.
type CommunityRequest struct {
	NameEn        string `json:"nameEn"`
	NameMn        string `json:"nameMn"`
	DescriptionEn string `json:"descriptionEn" description:"Markdown"`
	DescriptionMn string `json:"descriptionMn" description:"Markdown"`
	RulesEn       string `json:"rulesEn" description:"Markdown"`
	RulesMn       string `json:"rulesMn" description:"Markdown"`
	Visibility    string `json:"visibility" enum:"public,members" description:"public when empty"`
	JoinPolicy    string `json:"joinPolicy" enum:"open,approval" description:"open when empty"`
	AutoHide      *int   `json:"autoHide,omitempty" description:"items hidden by this many open reports wait for a moderator (0: never; 3 when omitted)"`
}

func (req *CommunityRequest) normalize() {
	for _, s := range []*string{&req.NameEn, &req.NameMn, &req.Visibility, &req.JoinPolicy} {
		*s = strings.TrimSpace(*s)
	}
	for _, s := range []*string{&req.DescriptionEn, &req.DescriptionMn, &req.RulesEn, &req.RulesMn} {
		*s = strings.TrimSpace(strings.ReplaceAll(*s, "\r\n", "\n"))
	}
	if req.Visibility == "" {
		req.Visibility = "public"
	}
	if req.JoinPolicy == "" {
		req.JoinPolicy = "open"
	}
}

func (req *CommunityRequest) check() error {
	req.normalize()
	c := &web.Checker{}
	en := req.NameEn != "" || req.DescriptionEn != ""
	mn := req.NameMn != "" || req.DescriptionMn != ""
	if !en && !mn {
		c.Add("nameEn", web.M("communities.errors.oneLanguage"))
		c.Add("nameMn", web.M("communities.errors.oneLanguage"))
	}
	c.Text("nameEn", req.NameEn, en, maxCommunityName)
	c.Text("nameMn", req.NameMn, mn, maxCommunityName)
	// A description in at least one language (the page shows the other one where it is missing).
	noDesc := req.DescriptionEn == "" && req.DescriptionMn == ""
	c.Text("descriptionEn", req.DescriptionEn, noDesc && en, maxCommunityDesc)
	c.Text("descriptionMn", req.DescriptionMn, noDesc && mn && !en, maxCommunityDesc)
	c.Text("rulesEn", req.RulesEn, false, maxCommunityRule)
	c.Text("rulesMn", req.RulesMn, false, maxCommunityRule)
	c.OneOf("visibility", req.Visibility, true, Visibilities...)
	c.OneOf("joinPolicy", req.JoinPolicy, true, JoinPolicies...)
	if req.AutoHide != nil && (*req.AutoHide < 0 || *req.AutoHide > maxAutoHide) {
		c.Add("autoHide", web.M("communities.errors.range", "min", 0, "max", maxAutoHide))
	}
	return c.Err()
}

// toRow copies the request into a community row.
func (req *CommunityRequest) toRow(c *db.Community) {
	c.NameEn, c.NameMn, c.DescriptionEn, c.DescriptionMn = req.NameEn, req.NameMn, req.DescriptionEn, req.DescriptionMn
	c.RulesEn, c.RulesMn, c.Visibility, c.JoinPolicy = req.RulesEn, req.RulesMn, req.Visibility, req.JoinPolicy
	if req.AutoHide != nil {
		c.AutoHide = *req.AutoHide
	} else if c.ID == 0 {
		c.AutoHide = 3
	}
}

// CommunityDecision is a platform admin's decision on a community: active (approve a request,
// or reinstate a suspended community), rejected (a request, with a reason), suspended (with a
// reason).
type CommunityDecision struct {
	Status string `json:"status" enum:"active,rejected,suspended"`
	Reason string `json:"reason"`
}

func (d *CommunityDecision) check(from string) error {
	d.Reason = strings.TrimSpace(d.Reason)
	c := &web.Checker{}
	c.OneOf("status", d.Status, true, "active", "rejected", "suspended")
	c.Text("reason", d.Reason, d.Status == "rejected" || d.Status == "suspended", maxReasonLen)
	if err := c.Err(); err != nil {
		return err
	}
	if !communityDecided[[2]string{from, d.Status}] {
		return &web.Error{Status: 409, Code: "transition", Message: web.M("communities.errors.transition")}
	}
	return nil
}

// RoleRequest changes a member's role.
type RoleRequest struct {
	Role string `json:"role" enum:"admin,moderator,member"`
}

// JoinDecision approves or refuses a request to join.
type JoinDecision struct {
	Approve bool `json:"approve"`
}

// ForumRequest creates or edits a forum: a name and a description in at least one language.
type ForumRequest struct {
	NameEn        string `json:"nameEn"`
	NameMn        string `json:"nameMn"`
	DescriptionEn string `json:"descriptionEn"`
	DescriptionMn string `json:"descriptionMn"`
}

func (req *ForumRequest) check() error {
	for _, s := range []*string{&req.NameEn, &req.NameMn, &req.DescriptionEn, &req.DescriptionMn} {
		*s = strings.TrimSpace(*s)
	}
	c := &web.Checker{}
	if req.NameEn == "" && req.NameMn == "" {
		c.Add("nameEn", web.M("communities.errors.oneLanguage"))
		c.Add("nameMn", web.M("communities.errors.oneLanguage"))
	}
	c.Text("nameEn", req.NameEn, req.DescriptionEn != "", maxForumName)
	c.Text("nameMn", req.NameMn, req.DescriptionMn != "", maxForumName)
	c.Text("descriptionEn", req.DescriptionEn, false, maxForumDesc)
	c.Text("descriptionMn", req.DescriptionMn, false, maxForumDesc)
	return c.Err()
}

// ForumOrder is the community's forums in their new order (every forum once).
type ForumOrder struct {
	ForumIDs []int64 `json:"forumIds"`
}

// FollowRequest follows a community, a forum or a topic; email asks for an email as well.
type FollowRequest struct {
	TargetType string `json:"targetType" enum:"community,forum,topic"`
	TargetID   int64  `json:"targetId"`
	Email      bool   `json:"email"`
}

// ProfileRequest edits one's own handle and bio.
type ProfileRequest struct {
	Handle string `json:"handle" description:"[a-z0-9_.]{3,30}, unique"`
	Bio    string `json:"bio"`
}

var handleRe = regexp.MustCompile(`^[a-z0-9_.]{3,30}$`)

func (req *ProfileRequest) check() error {
	req.Handle = strings.ToLower(strings.TrimPrefix(strings.TrimSpace(req.Handle), "@"))
	req.Bio = strings.TrimSpace(strings.ReplaceAll(req.Bio, "\r\n", "\n"))
	c := &web.Checker{}
	if req.Handle == "" {
		c.Add("handle", web.M("validation.required"))
	} else if !handleRe.MatchString(req.Handle) {
		c.Add("handle", web.M("communities.errors.handle"))
	}
	c.Text("bio", req.Bio, false, maxBio)
	return c.Err()
}

// mayChangeRole: an admin changes roles of active members; the last admin stays an admin.
func lastAdminError() error {
	return &web.Error{Status: 409, Code: "last_admin", Message: web.M("communities.errors.lastAdmin")}
}

// pick is the text in lang, or in the other language when lang's is empty.
func commPick(lang, en, mn string) string {
	if lang == "mn" {
		if mn != "" {
			return mn
		}
		return en
	}
	if en != "" {
		return en
	}
	return mn
}
