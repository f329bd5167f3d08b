package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"strconv"
	"strings"
	"time"
)

// Opportunity is one posting (app/opportunities owns the rules; this is its row).
type Opportunity struct {
	ID              int64
	OrgID           int64
	OrgName         string
	OrgSlug         string
	OrgStatus       string // the organisation's verification status (org_profiles), "unverified" without a row
	Slug            string
	Kind            string
	Status          string
	TitleEn         string
	TitleMn         string
	DescriptionEn   string
	DescriptionMn   string
	EmploymentType  string
	Classification  string
	VisaType        string
	Audience        string
	ExchangeType    string
	Country         string
	City            string
	Workplace       string
	Worksite        string
	StartDate       string
	EndDate         string
	Deadline        string
	PayKind         string
	PayMin, PayMax  int64
	PayCurrency     string
	PayPeriod       string
	Openings        int
	Languages       []string
	MustHave        string
	Preferred       string
	Questions       string // JSON, decoded by the module
	Documents       []string
	ContactName     string
	ContactEmail    string
	ContactPhone    string
	ParticipantCost int64
	CostCurrency    string
	IncludesEn      string
	IncludesMn      string
	NoFee           bool
	ReturnReason    string
	CloseReason     string
	Hired           int
	CreatedBy       int64
	CreatedAt       time.Time
	UpdatedAt       time.Time
	SubmittedAt     time.Time
	PublishedAt     time.Time
	ClosedAt        time.Time
}

const oppCols = `p.id, p.organization_id, o.name, coalesce(op.slug, ''), coalesce(op.status, 'unverified'), p.slug, p.kind, p.status,
	p.title_en, p.title_mn, p.description_en, p.description_mn, p.employment_type, p.classification, p.visa_type,
	p.audience, p.exchange_type, p.country, p.city, p.workplace, p.worksite, p.start_date, p.end_date, p.deadline,
	p.pay_kind, p.pay_min, p.pay_max, p.pay_currency, p.pay_period, p.openings, p.languages, p.must_have, p.preferred,
	p.questions, p.documents, p.contact_name, p.contact_email, p.contact_phone, p.participant_cost, p.cost_currency,
	p.includes_en, p.includes_mn, p.no_fee, p.return_reason, p.close_reason, p.hired, coalesce(p.created_by, 0),
	p.created_at, p.updated_at, p.submitted_at, p.published_at, p.closed_at`

const oppFrom = ` FROM opportunities p JOIN organizations o ON o.id = p.organization_id
	LEFT JOIN org_profiles op ON op.organization_id = p.organization_id `

func scanOpportunity(sc scanner) (*Opportunity, error) {
	var o Opportunity
	var langs, docs, created, updated string
	var submitted, published, closed *string
	err := sc.Scan(&o.ID, &o.OrgID, &o.OrgName, &o.OrgSlug, &o.OrgStatus, &o.Slug, &o.Kind, &o.Status,
		&o.TitleEn, &o.TitleMn, &o.DescriptionEn, &o.DescriptionMn, &o.EmploymentType, &o.Classification, &o.VisaType,
		&o.Audience, &o.ExchangeType, &o.Country, &o.City, &o.Workplace, &o.Worksite, &o.StartDate, &o.EndDate, &o.Deadline,
		&o.PayKind, &o.PayMin, &o.PayMax, &o.PayCurrency, &o.PayPeriod, &o.Openings, &langs, &o.MustHave, &o.Preferred,
		&o.Questions, &docs, &o.ContactName, &o.ContactEmail, &o.ContactPhone, &o.ParticipantCost, &o.CostCurrency,
		&o.IncludesEn, &o.IncludesMn, &o.NoFee, &o.ReturnReason, &o.CloseReason, &o.Hired, &o.CreatedBy,
		&created, &updated, &submitted, &published, &closed)
	if err != nil {
		return nil, mapErr(err)
	}
	o.Languages, o.Documents = jsonStrings(langs), jsonStrings(docs)
	o.CreatedAt, o.UpdatedAt = ParseT(created), ParseT(updated)
	o.SubmittedAt, o.PublishedAt, o.ClosedAt = nullT(submitted), nullT(published), nullT(closed)
	return &o, nil
}

func jsonStrings(s string) []string {
	out := []string{}
	_ = json.Unmarshal([]byte(s), &out)
	return out
}

func jsonOf(v []string) string {
	if v == nil {
		v = []string{}
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// editable lists the columns a posting's editor sets, in the order of editableArgs.
const editableCols = `kind, title_en, title_mn, description_en, description_mn, employment_type, classification, visa_type,
	audience, exchange_type, country, city, workplace, worksite, start_date, end_date, deadline, pay_kind, pay_min, pay_max,
	pay_currency, pay_period, openings, languages, must_have, preferred, questions, documents, contact_name, contact_email,
	contact_phone, participant_cost, cost_currency, includes_en, includes_mn, no_fee`

func editableArgs(o *Opportunity) []any {
	return []any{o.Kind, o.TitleEn, o.TitleMn, o.DescriptionEn, o.DescriptionMn, o.EmploymentType, o.Classification, o.VisaType,
		o.Audience, o.ExchangeType, o.Country, o.City, o.Workplace, o.Worksite, o.StartDate, o.EndDate, o.Deadline, o.PayKind,
		o.PayMin, o.PayMax, o.PayCurrency, o.PayPeriod, o.Openings, jsonOf(o.Languages), o.MustHave, o.Preferred,
		o.Questions, jsonOf(o.Documents), o.ContactName, o.ContactEmail, o.ContactPhone, o.ParticipantCost, o.CostCurrency,
		o.IncludesEn, o.IncludesMn, o.NoFee}
}

// InsertOpportunity stores a new draft (o.Status is "draft" unless set) and its first event.
func (s *Store) InsertOpportunity(ctx context.Context, o *Opportunity, now time.Time) (int64, error) {
	if o.Status == "" {
		o.Status = "draft"
	}
	var id int64
	err := s.InTx(ctx, func(tx *Store) error {
		args := append([]any{o.OrgID, o.Slug, o.Status, nullID(o.CreatedBy), T(now), T(now)}, editableArgs(o)...)
		if err := tx.writeRow(ctx, []any{&id}, `INSERT INTO opportunities (organization_id, slug, status, created_by, created_at, updated_at, `+
			editableCols+`) VALUES (?,?,?,?,?,?, ?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?) RETURNING id`, args...); err != nil {
			return err
		}
		return tx.addOpportunityEvent(ctx, id, o.CreatedBy, "", o.Status, "", now)
	})
	return id, err
}

// UpdateOpportunity writes the editable fields of o (in any status the module allows).
func (s *Store) UpdateOpportunity(ctx context.Context, o *Opportunity, now time.Time) error {
	set := strings.ReplaceAll(strings.Join(strings.Fields(editableCols), " "), ",", " = ?,") + " = ?"
	args := append(editableArgs(o), T(now), o.ID)
	res, err := s.exec(ctx, `UPDATE opportunities SET `+set+`, updated_at = ? WHERE id = ?`, args...)
	if err != nil {
		return err
	}
	return oneRow(res)
}

func oneRow(res sql.Result) error {
	n, err := res.RowsAffected()
	if err != nil {
		return mapErr(err)
	}
	if n == 0 {
		return ErrNotFound
	}
	return nil
}

// OpportunityByID returns a posting in any status.
func (s *Store) OpportunityByID(ctx context.Context, id int64) (*Opportunity, error) {
	return scanOpportunity(s.row(ctx, `SELECT `+oppCols+oppFrom+`WHERE p.id = ?`, id))
}

// OpportunityBySlug returns a posting in any status by its slug.
func (s *Store) OpportunityBySlug(ctx context.Context, slug string) (*Opportunity, error) {
	return scanOpportunity(s.row(ctx, `SELECT `+oppCols+oppFrom+`WHERE p.slug = ?`, slug))
}

// SlugTaken reports whether an opportunity already uses slug.
func (s *Store) SlugTaken(ctx context.Context, table, slug string) (bool, error) {
	q := `SELECT 1 FROM opportunities WHERE slug = ?`
	if table == "org_profiles" {
		q = `SELECT 1 FROM org_profiles WHERE slug = ?`
	}
	var one int
	err := s.row(ctx, q, slug).Scan(&one)
	if IsNotFound(mapErr(err)) {
		return false, nil
	}
	return err == nil, mapErr(err)
}

// StatusChange moves a posting from one status to another, only if it is still in From (a
// concurrent change makes it ErrConflict), with its event.
type StatusChange struct {
	ID          int64
	From, To    string
	Actor       int64
	Note        string
	CloseReason string // for "closed"
	At          time.Time
}

// SetOpportunityStatus applies c and records it in the history.
func (s *Store) SetOpportunityStatus(ctx context.Context, c StatusChange) error {
	return s.InTx(ctx, func(tx *Store) error {
		q := `UPDATE opportunities SET status = ?, updated_at = ?`
		args := []any{c.To, T(c.At)}
		switch c.To {
		case "submitted":
			q += `, submitted_at = ?, return_reason = ''`
			args = append(args, T(c.At))
		case "returned":
			q += `, return_reason = ?`
			args = append(args, c.Note)
		case "published":
			q += `, published_at = coalesce(published_at, ?), return_reason = ''`
			args = append(args, T(c.At))
		case "closed":
			q += `, closed_at = ?, close_reason = ?`
			args = append(args, T(c.At), c.CloseReason)
		}
		res, err := tx.exec(ctx, q+` WHERE id = ? AND status = ?`, append(args, c.ID, c.From)...)
		if err != nil {
			return err
		}
		if err := oneRow(res); err != nil {
			return ErrConflict
		}
		return tx.addOpportunityEvent(ctx, c.ID, c.Actor, c.From, c.To, c.Note, c.At)
	})
}

func (s *Store) addOpportunityEvent(ctx context.Context, id, actor int64, from, to, note string, at time.Time) error {
	_, err := s.exec(ctx, `INSERT INTO opportunity_events (opportunity_id, at, actor_id, from_status, to_status, note) VALUES (?,?,?,?,?,?)`,
		id, T(at), nullID(actor), from, to, note)
	return err
}

// Event is one entry of a history (a posting's or an application's).
type Event struct {
	At        time.Time
	ActorID   int64
	ActorName string // first and last name, "" when the account is gone
	Kind      string // status | note (applications)
	From, To  string
	Note      string
}

// OpportunityEvents returns a posting's history, oldest first.
func (s *Store) OpportunityEvents(ctx context.Context, id int64) ([]Event, error) {
	return s.events(ctx, `SELECT e.at, coalesce(e.actor_id, 0), coalesce(u.first_name || ' ' || u.last_name, ''), 'status',
		e.from_status, e.to_status, e.note FROM opportunity_events e LEFT JOIN users u ON u.id = e.actor_id
		WHERE e.opportunity_id = ? ORDER BY e.id`, id)
}

func (s *Store) events(ctx context.Context, q string, args ...any) ([]Event, error) {
	rows, err := s.rows(ctx, q, args...)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []Event{}
	for rows.Next() {
		var e Event
		var at string
		if err := rows.Scan(&at, &e.ActorID, &e.ActorName, &e.Kind, &e.From, &e.To, &e.Note); err != nil {
			return nil, mapErr(err)
		}
		e.At = ParseT(at)
		out = append(out, e)
	}
	return out, mapErr(rows.Err())
}

// IndexOpportunity replaces a posting's search text (call it inside the write that changes
// what it is found by).
func (s *Store) IndexOpportunity(ctx context.Context, id int64, body string) error {
	if _, err := s.exec(ctx, `DELETE FROM opportunity_search WHERE rowid = ?`, id); err != nil {
		return err
	}
	if body == "" {
		return nil
	}
	if err := s.addSearchTerms(ctx, "opportunity_search", body); err != nil {
		return err
	}
	return s.execLater(ctx, `INSERT INTO opportunity_search (rowid, text) VALUES (?, ?)`, id, body)
}

// OppFilter selects postings. Statuses empty means published only. Match is an FTS5
// expression over the folded search text (app/platform/search), "" for none.
type OppFilter struct {
	OrgID           int64
	Statuses        []string
	Match           string
	Kind            string
	Kinds           []string // any of these (the dashboard's jobs or tours)
	EmploymentType  string
	Classification  string
	Classifications []string // any of these (Direction Board matches)
	Country         string
	Workplace       string
	Audience        string
	VisaType        string
	ExchangeType    string
	Paid            bool      // compensation stated (an amount)
	DeadlineFrom    string    // deadline on or after (YYYY-MM-DD); open postings without deadline are kept
	DeadlineTo      string    // deadline on or before
	SavedBy         int64     // only postings this person saved
	PublishedAfter  time.Time // only postings published after this (saved-search alerts)
	Sort            string    // newest (default) | deadline | relevance | updated
	After           *OppCursor
	Limit           int
}

// relevanceCandidates is how many of the best text matches relevance ranks (see
// SearchOpportunities).
const relevanceCandidates = 1000

// fewMatches is where SearchOpportunities changes plans for a text query: below it the matches
// are looked up and sorted (or all ranked); from it on they are read into a set that the sort's
// or the filters' index is checked against (or walked, when dense: denseMatches), and
// relevance ranks only the fewMatches most recently created matches.
const fewMatches = 2000

// denseAt is how many matches make a text query "dense" (denseMatches).
var denseAt = 30000 // a variable for the plans test

// denseMatches tells whether the text matches at least denseAt postings, which is where, with
// no other filter, walking the sort's index and asking the text index about each row beats
// reading every match's id first (a row costs ~0.25 ms, reading ids ~0.7 µs each: at 100,000
// postings they cross near 27,000 matches). Counting stops at denseAt (~3 ms).
func (s *Store) denseMatches(ctx context.Context, match string) bool {
	var n int
	err := s.row(ctx, `SELECT count(*) FROM (SELECT 1 FROM opportunity_search WHERE opportunity_search MATCH ? LIMIT `+
		strconv.Itoa(denseAt)+`)`, match).Scan(&n)
	return err == nil && n >= denseAt
}

// OppCursor is the keyset position after the last posting of a page: the sort key and id.
type OppCursor struct {
	Key string  // published_at, deadline or updated_at
	Num float64 // relevance (bm25)
	ID  int64
}

// OppPage is a page of postings and where the next begins (nil at the end).
type OppPage struct {
	Items []*Opportunity
	Next  *OppCursor
}

// SearchOpportunities returns one page of the postings f selects.
func (s *Store) SearchOpportunities(ctx context.Context, f OppFilter) (*OppPage, error) {
	var where []string
	var args []any
	add := func(cond string, a ...any) { where = append(where, cond); args = append(args, a...) }
	statuses := f.Statuses
	if len(statuses) == 0 {
		statuses = []string{"published"}
	}
	add(`p.status IN (`+placeholders(len(statuses))+`)`, anys(statuses)...)
	if f.OrgID != 0 {
		add(`p.organization_id = ?`, f.OrgID)
	}
	eq := func(col, v string) {
		if v != "" {
			add(col+` = ?`, v)
		}
	}
	eq("p.kind", f.Kind)
	eq("p.employment_type", f.EmploymentType)
	eq("p.classification", f.Classification)
	eq("p.country", f.Country)
	eq("p.workplace", f.Workplace)
	eq("p.audience", f.Audience)
	eq("p.visa_type", f.VisaType)
	eq("p.exchange_type", f.ExchangeType)
	if len(f.Kinds) > 0 {
		add(`p.kind IN (`+placeholders(len(f.Kinds))+`)`, anys(f.Kinds)...)
	}
	if len(f.Classifications) > 0 {
		add(`p.classification IN (`+placeholders(len(f.Classifications))+`)`, anys(f.Classifications)...)
	}
	if f.Paid {
		add(`p.pay_kind = 'amount'`)
	}
	if f.DeadlineFrom != "" {
		add(`(p.deadline = '' OR p.deadline >= ?)`, f.DeadlineFrom)
	}
	if f.DeadlineTo != "" {
		add(`p.deadline <> '' AND p.deadline <= ?`, f.DeadlineTo)
	}
	if !f.PublishedAfter.IsZero() {
		add(`p.published_at > ?`, T(f.PublishedAfter))
	}
	if f.SavedBy != 0 {
		add(`p.id IN (SELECT opportunity_id FROM saved_opportunities WHERE user_id = ?)`, f.SavedBy)
	}
	if f.Match != "" {
		m, err := s.expandMatch(ctx, "opportunity_search", f.Match)
		if err != nil {
			return nil, err
		}
		f.Match = m
	}
	sort := f.Sort
	if sort == "relevance" && f.Match == "" {
		sort = "newest"
	}
	from := oppFrom
	if f.Match != "" {
		// How many postings the text matches, counted up to fewMatches (the index's own rowid
		// walk: a few ms at 100,000 matches).
		var n int
		if err := s.row(ctx, `SELECT count(*) FROM (SELECT 1 FROM opportunity_search WHERE opportunity_search MATCH ? LIMIT `+
			strconv.Itoa(fewMatches)+`)`, f.Match).Scan(&n); err != nil {
			return nil, mapErr(err)
		}
		if sort == "relevance" {
			// Ranked by bm25 among the relevanceCandidates best text matches (FTS5 ranks and
			// cuts inside the index); the filters then apply to those. bm25 reads every match's
			// statistics, so for a common word (fewMatches or more) only the newest fewMatches
			// matches are ranked: the index gives the rowid where they begin, walking from the
			// newest (0.5 s for a word in all 100,000 postings before, ~10 ms after).
			window := ``
			if n >= fewMatches {
				var first int64
				if err := s.row(ctx, `SELECT rowid FROM opportunity_search WHERE opportunity_search MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET `+
					strconv.Itoa(fewMatches-1), f.Match).Scan(&first); err != nil {
					return nil, mapErr(err)
				}
				window = ` AND rowid >= ` + strconv.FormatInt(first, 10)
			}
			from = ` FROM (SELECT rowid AS id, rank FROM opportunity_search WHERE opportunity_search MATCH ?` + window + ` ORDER BY rank LIMIT ` +
				strconv.Itoa(relevanceCandidates) + `) m
			JOIN opportunities p ON p.id = m.id JOIN organizations o ON o.id = p.organization_id
			LEFT JOIN org_profiles op ON op.organization_id = p.organization_id `
			args = append([]any{f.Match}, args...)
		} else if n < fewMatches {
			// Few matches: look them up by id and sort them.
			add(`p.id IN (SELECT rowid FROM opportunity_search WHERE opportunity_search MATCH ?)`, f.Match)
		} else if len(where) == 1 && s.denseMatches(ctx, f.Match) {
			// A word in a large share of all postings and no filter: walking the sort's index,
			// nearly every posting matches, so asking the text index about each (a whole FTS5
			// query per row, ~0.25 ms) stops after a page's worth of rows: 5 ms for a word in
			// every posting, where reading 100,000 ids into a set (below) takes 60–70 ms.
			add(`EXISTS (SELECT 1 FROM opportunity_search WHERE opportunity_search MATCH ? AND rowid = p.id)`, f.Match)
		} else {
			// Many (a common word): the matches' ids are read once into a set (FTS5 reads a
			// doclist fast: ~10 ms for 100,000), and the postings are read by the sort's or the
			// filters' index, each checked against the set ("+" keeps the planner from driving
			// the query from the set). Asking the text index about each posting instead
			// (EXISTS … AND rowid = p.id) costs a whole FTS5 query per row: with a filter whose
			// index the planner prefers (kind=travel sorted by deadline) that was every travel
			// posting, 5–8 s.
			add(`+p.id IN (SELECT rowid FROM opportunity_search WHERE opportunity_search MATCH ?)`, f.Match)
		}
	}
	// Sort keys are plain columns of the indexes (status, published_at, id), (status, deadline,
	// id), (status, kind, published_at, id): the first page reads 21 index entries, not every
	// match. Published postings always have both a publication time and a deadline.
	var key, order string
	switch sort {
	case "deadline":
		key, order = `p.deadline`, `ASC`
	case "updated":
		key, order = `p.updated_at`, `DESC`
	case "relevance":
		key, order = `m.rank`, `ASC` // bm25: smaller is better
	default:
		key, order = `p.published_at`, `DESC`
	}
	if c := f.After; c != nil {
		cmp := "<"
		if order == "ASC" {
			cmp = ">"
		}
		var k any = c.Key
		if sort == "relevance" {
			k = c.Num
		}
		add(`(`+key+`, p.id) `+cmp+` (?, ?)`, k, c.ID)
	}
	limit := f.Limit
	if limit <= 0 || limit > 100 {
		limit = 20
	}
	q := `SELECT ` + oppCols + `, ` + key + ` AS sortkey` + from + `WHERE ` + strings.Join(where, " AND ") +
		` ORDER BY ` + key + ` ` + order + `, p.id ` + order + ` LIMIT ?`
	rows, err := s.rows(ctx, q, append(args, limit+1)...)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	page := &OppPage{Items: []*Opportunity{}}
	var keys []any
	for rows.Next() {
		var sk any
		o, err := scanOpportunity(scanFunc(func(dest ...any) error { return rows.Scan(append(dest, &sk)...) }))
		if err != nil {
			return nil, err
		}
		page.Items = append(page.Items, o)
		keys = append(keys, sk)
	}
	if err := rows.Err(); err != nil {
		return nil, mapErr(err)
	}
	if len(page.Items) > limit {
		page.Items = page.Items[:limit]
		last := page.Items[limit-1]
		c := &OppCursor{ID: last.ID}
		switch k := keys[limit-1].(type) {
		case float64:
			c.Num = k
		case string:
			c.Key = k
		}
		page.Next = c
	}
	return page, nil
}

type scanFunc func(dest ...any) error

func (f scanFunc) Scan(dest ...any) error { return f(dest...) }

func placeholders(n int) string { return strings.TrimSuffix(strings.Repeat("?,", n), ",") }

// anys is v as query arguments (for IN lists).
func anys[T any](v []T) []any {
	out := make([]any, len(v))
	for i, x := range v {
		out[i] = x
	}
	return out
}

// OpportunityCounts counts an organisation's postings per status.
func (s *Store) OpportunityCounts(ctx context.Context, orgID int64) (map[string]int, error) {
	return s.countByStatus(ctx, `SELECT status, count(*) FROM opportunities WHERE organization_id = ? GROUP BY status`, orgID)
}

// countByStatus reads (status, count) rows.
func (s *Store) countByStatus(ctx context.Context, q string, args ...any) (map[string]int, error) {
	rows, err := s.rows(ctx, q, args...)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var st string
		var n int
		if err := rows.Scan(&st, &n); err != nil {
			return nil, mapErr(err)
		}
		out[st] = n
	}
	return out, mapErr(rows.Err())
}

// QueueStats is what waits for the admins: how many and since when.
type QueueStats struct {
	Count  int
	Oldest time.Time
}

// SubmittedStats counts postings waiting for approval and the oldest submission time.
func (s *Store) SubmittedStats(ctx context.Context) (QueueStats, error) {
	var q QueueStats
	var oldest *string
	err := s.row(ctx, `SELECT count(*), min(submitted_at) FROM opportunities WHERE status = 'submitted'`).Scan(&q.Count, &oldest)
	q.Oldest = nullT(oldest)
	return q, mapErr(err)
}

// PendingOrgStats counts organisations waiting for verification.
func (s *Store) PendingOrgStats(ctx context.Context) (QueueStats, error) {
	var q QueueStats
	var oldest *string
	err := s.row(ctx, `SELECT count(*), min(requested_at) FROM org_profiles WHERE status = 'pending'`).Scan(&q.Count, &oldest)
	q.Oldest = nullT(oldest)
	return q, mapErr(err)
}

// ExpiredOpportunities lists published postings whose deadline is before today (YYYY-MM-DD).
func (s *Store) ExpiredOpportunities(ctx context.Context, today string, limit int) ([]int64, error) {
	return s.ids(ctx, `SELECT id FROM opportunities WHERE status = 'published' AND deadline <> '' AND deadline < ? ORDER BY id LIMIT ?`, today, limit)
}

func (s *Store) ids(ctx context.Context, q string, args ...any) ([]int64, error) {
	rows, err := s.rows(ctx, q, args...)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, mapErr(err)
		}
		out = append(out, id)
	}
	return out, mapErr(rows.Err())
}

// SaveOpportunity bookmarks a posting for a person (again is fine).
func (s *Store) SaveOpportunity(ctx context.Context, userID, oppID int64, now time.Time) error {
	_, err := s.exec(ctx, `INSERT INTO saved_opportunities (user_id, opportunity_id, created_at) VALUES (?,?,?)
		ON CONFLICT DO NOTHING`, userID, oppID, T(now))
	return err
}

// UnsaveOpportunity removes a bookmark (none is fine).
func (s *Store) UnsaveOpportunity(ctx context.Context, userID, oppID int64) error {
	_, err := s.exec(ctx, `DELETE FROM saved_opportunities WHERE user_id = ? AND opportunity_id = ?`, userID, oppID)
	return err
}

// SavedIDs returns which of ids the person saved.
func (s *Store) SavedIDs(ctx context.Context, userID int64, ids []int64) (map[int64]bool, error) {
	out := map[int64]bool{}
	if userID == 0 || len(ids) == 0 {
		return out, nil
	}
	args := []any{userID}
	for _, id := range ids {
		args = append(args, id)
	}
	got, err := s.ids(ctx, `SELECT opportunity_id FROM saved_opportunities WHERE user_id = ? AND opportunity_id IN (`+
		placeholders(len(ids))+`)`, args...)
	for _, id := range got {
		out[id] = true
	}
	return out, err
}

// OrgProfile is an organisation's public profile and verification.
type OrgProfile struct {
	OrgID              int64
	Name               string
	Slug               string
	DescriptionEn      string
	DescriptionMn      string
	Website            string
	Country            string
	City               string
	RegistrationNumber string
	ContactName        string
	ContactEmail       string
	ContactPhone       string
	Status             string
	Reason             string
	RequestedAt        time.Time
	DecidedAt          time.Time
	UpdatedAt          time.Time
}

const orgCols = `o.id, o.name, op.slug, op.description_en, op.description_mn, op.website, op.country, op.city,
	op.registration_number, op.contact_name, op.contact_email, op.contact_phone, op.status, op.reason,
	op.requested_at, op.decided_at, op.updated_at`

func scanOrg(sc scanner) (*OrgProfile, error) {
	var p OrgProfile
	var requested, decided *string
	var updated string
	if err := sc.Scan(&p.OrgID, &p.Name, &p.Slug, &p.DescriptionEn, &p.DescriptionMn, &p.Website, &p.Country, &p.City,
		&p.RegistrationNumber, &p.ContactName, &p.ContactEmail, &p.ContactPhone, &p.Status, &p.Reason,
		&requested, &decided, &updated); err != nil {
		return nil, mapErr(err)
	}
	p.RequestedAt, p.DecidedAt, p.UpdatedAt = nullT(requested), nullT(decided), ParseT(updated)
	return &p, nil
}

// OrgProfileByID returns an organisation's profile, or ErrNotFound when it has none yet.
func (s *Store) OrgProfileByID(ctx context.Context, orgID int64) (*OrgProfile, error) {
	return scanOrg(s.row(ctx, `SELECT `+orgCols+` FROM org_profiles op JOIN organizations o ON o.id = op.organization_id
		WHERE op.organization_id = ?`, orgID))
}

// OrgProfileBySlug returns an organisation's profile by its public slug.
func (s *Store) OrgProfileBySlug(ctx context.Context, slug string) (*OrgProfile, error) {
	return scanOrg(s.row(ctx, `SELECT `+orgCols+` FROM org_profiles op JOIN organizations o ON o.id = op.organization_id
		WHERE op.slug = ?`, slug))
}

// SaveOrgProfile creates or updates the profile's editable part (not its status).
func (s *Store) SaveOrgProfile(ctx context.Context, p *OrgProfile, now time.Time) error {
	_, err := s.exec(ctx, `INSERT INTO org_profiles (organization_id, slug, description_en, description_mn, website, country, city,
		registration_number, contact_name, contact_email, contact_phone, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)
		ON CONFLICT (organization_id) DO UPDATE SET description_en = excluded.description_en, description_mn = excluded.description_mn,
		website = excluded.website, country = excluded.country, city = excluded.city, registration_number = excluded.registration_number,
		contact_name = excluded.contact_name, contact_email = excluded.contact_email, contact_phone = excluded.contact_phone,
		updated_at = excluded.updated_at`,
		p.OrgID, p.Slug, p.DescriptionEn, p.DescriptionMn, p.Website, p.Country, p.City, p.RegistrationNumber, p.ContactName,
		p.ContactEmail, p.ContactPhone, T(now))
	return err
}

// SetOrgStatus changes a verification status, only from one of from (else ErrConflict).
func (s *Store) SetOrgStatus(ctx context.Context, orgID int64, from []string, to, reason string, by int64, now time.Time) error {
	q := `UPDATE org_profiles SET status = ?, reason = ?, updated_at = ?`
	args := []any{to, reason, T(now)}
	if to == "pending" {
		q += `, requested_at = ?`
		args = append(args, T(now))
	} else {
		q += `, decided_at = ?, decided_by = ?`
		args = append(args, T(now), nullID(by))
	}
	args = append(append(args, orgID), anys(from)...)
	res, err := s.exec(ctx, q+` WHERE organization_id = ? AND status IN (`+placeholders(len(from))+`)`, args...)
	if err != nil {
		return err
	}
	if oneRow(res) != nil {
		return ErrConflict
	}
	return nil
}

// OrgsByStatus lists organisations in a verification status, oldest request first.
func (s *Store) OrgsByStatus(ctx context.Context, status string, limit int) ([]*OrgProfile, error) {
	rows, err := s.rows(ctx, `SELECT `+orgCols+` FROM org_profiles op JOIN organizations o ON o.id = op.organization_id
		WHERE op.status = ? ORDER BY op.requested_at, o.id LIMIT ?`, status, limit)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []*OrgProfile{}
	for rows.Next() {
		p, err := scanOrg(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, mapErr(rows.Err())
}

// OrgStaff lists the user ids of an organisation's members with one of roles.
func (s *Store) OrgStaff(ctx context.Context, orgID int64, roles ...string) ([]int64, error) {
	return s.ids(ctx, `SELECT user_id FROM memberships WHERE organization_id = ? AND role IN (`+placeholders(len(roles))+`) ORDER BY user_id`,
		append([]any{orgID}, anys(roles)...)...)
}
