package content

import (
	"encoding/json"
	"time"

	"gerege/db"
)

// The API's answers. Storage rows never go to clients as they are: each is copied into one
// of these (the admin views carry both languages).

// Text is a value in both languages.
type Text struct {
	EN string `json:"en"`
	MN string `json:"mn"`
}

func text(t db.Text) Text { return Text{EN: t.EN, MN: t.MN} }

// FAQList is GET /api/faq.
type FAQList struct {
	Categories []FAQGroup `json:"categories"`
}

// DestinationList is GET /api/universities.
type DestinationList struct {
	Destinations []DestinationView `json:"destinations"`
}

// LegalDocument is GET /api/legal/{doc}: the chosen version (its sections as written in the
// content file) and the effective dates of every version, newest first.
type LegalDocument struct {
	Title    string          `json:"title"`
	Versions []string        `json:"versions"`
	Document json.RawMessage `json:"document"`
}

// FAQCategoryAdmin is a category with both languages.
type FAQCategoryAdmin struct {
	ID       string `json:"id"`
	Name     Text   `json:"name"`
	Position int    `json:"position"`
}

// FAQEntryAdmin is an entry with both languages.
type FAQEntryAdmin struct {
	ID        int64     `json:"id"`
	Slug      string    `json:"slug"`
	Category  string    `json:"category"`
	Question  Text      `json:"question"`
	Answer    Text      `json:"answer"`
	Published bool      `json:"published"`
	Position  int       `json:"position"`
	UpdatedAt time.Time `json:"updatedAt"`
}

func faqEntryAdmin(e db.FAQEntry) FAQEntryAdmin {
	return FAQEntryAdmin{ID: e.ID, Slug: e.Slug, Category: e.Category, Question: text(e.Question), Answer: text(e.Answer),
		Published: e.Published, Position: e.Position, UpdatedAt: e.UpdatedAt}
}

// FAQAdmin is GET /api/admin/faq.
type FAQAdmin struct {
	Categories []FAQCategoryAdmin `json:"categories"`
	Entries    []FAQEntryAdmin    `json:"entries"`
}

// UniversityAdmin is a university with both languages.
type UniversityAdmin struct {
	ID          int64  `json:"id"`
	Slug        string `json:"slug"`
	Destination string `json:"destination"`
	Name        Text   `json:"name"`
	City        Text   `json:"city"`
	Website     string `json:"website"`
	Published   bool   `json:"published"`
	Position    int    `json:"position"`
}

func universityAdmin(u db.University) UniversityAdmin {
	return UniversityAdmin{ID: u.ID, Slug: u.Slug, Destination: u.Destination, Name: text(u.Name), City: text(u.City),
		Website: u.Website, Published: u.Published, Position: u.Position}
}

// DestinationAdmin is a destination with both languages and all its universities.
type DestinationAdmin struct {
	ID           string            `json:"id"`
	Name         Text              `json:"name"`
	Summary      Text              `json:"summary"`
	Published    bool              `json:"published"`
	Position     int               `json:"position"`
	Universities []UniversityAdmin `json:"universities"`
}

func destinationAdmin(d db.Destination) DestinationAdmin {
	v := DestinationAdmin{ID: d.ID, Name: text(d.Name), Summary: text(d.Summary), Published: d.Published,
		Position: d.Position, Universities: make([]UniversityAdmin, 0, len(d.Universities))}
	for _, u := range d.Universities {
		v.Universities = append(v.Universities, universityAdmin(u))
	}
	return v
}

// DestinationsAdmin is GET /api/admin/universities.
type DestinationsAdmin struct {
	Destinations []DestinationAdmin `json:"destinations"`
}

// DestinationRequest is PUT /api/admin/destinations/{id} (the id is the destination's slug).
type DestinationRequest struct {
	NameEn    string `json:"nameEn"`
	NameMn    string `json:"nameMn"`
	SummaryEn string `json:"summaryEn"`
	SummaryMn string `json:"summaryMn"`
	Published bool   `json:"published"`
	Position  int    `json:"position"`
}
