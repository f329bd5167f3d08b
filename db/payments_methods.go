package db

import (
	"context"
	"errors"
	"time"
)

// Saved cards (a provider's customer and payment method per organisation) and off-session
// charges (app/platform/payments). Never a card number: brand, last four digits and expiry.

// PaymentMethod is an organisation's saved card.
type PaymentMethod struct {
	OrgID      int64
	Provider   string
	CustomerID string
	MethodID   string
	Brand      string // visa, mastercard, … (as the provider names it)
	Last4      string
	ExpMonth   int
	ExpYear    int
	PaymentID  int64 // the payment that saved it (0 when that payment is gone)
	CreatedAt  time.Time
}

// PaymentCustomer is the provider's customer of an organisation ("" when there is none).
func (s *Store) PaymentCustomer(ctx context.Context, orgID int64, provider string) (string, error) {
	var id string
	err := mapErr(s.row(ctx, `SELECT customer_id FROM payment_customers WHERE org_id = ? AND provider = ?`, orgID, provider).Scan(&id))
	if errors.Is(err, ErrNotFound) {
		return "", nil
	}
	return id, err
}

// SetPaymentCustomer stores the provider's customer of an organisation unless one is there
// already; it returns the one stored (a concurrent first payment's customer wins).
func (s *Store) SetPaymentCustomer(ctx context.Context, orgID int64, provider, customerID string, now time.Time) (string, error) {
	if _, err := s.exec(ctx, `INSERT INTO payment_customers (org_id, provider, customer_id, created_at) VALUES (?,?,?,?)
		ON CONFLICT (org_id, provider) DO NOTHING`, orgID, provider, customerID, T(now)); err != nil {
		return "", err
	}
	return s.PaymentCustomer(ctx, orgID, provider)
}

const pmCols = `org_id, provider, customer_id, method_id, brand, last4, exp_month, exp_year, coalesce(payment_id, 0), created_at`

func scanPM(r scanner) (PaymentMethod, error) {
	var m PaymentMethod
	var c string
	err := r.Scan(&m.OrgID, &m.Provider, &m.CustomerID, &m.MethodID, &m.Brand, &m.Last4, &m.ExpMonth, &m.ExpYear, &m.PaymentID, &c)
	m.CreatedAt = ParseT(c)
	return m, mapErr(err)
}

// SavePaymentMethod stores (or replaces) an organisation's saved card of a provider.
func (s *Store) SavePaymentMethod(ctx context.Context, m PaymentMethod, now time.Time) error {
	_, err := s.exec(ctx, `INSERT INTO payment_methods (org_id, provider, customer_id, method_id, brand, last4, exp_month, exp_year,
		payment_id, created_at) VALUES (?,?,?,?,?,?,?,?,?,?)
		ON CONFLICT (org_id, provider) DO UPDATE SET customer_id = excluded.customer_id, method_id = excluded.method_id,
		brand = excluded.brand, last4 = excluded.last4, exp_month = excluded.exp_month, exp_year = excluded.exp_year,
		payment_id = excluded.payment_id, created_at = excluded.created_at`,
		m.OrgID, m.Provider, m.CustomerID, m.MethodID, m.Brand, m.Last4, m.ExpMonth, m.ExpYear, nullID(m.PaymentID), T(now))
	return err
}

// SavedPaymentMethod returns an organisation's saved card of a provider (ErrNotFound: none).
func (s *Store) SavedPaymentMethod(ctx context.Context, orgID int64, provider string) (PaymentMethod, error) {
	return scanPM(s.row(ctx, `SELECT `+pmCols+` FROM payment_methods WHERE org_id = ? AND provider = ?`, orgID, provider))
}

// DeletePaymentMethod removes an organisation's saved card of a provider; false when there was none.
func (s *Store) DeletePaymentMethod(ctx context.Context, orgID int64, provider string) (bool, error) {
	res, err := s.exec(ctx, `DELETE FROM payment_methods WHERE org_id = ? AND provider = ?`, orgID, provider)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Off-session charge statuses.
const (
	ChargeStarted    = "started"
	ChargeProcessing = "processing"
	ChargeSucceeded  = "succeeded"
	ChargeDeclined   = "declined"
)

// PaymentCharge is one off-session charge of a payment.
type PaymentCharge struct {
	PaymentID      int64
	Attempt        int
	IdempotencyKey string
	MethodID       string
	IntentID       string
	Status         string
	Code           string
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

const chargeCols = `payment_id, attempt, idempotency_key, method_id, intent_id, status, code, created_at, updated_at`

func scanCharge(r scanner) (PaymentCharge, error) {
	var c PaymentCharge
	var cr, up string
	err := r.Scan(&c.PaymentID, &c.Attempt, &c.IdempotencyKey, &c.MethodID, &c.IntentID, &c.Status, &c.Code, &cr, &up)
	c.CreatedAt, c.UpdatedAt = ParseT(cr), ParseT(up)
	return c, mapErr(err)
}

// StartPaymentCharge records that attempt n of a payment is being charged (idempotent: the
// row of an attempt already recorded is returned as it is, with false).
func (s *Store) StartPaymentCharge(ctx context.Context, c PaymentCharge, now time.Time) (PaymentCharge, bool, error) {
	res, err := s.exec(ctx, `INSERT INTO payment_charges (payment_id, attempt, idempotency_key, method_id, status, created_at, updated_at)
		VALUES (?,?,?,?,'started',?,?) ON CONFLICT (payment_id, attempt) DO NOTHING`,
		c.PaymentID, c.Attempt, c.IdempotencyKey, c.MethodID, T(now), T(now))
	if err != nil {
		return c, false, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return c, false, err
	}
	got, err := scanCharge(s.row(ctx, `SELECT `+chargeCols+` FROM payment_charges WHERE payment_id = ? AND attempt = ?`, c.PaymentID, c.Attempt))
	return got, n == 1, err
}

// SetPaymentCharge records a charge's answer.
func (s *Store) SetPaymentCharge(ctx context.Context, paymentID int64, attempt int, intentID, status, code string, now time.Time) error {
	_, err := s.exec(ctx, `UPDATE payment_charges SET intent_id = ?, status = ?, code = ?, updated_at = ? WHERE payment_id = ? AND attempt = ?`,
		intentID, status, code, T(now), paymentID, attempt)
	return err
}

// PaymentCharges lists a payment's off-session charges, oldest attempt first.
func (s *Store) PaymentCharges(ctx context.Context, paymentID int64) ([]PaymentCharge, error) {
	rows, err := s.rows(ctx, `SELECT `+chargeCols+` FROM payment_charges WHERE payment_id = ? ORDER BY attempt`, paymentID)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []PaymentCharge{}
	for rows.Next() {
		c, err := scanCharge(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, mapErr(rows.Err())
}
