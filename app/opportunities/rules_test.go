package opportunities

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestListsMatchTheDatabase: statuses, kinds and the other closed lists live in Go and in
// the tables' CHECK constraints; this keeps them equal.
func TestListsMatchTheDatabase(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob("../../migrations/*_opportunities*.up.sql")
	var sql string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sql += string(b)
	}
	check := func(table, col string, want []string) {
		re := regexp.MustCompile(`(?s)CREATE TABLE ` + table + ` \(.*?\n\s+` + col + `\s+TEXT[^,]*?CHECK \(` + col + ` IN \(([^)]*)\)\)`)
		m := re.FindStringSubmatch(sql)
		if m == nil {
			t.Fatalf("no CHECK on %s.%s", table, col)
		}
		var found []string
		for _, s := range strings.Split(m[1], ",") {
			found = append(found, strings.Trim(strings.TrimSpace(s), "'"))
		}
		if !slices.Equal(found, want) {
			t.Errorf("%s.%s allows %v, the code %v", table, col, found, want)
		}
	}
	check("opportunities", "status", Statuses)
	check("opportunities", "kind", Kinds)
	check("opportunities", "workplace", Workplaces)
	check("opportunities", "pay_kind", PayKinds)
	check("applications", "status", AppStatuses)
	check("org_profiles", "status", OrgStatuses)
}

func TestForHolland(t *testing.T) {
	t.Parallel()
	for code, want := range map[string][]string{
		"SAE": {"education", "social_work", "arts_media", "design", "languages", "tourism_hospitality"},
		"ic":  {"it", "science_research", "health", "finance_accounting", "administration"},
		"":    nil,
	} {
		got := ForHolland(code)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("ForHolland(%q) = %v, want %v", code, got, want)
		}
	}
	// Every type leads somewhere.
	for _, l := range "RIASEC" {
		if len(ForHolland(string(l))) == 0 {
			t.Errorf("no field for %c", l)
		}
	}
}

func TestFeeRule(t *testing.T) {
	t.Parallel()
	base := func(kind, country string) Posting {
		p := Posting{Kind: kind, TitleEn: "T", TitleMn: "Т", DescriptionEn: "D", DescriptionMn: "Д", EmploymentType: "part_time",
			Classification: "it", Audience: "everyone", Country: country, City: "X", Deadline: "2027-01-01", ContactName: "C",
			ContactEmail: "c@org.mn", VisaType: "work", ExchangeType: "cultural", StartDate: "2027-02-01", EndDate: "2027-03-01"}
		p.normalize()
		return p
	}
	for _, tc := range []struct {
		kind, country string
		cost          int64
		noFee         bool
		field         string // "" when it may be published
	}{
		{"job", "MN", 0, false, ""},
		{"job", "MN", 100, true, "participantCost"},
		{"recruitment", "KR", 0, false, "noFee"},
		{"recruitment", "KR", 0, true, ""},
		{"exchange", "US", 0, false, "noFee"},
		{"exchange", "US", 1000, true, "participantCost"},
		{"exchange", "MN", 0, false, ""},
		{"travel", "JP", 2000, false, ""},
		{"education", "JP", 2000, false, ""},
		{"development", "MN", 50, false, "participantCost"},
	} {
		p := base(tc.kind, tc.country)
		p.ParticipantCost, p.NoFee = tc.cost, tc.noFee
		if tc.cost > 0 {
			p.CostCurrency = "USD"
		}
		err := p.check(true, "2026-11-25")
		got := ""
		if err != nil {
			for _, f := range []string{"participantCost", "noFee"} {
				if fieldsOf(err)[f] {
					got = f
				}
			}
			if got == "" {
				t.Errorf("%+v: unexpected problems %v", tc, fieldsOf(err))
				continue
			}
		}
		if got != tc.field {
			t.Errorf("%s in %s, cost %d, noFee %v: problem on %q, want %q", tc.kind, tc.country, tc.cost, tc.noFee, got, tc.field)
		}
	}
}

func TestStaffMoves(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		from, to string
		ok       bool
	}{
		{"submitted", "shortlisted", true}, {"declined", "shortlisted", true}, {"hired", "declined", false},
		{"opted_out", "reviewed", false}, {"reviewed", "submitted", false}, {"offer", "opted_out", false},
		{"interview", "interview", false}, {"offer", "hired", true}, {"offer", "nonsense", false},
	} {
		if got := staffMayMove(tc.from, tc.to); got != tc.ok {
			t.Errorf("%s → %s: %v", tc.from, tc.to, got)
		}
	}
}
