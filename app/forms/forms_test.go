package forms

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"gerege/app/platform/web"
)

var now = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

func fieldErrors(err error) map[string]string {
	out := map[string]string{}
	if err == nil {
		return out
	}
	for f, m := range web.AsError(err).Fields {
		out[f] = m.Key
	}
	return out
}

func validVolunteer() *Volunteer {
	return &Volunteer{FirstName: "Сараа", LastName: "Бат", DateOfBirth: "2006-05-01", Gender: "female", Phone: "8811 2233",
		Email: "Saraa@Example.mn", Address: "Баянгол, 3-р хороо", City: "Улаанбаатар", Country: "mn", School: "МУИС", Grade: "2-р курс",
		GPA: "3,75", CareerInterests: []string{"artsCulture"}, WhyInterested: "…", Motivation: "…", FullDuration: "yes",
		EmergencyContacts: []ContactPerson{{Name: "Бат", Relationship: "аав", Phone: "+976 9911 2233"}}, HowHeard: "school"}
}

func TestVolunteerRules(t *testing.T) {
	v := validVolunteer()
	if err := v.Validate(now); err != nil {
		t.Fatalf("valid form refused: %v", fieldErrors(err))
	}
	if v.Phone != "+97688112233" || v.Email != "saraa@example.mn" || v.Country != "MN" || v.GPA != "3.75" ||
		v.EmergencyContacts[0].Phone != "+97699112233" {
		t.Errorf("not normalised: %+v", v)
	}
	checkRules(t, validVolunteer, []ruleCase[*Volunteer]{
		{"first name required", func(v *Volunteer) { v.FirstName = "  " }, "firstName", "validation.required"},
		{"name too long", func(v *Volunteer) { v.LastName = strings.Repeat("я", 101) }, "lastName", "validation.tooLong"},
		{"control characters", func(v *Volunteer) { v.City = "a\x00b" }, "city", "validation.invalidCharacters"},
		{"too young for the program", func(v *Volunteer) { v.DateOfBirth = "2011-01-01" }, "dateOfBirth", "forms.errors.minAge"},
		{"sixteen today is fine", func(v *Volunteer) { v.DateOfBirth = "2010-11-22" }, "", ""},
		{"one day short of sixteen", func(v *Volunteer) { v.DateOfBirth = "2010-11-23" }, "dateOfBirth", "forms.errors.minAge"},
		{"born in the future", func(v *Volunteer) { v.DateOfBirth = "2030-01-01" }, "dateOfBirth", "validation.dateInFuture"},
		{"unrealistic", func(v *Volunteer) { v.DateOfBirth = "1900-01-01" }, "dateOfBirth", "validation.dateUnrealistic"},
		{"not a date", func(v *Volunteer) { v.DateOfBirth = "01/05/2006" }, "dateOfBirth", "validation.date"},
		{"gender choice", func(v *Volunteer) { v.Gender = "x" }, "gender", "validation.choice"},
		{"short phone", func(v *Volunteer) { v.Phone = "881122" }, "phone", "forms.errors.phone"},
		{"letters in phone", func(v *Volunteer) { v.Phone = "88ab2233" }, "phone", "forms.errors.phone"},
		{"international phone", func(v *Volunteer) { v.Phone = "+82 10-1234-5678" }, "", ""},
		{"email", func(v *Volunteer) { v.Email = "saraa@" }, "email", "validation.email"},
		{"country code", func(v *Volunteer) { v.Country = "XX" }, "country", "validation.choice"},
		{"gpa above scale", func(v *Volunteer) { v.GPA = "4.5" }, "gpa", "forms.errors.gpa"},
		{"gpa three decimals", func(v *Volunteer) { v.GPA = "3.333" }, "gpa", "forms.errors.gpa"},
		{"gpa words", func(v *Volunteer) { v.GPA = "good" }, "gpa", "forms.errors.gpa"},
		{"no interest", func(v *Volunteer) { v.CareerInterests = nil }, "careerInterests", "forms.errors.chooseOne"},
		{"unknown interest", func(v *Volunteer) { v.CareerInterests = []string{"space"} }, "careerInterests", "validation.choice"},
		{"trait other needs text", func(v *Volunteer) { v.Traits = []string{"creative", "other"} }, "traitsOther", "forms.errors.otherText"},
		{"not full duration needs availability", func(v *Volunteer) { v.FullDuration = "no" }, "availability", "forms.errors.availability"},
		{"heard other needs text", func(v *Volunteer) { v.HowHeard = "other" }, "howHeardOther", "forms.errors.otherText"},
		{"no emergency contact", func(v *Volunteer) { v.EmergencyContacts = nil }, "emergencyContacts", "forms.errors.contactsMin"},
		{"too many contacts", func(v *Volunteer) {
			v.EmergencyContacts = make([]ContactPerson, 6)
		}, "emergencyContacts", "forms.errors.contactsMax"},
		{"second contact's phone", func(v *Volunteer) {
			v.EmergencyContacts = append(v.EmergencyContacts, ContactPerson{Name: "Ээж", Relationship: "ээж", Phone: "12"})
		}, "emergencyContacts.1.phone", "forms.errors.phone"},
		{"contact email optional but checked", func(v *Volunteer) { v.EmergencyContacts[0].Email = "nope" }, "emergencyContacts.0.email", "validation.email"},
	})
}

func TestRecordKeepsSensitiveApart(t *testing.T) {
	v := validVolunteer()
	v.MedicalConditions = "asthma"
	_ = v.Validate(now)
	rec := RecordOf(v)
	b, _ := json.Marshal(rec.Data)
	for _, s := range []string{"asthma", "2006-05-01", "99112233", "website", "formToken"} {
		if strings.Contains(string(b), s) {
			t.Errorf("plain data holds %q: %s", s, b)
		}
	}
	if rec.Sensitive["medicalConditions"] != "asthma" {
		t.Error("sensitive part lacks medical conditions")
	}
}

// FuzzForms: no input makes decoding or validating panic, and the normalised values stay
// within the limits.
func FuzzForms(f *testing.F) {
	// The valid submission of each form is a seed file (testdata/fuzz/FuzzForms/*-valid, kept
	// valid by TestValidSeeds); these are the odd shapes.
	f.Add("roadmap", `{"guardians":[{"phone":"+9768"}],"email":"я@я.мн"}`)
	f.Add("contact", `{"firstName":"\u0000","phoneNumber":"+++"}`)
	f.Add("support", `{"topic":["x"]}`)
	f.Fuzz(func(t *testing.T, kind, body string) {
		form := New(kind)
		if form == nil {
			return
		}
		if err := web.DecodeReader(strings.NewReader(body), form); err != nil {
			return
		}
		if err := form.Validate(now); err != nil {
			if e := web.AsError(err); e.Status != 422 {
				t.Fatalf("status %d", e.Status)
			}
			return
		}
		_ = RecordOf(form)
	})
}

func FuzzNormalizePhone(f *testing.F) {
	for _, s := range []string{"88112233", "+976 8811 2233", "+1 (415) 555-0100", "", "+", "0000000000000000000000000"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if n, ok := NormalizePhone(s); ok && (!strings.HasPrefix(n, "+") || len(n) > 16) {
			t.Fatalf("%q → %q", s, n)
		}
	})
}

// TestValidSeeds keeps the "-valid" fuzz seeds honest: each must pass validation, so the
// fuzzer starts from submissions that reach Record, not only from ones refused early.
func TestValidSeeds(t *testing.T) {
	files, _ := filepath.Glob("testdata/fuzz/FuzzForms/*-valid")
	if len(files) < 4 {
		t.Fatalf("want a valid seed for each of the four forms, found %v", files)
	}
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var args []string
		for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n")[1:] {
			s, err := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(line, "string("), ")"))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			args = append(args, s)
		}
		form := New(args[0])
		if form == nil {
			t.Fatalf("%s: unknown form %q", name, args[0])
		}
		if err := web.DecodeReader(strings.NewReader(args[1]), form); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := form.Validate(now); err != nil {
			t.Errorf("%s: %v %v", name, err, web.AsError(err).Fields)
		}
	}
}
