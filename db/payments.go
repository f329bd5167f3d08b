package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Payments, their provider attempts and events (app/platform/payments). The rules (who may
// create, exactly-once settlement, the ledger movement) live in that package; these are the
// queries.

// DetailPaymentMarkedPaid is the audit detail of a bank transfer an admin marked received:
// payment_marked_paid:<payment id>:<amount>.
const DetailPaymentMarkedPaid = "payment_marked_paid"

func init() { AuditDetailCodes = append(AuditDetailCodes, DetailPaymentMarkedPaid) }

// Payment statuses.
const (
	PaymentPending   = "pending"
	PaymentPaid      = "paid"
	PaymentFailed    = "failed"
	PaymentCancelled = "cancelled"
)

// Payment is one payment row.
type Payment struct {
	ID              int64
	Purpose         string
	RefID           int64
	PayerUserID     int64 // 0 once the payer's account is gone
	OrgID           int64 // 0 = no paying organisation
	Payee           string
	Currency        string
	Amount          int64
	Provider        string
	ProviderRef     string
	Status          string
	IdempotencyKey  string
	CreatedAt       time.Time
	PaidAt          time.Time // zero until paid
	SettledByUserID int64     // the admin who marked a bank transfer paid (0 otherwise)
	// PaidLate: a provider (Stripe, QPay) collected the money after the payment had been
	// cancelled on our side; it is settled anyway and a refund is owed (issue #16).
	PaidLate bool
	// RefundOwed: the money is owed back (paid late, paid after the stock ran out, a paid order
	// cancelled by its seller); only such a payment may be refunded (migration 0034).
	RefundOwed bool
	// PaidRef is the provider's reference of what paid it (a Stripe PaymentIntent, a QPay
	// payment id), which a refund names; empty for a bank transfer and older payments.
	PaidRef string
}

const paymentCols = `id, purpose, ref_id, coalesce(payer_user_id, 0), coalesce(org_id, 0), payee, currency, amount,
	provider, provider_ref, status, idempotency_key, created_at, paid_at, coalesce(settled_by_user_id, 0), paid_late,
	refund_owed, paid_ref`

func scanPayment(r scanner) (Payment, error) {
	var p Payment
	var created string
	var paid *string
	err := r.Scan(&p.ID, &p.Purpose, &p.RefID, &p.PayerUserID, &p.OrgID, &p.Payee, &p.Currency, &p.Amount,
		&p.Provider, &p.ProviderRef, &p.Status, &p.IdempotencyKey, &created, &paid, &p.SettledByUserID, &p.PaidLate,
		&p.RefundOwed, &p.PaidRef)
	if err != nil {
		return p, mapErr(err)
	}
	p.CreatedAt = ParseT(created)
	p.PaidAt = nullT(paid)
	return p, nil
}

// InsertPayment records a pending payment unless one with the same idempotency key exists;
// either way it returns the row that holds the key and whether it was created now.
func (s *Store) InsertPayment(ctx context.Context, p Payment, now time.Time) (Payment, bool, error) {
	var id int64
	err := s.writeRow(ctx, []any{&id}, `INSERT INTO payments (purpose, ref_id, payer_user_id, org_id, payee, currency, amount,
		provider, status, idempotency_key, created_at) VALUES (?,?,?,?,?,?,?,?,'pending',?,?)
		ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
		p.Purpose, p.RefID, nullID(p.PayerUserID), nullID(p.OrgID), p.Payee, p.Currency, p.Amount, p.Provider,
		p.IdempotencyKey, T(now))
	created := true
	if errors.Is(err, ErrNotFound) {
		created = false
	} else if err != nil {
		return Payment{}, false, err
	}
	var got Payment
	if created {
		got, err = s.Payment(ctx, id)
	} else {
		got, err = scanPayment(s.row(ctx, `SELECT `+paymentCols+` FROM payments WHERE idempotency_key = ?`, p.IdempotencyKey))
	}
	return got, created, err
}

// Payment returns one payment.
func (s *Store) Payment(ctx context.Context, id int64) (Payment, error) {
	return scanPayment(s.row(ctx, `SELECT `+paymentCols+` FROM payments WHERE id = ?`, id))
}

// PaymentByRef returns the payment a provider reference (of any of its attempts) belongs to.
func (s *Store) PaymentByRef(ctx context.Context, provider, ref string) (Payment, error) {
	return scanPayment(s.row(ctx, `SELECT `+paymentCols+` FROM payments WHERE id = (
		SELECT payment_id FROM payment_attempts WHERE provider = ? AND provider_ref = ?)`, provider, ref))
}

// PaymentsOfPayer lists a person's payments, newest first (their "download my data").
func (s *Store) PaymentsOfPayer(ctx context.Context, userID int64, limit int) ([]Payment, error) {
	rows, err := s.rows(ctx, `SELECT `+paymentCols+` FROM payments WHERE payer_user_id = ? ORDER BY id DESC LIMIT ?`, userID, limit)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []Payment{}
	for rows.Next() {
		p, err := scanPayment(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, mapErr(rows.Err())
}

// PaymentsFor lists the payments of a module's row (purpose, ref), newest first.
func (s *Store) PaymentsFor(ctx context.Context, purpose string, refID int64) ([]Payment, error) {
	rows, err := s.rows(ctx, `SELECT `+paymentCols+` FROM payments WHERE purpose = ? AND ref_id = ? ORDER BY id DESC`, purpose, refID)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []Payment{}
	for rows.Next() {
		p, err := scanPayment(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, mapErr(rows.Err())
}

// AddPaymentAttempt records a provider's reference for a payment (idempotent) and makes it the
// payment's current one. A reference that already belongs to another payment is ErrConflict.
func (s *Store) AddPaymentAttempt(ctx context.Context, paymentID int64, provider, ref string, now time.Time) error {
	return s.InTx(ctx, func(tx *Store) error {
		if _, err := tx.exec(ctx, `INSERT INTO payment_attempts (provider, provider_ref, payment_id, created_at) VALUES (?,?,?,?)
			ON CONFLICT (provider, provider_ref) DO NOTHING`, provider, ref, paymentID, T(now)); err != nil {
			return err
		}
		var owner int64
		if err := tx.row(ctx, `SELECT payment_id FROM payment_attempts WHERE provider = ? AND provider_ref = ?`, provider, ref).Scan(&owner); err != nil {
			return mapErr(err)
		}
		if owner != paymentID {
			return fmt.Errorf("%w: %s reference %q already belongs to payment %d", ErrConflict, provider, ref, owner)
		}
		_, err := tx.exec(ctx, `UPDATE payments SET provider_ref = ? WHERE id = ?`, ref, paymentID)
		return err
	})
}

// PaymentAttempts lists a payment's provider references, newest first.
func (s *Store) PaymentAttempts(ctx context.Context, paymentID int64) ([]string, error) {
	rows, err := s.rows(ctx, `SELECT provider_ref FROM payment_attempts WHERE payment_id = ? ORDER BY created_at DESC, rowid DESC`, paymentID)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []string{}
	for rows.Next() {
		var r string
		if err := rows.Scan(&r); err != nil {
			return nil, mapErr(err)
		}
		out = append(out, r)
	}
	return out, mapErr(rows.Err())
}

// RecordPaymentEvent notes that a provider event was processed; false when it already was
// (the caller then changes nothing).
func (s *Store) RecordPaymentEvent(ctx context.Context, provider, eventID string, paymentID int64, now time.Time) (bool, error) {
	res, err := s.exec(ctx, `INSERT INTO payment_events (provider, event_id, payment_id, received_at) VALUES (?,?,?,?)
		ON CONFLICT (provider, event_id) DO NOTHING`, provider, eventID, nullID(paymentID), T(now))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// MarkPaymentPaid moves a pending (or failed) payment to paid; false when it was not in one of
// those states (already paid, or cancelled).
func (s *Store) MarkPaymentPaid(ctx context.Context, id, settledBy int64, now time.Time) (bool, error) {
	res, err := s.exec(ctx, `UPDATE payments SET status = 'paid', paid_at = ?, settled_by_user_id = ?
		WHERE id = ? AND status IN ('pending', 'failed')`, T(now), nullID(settledBy), id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// MarkCancelledPaymentPaid moves a cancelled payment to paid with paid_late set: a provider
// collected its money after it was cancelled (false when it was not cancelled).
func (s *Store) MarkCancelledPaymentPaid(ctx context.Context, id int64, now time.Time) (bool, error) {
	res, err := s.exec(ctx, `UPDATE payments SET status = 'paid', paid_at = ?, paid_late = 1, refund_owed = 1
		WHERE id = ? AND status = 'cancelled'`, T(now), id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// SetPaymentStatus moves a pending payment to failed or cancelled (a failed one to cancelled
// too); false when it changed nothing.
func (s *Store) SetPaymentStatus(ctx context.Context, id int64, status string) (bool, error) {
	if status != PaymentFailed && status != PaymentCancelled {
		return false, fmt.Errorf("db: payment status %q", status)
	}
	// A failed attempt (a declined card) can still be cancelled: its payer may try again on the
	// provider's page, and money that then arrives is settled late (paid_late), not dropped.
	res, err := s.exec(ctx, `UPDATE payments SET status = ?1 WHERE id = ?2 AND (status = 'pending' OR (?1 = 'cancelled' AND status = 'failed'))`, status, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// LedgerEntry is one line of a movement.
type LedgerEntry struct {
	ID        int64
	TxnID     int64
	Account   string
	Currency  string
	Amount    int64 // signed, minor units
	PaymentID int64
	Memo      string
	CreatedAt time.Time
	Balance   int64 // the account's balance after this entry (filled by LedgerOf)
}

// ErrUnbalanced is a movement whose entries do not sum to zero in each currency.
var ErrUnbalanced = errors.New("db: ledger movement does not sum to zero")

// PostLedger writes one movement (kind: payment | payout | adjustment): its entries must sum
// to zero per currency, or nothing is written.
func (s *Store) PostLedger(ctx context.Context, kind string, paymentID int64, memo string, entries []LedgerEntry, now time.Time) (int64, error) {
	if len(entries) < 2 {
		return 0, ErrUnbalanced
	}
	sums := map[string]int64{}
	for _, e := range entries {
		if e.Account == "" || e.Amount == 0 {
			return 0, ErrUnbalanced
		}
		sums[e.Currency] += e.Amount
	}
	for _, v := range sums {
		if v != 0 {
			return 0, ErrUnbalanced
		}
	}
	var txn int64
	err := s.InTx(ctx, func(tx *Store) error {
		if err := tx.writeRow(ctx, []any{&txn}, `INSERT INTO ledger_txns (kind, payment_id, memo, created_at) VALUES (?,?,?,?) RETURNING id`,
			kind, nullID(paymentID), memo, T(now)); err != nil {
			return err
		}
		for _, e := range entries {
			m := e.Memo
			if m == "" {
				m = memo
			}
			if _, err := tx.exec(ctx, `INSERT INTO ledger_entries (txn_id, account, currency, amount, payment_id, memo, created_at)
				VALUES (?,?,?,?,?,?,?)`, txn, e.Account, e.Currency, e.Amount, nullID(paymentID), m, T(now)); err != nil {
				return err
			}
		}
		return nil
	})
	return txn, err
}

// LedgerTotals returns the sum of every entry per currency (zero for each, always: the test
// of the double entry) .
func (s *Store) LedgerTotals(ctx context.Context) (map[string]int64, error) {
	rows, err := s.rows(ctx, `SELECT currency, coalesce(sum(amount), 0) FROM ledger_entries GROUP BY currency`)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var c string
		var v int64
		if err := rows.Scan(&c, &v); err != nil {
			return nil, mapErr(err)
		}
		out[c] = v
	}
	return out, mapErr(rows.Err())
}

// UnbalancedLedgerTxns lists movements whose entries do not sum to zero in some currency
// (none, always).
func (s *Store) UnbalancedLedgerTxns(ctx context.Context) ([]int64, error) {
	rows, err := s.rows(ctx, `SELECT DISTINCT txn_id FROM ledger_entries GROUP BY txn_id, currency HAVING sum(amount) <> 0`)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []int64{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, mapErr(err)
		}
		out = append(out, id)
	}
	return out, mapErr(rows.Err())
}

// AccountBalance returns an account's balance in a currency.
func (s *Store) AccountBalance(ctx context.Context, account, currency string) (int64, error) {
	var v int64
	err := s.row(ctx, `SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE account = ? AND currency = ?`, account, currency).Scan(&v)
	return v, mapErr(err)
}

// LedgerEntriesOfPayment lists a payment's entries in order.
func (s *Store) LedgerEntriesOfPayment(ctx context.Context, paymentID int64) ([]LedgerEntry, error) {
	rows, err := s.rows(ctx, `SELECT id, txn_id, account, currency, amount, coalesce(payment_id, 0), memo, created_at
		FROM ledger_entries WHERE payment_id = ? ORDER BY id`, paymentID)
	if err != nil {
		return nil, mapErr(err)
	}
	return scanLedger(rows, false)
}

func scanLedger(rows *sql.Rows, balance bool) ([]LedgerEntry, error) {
	defer rows.Close()
	out := []LedgerEntry{}
	for rows.Next() {
		var e LedgerEntry
		var at string
		dest := []any{&e.ID, &e.TxnID, &e.Account, &e.Currency, &e.Amount, &e.PaymentID, &e.Memo, &at}
		if balance {
			dest = append(dest, &e.Balance)
		}
		if err := rows.Scan(dest...); err != nil {
			return nil, mapErr(err)
		}
		e.CreatedAt = ParseT(at)
		out = append(out, e)
	}
	return out, mapErr(rows.Err())
}
