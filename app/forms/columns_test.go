package forms

import (
	"fmt"
	"slices"
	"testing"
)

// TestColumnsFromDefinitions: the export columns come from the forms' Definitions, in the
// order the exports have always had (the desk's users rely on it), sensitive ones only for
// staff allowed to see them, repeatable groups flattened at the end.
func TestColumnsFromDefinitions(t *testing.T) {
	t.Parallel()
	base := []string{"reference", "status", "createdAt", "lang"}
	group := func(prefix, name string) []string {
		var out []string
		for i := 1; i <= MaxContacts; i++ {
			for _, p := range []string{"Name", "Relationship", "Phone", "Email"} {
				out = append(out, fmt.Sprintf("%s%d%s|%s", prefix, i, p, name))
			}
		}
		return out
	}
	volunteer := []string{"firstName", "lastName", "dateOfBirth", "gender", "phone", "email", "address", "city", "state",
		"country", "postalCode", "school", "grade", "major", "gpa", "relevantCourses", "careerInterests", "whyInterested",
		"qualifications", "priorExperience", "priorCulturalExperience", "traits", "traitsOther", "strengths",
		"improvementAreas", "motivation", "leadershipExample", "fullDuration", "availability", "medicalConditions", "howHeard",
		"howHeardOther", "additionalInfo"}
	withoutSensitive := slices.DeleteFunc(slices.Clone(volunteer), func(s string) bool { return s == "dateOfBirth" || s == "medicalConditions" })
	roadmap := []string{"firstName", "lastName", "school", "class", "destination", "phone", "email"}
	cases := []struct {
		kind      string
		sensitive bool
		want      []string
	}{
		{"contact", false, append(slices.Clone(base), "firstName", "lastName", "businessName", "email", "phoneNumber", "description")},
		{"support", true, append(slices.Clone(base), "name", "email", "topic", "message")},
		{"volunteer", true, append(append(slices.Clone(base), volunteer...), group("emergencyContact", "emergencyContacts")...)},
		{"volunteer", false, append(slices.Clone(base), withoutSensitive...)},
		{"roadmap", true, append(append(slices.Clone(base), roadmap...), group("guardian", "guardians")...)},
		{"roadmap", false, append(slices.Clone(base), roadmap...)},
	}
	for _, c := range cases {
		if got := columns(c.kind, c.sensitive); !slices.Equal(got, c.want) {
			t.Errorf("%s (sensitive %v):\n got %v\nwant %v", c.kind, c.sensitive, got, c.want)
		}
	}
}
