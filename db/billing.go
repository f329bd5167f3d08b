package db

import (
	"context"

	"fmt"
	"time"
)

// Billing (app/store/billing): plans, subscriptions, invoices, price notices, the terms'
// acceptances. Money is an integer in the currency's minor unit.

// BillingPlan is a plan of paid accounts. A limit of -1 means no limit.
type BillingPlan struct {
	ID             int64
	Code           string
	NameEN, NameMN string
	SummaryEN      string
	SummaryMN      string
	MaxPostings    int
	MaxStaff       int
	MaxCommunities int
	PriceMNT       int64
	PriceUSD       int64
	Active         bool
	Sort           int
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// Price is the plan's monthly price in currency ("MNT" or "USD").
func (p BillingPlan) Price(currency string) int64 {
	if currency == "USD" {
		return p.PriceUSD
	}
	return p.PriceMNT
}

const planCols = `id, code, name_en, name_mn, summary_en, summary_mn, max_postings, max_staff, max_communities,
	price_mnt, price_usd, active, sort, created_at, updated_at`

func scanPlan(sc interface{ Scan(...any) error }) (BillingPlan, error) {
	var p BillingPlan
	var c, u string
	err := sc.Scan(&p.ID, &p.Code, &p.NameEN, &p.NameMN, &p.SummaryEN, &p.SummaryMN, &p.MaxPostings, &p.MaxStaff,
		&p.MaxCommunities, &p.PriceMNT, &p.PriceUSD, &p.Active, &p.Sort, &c, &u)
	p.CreatedAt, p.UpdatedAt = ParseT(c), ParseT(u)
	return p, mapErr(err)
}

// BillingPlans lists the plans by their order (retired ones only when all is set).
func (s *Store) BillingPlans(ctx context.Context, all bool) ([]BillingPlan, error) {
	q := `SELECT ` + planCols + ` FROM billing_plans`
	if !all {
		q += ` WHERE active = 1`
	}
	rows, err := s.rows(ctx, q+` ORDER BY sort, id LIMIT 200`)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []BillingPlan{}
	for rows.Next() {
		p, err := scanPlan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, mapErr(rows.Err())
}

// BillingPlan returns one plan.
func (s *Store) BillingPlan(ctx context.Context, id int64) (BillingPlan, error) {
	return scanPlan(s.row(ctx, `SELECT `+planCols+` FROM billing_plans WHERE id = ?`, id))
}

// BillingPlanByCode returns the plan with code ("free").
func (s *Store) BillingPlanByCode(ctx context.Context, code string) (BillingPlan, error) {
	return scanPlan(s.row(ctx, `SELECT `+planCols+` FROM billing_plans WHERE code = ?`, code))
}

// SaveBillingPlan inserts (ID 0) or updates a plan and returns it.
func (s *Store) SaveBillingPlan(ctx context.Context, p BillingPlan, now time.Time) (BillingPlan, error) {
	if p.ID == 0 {
		err := s.row(ctx, `INSERT INTO billing_plans (code, name_en, name_mn, summary_en, summary_mn, max_postings, max_staff,
			max_communities, price_mnt, price_usd, active, sort, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?) RETURNING id`,
			p.Code, p.NameEN, p.NameMN, p.SummaryEN, p.SummaryMN, p.MaxPostings, p.MaxStaff, p.MaxCommunities, p.PriceMNT, p.PriceUSD,
			p.Active, p.Sort, T(now), T(now)).Scan(&p.ID)
		if err != nil {
			return p, mapErr(err)
		}
	} else {
		res, err := s.exec(ctx, `UPDATE billing_plans SET code = ?, name_en = ?, name_mn = ?, summary_en = ?, summary_mn = ?,
			max_postings = ?, max_staff = ?, max_communities = ?, price_mnt = ?, price_usd = ?, active = ?, sort = ?, updated_at = ?
			WHERE id = ?`, p.Code, p.NameEN, p.NameMN, p.SummaryEN, p.SummaryMN, p.MaxPostings, p.MaxStaff, p.MaxCommunities,
			p.PriceMNT, p.PriceUSD, p.Active, p.Sort, T(now), p.ID)
		if err != nil {
			return p, mapErr(err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return p, ErrNotFound
		}
	}
	return s.BillingPlan(ctx, p.ID)
}

// BillingSubscription is an organisation's subscription.
type BillingSubscription struct {
	ID                int64
	OrgID             int64
	OwnerID           int64
	PlanID            int64
	NextPlanID        int64
	Currency          string
	Price             int64
	Status            string // pending | active | past_due | ended
	PeriodStart       time.Time
	PeriodEnd         time.Time
	CancelAtPeriodEnd bool
	Attempts          int
	NextAttemptAt     time.Time
	RenewalInvoiceID  int64
	Provider          string
	CreatedAt         time.Time
	UpdatedAt         time.Time
	// Read with the subscription: the owner's email, language and name, the organisation's name.
	OwnerEmail string
	OwnerLang  string
	OwnerName  string
	OrgName    string
}

const bsubCols = `s.id, s.org_id, coalesce(s.owner_id, 0), s.plan_id, coalesce(s.next_plan_id, 0), s.currency, s.price, s.status,
	s.period_start, s.period_end, s.cancel_at_period_end, s.attempts, s.next_attempt_at, coalesce(s.renewal_invoice_id, 0),
	s.provider, s.created_at, s.updated_at, coalesce(u.email, ''), coalesce(u.language, 'mn'),
	coalesce(u.first_name, ''), o.name`

const bsubFrom = ` FROM billing_subscriptions s JOIN organizations o ON o.id = s.org_id LEFT JOIN users u ON u.id = s.owner_id`

func scanSub(sc interface{ Scan(...any) error }) (BillingSubscription, error) {
	var b BillingSubscription
	var ps, pe, na *string
	var c, u string
	err := sc.Scan(&b.ID, &b.OrgID, &b.OwnerID, &b.PlanID, &b.NextPlanID, &b.Currency, &b.Price, &b.Status, &ps, &pe,
		&b.CancelAtPeriodEnd, &b.Attempts, &na, &b.RenewalInvoiceID, &b.Provider, &c, &u, &b.OwnerEmail, &b.OwnerLang,
		&b.OwnerName, &b.OrgName)
	b.PeriodStart, b.PeriodEnd, b.NextAttemptAt = nullT(ps), nullT(pe), nullT(na)
	b.CreatedAt, b.UpdatedAt = ParseT(c), ParseT(u)
	return b, mapErr(err)
}

// BillingSubscriptionOfOrg returns the organisation's subscription (ErrNotFound: never subscribed).
func (s *Store) BillingSubscriptionOfOrg(ctx context.Context, orgID int64) (BillingSubscription, error) {
	return scanSub(s.row(ctx, `SELECT `+bsubCols+bsubFrom+` WHERE s.org_id = ?`, orgID))
}

// BillingSubscription returns one subscription.
func (s *Store) BillingSubscription(ctx context.Context, id int64) (BillingSubscription, error) {
	return scanSub(s.row(ctx, `SELECT `+bsubCols+bsubFrom+` WHERE s.id = ?`, id))
}

func optT(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return T(t)
}

func optID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

// SaveBillingSubscription inserts (ID 0: replacing an ended subscription of the same
// organisation) or updates a subscription; it returns its id.
func (s *Store) SaveBillingSubscription(ctx context.Context, b BillingSubscription, now time.Time) (int64, error) {
	if b.ID == 0 {
		err := s.row(ctx, `INSERT INTO billing_subscriptions (org_id, owner_id, plan_id, next_plan_id, currency, price, status,
			period_start, period_end, cancel_at_period_end, attempts, next_attempt_at, renewal_invoice_id, provider, created_at, updated_at)
			VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?) RETURNING id`, b.OrgID, optID(b.OwnerID), b.PlanID, optID(b.NextPlanID),
			b.Currency, b.Price, b.Status, optT(b.PeriodStart), optT(b.PeriodEnd), b.CancelAtPeriodEnd, b.Attempts,
			optT(b.NextAttemptAt), optID(b.RenewalInvoiceID), b.Provider, T(now), T(now)).Scan(&b.ID)
		return b.ID, mapErr(err)
	}
	_, err := s.exec(ctx, `UPDATE billing_subscriptions SET owner_id = ?, plan_id = ?, next_plan_id = ?, currency = ?, price = ?,
		status = ?, period_start = ?, period_end = ?, cancel_at_period_end = ?, attempts = ?, next_attempt_at = ?,
		renewal_invoice_id = ?, provider = ?, updated_at = ? WHERE id = ?`, optID(b.OwnerID), b.PlanID, optID(b.NextPlanID),
		b.Currency, b.Price, b.Status, optT(b.PeriodStart), optT(b.PeriodEnd), b.CancelAtPeriodEnd, b.Attempts,
		optT(b.NextAttemptAt), optID(b.RenewalInvoiceID), b.Provider, T(now), b.ID)
	return b.ID, mapErr(err)
}

// DueBillingSubscriptions lists (by id, after afterID) the subscriptions the renewal run has
// work for at now: a period that ended without a renewal invoice yet, or a retry that is due.
func (s *Store) DueBillingSubscriptions(ctx context.Context, now time.Time, afterID int64, limit int) ([]int64, error) {
	rows, err := s.rows(ctx, `SELECT id FROM billing_subscriptions
		WHERE status IN ('active', 'past_due') AND id > ? AND period_end <= ?
		  AND (renewal_invoice_id IS NULL OR next_attempt_at <= ?)
		ORDER BY id LIMIT ?`, afterID, T(now), T(now), limit)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	ids := []int64{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, mapErr(err)
		}
		ids = append(ids, id)
	}
	return ids, mapErr(rows.Err())
}

// BillingSubscribersOf lists the live subscriptions (pending, active, past due) on a plan
// in a currency, with their owners.
func (s *Store) BillingSubscribersOf(ctx context.Context, planID int64, currency string) ([]BillingSubscription, error) {
	rows, err := s.rows(ctx, `SELECT `+bsubCols+bsubFrom+` WHERE s.plan_id = ? AND s.currency = ?
		AND s.status IN ('active', 'past_due', 'pending') ORDER BY s.id`, planID, currency)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []BillingSubscription{}
	for rows.Next() {
		b, err := scanSub(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, mapErr(rows.Err())
}

// BillingOrgOwner returns the owner of an organisation (for a manual invoice's buyer and the
// renewal emails).
func (s *Store) BillingOrgOwner(ctx context.Context, orgID int64) (*User, error) {
	return scanUser(s.row(ctx, `SELECT `+userCols+userFrom+` WHERE m.organization_id = ? AND m.role = 'owner' ORDER BY u.id LIMIT 1`, orgID))
}

// BillingTermsAcceptance is the proof that someone accepted the no-refund terms.
type BillingTermsAcceptance struct {
	OrgID, UserID, PlanID int64
	TermsVersion          string
	AcceptedAt            time.Time
	IP                    string
}

// AddBillingTermsAcceptance records an acceptance.
func (s *Store) AddBillingTermsAcceptance(ctx context.Context, a BillingTermsAcceptance) error {
	_, err := s.exec(ctx, `INSERT INTO billing_terms_acceptances (org_id, user_id, plan_id, terms_version, accepted_at, ip)
		VALUES (?,?,?,?,?,?)`, a.OrgID, a.UserID, a.PlanID, a.TermsVersion, T(a.AcceptedAt), a.IP)
	return mapErr(err)
}

// BillingTermsAcceptances lists an organisation's acceptances, newest first.
func (s *Store) BillingTermsAcceptances(ctx context.Context, orgID int64) ([]BillingTermsAcceptance, error) {
	return s.billingAcceptances(ctx, `org_id = ?`, orgID)
}

// BillingTermsAcceptancesBy lists the acceptances a person made, newest first ("download my data").
func (s *Store) BillingTermsAcceptancesBy(ctx context.Context, userID int64) ([]BillingTermsAcceptance, error) {
	return s.billingAcceptances(ctx, `user_id = ?`, userID)
}

func (s *Store) billingAcceptances(ctx context.Context, where string, arg int64) ([]BillingTermsAcceptance, error) {
	rows, err := s.rows(ctx, `SELECT org_id, coalesce(user_id, 0), plan_id, terms_version, accepted_at, ip
		FROM billing_terms_acceptances WHERE `+where+` ORDER BY id DESC LIMIT 1000`, arg)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []BillingTermsAcceptance{}
	for rows.Next() {
		var a BillingTermsAcceptance
		var at string
		if err := rows.Scan(&a.OrgID, &a.UserID, &a.PlanID, &a.TermsVersion, &at, &a.IP); err != nil {
			return nil, mapErr(err)
		}
		a.AcceptedAt = ParseT(at)
		out = append(out, a)
	}
	return out, mapErr(rows.Err())
}

// BillingPriceNotice is the notice of a price change sent to one subscription's owner.
type BillingPriceNotice struct {
	ID             int64
	SubscriptionID int64
	PlanID         int64
	Currency       string
	OldPrice       int64
	NewPrice       int64
	EmailTo        string
	EmailLang      string
	EmailSubject   string
	EmailText      string
	OutboxID       int64
	SentAt         time.Time
	DeliveredAt    time.Time
	EffectiveFrom  time.Time
	AppliedAt      time.Time
}

// AddBillingPriceNotice records a notice.
func (s *Store) AddBillingPriceNotice(ctx context.Context, n BillingPriceNotice) error {
	_, err := s.exec(ctx, `INSERT INTO billing_price_notices (subscription_id, plan_id, currency, old_price, new_price, email_to,
		email_lang, email_subject, email_text, outbox_id, sent_at, effective_from) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)`,
		n.SubscriptionID, n.PlanID, n.Currency, n.OldPrice, n.NewPrice, n.EmailTo, n.EmailLang, n.EmailSubject, n.EmailText,
		optID(n.OutboxID), T(n.SentAt), T(n.EffectiveFrom))
	return mapErr(err)
}

const noticeCols = `id, subscription_id, plan_id, currency, old_price, new_price, email_to, email_lang, email_subject, email_text,
	coalesce(outbox_id, 0), sent_at, delivered_at, effective_from, applied_at`

func scanNotice(sc interface{ Scan(...any) error }) (BillingPriceNotice, error) {
	var n BillingPriceNotice
	var sent, eff string
	var del, app *string
	err := sc.Scan(&n.ID, &n.SubscriptionID, &n.PlanID, &n.Currency, &n.OldPrice, &n.NewPrice, &n.EmailTo, &n.EmailLang,
		&n.EmailSubject, &n.EmailText, &n.OutboxID, &sent, &del, &eff, &app)
	n.SentAt, n.EffectiveFrom, n.DeliveredAt, n.AppliedAt = ParseT(sent), ParseT(eff), nullT(del), nullT(app)
	return n, mapErr(err)
}

// BillingPriceNotices lists a subscription's notices, newest first.
func (s *Store) BillingPriceNotices(ctx context.Context, subID int64) ([]BillingPriceNotice, error) {
	rows, err := s.rows(ctx, `SELECT `+noticeCols+` FROM billing_price_notices WHERE subscription_id = ? ORDER BY id DESC LIMIT 100`, subID)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []BillingPriceNotice{}
	for rows.Next() {
		n, err := scanNotice(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, mapErr(rows.Err())
}

// DueBillingPriceNotice returns the newest notice of a subscription not yet applied whose
// effective date is at or before at (ErrNotFound: none; the renewal keeps the price).
func (s *Store) DueBillingPriceNotice(ctx context.Context, subID int64, currency string, at time.Time) (BillingPriceNotice, error) {
	return scanNotice(s.row(ctx, `SELECT `+noticeCols+` FROM billing_price_notices WHERE subscription_id = ? AND currency = ?
		AND applied_at IS NULL AND effective_from <= ? ORDER BY effective_from DESC, id DESC LIMIT 1`, subID, currency, T(at)))
}

// ApplyBillingPriceNotices marks the subscription's notices effective at or before at as applied.
func (s *Store) ApplyBillingPriceNotices(ctx context.Context, subID int64, at, now time.Time) error {
	_, err := s.exec(ctx, `UPDATE billing_price_notices SET applied_at = ? WHERE subscription_id = ? AND applied_at IS NULL
		AND effective_from <= ?`, T(now), subID, T(at))
	return mapErr(err)
}

// MarkBillingNoticesDelivered copies the outbox's delivery time into the notices whose email
// was sent (the proof outlives the outbox's retention). It returns how many it marked.
func (s *Store) MarkBillingNoticesDelivered(ctx context.Context) (int64, error) {
	res, err := s.exec(ctx, `UPDATE billing_price_notices SET delivered_at = (SELECT sent_at FROM outbox WHERE outbox.id = outbox_id)
		WHERE delivered_at IS NULL AND outbox_id IS NOT NULL
		  AND EXISTS (SELECT 1 FROM outbox WHERE outbox.id = outbox_id AND sent_at IS NOT NULL)`)
	if err != nil {
		return 0, mapErr(err)
	}
	return res.RowsAffected()
}

// BillingInvoice is an invoice or a credit note. Lines are JSON (the module's type).
type BillingInvoice struct {
	ID             int64
	Kind           string // invoice | credit
	CreditsID      int64
	Status         string // draft | issued | paid | void
	Year, Seq      int
	Number         string
	OrgID          int64
	SubscriptionID int64
	PaymentID      int64
	Purpose        string
	PlanID         int64
	Lang           string
	Currency       string
	SellerName     string
	SellerAddress  string
	SellerTaxID    string
	SellerDetails  string // JSON of the seller's other details at issue ('' on invoices issued before they were kept)
	BuyerName      string
	BuyerAddress   string
	BuyerTaxID     string
	BuyerEmail     string
	Lines          string
	VATRateBP      int
	Total          int64
	VAT            int64
	PeriodStart    time.Time
	PeriodEnd      time.Time
	Note           string
	CreatedBy      int64
	CreatedAt      time.Time
	UpdatedAt      time.Time
	IssuedAt       time.Time
	DueAt          time.Time
	PaidAt         time.Time
	VoidedAt       time.Time
}

const invCols = `id, kind, coalesce(credits_id, 0), status, coalesce(year, 0), coalesce(seq, 0), coalesce(number, ''),
	coalesce(org_id, 0), coalesce(subscription_id, 0), coalesce(payment_id, 0), purpose, coalesce(plan_id, 0), lang, currency,
	seller_name, seller_address, seller_tax_id, buyer_name, buyer_address, buyer_tax_id, buyer_email, lines, vat_rate_bp,
	total, vat, period_start, period_end, note, coalesce(created_by, 0), created_at, updated_at, issued_at, due_at, paid_at, voided_at,
	seller_details`

func scanInvoice(sc interface{ Scan(...any) error }) (BillingInvoice, error) {
	var v BillingInvoice
	var c, u string
	var ps, pe, is, du, pa, vo *string
	err := sc.Scan(&v.ID, &v.Kind, &v.CreditsID, &v.Status, &v.Year, &v.Seq, &v.Number, &v.OrgID, &v.SubscriptionID,
		&v.PaymentID, &v.Purpose, &v.PlanID, &v.Lang, &v.Currency, &v.SellerName, &v.SellerAddress, &v.SellerTaxID,
		&v.BuyerName, &v.BuyerAddress, &v.BuyerTaxID, &v.BuyerEmail, &v.Lines, &v.VATRateBP, &v.Total, &v.VAT, &ps, &pe,
		&v.Note, &v.CreatedBy, &c, &u, &is, &du, &pa, &vo, &v.SellerDetails)
	v.CreatedAt, v.UpdatedAt = ParseT(c), ParseT(u)
	v.PeriodStart, v.PeriodEnd, v.IssuedAt, v.DueAt, v.PaidAt, v.VoidedAt = nullT(ps), nullT(pe), nullT(is), nullT(du), nullT(pa), nullT(vo)
	return v, mapErr(err)
}

// BillingInvoice returns one invoice.
func (s *Store) BillingInvoice(ctx context.Context, id int64) (BillingInvoice, error) {
	return scanInvoice(s.row(ctx, `SELECT `+invCols+` FROM billing_invoices WHERE id = ?`, id))
}

// BillingInvoices lists invoices newest first (keyset on id: before 0 = from the newest), of
// one organisation (orgID > 0) or all.
func (s *Store) BillingInvoices(ctx context.Context, orgID, before int64, limit int) ([]BillingInvoice, error) {
	q := `SELECT ` + invCols + ` FROM billing_invoices WHERE (? = 0 OR id < ?)`
	args := []any{before, before}
	if orgID > 0 {
		q += ` AND org_id = ? AND status <> 'draft'`
		args = append(args, orgID)
	}
	rows, err := s.rows(ctx, q+` ORDER BY id DESC LIMIT ?`, append(args, limit)...)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []BillingInvoice{}
	for rows.Next() {
		v, err := scanInvoice(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, mapErr(rows.Err())
}

// CreateBillingInvoice stores a draft and returns its id.
func (s *Store) CreateBillingInvoice(ctx context.Context, v BillingInvoice, now time.Time) (int64, error) {
	err := s.row(ctx, `INSERT INTO billing_invoices (kind, credits_id, status, org_id, subscription_id, purpose, plan_id, lang,
		currency, seller_name, seller_address, seller_tax_id, buyer_name, buyer_address, buyer_tax_id, buyer_email, lines,
		vat_rate_bp, total, vat, period_start, period_end, note, created_by, created_at, updated_at, due_at, seller_details)
		VALUES (?,?,'draft',?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?) RETURNING id`, v.Kind, optID(v.CreditsID), optID(v.OrgID),
		optID(v.SubscriptionID), v.Purpose, optID(v.PlanID), v.Lang, v.Currency, v.SellerName, v.SellerAddress, v.SellerTaxID,
		v.BuyerName, v.BuyerAddress, v.BuyerTaxID, v.BuyerEmail, v.Lines, v.VATRateBP, v.Total, v.VAT, optT(v.PeriodStart),
		optT(v.PeriodEnd), v.Note, optID(v.CreatedBy), T(now), T(now), optT(v.DueAt), v.SellerDetails).Scan(&v.ID)
	return v.ID, mapErr(err)
}

// SetBillingDraftSeller writes the seller's details on a draft (the moment before it is issued:
// an invoice keeps the details it was issued with). ErrNotFound when it is not a draft.
func (s *Store) SetBillingDraftSeller(ctx context.Context, id int64, name, address, taxID, details string) error {
	res, err := s.exec(ctx, `UPDATE billing_invoices SET seller_name = ?, seller_address = ?, seller_tax_id = ?, seller_details = ?
		WHERE id = ? AND status = 'draft'`, name, address, taxID, details, id)
	if err != nil {
		return mapErr(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// UpdateBillingDraft replaces a draft's content (ErrNotFound when it is not a draft).
func (s *Store) UpdateBillingDraft(ctx context.Context, v BillingInvoice, now time.Time) error {
	res, err := s.exec(ctx, `UPDATE billing_invoices SET org_id = ?, lang = ?, currency = ?, buyer_name = ?, buyer_address = ?,
		buyer_tax_id = ?, buyer_email = ?, lines = ?, vat_rate_bp = ?, total = ?, vat = ?, note = ?, due_at = ?, updated_at = ?
		WHERE id = ? AND status = 'draft'`, optID(v.OrgID), v.Lang, v.Currency, v.BuyerName, v.BuyerAddress, v.BuyerTaxID,
		v.BuyerEmail, v.Lines, v.VATRateBP, v.Total, v.VAT, v.Note, optT(v.DueAt), T(now), v.ID)
	if err != nil {
		return mapErr(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// IssueBillingInvoice gives a draft the next number of year and issues it. Call it inside
// the transaction that needs the number: the counter moves in that transaction, so a
// rollback gives the number back and the sequence has no gaps.
func (s *Store) IssueBillingInvoice(ctx context.Context, id int64, year int, at time.Time) (string, error) {
	var seq int
	if err := s.row(ctx, `INSERT INTO billing_invoice_counters (year, last) VALUES (?, 1)
		ON CONFLICT (year) DO UPDATE SET last = last + 1 RETURNING last`, year).Scan(&seq); err != nil {
		return "", mapErr(err)
	}
	number := fmt.Sprintf("%d-%05d", year, seq)
	res, err := s.exec(ctx, `UPDATE billing_invoices SET status = 'issued', year = ?, seq = ?, number = ?, issued_at = ?,
		updated_at = ? WHERE id = ? AND status = 'draft'`, year, seq, number, T(at), T(at), id)
	if err != nil {
		return "", mapErr(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return "", ErrNotFound
	}
	return number, nil
}

// SetBillingInvoiceStatus moves an issued invoice to paid or void (from is the status it must
// have; ErrNotFound otherwise).
func (s *Store) SetBillingInvoiceStatus(ctx context.Context, id int64, from, to string, at time.Time) error {
	col := "paid_at"
	if to == "void" {
		col = "voided_at"
	}
	res, err := s.exec(ctx, `UPDATE billing_invoices SET status = ?, `+col+` = ?, updated_at = ? WHERE id = ? AND status = ?`,
		to, T(at), T(at), id, from)
	if err != nil {
		return mapErr(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// SetBillingInvoicePayment links an invoice to the payment that collects it.
func (s *Store) SetBillingInvoicePayment(ctx context.Context, id, paymentID int64) error {
	_, err := s.exec(ctx, `UPDATE billing_invoices SET payment_id = ? WHERE id = ?`, paymentID, id)
	return mapErr(err)
}

// DeleteBillingDraft deletes a draft (ErrNotFound when it is not one).
func (s *Store) DeleteBillingDraft(ctx context.Context, id int64) error {
	res, err := s.exec(ctx, `DELETE FROM billing_invoices WHERE id = ? AND status = 'draft'`, id)
	if err != nil {
		return mapErr(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// BillingInvoiceNumbers returns every issued number of a year in order (the gap test).
func (s *Store) BillingInvoiceNumbers(ctx context.Context, year int) ([]int, error) {
	rows, err := s.rows(ctx, `SELECT seq FROM billing_invoices WHERE year = ? ORDER BY seq`, year)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []int{}
	for rows.Next() {
		var n int
		if err := rows.Scan(&n); err != nil {
			return nil, mapErr(err)
		}
		out = append(out, n)
	}
	return out, mapErr(rows.Err())
}
