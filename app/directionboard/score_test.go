package directionboard

import "testing"

func items() []Item {
	var out []Item
	for _, t := range Types {
		for i := 1; i <= 9; i++ {
			out = append(out, Item{ID: t + string(rune('0'+i)), Type: t})
		}
	}
	return out
}

func answersFor(per map[string][]int) map[string]int {
	a := map[string]int{}
	for t, vals := range per {
		for i, v := range vals {
			a[t+string(rune('0'+i+1))] = v
		}
	}
	return a
}

func all(v int) []int { return []int{v, v, v, v, v, v, v, v, v} }

func TestScoreKnownByHand(t *testing.T) {
	// S all 5 → 100; E all 4 → 75; A all 3 → 50; I 2 → 25; R, C 1 → 0. Code SEA.
	r := Score(items(), answersFor(map[string][]int{"R": all(1), "I": all(2), "A": all(3), "S": all(5), "E": all(4), "C": all(1)}))
	want := map[string]int{"R": 0, "I": 25, "A": 50, "S": 100, "E": 75, "C": 0}
	for k, v := range want {
		if r.Scores[k] != v {
			t.Errorf("%s = %d, want %d", k, r.Scores[k], v)
		}
	}
	if r.Code != "SEA" || r.Unanswered != 0 {
		t.Errorf("code %s unanswered %d", r.Code, r.Unanswered)
	}
	// Mixed: R = 5+5+4+4+3+3+2+2+1 = 29 → (29-9)/36 = 55.6 → 56.
	r = Score(items(), answersFor(map[string][]int{"R": {5, 5, 4, 4, 3, 3, 2, 2, 1}}))
	if r.Scores["R"] != 56 {
		t.Errorf("R = %d, want 56", r.Scores["R"])
	}
	// The other five types are unanswered: neutral (50) each, counted.
	if r.Unanswered != 45 || r.Scores["I"] != 50 {
		t.Errorf("unanswered %d, I %d", r.Unanswered, r.Scores["I"])
	}
}

func TestTieRule(t *testing.T) {
	// All equal sums: hexagon order decides → RIA.
	r := Score(items(), answersFor(map[string][]int{"R": all(3), "I": all(3), "A": all(3), "S": all(3), "E": all(3), "C": all(3)}))
	if r.Code != "RIA" {
		t.Errorf("all neutral: %s, want RIA", r.Code)
	}
	// C and I have the same sum (27) but C has more "strongly like" answers: C before I.
	r = Score(items(), answersFor(map[string][]int{
		"R": all(1), "A": all(1), "S": all(1), "E": all(2),
		"I": all(3),                      // 27, no fives
		"C": {5, 5, 5, 1, 1, 1, 3, 3, 3}, // 27, three fives
	}))
	if r.Code != "CIE" {
		t.Errorf("tie by fives: %s, want CIE", r.Code)
	}
}

func TestContentIsComplete(t *testing.T) {
	for _, lang := range []string{"en", "mn"} {
		c, err := Load(lang)
		if err != nil {
			t.Fatal(err)
		}
		per := map[string]int{}
		for i, it := range c.Items {
			per[it.Type]++
			if i > 0 && c.Items[i-1].Type == it.Type {
				t.Errorf("%s: %s and %s are neighbours of the same type", lang, c.Items[i-1].ID, it.ID)
			}
		}
		for _, typ := range Types {
			if per[typ] < 8 {
				t.Errorf("%s: %s has %d items", lang, typ, per[typ])
			}
			if info := c.Types[typ]; info.Name == "" || len(info.Careers) == 0 || len(info.Fields) == 0 {
				t.Errorf("%s: type %s lacks text", lang, typ)
			}
		}
		if len(c.Scale) != 5 {
			t.Errorf("%s: scale has %d points", lang, len(c.Scale))
		}
	}
}
