package db

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Refunds of payments (app/platform/payments, issue #16; migration 0034). The rules — only
// money owed back, whole refunds, at most one live refund a payment, the ledger reversal —
// live in that package; these are the queries.

// DetailPaymentRefunded is the audit detail of a refund an admin made:
// payment_refunded:<payment id>:<amount>.
const DetailPaymentRefunded = "payment_refunded"

// DetailPaymentRefundFailed is the audit detail of a refund the provider declined:
// payment_refund_failed:<payment id>:<amount>.
const DetailPaymentRefundFailed = "payment_refund_failed"

func init() {
	AuditDetailCodes = append(AuditDetailCodes, DetailPaymentRefunded, DetailPaymentRefundFailed)
}

// Refund statuses.
const (
	RefundPending   = "pending"
	RefundSucceeded = "succeeded"
	RefundFailed    = "failed"
)

// Refund is one refund attempt of a payment.
type Refund struct {
	ID             int64
	PaymentID      int64
	Currency       string
	Amount         int64
	Provider       string
	Status         string
	Reason         string
	ProviderRef    string
	TransferDate   string // YYYY-MM-DD, a bank transfer sent back
	Failure        string
	IdempotencyKey string
	RequestKey     string // the admin's dialog's key: the same key answers the same part
	CreatedBy      int64
	CreatedAt      time.Time
	DoneAt         time.Time // zero while pending
}

const refundCols = `id, payment_id, currency, amount, provider, status, reason, provider_ref, transfer_date, failure,
	idempotency_key, request_key, coalesce(created_by_user_id, 0), created_at, done_at`

func scanRefund(r scanner) (Refund, error) {
	var x Refund
	var created string
	var done *string
	err := r.Scan(&x.ID, &x.PaymentID, &x.Currency, &x.Amount, &x.Provider, &x.Status, &x.Reason, &x.ProviderRef,
		&x.TransferDate, &x.Failure, &x.IdempotencyKey, &x.RequestKey, &x.CreatedBy, &created, &done)
	if err != nil {
		return x, mapErr(err)
	}
	x.CreatedAt = ParseT(created)
	x.DoneAt = nullT(done)
	return x, nil
}

// ErrRefundExceeds is a refund part that would make the pending and succeeded parts of a
// payment add up to more than its amount (refused by the database's trigger, migration 0036).
var ErrRefundExceeds = errors.New("db: refunds would exceed the payment")

// InsertRefund records a refund part (pending, or succeeded at once for a bank transfer
// already sent). A part that would make the live (pending or succeeded) parts of the payment
// exceed its amount is ErrRefundExceeds (the database's trigger), so more than was paid is
// never refunded; a request key already used for the payment is ErrConflict.
func (s *Store) InsertRefund(ctx context.Context, x Refund, now time.Time) (Refund, error) {
	if x.Status != RefundPending && x.Status != RefundSucceeded {
		return Refund{}, fmt.Errorf("db: new refund status %q", x.Status)
	}
	var done any
	if x.Status == RefundSucceeded {
		done = T(now)
	}
	var id int64
	err := s.writeRow(ctx, []any{&id}, `INSERT INTO payment_refunds (payment_id, currency, amount, provider, status, reason,
		provider_ref, transfer_date, idempotency_key, request_key, created_by_user_id, created_at, done_at)
		VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?) RETURNING id`,
		x.PaymentID, x.Currency, x.Amount, x.Provider, x.Status, x.Reason, x.ProviderRef, x.TransferDate, x.IdempotencyKey,
		x.RequestKey, nullID(x.CreatedBy), T(now), done)
	if err != nil {
		if strings.Contains(err.Error(), "refund_exceeds_payment") {
			return Refund{}, ErrRefundExceeds
		}
		return Refund{}, mapErr(err)
	}
	return s.Refund(ctx, id)
}

// Refund returns one refund.
func (s *Store) Refund(ctx context.Context, id int64) (Refund, error) {
	return scanRefund(s.row(ctx, `SELECT `+refundCols+` FROM payment_refunds WHERE id = ?`, id))
}

// LiveRefund returns a payment's newest pending or succeeded refund part (ErrNotFound: none).
func (s *Store) LiveRefund(ctx context.Context, paymentID int64) (Refund, error) {
	return scanRefund(s.row(ctx, `SELECT `+refundCols+` FROM payment_refunds WHERE payment_id = ? AND status IN ('pending', 'succeeded')
		ORDER BY id DESC LIMIT 1`, paymentID))
}

// PendingRefund returns a payment's oldest pending refund part (ErrNotFound: none).
func (s *Store) PendingRefund(ctx context.Context, paymentID int64) (Refund, error) {
	return scanRefund(s.row(ctx, `SELECT `+refundCols+` FROM payment_refunds WHERE payment_id = ? AND status = 'pending'
		ORDER BY id LIMIT 1`, paymentID))
}

// LatestSucceededRefund returns a payment's newest succeeded refund part (ErrNotFound: none).
func (s *Store) LatestSucceededRefund(ctx context.Context, paymentID int64) (Refund, error) {
	return scanRefund(s.row(ctx, `SELECT `+refundCols+` FROM payment_refunds WHERE payment_id = ? AND status = 'succeeded'
		ORDER BY done_at DESC, id DESC LIMIT 1`, paymentID))
}

// SucceededRefunds lists a payment's succeeded refund parts, in the order they were done.
func (s *Store) SucceededRefunds(ctx context.Context, paymentID int64) ([]Refund, error) {
	rows, err := s.rows(ctx, `SELECT `+refundCols+` FROM payment_refunds WHERE payment_id = ? AND status = 'succeeded'
		ORDER BY done_at, id`, paymentID)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []Refund{}
	for rows.Next() {
		r, err := scanRefund(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, mapErr(rows.Err())
}

// RefundByRequestKey returns the part a payment's refund request key made (ErrNotFound: none).
func (s *Store) RefundByRequestKey(ctx context.Context, paymentID int64, key string) (Refund, error) {
	return scanRefund(s.row(ctx, `SELECT `+refundCols+` FROM payment_refunds WHERE payment_id = ? AND request_key = ? AND request_key <> ''`,
		paymentID, key))
}

// RefundTotals is what a payment's refund parts add up to: succeeded (sent back) and pending
// (sent, not yet confirmed by the provider).
type RefundTotals struct {
	Succeeded int64
	Pending   int64
}

// RefundTotals returns a payment's refunded and pending sums.
func (s *Store) RefundTotals(ctx context.Context, paymentID int64) (RefundTotals, error) {
	var t RefundTotals
	err := s.row(ctx, `SELECT coalesce(sum(CASE WHEN status = 'succeeded' THEN amount END), 0),
		coalesce(sum(CASE WHEN status = 'pending' THEN amount END), 0) FROM payment_refunds WHERE payment_id = ?`, paymentID).
		Scan(&t.Succeeded, &t.Pending)
	return t, mapErr(err)
}

// LatestRefund returns a payment's newest refund attempt (ErrNotFound: none).
func (s *Store) LatestRefund(ctx context.Context, paymentID int64) (Refund, error) {
	return scanRefund(s.row(ctx, `SELECT `+refundCols+` FROM payment_refunds WHERE payment_id = ? ORDER BY id DESC LIMIT 1`, paymentID))
}

// RefundByRef returns the refund a provider's reference (a Stripe refund id) names.
func (s *Store) RefundByRef(ctx context.Context, provider, ref string) (Refund, error) {
	return scanRefund(s.row(ctx, `SELECT `+refundCols+` FROM payment_refunds WHERE provider = ? AND provider_ref = ? AND provider_ref <> ''
		ORDER BY id DESC LIMIT 1`, provider, ref))
}

// CountRefunds is how many refund attempts a payment has had (the next one's key).
func (s *Store) CountRefunds(ctx context.Context, paymentID int64) (int, error) {
	var n int
	err := s.row(ctx, `SELECT count(*) FROM payment_refunds WHERE payment_id = ?`, paymentID).Scan(&n)
	return n, mapErr(err)
}

// SetRefundRef records the provider's reference of a pending refund (its answer said "pending").
func (s *Store) SetRefundRef(ctx context.Context, id int64, ref string) error {
	_, err := s.exec(ctx, `UPDATE payment_refunds SET provider_ref = ? WHERE id = ? AND status = 'pending'`, ref, id)
	return err
}

// FinishRefund moves a pending refund to succeeded or failed; false when it was not pending
// (another request, or a webhook, finished it first: the caller changes nothing).
func (s *Store) FinishRefund(ctx context.Context, id int64, status, providerRef, failure string, now time.Time) (bool, error) {
	if status != RefundSucceeded && status != RefundFailed {
		return false, fmt.Errorf("db: refund status %q", status)
	}
	res, err := s.exec(ctx, `UPDATE payment_refunds SET status = ?, provider_ref = CASE WHEN ? <> '' THEN ? ELSE provider_ref END,
		failure = ?, done_at = ? WHERE id = ? AND status = 'pending'`, status, providerRef, providerRef, failure, T(now), id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// MarkRefundOwed says a paid payment's money is owed back (the shop's sold-out-at-payment
// path, a paid order cancelled by its seller); false when the payment is not paid.
func (s *Store) MarkRefundOwed(ctx context.Context, paymentID int64) (bool, error) {
	res, err := s.exec(ctx, `UPDATE payments SET refund_owed = 1 WHERE id = ? AND status = 'paid'`, paymentID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// SetPaymentPaidRef records the provider's reference of what paid a payment.
func (s *Store) SetPaymentPaidRef(ctx context.Context, paymentID int64, ref string) error {
	_, err := s.exec(ctx, `UPDATE payments SET paid_ref = ? WHERE id = ?`, ref, paymentID)
	return err
}

// SucceededCharge is the intent of a payment's successful off-session charge ("" if none).
func (s *Store) SucceededCharge(ctx context.Context, paymentID int64) (string, error) {
	var id string
	err := s.row(ctx, `SELECT intent_id FROM payment_charges WHERE payment_id = ? AND status = 'succeeded' AND intent_id <> ''
		ORDER BY attempt DESC LIMIT 1`, paymentID).Scan(&id)
	if err = mapErr(err); err == ErrNotFound {
		return "", nil
	}
	return id, err
}

// PaymentEventIDs lists the provider event ids recorded for a payment (QPay: its payment ids).
func (s *Store) PaymentEventIDs(ctx context.Context, provider string, paymentID int64) ([]string, error) {
	rows, err := s.rows(ctx, `SELECT event_id FROM payment_events WHERE provider = ? AND payment_id = ? ORDER BY received_at`, provider, paymentID)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []string{}
	for rows.Next() {
		var e string
		if err := rows.Scan(&e); err != nil {
			return nil, mapErr(err)
		}
		out = append(out, e)
	}
	return out, mapErr(rows.Err())
}
