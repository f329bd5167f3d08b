package opportunities

import (
	"encoding/json"
	"time"

	"gerege/app/platform/markdown"
	"gerege/db"
	"gerege/i18n"
)

// OrgRef names a posting's organisation.
type OrgRef struct {
	Name     string `json:"name"`
	Slug     string `json:"slug"`
	Verified bool   `json:"verified"`
}

// Summary is a posting in a list, in the reader's language (the other language when the
// posting has no text in it).
type Summary struct {
	ID             int64    `json:"id"`
	Slug           string   `json:"slug"`
	Kind           string   `json:"kind"`
	Title          string   `json:"title"`
	Excerpt        string   `json:"excerpt"`
	Lang           string   `json:"lang" description:"language of title and excerpt"`
	Organization   OrgRef   `json:"organization"`
	Country        string   `json:"country"`
	CountryName    string   `json:"countryName"`
	City           string   `json:"city"`
	Workplace      string   `json:"workplace"`
	EmploymentType string   `json:"employmentType"`
	Classification string   `json:"classification"`
	Deadline       string   `json:"deadline"`
	Pay            Pay      `json:"pay"`
	PublishedAt    *string  `json:"publishedAt"`
	Status         string   `json:"status"`
	Saved          bool     `json:"saved"`
	Languages      []string `json:"languages"`
}

// Page is a page of postings; next is the cursor of the following page ("" at the end).
type Page struct {
	Items []Summary `json:"items"`
	Next  string    `json:"next"`
	// Holland is set when the list was matched to a Direction Board result.
	Holland string `json:"holland,omitempty"`
}

// QuestionView is a screening question as applicants see it (without the must-have answers).
type QuestionView struct {
	Index    int      `json:"index"`
	Type     string   `json:"type" enum:"yes_no,choice,text"`
	Text     string   `json:"text"`
	Choices  []string `json:"choices"`
	Required bool     `json:"required"`
}

// Eligibility compares a posting with what the reader told us about themselves; it never hides
// a posting.
type Eligibility struct {
	Known       bool   `json:"known" description:"the reader stated a passport country"`
	MayBe       bool   `json:"mayBeEligible"`
	VisaNeeded  string `json:"visaNeeded" description:"the visa type the posting uses when the reader needs one, else empty"`
	LanguagesOK bool   `json:"languagesOk"`
}

// Detail is one published (or closed) posting as the public sees it.
type Detail struct {
	Summary
	DescriptionHTML string         `json:"descriptionHtml" description:"sanitised HTML rendered from Markdown"`
	VisaType        string         `json:"visaType"`
	Audience        string         `json:"audience"`
	ExchangeType    string         `json:"exchangeType"`
	Worksite        string         `json:"worksite"`
	StartDate       string         `json:"startDate"`
	EndDate         string         `json:"endDate"`
	Openings        int            `json:"openings"`
	MustHave        string         `json:"mustHave"`
	Preferred       string         `json:"preferred"`
	Questions       []QuestionView `json:"questions"`
	Documents       []string       `json:"documents"`
	ContactName     string         `json:"contactName"`
	ContactEmail    string         `json:"contactEmail"`
	ContactPhone    string         `json:"contactPhone"`
	ParticipantCost int64          `json:"participantCost"`
	CostCurrency    string         `json:"costCurrency"`
	Includes        string         `json:"includes"`
	NoFee           bool           `json:"noFee"`
	Open            bool           `json:"open" description:"applications are accepted"`
	Application     *MyApplication `json:"application" description:"the reader's own application, if any"`
	Eligibility     *Eligibility   `json:"eligibility"`
	OtherLang       bool           `json:"otherLanguage" description:"the text is shown in the other language: none in the reader's"`
}

// EventView is one entry of a history.
type EventView struct {
	At   time.Time `json:"at"`
	By   string    `json:"by" description:"who did it; empty for the system or a deleted account"`
	Kind string    `json:"kind" enum:"status,note"`
	From string    `json:"from"`
	To   string    `json:"to"`
	Note string    `json:"note"`
}

// Editor is a posting as its organisation edits and follows it.
type Editor struct {
	ID           int64          `json:"id"`
	Slug         string         `json:"slug"`
	Status       string         `json:"status" enum:"draft,submitted,returned,published,closed,archived"`
	ReturnReason string         `json:"returnReason"`
	CloseReason  string         `json:"closeReason"`
	Hired        int            `json:"hired"`
	Posting      Posting        `json:"posting"`
	Organization OrgRef         `json:"organization"`
	History      []EventView    `json:"history"`
	Applications map[string]int `json:"applications" description:"count per application status"`
	CreatedAt    time.Time      `json:"createdAt"`
	UpdatedAt    time.Time      `json:"updatedAt"`
	SubmittedAt  *time.Time     `json:"submittedAt"`
	PublishedAt  *time.Time     `json:"publishedAt"`
	Editable     bool           `json:"editable"`
	Next         []string       `json:"next" description:"statuses the caller may move it to"`
}

// OrgView is an organisation's profile and verification, for its own staff and for admins.
type OrgView struct {
	ID                 int64          `json:"id"`
	Name               string         `json:"name"`
	Slug               string         `json:"slug"`
	DescriptionEn      string         `json:"descriptionEn"`
	DescriptionMn      string         `json:"descriptionMn"`
	Website            string         `json:"website"`
	Country            string         `json:"country"`
	City               string         `json:"city"`
	RegistrationNumber string         `json:"registrationNumber"`
	ContactName        string         `json:"contactName"`
	ContactEmail       string         `json:"contactEmail"`
	ContactPhone       string         `json:"contactPhone"`
	Status             string         `json:"status" enum:"unverified,pending,verified,returned,suspended"`
	Reason             string         `json:"reason"`
	RequestedAt        *time.Time     `json:"requestedAt"`
	Postings           map[string]int `json:"postings" description:"count per posting status"`
}

// PublicOrg is an organisation's public page: profile and open postings.
type PublicOrg struct {
	Name            string    `json:"name"`
	Slug            string    `json:"slug"`
	DescriptionHTML string    `json:"descriptionHtml"`
	Website         string    `json:"website"`
	Country         string    `json:"country"`
	CountryName     string    `json:"countryName"`
	City            string    `json:"city"`
	Verified        bool      `json:"verified"`
	Open            []Summary `json:"open"`
}

// Queue is what waits for the admins.
type Queue struct {
	Postings             []Editor   `json:"postings"`
	Organizations        []OrgView  `json:"organizations"`
	PostingsWaiting      int        `json:"postingsWaiting"`
	OldestPosting        *time.Time `json:"oldestPosting"`
	OrganizationsWaiting int        `json:"organizationsWaiting"`
	OldestOrganization   *time.Time `json:"oldestOrganization"`
}

// MyApplication is an application as its applicant follows it.
type MyApplication struct {
	ID           int64          `json:"id"`
	Opportunity  string         `json:"opportunity" description:"the posting's title in the reader's language"`
	Slug         string         `json:"slug"`
	Organization string         `json:"organization"`
	Status       string         `json:"status" enum:"submitted,reviewed,shortlisted,interview,offer,hired,declined,opted_out"`
	Message      string         `json:"message" description:"the organisation's message with a decline"`
	CreatedAt    time.Time      `json:"createdAt"`
	UpdatedAt    time.Time      `json:"updatedAt"`
	WaitingSince *time.Time     `json:"waitingSince" description:"set when the organisation has not reviewed it within 14 days"`
	Timeline     []EventView    `json:"timeline"`
	Documents    []DocumentView `json:"documents"`
}

// MyApplications is the applicant's list.
type MyApplications struct {
	Items []MyApplication `json:"items"`
	Next  string          `json:"next"`
}

// Answer is an applicant's answer to a screening question.
type Answer struct {
	Index int    `json:"index"`
	Value string `json:"value" description:"yes/no, the index of the choice, or text"`
}

// AnswerView is an answer as the organisation reads it.
type AnswerView struct {
	Question string `json:"question"`
	Answer   string `json:"answer"`
	Meets    *bool  `json:"meets" description:"whether it is the must-have answer (null: no must-have)"`
}

// Profile is the snapshot of the applicant's profile taken when they applied.
type Profile struct {
	FirstName   string `json:"firstName"`
	LastName    string `json:"lastName"`
	Email       string `json:"email"`
	DateOfBirth string `json:"dateOfBirth"`
	Language    string `json:"language"`
}

// Applicant is an application as the organisation's staff see it.
type Applicant struct {
	ID             int64     `json:"id"`
	OpportunityID  int64     `json:"opportunityId"`
	Opportunity    string    `json:"opportunity"`
	Name           string    `json:"name"`
	Email          string    `json:"email"`
	Status         string    `json:"status" enum:"submitted,reviewed,shortlisted,interview,offer,hired,declined,opted_out"`
	Labels         []string  `json:"labels"`
	MeetsMustHaves bool      `json:"meetsMustHaves"`
	CreatedAt      time.Time `json:"createdAt"`
	UpdatedAt      time.Time `json:"updatedAt"`
	Waiting        bool      `json:"waiting" description:"not reviewed within 14 days"`
}

// ApplicantDetail adds what staff read when they open one application.
type ApplicantDetail struct {
	Applicant
	Profile     Profile        `json:"profile"`
	CoverLetter string         `json:"coverLetter"`
	Answers     []AnswerView   `json:"answers"`
	Message     string         `json:"message"`
	Timeline    []EventView    `json:"timeline" description:"status changes and internal notes"`
	Documents   []DocumentView `json:"documents"`
	Next        []string       `json:"next" description:"statuses staff may move it to"`
}

// Pipeline is a page of an organisation's applicants.
type Pipeline struct {
	Items  []Applicant    `json:"items"`
	Next   string         `json:"next"`
	Counts map[string]int `json:"counts,omitempty" description:"per status, when one posting is selected"`
}

// Options lists the vocabularies of a posting (for forms and filters), with labels in the
// request's language.
type Options struct {
	Kinds           []Option `json:"kinds"`
	EmploymentTypes []Option `json:"employmentTypes"`
	Classifications []Option `json:"classifications"`
	VisaTypes       []Option `json:"visaTypes"`
	Audiences       []Option `json:"audiences"`
	ExchangeTypes   []Option `json:"exchangeTypes"`
	Workplaces      []Option `json:"workplaces"`
	PayPeriods      []Option `json:"payPeriods"`
	Currencies      []string `json:"currencies"`
	Documents       []Option `json:"documents"`
	Languages       []string `json:"languages"`
	Statuses        []Option `json:"statuses"`
	AppStatuses     []Option `json:"applicationStatuses"`
}

// Option is a value and its label.
type Option struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

func options(lang, list string, values []string) []Option {
	out := make([]Option, len(values))
	for i, v := range values {
		out[i] = Option{Value: v, Label: i18n.T(lang, "opportunities."+list+"."+v)}
	}
	return out
}

// pick returns the text in lang, or in the other language when lang's is empty.
func pick(lang, en, mn string) (string, bool) {
	if lang == "mn" {
		if mn != "" {
			return mn, false
		}
		return en, true
	}
	if en != "" {
		return en, false
	}
	return mn, true
}

func ptime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

func summaryOf(lang string, o *db.Opportunity) Summary {
	title, other := pick(lang, o.TitleEn, o.TitleMn)
	desc := o.DescriptionEn
	if (lang == "mn") != other {
		desc = o.DescriptionMn
	}
	textLang := lang
	if other {
		textLang = map[string]string{"en": "mn", "mn": "en"}[lang]
	}
	var published *string
	if !o.PublishedAt.IsZero() {
		s := db.T(o.PublishedAt)
		published = &s
	}
	return Summary{ID: o.ID, Slug: o.Slug, Kind: o.Kind, Title: title, Excerpt: markdown.Excerpt(desc, 220), Lang: textLang,
		Organization: OrgRef{Name: o.OrgName, Slug: o.OrgSlug, Verified: o.OrgStatus == "verified"},
		Country:      o.Country, CountryName: countryName(lang, o.Country), City: o.City, Workplace: o.Workplace,
		EmploymentType: o.EmploymentType, Classification: o.Classification, Deadline: o.Deadline,
		Pay:         Pay{Kind: o.PayKind, Min: o.PayMin, Max: o.PayMax, Currency: o.PayCurrency, Period: o.PayPeriod},
		PublishedAt: published, Status: o.Status, Languages: o.Languages}
}

func countryName(lang, code string) string {
	if code == "" {
		return ""
	}
	return i18n.CountryName(lang, code)
}

func eventsOf(evs []db.Event) []EventView {
	out := make([]EventView, len(evs))
	for i, e := range evs {
		out[i] = EventView{At: e.At, By: e.ActorName, Kind: e.Kind, From: e.From, To: e.To, Note: e.Note}
	}
	return out
}

func profileOf(s string) Profile {
	var p Profile
	_ = json.Unmarshal([]byte(s), &p)
	return p
}

func answersOf(s string) []Answer {
	out := []Answer{}
	_ = json.Unmarshal([]byte(s), &out)
	return out
}

// MyFileChoices is a page of the applicant's own files an application accepts.
type MyFileChoices struct {
	Items []MyFileChoice `json:"items"`
	Next  string         `json:"next"`
}

// MyFileChoice is one of them (its id is the file manager's: MyFileDocument.fileId).
type MyFileChoice struct {
	ID        int64     `json:"id"`
	Name      string    `json:"name"`
	Size      int64     `json:"size"`
	MediaType string    `json:"mediaType"`
	Folder    string    `json:"folder" description:"the folder it is in; empty at the top of My files"`
	UpdatedAt time.Time `json:"updatedAt"`
}
