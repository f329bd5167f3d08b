package opportunities

import (
	"encoding/json"
	"slices"
	"strings"
	"time"

	"gerege/app/platform/web"
	"gerege/db"
	"gerege/i18n"
)

// The vocabularies of a posting. Each value is a catalog key under opportunities.<list>.<value>.
var (
	Kinds           = []string{"job", "career", "education", "development", "exchange", "recruitment", "travel"}
	EmploymentTypes = []string{"full_time_permanent", "full_time_seasonal", "part_time", "remote", "internship"}
	VisaTypes       = []string{"not_required", "work", "seasonal_work", "student", "exchange_visitor", "tourist"}
	Audiences       = []string{"everyone", "high_school", "university", "graduates", "professionals"}
	ExchangeTypes   = []string{"work_and_travel", "internship", "academic", "cultural", "volunteer", "language"}
	Workplaces      = []string{"on_site", "remote", "hybrid"}
	PayKinds        = []string{"amount", "unpaid", "not_stated"}
	PayPeriods      = []string{"hour", "month", "year", "total"}
	Currencies      = []string{"MNT", "USD", "EUR", "CNY", "KRW", "JPY", "RUB", "GBP", "AUD", "CAD", "NZD", "SGD"}
	Documents       = []string{"cv", "cover_letter", "transcript"}
	Languages       = []string{"mn", "en", "ru", "zh", "ko", "ja", "de", "fr", "tr", "kk", "es"}
	QuestionTypes   = []string{"yes_no", "choice", "text"}

	// Statuses of a posting and of an application (the migration's CHECK lists are the same;
	// a test keeps them equal).
	Statuses    = []string{"draft", "submitted", "returned", "published", "closed", "archived"}
	AppStatuses = []string{"submitted", "reviewed", "shortlisted", "interview", "offer", "hired", "declined", "opted_out"}
	OrgStatuses = []string{"unverified", "pending", "verified", "returned", "suspended"}
)

// Field is one field of work and study. Holland lists the Direction Board types (RIASEC) whose
// results it suits, so a result leads to matching postings.
type Field struct {
	Key     string
	Holland string
}

// Classifications is the list of fields of work and study a posting is classified under.
var Classifications = []Field{
	{"it", "ICR"},
	{"engineering", "RIC"},
	{"mining_energy", "RIC"},
	{"construction", "RC"},
	{"manufacturing_trades", "RC"},
	{"agriculture_environment", "RI"},
	{"health", "IS"},
	{"science_research", "IR"},
	{"education", "SA"},
	{"social_work", "SE"},
	{"arts_media", "AE"},
	{"design", "AR"},
	{"languages", "AS"},
	{"tourism_hospitality", "SE"},
	{"business_management", "EC"},
	{"sales_marketing", "ES"},
	{"finance_accounting", "CE"},
	{"law_public", "EC"},
	{"logistics_transport", "RC"},
	{"administration", "CS"},
}

// ClassificationKeys lists the classification keys in order.
func ClassificationKeys() []string {
	out := make([]string, len(Classifications))
	for i, f := range Classifications {
		out[i] = f.Key
	}
	return out
}

// ForHolland returns the fields that suit a Holland code (e.g. "SAE"): a field matches when its
// first type is one of the code's first two letters.
func ForHolland(code string) []string {
	code = strings.ToUpper(code)
	if len(code) > 2 {
		code = code[:2]
	}
	var out []string
	for _, f := range Classifications {
		if code != "" && strings.ContainsRune(code, rune(f.Holland[0])) {
			out = append(out, f.Key)
		}
	}
	return out
}

// Limits of a posting's fields.
const (
	maxTitle       = 140
	maxDescription = 20000
	maxShort       = 200
	maxText        = 4000
	maxQuestions   = 10
	maxChoices     = 10
	maxOpenings    = 10000
	maxPay         = 1_000_000_000_000
	maxReason      = 1000
)

// Question is a screening question. For yes_no, Must is "yes" or "no" (or "" for none); for
// choice, Accept lists the indexes of the acceptable choices (empty for none).
type Question struct {
	Type     string   `json:"type" enum:"yes_no,choice,text"`
	TextEn   string   `json:"textEn"`
	TextMn   string   `json:"textMn"`
	Choices  []Choice `json:"choices"`
	Required bool     `json:"required"`
	Must     string   `json:"must,omitempty" enum:",yes,no"`
	Accept   []int    `json:"accept,omitempty"`
}

// Choice is one answer of a choice question, in both languages.
type Choice struct {
	En string `json:"en"`
	Mn string `json:"mn"`
}

// Pay is a posting's compensation.
type Pay struct {
	Kind     string `json:"kind" enum:"amount,unpaid,not_stated"`
	Min      int64  `json:"min"`
	Max      int64  `json:"max"`
	Currency string `json:"currency"`
	Period   string `json:"period"`
}

// Posting is what an organisation's staff write: the request body of create and update, and
// the editor's view of a posting.
type Posting struct {
	Kind            string     `json:"kind" enum:"job,career,education,development,exchange,recruitment,travel"`
	TitleEn         string     `json:"titleEn"`
	TitleMn         string     `json:"titleMn"`
	DescriptionEn   string     `json:"descriptionEn" description:"Markdown"`
	DescriptionMn   string     `json:"descriptionMn" description:"Markdown"`
	EmploymentType  string     `json:"employmentType"`
	Classification  string     `json:"classification"`
	VisaType        string     `json:"visaType"`
	Audience        string     `json:"audience"`
	ExchangeType    string     `json:"exchangeType"`
	Country         string     `json:"country" description:"ISO 3166-1 alpha-2"`
	City            string     `json:"city"`
	Workplace       string     `json:"workplace" enum:"on_site,remote,hybrid"`
	Worksite        string     `json:"worksite"`
	StartDate       string     `json:"startDate" description:"YYYY-MM-DD or empty"`
	EndDate         string     `json:"endDate" description:"YYYY-MM-DD or empty (travel and exchange)"`
	Deadline        string     `json:"deadline" description:"YYYY-MM-DD: applications are accepted through that day (Ulaanbaatar time)"`
	Pay             Pay        `json:"pay"`
	Openings        int        `json:"openings"`
	Languages       []string   `json:"languages"`
	MustHave        string     `json:"mustHave"`
	Preferred       string     `json:"preferred"`
	Questions       []Question `json:"questions"`
	Documents       []string   `json:"documents"`
	ContactName     string     `json:"contactName"`
	ContactEmail    string     `json:"contactEmail"`
	ContactPhone    string     `json:"contactPhone"`
	ParticipantCost int64      `json:"participantCost" description:"travel and education: what a participant pays"`
	CostCurrency    string     `json:"costCurrency"`
	IncludesEn      string     `json:"includesEn"`
	IncludesMn      string     `json:"includesMn"`
	NoFee           bool       `json:"noFee" description:"the posting states that applicants are never charged a fee"`
}

// Overseas reports whether a posting takes people abroad (outside Mongolia).
func (p *Posting) Overseas() bool { return p.Country != "" && p.Country != "MN" }

// charges reports whether the posting asks applicants for money: a participant cost on a kind
// where applicants must never pay (jobs, careers, development, exchange, recruitment).
func (p *Posting) charges() bool {
	return p.ParticipantCost > 0 && p.Kind != "travel" && p.Kind != "education"
}

// normalize trims text and sorts out what does not apply to the kind.
func (p *Posting) normalize() {
	for _, s := range []*string{&p.TitleEn, &p.TitleMn, &p.City, &p.Worksite, &p.ContactName, &p.ContactEmail, &p.ContactPhone} {
		*s = strings.TrimSpace(*s)
	}
	for _, s := range []*string{&p.DescriptionEn, &p.DescriptionMn, &p.MustHave, &p.Preferred, &p.IncludesEn, &p.IncludesMn} {
		*s = strings.TrimSpace(strings.ReplaceAll(*s, "\r\n", "\n"))
	}
	p.Country = strings.ToUpper(strings.TrimSpace(p.Country))
	p.ContactEmail = strings.ToLower(p.ContactEmail)
	p.Pay.Currency = strings.ToUpper(p.Pay.Currency)
	p.CostCurrency = strings.ToUpper(p.CostCurrency)
	if p.Workplace == "" {
		p.Workplace = "on_site"
	}
	if p.Pay.Kind == "" {
		p.Pay.Kind = "not_stated"
	}
	if p.Pay.Kind != "amount" {
		p.Pay = Pay{Kind: p.Pay.Kind}
	}
	if p.Openings == 0 {
		p.Openings = 1
	}
	if p.Languages == nil {
		p.Languages = []string{}
	}
	if p.Documents == nil {
		p.Documents = []string{}
	}
	if p.Questions == nil {
		p.Questions = []Question{}
	}
	slices.Sort(p.Languages)
	p.Languages = slices.Compact(p.Languages)
	slices.Sort(p.Documents)
	p.Documents = slices.Compact(p.Documents)
}

// check validates a posting. complete asks for everything publishing needs (submitting for
// approval); a draft needs only a kind and one title, and whatever is given must be valid.
func (p *Posting) check(complete bool, today string) error {
	c := &web.Checker{}
	c.OneOf("kind", p.Kind, true, Kinds...)
	c.Text("titleEn", p.TitleEn, complete, maxTitle)
	c.Text("titleMn", p.TitleMn, complete, maxTitle)
	if !complete && p.TitleEn == "" && p.TitleMn == "" {
		c.Add("titleEn", web.M("opportunities.errors.titleNeeded"))
	}
	c.Text("descriptionEn", p.DescriptionEn, complete, maxDescription)
	c.Text("descriptionMn", p.DescriptionMn, complete, maxDescription)
	c.OneOf("employmentType", p.EmploymentType, complete && (p.Kind == "job" || p.Kind == "career" || p.Kind == "recruitment"), EmploymentTypes...)
	c.OneOf("classification", p.Classification, complete, ClassificationKeys()...)
	c.OneOf("visaType", p.VisaType, false, VisaTypes...)
	c.OneOf("audience", p.Audience, complete, Audiences...)
	c.OneOf("exchangeType", p.ExchangeType, complete && p.Kind == "exchange", ExchangeTypes...)
	if p.Country == "" {
		if complete {
			c.Add("country", web.M("validation.required"))
		}
	} else if i18n.CountryName("en", p.Country) == p.Country {
		c.Add("country", web.M("validation.choice"))
	}
	if p.Overseas() && complete && p.VisaType == "" {
		c.Add("visaType", web.M("validation.required"))
	}
	c.Text("city", p.City, complete && p.Workplace != "remote", maxShort)
	c.OneOf("workplace", p.Workplace, true, Workplaces...)
	c.Text("worksite", p.Worksite, false, maxShort)
	c.Date("startDate", p.StartDate, false)
	c.Date("endDate", p.EndDate, false)
	c.Date("deadline", p.Deadline, false)
	if complete && p.Deadline == "" {
		c.Add("deadline", web.M("validation.required"))
	}
	if p.Deadline != "" && complete && p.Deadline < today && !c.Has("deadline") {
		c.Add("deadline", web.M("opportunities.errors.deadlinePast"))
	}
	if p.StartDate != "" && p.EndDate != "" && p.EndDate < p.StartDate && !c.Has("endDate") {
		c.Add("endDate", web.M("opportunities.errors.endBeforeStart"))
	}
	if (p.Kind == "travel" || p.Kind == "exchange") && complete {
		if p.StartDate == "" {
			c.Add("startDate", web.M("validation.required"))
		}
		if p.EndDate == "" {
			c.Add("endDate", web.M("validation.required"))
		}
	}
	c.OneOf("pay.kind", p.Pay.Kind, true, PayKinds...)
	if p.Pay.Kind == "amount" {
		switch {
		case p.Pay.Min <= 0 || p.Pay.Min > maxPay:
			c.Add("pay.min", web.M("opportunities.errors.amount"))
		case p.Pay.Max != 0 && (p.Pay.Max < p.Pay.Min || p.Pay.Max > maxPay):
			c.Add("pay.max", web.M("opportunities.errors.payRange"))
		}
		c.OneOf("pay.currency", p.Pay.Currency, true, Currencies...)
		c.OneOf("pay.period", p.Pay.Period, true, PayPeriods...)
	}
	if p.Openings < 1 || p.Openings > maxOpenings {
		c.Add("openings", web.M("opportunities.errors.range", "min", 1, "max", maxOpenings))
	}
	for _, l := range p.Languages {
		if !slices.Contains(Languages, l) {
			c.Add("languages", web.M("validation.choice"))
		}
	}
	for _, d := range p.Documents {
		if !slices.Contains(Documents, d) {
			c.Add("documents", web.M("validation.choice"))
		}
	}
	c.Text("mustHave", p.MustHave, false, maxText)
	c.Text("preferred", p.Preferred, false, maxText)
	c.Text("includesEn", p.IncludesEn, false, maxText)
	c.Text("includesMn", p.IncludesMn, false, maxText)
	c.Text("contactName", p.ContactName, complete, maxShort)
	if p.ContactEmail != "" || complete {
		c.Email("contactEmail", p.ContactEmail)
	}
	c.Text("contactPhone", p.ContactPhone, false, 40)
	if len(p.Questions) > maxQuestions {
		c.Add("questions", web.M("opportunities.errors.tooManyQuestions", "max", maxQuestions))
	}
	for i, q := range p.Questions {
		if i >= maxQuestions {
			break
		}
		f := "questions." + itoa(i)
		c.OneOf(f+".type", q.Type, true, QuestionTypes...)
		c.Text(f+".textEn", q.TextEn, complete, maxShort)
		c.Text(f+".textMn", q.TextMn, complete, maxShort)
		if q.TextEn == "" && q.TextMn == "" && !complete {
			c.Add(f+".textEn", web.M("validation.required"))
		}
		switch q.Type {
		case "choice":
			if len(q.Choices) < 2 || len(q.Choices) > maxChoices {
				c.Add(f+".choices", web.M("opportunities.errors.choices", "min", 2, "max", maxChoices))
			}
			for j, ch := range q.Choices {
				c.Text(f+".choices."+itoa(j)+".en", ch.En, complete, maxShort)
				c.Text(f+".choices."+itoa(j)+".mn", ch.Mn, complete, maxShort)
			}
			for _, a := range q.Accept {
				if a < 0 || a >= len(q.Choices) {
					c.Add(f+".accept", web.M("validation.choice"))
				}
			}
		case "yes_no":
			c.OneOf(f+".must", q.Must, false, []string{"yes", "no"}...)
		}
	}
	if p.ParticipantCost < 0 || p.ParticipantCost > maxPay {
		c.Add("participantCost", web.M("opportunities.errors.amount"))
	}
	if p.ParticipantCost > 0 {
		c.OneOf("costCurrency", p.CostCurrency, true, Currencies...)
	}
	// The fee rule: applicants for work and exchanges are never asked for money, and postings
	// that take people abroad for recruitment or exchange must say so.
	if p.charges() {
		c.Add("participantCost", web.M("opportunities.errors.noFeeAllowed"))
	}
	if complete && p.Overseas() && (p.Kind == "recruitment" || p.Kind == "exchange") && !p.NoFee {
		c.Add("noFee", web.M("opportunities.errors.noFeeStatement"))
	}
	return c.Err()
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}

// toRow copies a posting into its storage row.
func (p *Posting) toRow(o *db.Opportunity) {
	q, _ := json.Marshal(p.Questions)
	o.Kind, o.TitleEn, o.TitleMn, o.DescriptionEn, o.DescriptionMn = p.Kind, p.TitleEn, p.TitleMn, p.DescriptionEn, p.DescriptionMn
	o.EmploymentType, o.Classification, o.VisaType, o.Audience, o.ExchangeType = p.EmploymentType, p.Classification, p.VisaType, p.Audience, p.ExchangeType
	o.Country, o.City, o.Workplace, o.Worksite = p.Country, p.City, p.Workplace, p.Worksite
	o.StartDate, o.EndDate, o.Deadline = p.StartDate, p.EndDate, p.Deadline
	o.PayKind, o.PayMin, o.PayMax, o.PayCurrency, o.PayPeriod = p.Pay.Kind, p.Pay.Min, p.Pay.Max, p.Pay.Currency, p.Pay.Period
	o.Openings, o.Languages, o.MustHave, o.Preferred = p.Openings, p.Languages, p.MustHave, p.Preferred
	o.Questions, o.Documents = string(q), p.Documents
	o.ContactName, o.ContactEmail, o.ContactPhone = p.ContactName, p.ContactEmail, p.ContactPhone
	o.ParticipantCost, o.CostCurrency, o.IncludesEn, o.IncludesMn, o.NoFee = p.ParticipantCost, p.CostCurrency, p.IncludesEn, p.IncludesMn, p.NoFee
}

// postingOf is the editor's view of a stored posting.
func postingOf(o *db.Opportunity) Posting {
	p := Posting{Kind: o.Kind, TitleEn: o.TitleEn, TitleMn: o.TitleMn, DescriptionEn: o.DescriptionEn, DescriptionMn: o.DescriptionMn,
		EmploymentType: o.EmploymentType, Classification: o.Classification, VisaType: o.VisaType, Audience: o.Audience,
		ExchangeType: o.ExchangeType, Country: o.Country, City: o.City, Workplace: o.Workplace, Worksite: o.Worksite,
		StartDate: o.StartDate, EndDate: o.EndDate, Deadline: o.Deadline,
		Pay:      Pay{Kind: o.PayKind, Min: o.PayMin, Max: o.PayMax, Currency: o.PayCurrency, Period: o.PayPeriod},
		Openings: o.Openings, Languages: o.Languages, MustHave: o.MustHave, Preferred: o.Preferred, Documents: o.Documents,
		ContactName: o.ContactName, ContactEmail: o.ContactEmail, ContactPhone: o.ContactPhone,
		ParticipantCost: o.ParticipantCost, CostCurrency: o.CostCurrency, IncludesEn: o.IncludesEn, IncludesMn: o.IncludesMn, NoFee: o.NoFee}
	p.Questions = questionsOf(o)
	return p
}

func questionsOf(o *db.Opportunity) []Question {
	qs := []Question{}
	_ = json.Unmarshal([]byte(o.Questions), &qs)
	for i := range qs {
		if qs[i].Choices == nil {
			qs[i].Choices = []Choice{}
		}
	}
	return qs
}

// transitions lists who may move a posting from one status to another: "org" (its owner or
// manager), "admin" (platform admins), "system" (the deadline job, the last hire).
var transitions = map[[2]string]string{
	{"draft", "submitted"}:     "org",
	{"returned", "submitted"}:  "org",
	{"submitted", "published"}: "admin",
	{"submitted", "returned"}:  "admin",
	{"submitted", "draft"}:     "org", // withdraw the request to edit again
	{"published", "closed"}:    "org",
	{"draft", "archived"}:      "org",
	{"returned", "archived"}:   "org",
	{"closed", "archived"}:     "org",
}

// editable reports whether a posting in status may be edited by its organisation.
func editable(status string) bool { return status == "draft" || status == "returned" }

// appTransitions: staff move an application between any two pipeline statuses (the board's
// drag and drop), never back to "submitted" and never out of a final status.
func staffMayMove(from, to string) bool {
	if from == to || to == "submitted" || to == "opted_out" || !slices.Contains(AppStatuses, to) {
		return false
	}
	return from != "opted_out" && from != "hired"
}

// applicantMayWithdraw: the applicant opts out of anything not yet final.
func applicantMayWithdraw(status string) bool {
	return status != "hired" && status != "declined" && status != "opted_out"
}

// ubDay is today's date in Ulaanbaatar, which deadlines are written in.
func ubDay(now time.Time) string { return now.In(ulaanbaatar).Format(time.DateOnly) }

var ulaanbaatar = time.FixedZone("ULAT", 8*3600) // Mongolia has no daylight saving time since 2017
