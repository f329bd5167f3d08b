// Package forms is the four public forms — contact / request a demo, support, Cultural
// Volunteer Program and Road Map Program registration — and the staff desk that reads them.
// Each form's rules live in one place here; GET /api/forms/{form}/schema hands the same
// limits to the UI so the two never drift.
package forms

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/nyaruka/phonenumbers"

	"gerege/app/platform/web"
	"gerege/i18n"
)

// Limits shared by the forms (characters).
const (
	MaxName     = 100
	MaxShort    = 150
	MaxMedium   = 300
	MaxLong     = 3000
	MaxMessage  = 5000
	MaxContacts = 5
	// MaxRelationship is a contact row's relationship ("mother", "aunt").
	MaxRelationship = 60
	// VolunteerMinAge is the Cultural Volunteer Program's own minimum (above the platform's 13).
	VolunteerMinAge = 16
	MaxAge          = 100
	GPAMax          = 4.0
)

// Choices of the select, radio and checkbox fields.
var (
	SupportTopics   = []string{"account", "opportunities", "communities", "directionBoard", "programs", "billing", "technical", "other"}
	Genders         = []string{"male", "female", "other", "preferNotToSay"}
	CareerInterests = []string{"itEngineering", "artsCulture", "businessEconomics", "humanitiesSocial"}
	Traits          = []string{"creative", "analytical", "teamOriented", "independent", "leader", "communicative", "adaptable", "other"}
	HowHeard        = []string{"school", "socialMedia", "friendsFamily", "website", "other"}
	YesNo           = []string{"yes", "no"}
)

// Field is one field of a form: declared once here, it drives validation (its limits and
// choices), what is sealed as sensitive, the desk's export columns (in this order), the search
// text, the schema the UI reads (GET /api/forms/{form}/schema) and the UI's generated copy
// (ui/src/generated/forms.json, kept equal by TestUISchemaIsGenerated).
type Field struct {
	Name     string   `json:"-"`
	Required bool     `json:"required,omitempty"`
	Max      int      `json:"max,omitempty"`
	Kind     string   `json:"kind" enum:"text,email,phone,date,choice,choices,gpa,contacts,country"`
	Options  []string `json:"options,omitempty"`
	Min      int      `json:"min,omitempty"`
	// Sensitive answers are sealed at rest and shown and exported only to staff with
	// forms.sensitive.read (medical conditions, dates of birth, contacts of minors).
	Sensitive bool `json:"sensitive,omitempty"`
	// Search: the desk's search looks in this field.
	Search bool `json:"-"`
}

func text(name string, required bool, max int) Field {
	return Field{Name: name, Required: required, Max: max, Kind: "text"}
}
func email(name string) Field {
	return Field{Name: name, Required: true, Max: 254, Kind: "email", Search: true}
}
func phone(name string, required bool) Field {
	return Field{Name: name, Required: required, Max: 30, Kind: "phone", Search: true}
}
func choice(name string, options []string) Field {
	return Field{Name: name, Required: true, Kind: "choice", Options: options}
}
func contacts(name string) Field {
	return Field{Name: name, Required: true, Max: MaxContacts, Kind: "contacts", Min: 1, Sensitive: true}
}
func (f Field) search() Field    { f.Search = true; return f }
func (f Field) sensitive() Field { f.Sensitive = true; return f }

// Definitions are the forms' fields, in the order the forms and the exports show them.
var Definitions = map[string][]Field{
	"contact": {
		text("firstName", true, MaxName).search(), text("lastName", true, MaxName).search(),
		text("businessName", false, MaxShort).search(), email("email"), phone("phoneNumber", false),
		text("description", true, MaxMessage),
	},
	"support": {
		text("name", true, MaxName).search(), email("email"), choice("topic", SupportTopics).search(),
		text("message", true, MaxMessage),
	},
	"volunteer": {
		text("firstName", true, MaxName).search(), text("lastName", true, MaxName).search(),
		{Name: "dateOfBirth", Required: true, Kind: "date", Min: VolunteerMinAge, Sensitive: true},
		choice("gender", Genders), phone("phone", true), email("email"),
		text("address", true, MaxMedium), text("city", true, MaxName).search(), text("state", false, MaxName),
		{Name: "country", Required: true, Kind: "country"}, text("postalCode", false, 20),
		text("school", true, MaxShort).search(), text("grade", true, 50), text("major", false, MaxShort),
		{Name: "gpa", Kind: "gpa"}, text("relevantCourses", false, MaxLong),
		{Name: "careerInterests", Required: true, Kind: "choices", Options: CareerInterests, Min: 1},
		text("whyInterested", true, MaxLong), text("qualifications", false, MaxLong),
		text("priorExperience", false, MaxLong), text("priorCulturalExperience", false, MaxLong),
		{Name: "traits", Kind: "choices", Options: Traits}, text("traitsOther", false, MaxShort),
		text("strengths", false, MaxLong), text("improvementAreas", false, MaxLong), text("motivation", true, MaxLong),
		text("leadershipExample", false, MaxLong), choice("fullDuration", YesNo), text("availability", false, MaxLong),
		text("medicalConditions", false, MaxLong).sensitive(), contacts("emergencyContacts"),
		choice("howHeard", HowHeard), text("howHeardOther", false, MaxShort), text("additionalInfo", false, MaxLong),
	},
	"roadmap": {
		text("firstName", true, MaxName).search(), text("lastName", true, MaxName).search(),
		text("school", true, MaxShort).search(), text("class", true, 30), text("destination", true, MaxShort).search(),
		phone("phone", true), email("email"), contacts("guardians"),
	},
}

// FormNames are the forms, in the order the desk's tabs show them.
var FormNames = []string{"contact", "support", "volunteer", "roadmap"}

// Schemas are the fields of each form by name (derived from Definitions).
var Schemas = func() map[string]map[string]Field {
	out := map[string]map[string]Field{}
	for kind, fields := range Definitions {
		out[kind] = map[string]Field{}
		for _, f := range fields {
			out[kind][f.Name] = f
		}
	}
	return out
}()

// Order is the names of kind's fields in order.
func Order(kind string) []string {
	out := make([]string, 0, len(Definitions[kind]))
	for _, f := range Definitions[kind] {
		out = append(out, f.Name)
	}
	return out
}

// Limits the UI checks that no single field carries (characters).
type Limits struct {
	Long            int `json:"long"`            // a text field without max
	RowName         int `json:"rowName"`         // a contact row's name
	RowRelationship int `json:"rowRelationship"` // a contact row's relationship
	Phone           int `json:"phone"`
	Email           int `json:"email"`
	MaxAge          int `json:"maxAge"`
}

// UILimits are the limits the rules below apply to rows and long texts.
var UILimits = Limits{Long: MaxLong, RowName: MaxName, RowRelationship: MaxRelationship, Phone: 30, Email: 254, MaxAge: MaxAge}

// ContactPerson is one row of a repeatable group (emergency contact, parent/guardian).
type ContactPerson struct {
	Name         string `json:"name"`
	Relationship string `json:"relationship"`
	Phone        string `json:"phone"`
	Email        string `json:"email"`
}

// check runs the schema's generic rules over values, trimming them in place.
type check struct {
	*web.Checker
	schema map[string]Field
	now    time.Time
}

func (c check) text(field string, v *string) {
	*v = strings.TrimSpace(*v)
	f := c.schema[field]
	max := f.Max
	if max == 0 {
		max = MaxLong
	}
	c.Text(field, *v, f.Required, max)
}

func (c check) email(field string, v *string, required bool) {
	*v = strings.ToLower(strings.TrimSpace(*v))
	if *v == "" && !required {
		return
	}
	c.Email(field, *v)
}

// phone accepts a local Mongolian number (8 digits) or an international one with +country
// code, and rewrites it in E.164 (+97688112233).
func (c check) phone(field string, v *string, required bool) {
	*v = strings.TrimSpace(*v)
	if *v == "" {
		if required {
			c.Add(field, web.M("validation.required"))
		}
		return
	}
	n, ok := NormalizePhone(*v)
	if !ok {
		c.Add(field, web.M("forms.errors.phone"))
		return
	}
	*v = n
}

// NormalizePhone returns the E.164 form of a valid phone number; numbers without a
// country code are read as Mongolian.
func NormalizePhone(s string) (string, bool) {
	if len(s) > 30 || strings.ContainsFunc(s, func(r rune) bool {
		return !(r >= '0' && r <= '9' || r == '+' || r == ' ' || r == '-' || r == '(' || r == ')' || r == '.')
	}) {
		return "", false
	}
	num, err := phonenumbers.Parse(s, "MN")
	if err != nil || !phonenumbers.IsValidNumber(num) {
		return "", false
	}
	e164 := phonenumbers.Format(num, phonenumbers.E164)
	if len(e164) > 16 { // E.164 allows at most 15 digits after the +
		return "", false
	}
	return e164, true
}

func (c check) choice(field, v string) {
	f := c.schema[field]
	c.OneOf(field, v, f.Required, f.Options...)
}

func (c check) choices(field string, vs []string) []string {
	f := c.schema[field]
	seen := map[string]bool{}
	out := []string{}
	for _, v := range vs {
		if seen[v] {
			continue
		}
		seen[v] = true
		ok := false
		for _, o := range f.Options {
			ok = ok || o == v
		}
		if !ok {
			c.Add(field, web.M("validation.choice"))
			return out
		}
		out = append(out, v)
	}
	if len(out) < f.Min {
		c.Add(field, web.M("forms.errors.chooseOne"))
	}
	return out
}

// birth checks a date of birth: a real date, not in the future, at most MaxAge years ago,
// at least minAge.
func (c check) birth(field, v string, minAge int) {
	d, ok := c.Date(field, v, c.schema[field].Required)
	if !ok {
		return
	}
	switch age := web.Age(d, c.now); {
	case d.After(c.now):
		c.Add(field, web.M("validation.dateInFuture"))
	case age > MaxAge:
		c.Add(field, web.M("validation.dateUnrealistic"))
	case age < minAge:
		c.Add(field, web.M("forms.errors.minAge", "age", minAge))
	}
}

// gpa accepts 0–4.0 with up to two decimals ("3.5", "3,75").
func (c check) gpa(field string, v *string) {
	*v = strings.ReplaceAll(strings.TrimSpace(*v), ",", ".")
	if *v == "" {
		return
	}
	f, err := strconv.ParseFloat(*v, 64)
	dot := strings.IndexByte(*v, '.')
	if err != nil || f < 0 || f > GPAMax || (dot >= 0 && len(*v)-dot-1 > 2) {
		c.Add(field, web.M("forms.errors.gpa", "max", fmt.Sprintf("%.1f", GPAMax)))
		return
	}
	*v = strconv.FormatFloat(f, 'f', -1, 64)
}

// contacts checks a repeatable group: between 1 and MaxContacts rows, each with a name,
// relationship and phone; the email is optional. Errors name the row: "guardians.1.phone".
func (c check) contacts(field string, rows []ContactPerson) {
	if len(rows) < c.schema[field].Min {
		c.Add(field, web.M("forms.errors.contactsMin"))
		return
	}
	if len(rows) > MaxContacts {
		c.Add(field, web.M("forms.errors.contactsMax", "max", MaxContacts))
		return
	}
	for i := range rows {
		p := fmt.Sprintf("%s.%d.", field, i)
		r := &rows[i]
		r.Name, r.Relationship = strings.TrimSpace(r.Name), strings.TrimSpace(r.Relationship)
		c.Text(p+"name", r.Name, true, MaxName)
		c.Text(p+"relationship", r.Relationship, true, MaxRelationship)
		c.phone(p+"phone", &r.Phone, true)
		c.email(p+"email", &r.Email, false)
	}
}

// Countries are the ISO 3166-1 alpha-2 codes the country field accepts: those of
// i18n/content/countries.json, whose names in both languages the UI and the exports show.
var Countries = i18n.CountryCodes()

func (c check) country(field string, v *string) {
	*v = strings.ToUpper(strings.TrimSpace(*v))
	c.OneOf(field, *v, c.schema[field].Required, Countries...)
}
