package db

import (
	"cmp"
	"context"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Payouts to organisations (app/store/payouts, issue #16; migration 0040): where an
// organisation's money goes, and the payouts platform admins record. The rules (who, how much
// is available, exactly once) live in that package; these are the queries.

// Audit detail codes of payouts.
const (
	// DetailPayoutDetails: payout_details:<org id>:<masked account> — an owner changed where the
	// organisation's money goes.
	DetailPayoutDetails = "payout_details"
	// DetailPayoutRecorded: payout_recorded:<org id>:<amount>:<reference> — an admin recorded a payout.
	DetailPayoutRecorded = "payout_recorded"
	// DetailPayoutReturned: payout_returned:<org id>:<amount>:<reference> — an admin marked a payout returned.
	DetailPayoutReturned = "payout_returned"
)

func init() {
	AuditDetailCodes = append(AuditDetailCodes, DetailPayoutDetails, DetailPayoutRecorded, DetailPayoutReturned)
}

// PayoutDetails is an organisation's bank details.
type PayoutDetails struct {
	OrgID     int64
	BankName  string
	Holder    string
	Account   string
	UpdatedBy int64
	UpdatedAt time.Time
}

// PayoutStatuses.
const (
	PayoutPaid     = "paid"
	PayoutReturned = "returned"
)

// Payout is one payout to an organisation.
type Payout struct {
	ID           int64
	OrgID        int64
	Currency     string
	Amount       int64
	Reference    string
	TransferDate string
	BankName     string
	Holder       string
	Account      string
	Status       string
	LedgerTxnID  int64
	CreatedBy    int64
	CreatedAt    time.Time
	ReturnedAt   time.Time // zero unless returned
	OrgName      string    // filled by RecentPayouts ("" once the organisation is gone)
}

// OrgOwner is whom an organisation's money concerns: its owner.
type OrgOwner struct {
	UserID    int64
	Email     string
	FirstName string
	Lang      string
	OrgName   string
}

// PayoutDetailsOf returns an organisation's payout details (ErrNotFound: none yet).
func (s *Store) PayoutDetailsOf(ctx context.Context, orgID int64) (PayoutDetails, error) {
	var d PayoutDetails
	var at string
	err := s.row(ctx, `SELECT org_id, bank_name, holder, account, coalesce(updated_by_user_id, 0), updated_at
		FROM org_payout_details WHERE org_id = ?`, orgID).Scan(&d.OrgID, &d.BankName, &d.Holder, &d.Account, &d.UpdatedBy, &at)
	if err != nil {
		return d, mapErr(err)
	}
	d.UpdatedAt = ParseT(at)
	return d, nil
}

// SetPayoutDetails writes an organisation's payout details (insert or replace).
func (s *Store) SetPayoutDetails(ctx context.Context, d PayoutDetails) error {
	_, err := s.exec(ctx, `INSERT INTO org_payout_details (org_id, bank_name, holder, account, updated_by_user_id, updated_at)
		VALUES (?,?,?,?,?,?) ON CONFLICT (org_id) DO UPDATE SET bank_name = excluded.bank_name, holder = excluded.holder,
		account = excluded.account, updated_by_user_id = excluded.updated_by_user_id, updated_at = excluded.updated_at`,
		d.OrgID, d.BankName, d.Holder, d.Account, nullID(d.UpdatedBy), T(d.UpdatedAt))
	return err
}

// OwnerOfOrg returns an organisation's owner (ErrNotFound: no such organisation or no owner).
func (s *Store) OwnerOfOrg(ctx context.Context, orgID int64) (OrgOwner, error) {
	var o OrgOwner
	err := s.row(ctx, `SELECT u.id, u.email, u.first_name, u.language, o.name FROM memberships m
		JOIN users u ON u.id = m.user_id JOIN organizations o ON o.id = m.organization_id
		WHERE m.organization_id = ? AND m.role = 'owner' ORDER BY m.created_at, u.id LIMIT 1`, orgID).
		Scan(&o.UserID, &o.Email, &o.FirstName, &o.Lang, &o.OrgName)
	return o, mapErr(err)
}

func orgBalanceAccount(orgID int64) string { return "org:" + strconv.FormatInt(orgID, 10) + ":balance" }

// HeldForRefunds is what an organisation's balance in a currency still carries of payments
// whose money is owed back (refund_owed, paid): the sum of those payments' entries on its
// balance account — the payment's credit (the amount less the platform's fee) and the refund
// parts already posted against it (their movements carry the payment's id), so what the
// refunds still to come will take back; nothing once the whole is refunded.
func (s *Store) HeldForRefunds(ctx context.Context, orgID int64, currency string) (int64, error) {
	var v int64
	err := s.row(ctx, `SELECT coalesce(sum(e.amount), 0) FROM ledger_entries e JOIN payments p ON p.id = e.payment_id
		WHERE e.account = ? AND e.currency = ? AND p.refund_owed = 1 AND p.status = 'paid'`,
		orgBalanceAccount(orgID), currency).Scan(&v)
	return v, mapErr(err)
}

// OrgOwed is what the platform owes one organisation in one currency.
type OrgOwed struct {
	OrgID    int64
	OrgName  string
	Currency string
	Balance  int64
	Held     int64 // kept back for refunds still owed on its sales
}

// OrgsOwed lists every organisation whose balance in some currency is positive (one row per
// organisation and currency), by organisation id, after the cursor (org id): limit
// organisations; more is true when others follow.
// Accounts of deleted organisations are listed with an empty name.
func (s *Store) OrgsOwed(ctx context.Context, after int64, limit int) (list []OrgOwed, more bool, err error) {
	rows, err := s.rows(ctx, `WITH bal AS (
			SELECT account, currency, sum(amount) AS amount FROM ledger_entries
			WHERE account >= 'org:' AND account < 'org;' AND account LIKE 'org:%:balance'
			GROUP BY account, currency HAVING sum(amount) > 0),
		held AS (
			SELECT e.account, e.currency, sum(e.amount) AS amount FROM ledger_entries e JOIN payments p ON p.id = e.payment_id
			WHERE e.account IN (SELECT account FROM bal) AND p.refund_owed = 1 AND p.status = 'paid'
			GROUP BY e.account, e.currency)
		SELECT bal.account, bal.currency, bal.amount, coalesce(held.amount, 0) FROM bal
		LEFT JOIN held ON held.account = bal.account AND held.currency = bal.currency`)
	if err != nil {
		return nil, false, mapErr(err)
	}
	var all []OrgOwed
	for rows.Next() {
		var acc string
		var x OrgOwed
		if err := rows.Scan(&acc, &x.Currency, &x.Balance, &x.Held); err != nil {
			rows.Close()
			return nil, false, mapErr(err)
		}
		id, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimPrefix(acc, "org:"), ":balance"), 10, 64)
		if err != nil || id <= after {
			continue
		}
		x.OrgID = id
		all = append(all, x)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, false, mapErr(err)
	}
	// By organisation, MNT first (the account names sort as text: "org:10" before "org:9").
	sortOwed(all)
	// A page is limit organisations (each with all its currencies); more says others follow.
	orgs, cut := 0, len(all)
	for i := range all {
		if i == 0 || all[i].OrgID != all[i-1].OrgID {
			if orgs == limit {
				cut, more = i, true
				break
			}
			orgs++
		}
	}
	all = all[:cut]
	for i := range all {
		if err := s.row(ctx, `SELECT name FROM organizations WHERE id = ?`, all[i].OrgID).Scan(&all[i].OrgName); err != nil {
			if err = mapErr(err); !IsNotFound(err) {
				return nil, false, err
			}
		}
	}
	if all == nil {
		all = []OrgOwed{}
	}
	return all, more, nil
}

func sortOwed(x []OrgOwed) {
	slices.SortFunc(x, func(a, b OrgOwed) int {
		if c := cmp.Compare(a.OrgID, b.OrgID); c != 0 {
			return c
		}
		if (a.Currency == "MNT") != (b.Currency == "MNT") {
			if a.Currency == "MNT" {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Currency, b.Currency)
	})
}

const payoutCols = `id, org_id, currency, amount, reference, transfer_date, bank_name, holder, account, status, ledger_txn_id,
	coalesce(created_by_user_id, 0), created_at, returned_at`

func scanPayout(r scanner, more ...any) (Payout, error) {
	var p Payout
	var at string
	var ret *string
	err := r.Scan(append([]any{&p.ID, &p.OrgID, &p.Currency, &p.Amount, &p.Reference, &p.TransferDate, &p.BankName, &p.Holder, &p.Account,
		&p.Status, &p.LedgerTxnID, &p.CreatedBy, &at, &ret}, more...)...)
	if err != nil {
		return p, mapErr(err)
	}
	p.CreatedAt = ParseT(at)
	p.ReturnedAt = nullT(ret)
	return p, nil
}

// MarkPayoutReturned marks a paid payout returned with its reversing movement; false when it
// was not paid (returned already: the caller changes nothing).
func (s *Store) MarkPayoutReturned(ctx context.Context, id, by, txnID int64, now time.Time) (bool, error) {
	res, err := s.exec(ctx, `UPDATE org_payouts SET status = 'returned', returned_at = ?, returned_by_user_id = ?, return_txn_id = ?
		WHERE id = ? AND status = 'paid'`, T(now), nullID(by), txnID, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// RecentPayouts lists every organisation's payouts newest first, before the id cursor, with
// the organisation's name.
func (s *Store) RecentPayouts(ctx context.Context, before int64, limit int) ([]Payout, error) {
	if before <= 0 {
		before = 1 << 62
	}
	rows, err := s.rows(ctx, `SELECT `+payoutCols+`, coalesce((SELECT name FROM organizations o WHERE o.id = org_payouts.org_id), '')
		FROM org_payouts WHERE id < ? ORDER BY id DESC LIMIT ?`, before, limit)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []Payout{}
	for rows.Next() {
		var name string
		p, err := scanPayout(rows, &name)
		if err != nil {
			return nil, err
		}
		p.OrgName = name
		out = append(out, p)
	}
	return out, mapErr(rows.Err())
}

// InsertPayout records a payout (its ledger movement already posted in the same
// transaction). The same reference for the same organisation is ErrConflict.
func (s *Store) InsertPayout(ctx context.Context, p Payout) (Payout, error) {
	var id int64
	err := s.writeRow(ctx, []any{&id}, `INSERT INTO org_payouts (org_id, currency, amount, reference, transfer_date, bank_name, holder,
		account, status, ledger_txn_id, created_by_user_id, created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?) RETURNING id`,
		p.OrgID, p.Currency, p.Amount, p.Reference, p.TransferDate, p.BankName, p.Holder, p.Account, PayoutPaid, p.LedgerTxnID,
		nullID(p.CreatedBy), T(p.CreatedAt))
	if err != nil {
		return Payout{}, mapErr(err)
	}
	return s.PayoutByID(ctx, id)
}

// PayoutByID returns one payout.
func (s *Store) PayoutByID(ctx context.Context, id int64) (Payout, error) {
	return scanPayout(s.row(ctx, `SELECT `+payoutCols+` FROM org_payouts WHERE id = ?`, id))
}

// PayoutByReference returns an organisation's payout of a reference (ErrNotFound: none).
func (s *Store) PayoutByReference(ctx context.Context, orgID int64, reference string) (Payout, error) {
	return scanPayout(s.row(ctx, `SELECT `+payoutCols+` FROM org_payouts WHERE org_id = ? AND reference = ?`, orgID, reference))
}

// PayoutsOfOrg lists an organisation's payouts newest first, before the id cursor (0: the newest).
func (s *Store) PayoutsOfOrg(ctx context.Context, orgID, before int64, limit int) ([]Payout, error) {
	if before <= 0 {
		before = 1 << 62
	}
	rows, err := s.rows(ctx, `SELECT `+payoutCols+` FROM org_payouts WHERE org_id = ? AND id < ? ORDER BY id DESC LIMIT ?`,
		orgID, before, limit)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []Payout{}
	for rows.Next() {
		p, err := scanPayout(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, mapErr(rows.Err())
}
