package forms

import (
	"strings"
	"testing"
	"time"
)

// ruleCase edits a valid form and names the field that must then be refused, and with which
// message ("" field: the edited form is still valid).
type ruleCase[F any] struct {
	name  string
	edit  func(F)
	field string
	key   string
}

func checkRules[F interface{ Validate(time.Time) error }](t *testing.T, valid func() F, cases []ruleCase[F]) {
	t.Helper()
	if err := valid().Validate(now); err != nil {
		t.Fatalf("valid form refused: %v", fieldErrors(err))
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := valid()
			c.edit(f)
			errs := fieldErrors(f.Validate(now))
			if c.field == "" {
				if len(errs) > 0 {
					t.Errorf("refused: %v", errs)
				}
				return
			}
			if !strings.HasPrefix(errs[c.field], c.key) {
				t.Errorf("%s: got %v, want %s", c.field, errs, c.key)
			}
		})
	}
}

func TestContactRules(t *testing.T) {
	valid := func() *Contact {
		return &Contact{FirstName: "Болд", LastName: "Бат", BusinessName: "Шинэ Эхлэл ХХК", Email: "bold@example.mn",
			PhoneNumber: "7011 2233", Description: "Манай сургуульд демо үзүүлнэ үү."}
	}
	checkRules(t, valid, []ruleCase[*Contact]{
		{"first name required", func(f *Contact) { f.FirstName = "" }, "firstName", "validation.required"},
		{"last name only spaces", func(f *Contact) { f.LastName = " \t " }, "lastName", "validation.required"},
		{"name at the limit", func(f *Contact) { f.FirstName = strings.Repeat("я", MaxName) }, "", ""},
		{"name over the limit", func(f *Contact) { f.FirstName = strings.Repeat("я", MaxName+1) }, "firstName", "validation.tooLong"},
		{"business name optional", func(f *Contact) { f.BusinessName = "" }, "", ""},
		{"business name over the limit", func(f *Contact) { f.BusinessName = strings.Repeat("b", MaxShort+1) }, "businessName", "validation.tooLong"},
		{"email required", func(f *Contact) { f.Email = "" }, "email", "validation.required"},
		{"email syntax", func(f *Contact) { f.Email = "bold at example.mn" }, "email", "validation.email"},
		{"phone optional", func(f *Contact) { f.PhoneNumber = "" }, "", ""},
		{"phone international", func(f *Contact) { f.PhoneNumber = "+1 202 555 0143" }, "", ""},
		{"phone too short", func(f *Contact) { f.PhoneNumber = "1234" }, "phoneNumber", "forms.errors.phone"},
		{"phone over 15 digits (E.164)", func(f *Contact) { f.PhoneNumber = "+8100370000000000" }, "phoneNumber", "forms.errors.phone"},
		{"description required", func(f *Contact) { f.Description = "" }, "description", "validation.required"},
		{"description over the limit", func(f *Contact) { f.Description = strings.Repeat("x", MaxMessage+1) }, "description", "validation.tooLong"},
		{"control characters", func(f *Contact) { f.Description = "demo\x07" }, "description", "validation.invalidCharacters"},
	})
	f := valid()
	_ = f.Validate(now)
	if f.PhoneNumber != "+97670112233" {
		t.Errorf("phone not normalised: %q", f.PhoneNumber)
	}
}

func TestSupportRules(t *testing.T) {
	valid := func() *Support {
		return &Support{Name: "Сараа", Email: "Saraa@Example.mn", Topic: "account", Message: "Нууц үгээ мартсан."}
	}
	cases := []ruleCase[*Support]{
		{"name required", func(f *Support) { f.Name = "" }, "name", "validation.required"},
		{"email syntax", func(f *Support) { f.Email = "saraa@" }, "email", "validation.email"},
		{"topic required", func(f *Support) { f.Topic = "" }, "topic", "validation.required"},
		{"topic from the list", func(f *Support) { f.Topic = "gossip" }, "topic", "validation.choice"},
		{"message required", func(f *Support) { f.Message = "   " }, "message", "validation.required"},
		{"message over the limit", func(f *Support) { f.Message = strings.Repeat("ж", MaxMessage+1) }, "message", "validation.tooLong"},
	}
	for _, topic := range SupportTopics {
		cases = append(cases, ruleCase[*Support]{"topic " + topic, func(f *Support) { f.Topic = topic }, "", ""})
	}
	checkRules(t, valid, cases)
	f := valid()
	_ = f.Validate(now)
	if f.Email != "saraa@example.mn" {
		t.Errorf("email not normalised: %q", f.Email)
	}
}

func TestRoadmapRules(t *testing.T) {
	valid := func() *Roadmap {
		return &Roadmap{FirstName: "Тэмүүлэн", LastName: "Б", School: "1-р сургууль", Class: "11б", Destination: "Япон",
			Phone: "99112233", Email: "t@example.mn", Guardians: []ContactPerson{{Name: "Дулмаа", Relationship: "ээж", Phone: "88001122"}}}
	}
	checkRules(t, valid, []ruleCase[*Roadmap]{
		{"school required", func(f *Roadmap) { f.School = "" }, "school", "validation.required"},
		{"class over the limit", func(f *Roadmap) { f.Class = strings.Repeat("1", 31) }, "class", "validation.tooLong"},
		{"destination required", func(f *Roadmap) { f.Destination = "" }, "destination", "validation.required"},
		{"phone required", func(f *Roadmap) { f.Phone = "" }, "phone", "validation.required"},
		{"phone letters", func(f *Roadmap) { f.Phone = "99ab2233" }, "phone", "forms.errors.phone"},
		{"email required", func(f *Roadmap) { f.Email = "" }, "email", "validation.required"},
		{"a guardian needed", func(f *Roadmap) { f.Guardians = nil }, "guardians", "forms.errors.contactsMin"},
		{"five guardians at most", func(f *Roadmap) {
			for len(f.Guardians) < MaxContacts+1 {
				f.Guardians = append(f.Guardians, f.Guardians[0])
			}
		}, "guardians", "forms.errors.contactsMax"},
		{"guardian name required", func(f *Roadmap) { f.Guardians[0].Name = "" }, "guardians.0.name", "validation.required"},
		{"guardian relationship required", func(f *Roadmap) { f.Guardians[0].Relationship = "" }, "guardians.0.relationship", "validation.required"},
		{"second guardian's phone", func(f *Roadmap) {
			f.Guardians = append(f.Guardians, ContactPerson{Name: "Бат", Relationship: "аав", Phone: "12"})
		}, "guardians.1.phone", "forms.errors.phone"},
		{"guardian email optional", func(f *Roadmap) { f.Guardians[0].Email = "" }, "", ""},
		{"guardian email checked", func(f *Roadmap) { f.Guardians[0].Email = "nope" }, "guardians.0.email", "validation.email"},
	})
}
