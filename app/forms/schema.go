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
)

// Limits shared by the forms (characters).
const (
	MaxName     = 100
	MaxShort    = 150
	MaxMedium   = 300
	MaxLong     = 3000
	MaxMessage  = 5000
	MaxContacts = 5
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

// Field describes one field for the UI.
type Field struct {
	Required bool     `json:"required,omitempty"`
	Max      int      `json:"max,omitempty"`
	Kind     string   `json:"kind"` // text, email, phone, date, choice, choices, gpa, contacts
	Options  []string `json:"options,omitempty"`
	Min      int      `json:"min,omitempty"`
}

// Schemas are the fields of each form, as the UI shows and checks them.
var Schemas = map[string]map[string]Field{
	"contact": {
		"firstName": {true, MaxName, "text", nil, 0}, "lastName": {true, MaxName, "text", nil, 0},
		"businessName": {false, MaxShort, "text", nil, 0}, "email": {true, 254, "email", nil, 0},
		"phoneNumber": {false, 30, "phone", nil, 0}, "description": {true, MaxMessage, "text", nil, 0},
	},
	"support": {
		"name": {true, MaxName, "text", nil, 0}, "email": {true, 254, "email", nil, 0},
		"topic": {true, 0, "choice", SupportTopics, 0}, "message": {true, MaxMessage, "text", nil, 0},
	},
	"volunteer": {
		"firstName": {true, MaxName, "text", nil, 0}, "lastName": {true, MaxName, "text", nil, 0},
		"dateOfBirth": {true, 0, "date", nil, VolunteerMinAge}, "gender": {true, 0, "choice", Genders, 0},
		"phone": {true, 30, "phone", nil, 0}, "email": {true, 254, "email", nil, 0},
		"address": {true, MaxMedium, "text", nil, 0}, "city": {true, MaxName, "text", nil, 0},
		"state": {false, MaxName, "text", nil, 0}, "country": {true, 0, "country", nil, 0},
		"postalCode": {false, 20, "text", nil, 0}, "school": {true, MaxShort, "text", nil, 0},
		"grade": {true, 50, "text", nil, 0}, "major": {false, MaxShort, "text", nil, 0},
		"gpa": {false, 0, "gpa", nil, 0}, "relevantCourses": {false, MaxLong, "text", nil, 0},
		"careerInterests": {true, 0, "choices", CareerInterests, 1}, "whyInterested": {true, MaxLong, "text", nil, 0},
		"qualifications": {false, MaxLong, "text", nil, 0}, "priorExperience": {false, MaxLong, "text", nil, 0},
		"priorCulturalExperience": {false, MaxLong, "text", nil, 0}, "traits": {false, 0, "choices", Traits, 0},
		"traitsOther": {false, MaxShort, "text", nil, 0}, "strengths": {false, MaxLong, "text", nil, 0},
		"improvementAreas": {false, MaxLong, "text", nil, 0}, "motivation": {true, MaxLong, "text", nil, 0},
		"leadershipExample": {false, MaxLong, "text", nil, 0}, "fullDuration": {true, 0, "choice", YesNo, 0},
		"availability": {false, MaxLong, "text", nil, 0}, "medicalConditions": {false, MaxLong, "text", nil, 0},
		"emergencyContacts": {true, MaxContacts, "contacts", nil, 1}, "howHeard": {true, 0, "choice", HowHeard, 0},
		"howHeardOther": {false, MaxShort, "text", nil, 0}, "additionalInfo": {false, MaxLong, "text", nil, 0},
	},
	"roadmap": {
		"firstName": {true, MaxName, "text", nil, 0}, "lastName": {true, MaxName, "text", nil, 0},
		"school": {true, MaxShort, "text", nil, 0}, "class": {true, 30, "text", nil, 0},
		"destination": {true, MaxShort, "text", nil, 0}, "phone": {true, 30, "phone", nil, 0},
		"email": {true, 254, "email", nil, 0}, "guardians": {true, MaxContacts, "contacts", nil, 1},
	},
}

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
		c.Text(p+"relationship", r.Relationship, true, 60)
		c.phone(p+"phone", &r.Phone, true)
		c.email(p+"email", &r.Email, false)
	}
}

// Countries are the ISO 3166-1 alpha-2 codes the country field accepts (the UI shows their
// names with Intl.DisplayNames in the page's language).
var Countries = strings.Fields(`AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS
BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO
FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG
KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY
MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI
SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU
WF WS YE YT ZA ZM ZW`)

func (c check) country(field string, v *string) {
	*v = strings.ToUpper(strings.TrimSpace(*v))
	c.OneOf(field, *v, c.schema[field].Required, Countries...)
}
