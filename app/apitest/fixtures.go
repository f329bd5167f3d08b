package apitest

// Valid answers that tests send: a volunteer application with a medical condition and two
// emergency contacts (sensitive), a Road Map registration with two guardians, and Direction
// Board answers that are all v.

// VolunteerBody is a valid Cultural Volunteer Program application.
func VolunteerBody(first, email string) map[string]any {
	return map[string]any{
		"firstName": first, "lastName": "Бат", "dateOfBirth": "2006-05-01", "gender": "female", "phone": "88112233",
		"email": email, "address": "Баянгол", "city": "Улаанбаатар", "country": "MN", "school": "МУИС", "grade": "2",
		"careerInterests": []string{"artsCulture", "itEngineering"}, "whyInterested": "Соёл", "motivation": "Туслах",
		"fullDuration": "yes", "medicalConditions": "астма", "howHeard": "school",
		"emergencyContacts": []map[string]any{{"name": "Бат", "relationship": "аав", "phone": "99112233"},
			{"name": "Ээж", "relationship": "ээж", "phone": "+976 8800 1122", "email": "eej@example.mn"}},
	}
}

// RoadmapBody is a valid Road Map Program registration.
func RoadmapBody(first, email string) map[string]any {
	return map[string]any{"firstName": first, "lastName": "Батболд", "school": "23-р сургууль", "class": "10б", "destination": "Япон",
		"phone": "8811 2233", "email": email, "guardians": []map[string]any{
			{"name": "Дулмаа", "relationship": "Ээж", "phone": "9911 2233", "email": "dulmaa@example.mn"},
			{"name": "Батболд", "relationship": "Аав", "phone": "+976 95112233", "email": ""},
		}}
}

// BoardAnswers answers every Direction Board statement with v (1–5).
func BoardAnswers(v int) map[string]any {
	a := map[string]any{}
	for _, t := range []string{"R", "I", "A", "S", "E", "C"} {
		for i := 1; i <= 9; i++ {
			a[t+"0"+string(rune('0'+i))] = v
		}
	}
	return a
}
