package db

import (
	"context"
	"strings"
	"time"
)

// The banking page's queries (app/store/banking): an account set's ledger with running
// balance, the payments an organisation made, the bank transfers waiting for an admin.

// LedgerFilter selects ledger lines: the accounts (their balances add up into one running
// balance), one currency, an optional window [From, To) and the keyset cursor Before (an
// entry id: the lines that came before it; 0 = newest).
type LedgerFilter struct {
	Accounts []string
	Currency string
	From, To time.Time
	Before   int64
	Limit    int
}

// LedgerLine is a ledger entry with its payment's purpose and the running balance after it.
type LedgerLine struct {
	LedgerEntry
	Purpose string
	RefID   int64
}

// LedgerLines lists the entries of f's accounts newest first, in the order they happened (their
// time, then their id for one movement's entries); Balance is the accounts' running balance
// after each entry, counted from the first entry ever (the window only hides lines, it never
// changes a balance). Entries are written at the time they are posted, so this is the order of
// posting; a movement recorded later with an earlier time (the demo's history, built module by
// module) still reads as a statement does, by date.
func (s *Store) LedgerLines(ctx context.Context, f LedgerFilter) ([]LedgerLine, error) {
	if len(f.Accounts) == 0 {
		return []LedgerLine{}, nil
	}
	// The cursor's place in that order: its time and id (nothing before an unknown entry).
	beforeAt, beforeID := "9999", int64(1<<62)
	if f.Before > 0 {
		beforeID = f.Before
		if err := s.row(ctx, `SELECT created_at FROM ledger_entries WHERE id = ?`, f.Before).Scan(&beforeAt); err != nil {
			if err = mapErr(err); IsNotFound(err) {
				return []LedgerLine{}, nil
			}
			return nil, err
		}
	}
	from, to := "", "9999"
	if !f.From.IsZero() {
		from = T(f.From)
	}
	if !f.To.IsZero() {
		to = T(f.To)
	}
	args := []any{}
	for _, a := range f.Accounts {
		args = append(args, a)
	}
	args = append(args, f.Currency, from, to, beforeAt, beforeID, f.Limit)
	rows, err := s.rows(ctx, `SELECT id, txn_id, account, currency, amount, payment_id, memo, created_at, bal, purpose, ref_id FROM (
		SELECT e.id, e.txn_id, e.account, e.currency, e.amount, coalesce(e.payment_id, 0) AS payment_id, e.memo, e.created_at,
			sum(e.amount) OVER (ORDER BY e.created_at, e.id) AS bal, coalesce(p.purpose, '') AS purpose, coalesce(p.ref_id, 0) AS ref_id
		FROM ledger_entries e LEFT JOIN payments p ON p.id = e.payment_id
		WHERE e.account IN (?`+strings.Repeat(",?", len(f.Accounts)-1)+`) AND e.currency = ?)
		WHERE created_at >= ? AND created_at < ? AND (created_at, id) < (?, ?) ORDER BY created_at DESC, id DESC LIMIT ?`, args...)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []LedgerLine{}
	for rows.Next() {
		var l LedgerLine
		var at string
		if err := rows.Scan(&l.ID, &l.TxnID, &l.Account, &l.Currency, &l.Amount, &l.PaymentID, &l.Memo, &at, &l.Balance, &l.Purpose, &l.RefID); err != nil {
			return nil, mapErr(err)
		}
		l.CreatedAt = ParseT(at)
		out = append(out, l)
	}
	return out, mapErr(rows.Err())
}

// LedgerCurrencies lists the currencies the accounts have entries in (MNT first).
func (s *Store) LedgerCurrencies(ctx context.Context, accounts []string) ([]string, error) {
	out := []string{}
	if len(accounts) == 0 {
		return out, nil
	}
	args := make([]any, len(accounts))
	for i, a := range accounts {
		args[i] = a
	}
	rows, err := s.rows(ctx, `SELECT DISTINCT currency FROM ledger_entries WHERE account IN (?`+strings.Repeat(",?", len(accounts)-1)+`)
		ORDER BY currency <> 'MNT', currency`, args...)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return nil, mapErr(err)
		}
		out = append(out, c)
	}
	return out, mapErr(rows.Err())
}

// AccountsBalance is the accounts' balance in a currency.
func (s *Store) AccountsBalance(ctx context.Context, accounts []string, currency string) (int64, error) {
	if len(accounts) == 0 {
		return 0, nil
	}
	args := []any{}
	for _, a := range accounts {
		args = append(args, a)
	}
	args = append(args, currency)
	var v int64
	err := s.row(ctx, `SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE account IN (?`+strings.Repeat(",?", len(accounts)-1)+`) AND currency = ?`,
		args...).Scan(&v)
	return v, mapErr(err)
}

// PaymentWithPayer is a payment and who pays it.
type PaymentWithPayer struct {
	Payment
	PayerName  string
	PayerEmail string
	OrgName    string
}

// PaymentsByStatus lists payments of a provider in a status, oldest first (the queue of bank
// transfers an admin checks against the bank statement), after the id cursor.
func (s *Store) PaymentsByStatus(ctx context.Context, provider, status string, after int64, limit int) ([]PaymentWithPayer, error) {
	rows, err := s.rows(ctx, `SELECT `+paymentColsP+`, coalesce(u.first_name || ' ' || u.last_name, ''), coalesce(u.email, ''),
		coalesce(o.name, '')
		FROM payments p LEFT JOIN users u ON u.id = p.payer_user_id LEFT JOIN organizations o ON o.id = p.org_id
		WHERE p.provider = ? AND p.status = ? AND p.id > ? ORDER BY p.id LIMIT ?`, provider, status, after, limit)
	if err != nil {
		return nil, mapErr(err)
	}
	return scanPayers(rows)
}

// PaymentsOfOrg lists the payments an organisation made (its subscription charges, its
// purchases) in a status, newest first, before the id cursor.
func (s *Store) PaymentsOfOrg(ctx context.Context, orgID int64, status string, before int64, limit int) ([]PaymentWithPayer, error) {
	if before <= 0 {
		before = 1 << 62
	}
	rows, err := s.rows(ctx, `SELECT `+paymentColsP+`, coalesce(u.first_name || ' ' || u.last_name, ''), coalesce(u.email, ''),
		coalesce(o.name, '')
		FROM payments p LEFT JOIN users u ON u.id = p.payer_user_id LEFT JOIN organizations o ON o.id = p.org_id
		WHERE p.org_id = ? AND p.status = ? AND p.id < ? ORDER BY p.id DESC LIMIT ?`, orgID, status, before, limit)
	if err != nil {
		return nil, mapErr(err)
	}
	return scanPayers(rows)
}

// PaymentsRefundDue lists the payments whose money is owed back (refund_owed: paid after they
// were cancelled, paid after the stock ran out, a paid order cancelled by its seller) and not
// yet refunded in full, newest first, before the id cursor. A payment whose refund is pending,
// failed or partly made stays listed (the admin sees its state); the parts that return the
// whole drop it.
func (s *Store) PaymentsRefundDue(ctx context.Context, before int64, limit int) ([]PaymentWithPayer, error) {
	if before <= 0 {
		before = 1 << 62
	}
	rows, err := s.rows(ctx, `SELECT `+paymentColsP+`, coalesce(u.first_name || ' ' || u.last_name, ''), coalesce(u.email, ''),
		coalesce(o.name, '')
		FROM payments p LEFT JOIN users u ON u.id = p.payer_user_id LEFT JOIN organizations o ON o.id = p.org_id
		WHERE p.refund_owed = 1 AND p.status = 'paid' AND p.id < ?
		AND (SELECT coalesce(sum(r.amount), 0) FROM payment_refunds r WHERE r.payment_id = p.id AND r.status = 'succeeded') < p.amount
		ORDER BY p.id DESC LIMIT ?`, before, limit)
	if err != nil {
		return nil, mapErr(err)
	}
	return scanPayers(rows)
}

func scanPayers(rows interface {
	Next() bool
	Scan(...any) error
	Err() error
	Close() error
}) ([]PaymentWithPayer, error) {
	defer rows.Close()
	out := []PaymentWithPayer{}
	for rows.Next() {
		var x PaymentWithPayer
		var created string
		var paid *string
		p := &x.Payment
		if err := rows.Scan(&p.ID, &p.Purpose, &p.RefID, &p.PayerUserID, &p.OrgID, &p.Payee, &p.Currency, &p.Amount,
			&p.Provider, &p.ProviderRef, &p.Status, &p.IdempotencyKey, &created, &paid, &p.SettledByUserID, &p.PaidLate,
			&p.RefundOwed, &p.PaidRef, &x.PayerName, &x.PayerEmail, &x.OrgName); err != nil {
			return nil, mapErr(err)
		}
		p.CreatedAt = ParseT(created)
		p.PaidAt = nullT(paid)
		out = append(out, x)
	}
	return out, mapErr(rows.Err())
}

// paymentColsP is paymentCols of the alias p.
const paymentColsP = `p.id, p.purpose, p.ref_id, coalesce(p.payer_user_id, 0), coalesce(p.org_id, 0), p.payee, p.currency, p.amount,
	p.provider, p.provider_ref, p.status, p.idempotency_key, p.created_at, p.paid_at, coalesce(p.settled_by_user_id, 0), p.paid_late,
	p.refund_owed, p.paid_ref`
