package forms

import (
	"encoding/json"
	"strings"
	"time"

	"gerege/app/platform/web"
)

// Spam fields every web form sends.
type antiSpam struct {
	Website   string `json:"website"`   // honeypot: hidden from people
	FormToken string `json:"formToken"` // from GET /api/forms/token: proves a minimum fill time
}

// Contact is the contact / request-a-demo form (POST /api/forms/contact).
type Contact struct {
	FirstName    string `json:"firstName"`
	LastName     string `json:"lastName"`
	BusinessName string `json:"businessName"`
	Email        string `json:"email"`
	PhoneNumber  string `json:"phoneNumber"`
	Description  string `json:"description"`
	antiSpam
}

// Support is the support form (POST /api/forms/support).
type Support struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Topic   string `json:"topic"`
	Message string `json:"message"`
	antiSpam
}

// Volunteer is the Cultural Volunteer Program registration (POST /api/forms/volunteer).
type Volunteer struct {
	FirstName               string          `json:"firstName"`
	LastName                string          `json:"lastName"`
	DateOfBirth             string          `json:"dateOfBirth"`
	Gender                  string          `json:"gender"`
	Phone                   string          `json:"phone"`
	Email                   string          `json:"email"`
	Address                 string          `json:"address"`
	City                    string          `json:"city"`
	State                   string          `json:"state"`
	Country                 string          `json:"country"`
	PostalCode              string          `json:"postalCode"`
	School                  string          `json:"school"`
	Grade                   string          `json:"grade"`
	Major                   string          `json:"major"`
	GPA                     string          `json:"gpa"`
	RelevantCourses         string          `json:"relevantCourses"`
	CareerInterests         []string        `json:"careerInterests"`
	WhyInterested           string          `json:"whyInterested"`
	Qualifications          string          `json:"qualifications"`
	PriorExperience         string          `json:"priorExperience"`
	PriorCulturalExperience string          `json:"priorCulturalExperience"`
	Traits                  []string        `json:"traits"`
	TraitsOther             string          `json:"traitsOther"`
	Strengths               string          `json:"strengths"`
	ImprovementAreas        string          `json:"improvementAreas"`
	Motivation              string          `json:"motivation"`
	LeadershipExample       string          `json:"leadershipExample"`
	FullDuration            string          `json:"fullDuration"`
	Availability            string          `json:"availability"`
	MedicalConditions       string          `json:"medicalConditions"`
	EmergencyContacts       []ContactPerson `json:"emergencyContacts"`
	HowHeard                string          `json:"howHeard"`
	HowHeardOther           string          `json:"howHeardOther"`
	AdditionalInfo          string          `json:"additionalInfo"`
	antiSpam
}

// Roadmap is the Road Map Program registration (POST /api/forms/roadmap).
type Roadmap struct {
	FirstName   string          `json:"firstName"`
	LastName    string          `json:"lastName"`
	School      string          `json:"school"`
	Class       string          `json:"class"`
	Destination string          `json:"destination"`
	Phone       string          `json:"phone"`
	Email       string          `json:"email"`
	Guardians   []ContactPerson `json:"guardians"`
	antiSpam
}

// Form is what every form knows about itself.
type Form interface {
	spam() antiSpam
	// Validate trims and normalises the values and returns a 422 with one message per field.
	Validate(now time.Time) error
	kind() string
}

func (f *Contact) kind() string   { return "contact" }
func (f *Support) kind() string   { return "support" }
func (f *Volunteer) kind() string { return "volunteer" }
func (f *Roadmap) kind() string   { return "roadmap" }

// RecordOf splits validated answers as the form's Definitions say: what staff see in lists
// (name, email, country), the non-sensitive data, the sensitive data (sealed at rest; nil when
// none) and the text to search.
func RecordOf(f Form) Record {
	all := map[string]any{}
	b, _ := json.Marshal(f)
	_ = json.Unmarshal(b, &all)
	rec := Record{Data: map[string]any{}}
	str := func(k string) string { v, _ := all[k].(string); return v }
	for _, fd := range Definitions[f.kind()] {
		v, ok := all[fd.Name]
		if !ok {
			continue
		}
		if fd.Sensitive {
			if rec.Sensitive == nil {
				rec.Sensitive = map[string]any{}
			}
			rec.Sensitive[fd.Name] = v
		} else {
			rec.Data[fd.Name] = v
		}
		if fd.Search {
			rec.Search = append(rec.Search, str(fd.Name))
		}
	}
	rec.Name = strings.TrimSpace(str("firstName") + " " + str("lastName"))
	if rec.Name == "" {
		rec.Name = str("name")
	}
	rec.Email, rec.Country = str("email"), str("country")
	return rec
}

// Record is a validated submission ready to store.
type Record struct {
	Name, Email, Country string
	Data, Sensitive      map[string]any
	Search               []string
}

func (f *Contact) spam() antiSpam   { return f.antiSpam }
func (f *Support) spam() antiSpam   { return f.antiSpam }
func (f *Volunteer) spam() antiSpam { return f.antiSpam }
func (f *Roadmap) spam() antiSpam   { return f.antiSpam }

func newCheck(form string, now time.Time) check {
	return check{Checker: &web.Checker{}, schema: Schemas[form], now: now}
}

// Validate implements Form.
func (f *Contact) Validate(now time.Time) error {
	c := newCheck("contact", now)
	c.text("firstName", &f.FirstName)
	c.text("lastName", &f.LastName)
	c.text("businessName", &f.BusinessName)
	c.email("email", &f.Email, true)
	c.phone("phoneNumber", &f.PhoneNumber, false)
	c.text("description", &f.Description)
	return c.Err()
}

// Validate implements Form.
func (f *Support) Validate(now time.Time) error {
	c := newCheck("support", now)
	c.text("name", &f.Name)
	c.email("email", &f.Email, true)
	c.choice("topic", f.Topic)
	c.text("message", &f.Message)
	return c.Err()
}

// Validate implements Form.
func (f *Volunteer) Validate(now time.Time) error {
	c := newCheck("volunteer", now)
	c.text("firstName", &f.FirstName)
	c.text("lastName", &f.LastName)
	f.DateOfBirth = strings.TrimSpace(f.DateOfBirth)
	c.birth("dateOfBirth", f.DateOfBirth, VolunteerMinAge)
	c.choice("gender", f.Gender)
	c.phone("phone", &f.Phone, true)
	c.email("email", &f.Email, true)
	for field, v := range map[string]*string{"address": &f.Address, "city": &f.City, "state": &f.State, "postalCode": &f.PostalCode,
		"school": &f.School, "grade": &f.Grade, "major": &f.Major, "relevantCourses": &f.RelevantCourses,
		"whyInterested": &f.WhyInterested, "qualifications": &f.Qualifications, "priorExperience": &f.PriorExperience,
		"priorCulturalExperience": &f.PriorCulturalExperience, "strengths": &f.Strengths, "improvementAreas": &f.ImprovementAreas,
		"motivation": &f.Motivation, "leadershipExample": &f.LeadershipExample, "availability": &f.Availability,
		"medicalConditions": &f.MedicalConditions, "additionalInfo": &f.AdditionalInfo, "traitsOther": &f.TraitsOther,
		"howHeardOther": &f.HowHeardOther} {
		c.text(field, v)
	}
	c.country("country", &f.Country)
	c.gpa("gpa", &f.GPA)
	f.CareerInterests = c.choices("careerInterests", f.CareerInterests)
	f.Traits = c.choices("traits", f.Traits)
	for _, t := range f.Traits {
		if t == "other" && f.TraitsOther == "" {
			c.Add("traitsOther", web.M("forms.errors.otherText"))
		}
	}
	c.choice("fullDuration", f.FullDuration)
	if f.FullDuration == "no" && f.Availability == "" {
		c.Add("availability", web.M("forms.errors.availability"))
	}
	c.choice("howHeard", f.HowHeard)
	if f.HowHeard == "other" && f.HowHeardOther == "" {
		c.Add("howHeardOther", web.M("forms.errors.otherText"))
	}
	c.contacts("emergencyContacts", f.EmergencyContacts)
	return c.Err()
}

// Validate implements Form.
func (f *Roadmap) Validate(now time.Time) error {
	c := newCheck("roadmap", now)
	c.text("firstName", &f.FirstName)
	c.text("lastName", &f.LastName)
	c.text("school", &f.School)
	c.text("class", &f.Class)
	c.text("destination", &f.Destination)
	c.phone("phone", &f.Phone, true)
	c.email("email", &f.Email, true)
	c.contacts("guardians", f.Guardians)
	return c.Err()
}

// New returns an empty form of kind, or nil.
func New(kind string) Form {
	switch kind {
	case "contact":
		return &Contact{}
	case "support":
		return &Support{}
	case "volunteer":
		return &Volunteer{}
	case "roadmap":
		return &Roadmap{}
	}
	return nil
}

// Prefixes of the human references (CVP-2026-000123).
var Prefixes = map[string]string{"contact": "CON", "support": "SUP", "volunteer": "CVP", "roadmap": "RMP"}

// Statuses a submission moves through.
var Statuses = []string{"new", "in_review", "accepted", "rejected", "opted_out"}
