package forms

import (
	"testing"

	"gerege/db"
)

func TestFillMarks(t *testing.T) {
	r, i := referenceMark, idMark
	in := []db.Email{{To: "a@example.mn", Subject: r, Text: "ref " + r + " id " + i + i + " end", HTML: i + "<b>" + r + "</b>" + r}}
	got := fillMarks(splitMarks(in), &db.Submission{ID: 42, Reference: "CON-2026-000007"})
	want := db.Email{To: "a@example.mn", Subject: "CON-2026-000007", Text: "ref CON-2026-000007 id 4242 end",
		HTML: "42<b>CON-2026-000007</b>CON-2026-000007"}
	if len(got) != 1 || got[0] != want {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
	if plain := fillMarks(splitMarks([]db.Email{{Text: "no marks"}}), &db.Submission{}); plain[0].Text != "no marks" {
		t.Errorf("unmarked text changed: %q", plain[0].Text)
	}
}
