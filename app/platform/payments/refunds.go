package payments

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"gerege/app/platform/web"
	"gerege/db"
	"gerege/i18n"
)

// Refunds (issue #16). Only money owed back is refunded (db.Payment.RefundOwed: paid after
// the payment was cancelled, paid after the shop's stock ran out, a paid order cancelled by
// its seller), always whole, by a platform admin:
//   - through the provider where it has a refund API — Stripe (POST /v1/refunds with the
//     PaymentIntent, under an idempotency key of the refund) and QPay (DELETE
//     /v2/payment/refund/{payment_id});
//   - for a bank transfer, the admin records the transfer they sent back (reference, day).
//
// Exactly once: at most one pending or succeeded refund a payment (a unique index), provider
// calls of one payment are serialised in the process, a retry re-sends a pending refund under
// its own key, and a refund is posted when it moves from pending to succeeded — once. A
// succeeded refund posts the reverse of the payment's ledger movement (the provider's
// clearing account gets the money back from the payee, and the platform's fee is returned) and
// calls the purpose's RefundedFunc (who is told) in the same transaction. A refund the provider
// declines is recorded failed with its reason; nothing is posted; the admin may try again.

// RefundAnswer is a provider's answer to a refund.
type RefundAnswer struct {
	Status  string // db.RefundSucceeded | db.RefundPending | db.RefundFailed
	Ref     string // the provider's reference (Stripe refund id, QPay payment id)
	Failure string // why it was declined (the provider's code)
}

// Refunder is a provider that can send money back. An error is no answer (the network, a
// 5xx): the refund stays pending and may be sent again under the same key.
type Refunder interface {
	Refund(ctx context.Context, p db.Payment, r db.Refund) (RefundAnswer, error)
}

// RefundedFunc is what a module does, inside the refunding transaction, when a payment of its
// purpose was refunded (tell the seller's people, note it on its row).
type RefundedFunc func(ctx context.Context, tx *db.Store, p db.Payment, r db.Refund) error

// RefundRequest is an admin's refund of a payment.
type RefundRequest struct {
	PaymentID int64
	AdminID   int64
	IP        string
	Amount    int64  // 0: all that remains to be refunded
	Key       string // optional: the request's key (the same key answers the same part)
	Reason    string // optional, up to 500 characters
	Reference string // a bank transfer: the transfer's reference (required)
	Date      string // a bank transfer: the day it was sent, YYYY-MM-DD (required, not in the future)
}

// Errors of refunds.
var (
	ErrRefundNotOwed = &web.Error{Status: 409, Code: "refund_not_owed", Message: web.M("payments.errors.refundNotOwed")}
)

// OnRefunded registers what a purpose does when one of its payments is refunded; "" is called
// for every purpose (the payer's notification).
func (s *Service) OnRefunded(purpose string, f RefundedFunc) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.refunded == nil {
		s.refunded = map[string][]RefundedFunc{}
	}
	s.refunded[purpose] = append(s.refunded[purpose], f)
}

func (s *Service) refundHooks(purpose string) []RefundedFunc {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return append(append([]RefundedFunc(nil), s.refunded[""]...), s.refunded[purpose]...)
}

// OweRefund says, in the caller's transaction, that a paid payment's money is owed back (the
// shop's sold-out-at-payment path, a paid order cancelled by its seller): the banking page
// lists it under "Refunds due" and an admin may refund it.
func (s *Service) OweRefund(ctx context.Context, tx *db.Store, paymentID int64) error {
	if tx == nil {
		tx = s.Store
	}
	_, err := tx.MarkRefundOwed(ctx, paymentID)
	return err
}

// RefundKey is the idempotency key of a payment's n-th refund attempt (sent to Stripe).
func RefundKey(paymentID int64, n int) string {
	return "gerege:refund:" + strconv.FormatInt(paymentID, 10) + ":" + strconv.Itoa(n)
}

func (s *Service) refundLock(paymentID int64) *sync.Mutex {
	m, _ := s.refundLocks.LoadOrStore(paymentID, &sync.Mutex{})
	return m.(*sync.Mutex)
}

// checkRefund validates an admin's request against the payment: field errors on amount (never
// negative, never more than was paid; what remains is checked in the refunding transaction),
// reference, date and reason.
func (s *Service) checkRefund(p db.Payment, in *RefundRequest) error {
	fields := map[string]web.Msg{}
	switch {
	case in.Amount < 0:
		fields["amount"] = web.M("payments.errors.amount")
	case in.Amount > p.Amount:
		fields["amount"] = web.M("payments.errors.refundTooMuch", "amount", Money{p.Amount, p.Currency}.String())
	case in.Amount > 0 && in.Amount < p.Amount && p.Provider == ProviderQPay:
		// QPay's published refund call (DELETE /v2/payment/refund/{payment_id}) has no amount:
		// it returns the whole payment.
		fields["amount"] = web.M("payments.errors.refundQPayWhole", "amount", Money{p.Amount, p.Currency}.String())
	}
	in.Key = strings.TrimSpace(in.Key)
	if utf8.RuneCountInString(in.Key) > 100 {
		fields["key"] = web.M("payments.errors.refundKey")
	}
	in.Reason = strings.TrimSpace(in.Reason)
	if utf8.RuneCountInString(in.Reason) > 500 {
		fields["reason"] = web.M("payments.errors.refundReason")
	}
	if p.Provider == ProviderBank {
		in.Reference = strings.TrimSpace(in.Reference)
		if in.Reference == "" || utf8.RuneCountInString(in.Reference) > 100 {
			fields["reference"] = web.M("payments.errors.refundReference")
		}
		d, err := time.Parse(time.DateOnly, strings.TrimSpace(in.Date))
		if err != nil || d.After(s.Now().Add(14*time.Hour)) || d.Before(p.CreatedAt.Add(-24*time.Hour)) {
			fields["date"] = web.M("payments.errors.refundDate")
		} else {
			in.Date = d.Format(time.DateOnly)
		}
	}
	if len(fields) > 0 {
		return web.Invalid(fields)
	}
	return nil
}

// remainingError is the field error of a part larger than what remains to be refunded
// (pending: what parts still waiting for the provider hold).
func remainingError(p db.Payment, remaining, pending int64) error {
	if remaining <= 0 && pending > 0 {
		return web.Invalid(map[string]web.Msg{"amount": web.M("payments.errors.refundRestPending")})
	}
	if remaining <= 0 {
		return web.Invalid(map[string]web.Msg{"amount": web.M("payments.errors.refundNothingLeft")})
	}
	return web.Invalid(map[string]web.Msg{"amount": web.M("payments.errors.refundRest",
		"amount", Money{remaining, p.Currency}.String(), "total", Money{p.Amount, p.Currency}.String())})
}

// Refund refunds a part of a payment whose money is owed back (Amount; 0: all that remains),
// never more than what was paid in all. It answers the part as it stands: succeeded (a bank
// transfer recorded, or the provider said so), pending (the provider will confirm later), or
// failed (declined: the reason is kept, nothing posted).
//
// Answered again rather than made twice: a request with the Key of an earlier part answers
// that part (the admin's dialog sends one key per opening: a double click or a retry); a
// request without a key answers a part still pending (and sends it again), or, when the whole
// is already back and no amount was asked, the last part. A provider that does not answer
// leaves the part pending and is ErrProvider (try again: the same part is sent again under its
// key). Parts asked at once that together would pass what was paid: the excess is refused on
// the amount field (the refunding transactions are serialised, and the database's trigger
// refuses any row that would pass it), nothing posted.
func (s *Service) Refund(ctx context.Context, in RefundRequest) (db.Refund, error) {
	p, err := s.Store.Payment(ctx, in.PaymentID)
	if err != nil {
		return db.Refund{}, err
	}
	if err := s.checkRefund(p, &in); err != nil {
		return db.Refund{}, err
	}
	if p.Provider != ProviderBank {
		// A provider no longer configured cannot refund: nothing is recorded.
		prov, ok := s.Provider(p.Provider)
		if _, can := prov.(Refunder); !ok || !can {
			return db.Refund{}, ErrUnavailable
		}
	}
	mu := s.refundLock(p.ID)
	mu.Lock()
	defer mu.Unlock()
	var r db.Refund
	err = s.Store.InTx(ctx, func(tx *db.Store) error {
		var err error
		if in.Key != "" {
			r, err = tx.RefundByRequestKey(ctx, p.ID, in.Key)
		} else {
			r, err = tx.PendingRefund(ctx, p.ID)
		}
		if err == nil {
			return nil // answered again (re-sent below when pending)
		}
		if !errors.Is(err, db.ErrNotFound) {
			return err
		}
		if p, err = tx.Payment(ctx, p.ID); err != nil {
			return err
		}
		if p.Status != db.PaymentPaid || !p.RefundOwed {
			return ErrRefundNotOwed
		}
		tot, err := tx.RefundTotals(ctx, p.ID)
		if err != nil {
			return err
		}
		remaining := p.Amount - tot.Succeeded - tot.Pending
		if remaining <= 0 && in.Key == "" && in.Amount == 0 {
			// All of it is back (a second click on a whole refund): its last part.
			if r, err = tx.LatestSucceededRefund(ctx, p.ID); err == nil {
				return nil
			} else if !errors.Is(err, db.ErrNotFound) {
				return err
			}
		}
		amount := in.Amount
		if amount == 0 {
			amount = remaining
		}
		if amount <= 0 || amount > remaining {
			return remainingError(p, remaining, tot.Pending)
		}
		if p.Provider == ProviderQPay && amount != p.Amount {
			return web.Invalid(map[string]web.Msg{"amount": web.M("payments.errors.refundQPayWhole", "amount", Money{p.Amount, p.Currency}.String())})
		}
		n, err := tx.CountRefunds(ctx, p.ID)
		if err != nil {
			return err
		}
		nr := db.Refund{PaymentID: p.ID, Currency: p.Currency, Amount: amount, Provider: p.Provider, Status: db.RefundPending,
			Reason: in.Reason, IdempotencyKey: RefundKey(p.ID, n+1), RequestKey: in.Key, CreatedBy: in.AdminID}
		if p.Provider == ProviderBank {
			// The admin sent the transfer back: it is recorded as done.
			nr.Status, nr.ProviderRef, nr.TransferDate = db.RefundSucceeded, in.Reference, in.Date
		}
		if r, err = tx.InsertRefund(ctx, nr, s.Now()); errors.Is(err, db.ErrRefundExceeds) {
			return remainingError(p, remaining, tot.Pending)
		} else if err != nil {
			return err
		}
		if r.Status == db.RefundSucceeded {
			return s.refundedTx(ctx, tx, p, r, in.AdminID, in.IP)
		}
		return nil
	})
	if err != nil || r.Status != db.RefundPending {
		return r, err
	}
	return s.sendRefund(ctx, p, r, in.AdminID, in.IP)
}

// sendRefund asks the provider to refund r (the caller holds the payment's refund lock).
func (s *Service) sendRefund(ctx context.Context, p db.Payment, r db.Refund, by int64, ip string) (db.Refund, error) {
	prov, ok := s.Provider(p.Provider)
	rf, can := prov.(Refunder)
	if !ok || !can {
		return r, ErrUnavailable
	}
	if p.PaidRef == "" {
		ref, err := s.findPaidRef(ctx, p)
		if err != nil {
			return r, &web.Error{Status: ErrProvider.Status, Code: ErrProvider.Code, Message: ErrProvider.Message, Err: err}
		}
		p.PaidRef = ref
	}
	var ans RefundAnswer
	var err error
	if p.PaidRef == "" {
		ans = RefundAnswer{Status: db.RefundFailed, Failure: "payment_reference_missing"}
	} else if q, isQPay := prov.(*QPay); isQPay && s.qpayAlreadyRefunded(ctx, q, p) {
		// A refund sent before whose answer we lost: QPay already shows the payment refunded.
		ans = RefundAnswer{Status: db.RefundSucceeded, Ref: p.PaidRef}
	} else {
		ans, err = rf.Refund(ctx, p, r)
	}
	if err != nil {
		s.log().Warn("payments: refund not answered; it stays pending", "payment", p.ID, "refund", r.ID, "reason", err.Error())
		var we *web.Error
		if errors.As(err, &we) {
			return r, err
		}
		return r, &web.Error{Status: ErrProvider.Status, Code: ErrProvider.Code, Message: ErrProvider.Message, Err: err}
	}
	return s.applyRefund(ctx, r.ID, ans, "", by, ip)
}

// applyRefund records a provider's answer to a pending refund (eventID: a webhook's, recorded
// so that a replay changes nothing). Only a pending refund moves: whoever answers second
// changes nothing.
func (s *Service) applyRefund(ctx context.Context, refundID int64, ans RefundAnswer, eventID string, by int64, ip string) (db.Refund, error) {
	err := s.Store.InTx(ctx, func(tx *db.Store) error {
		r, err := tx.Refund(ctx, refundID)
		if err != nil {
			return err
		}
		if eventID != "" {
			fresh, err := tx.RecordPaymentEvent(ctx, r.Provider, eventID, r.PaymentID, s.Now())
			if err != nil || !fresh {
				return err
			}
		}
		p, err := tx.Payment(ctx, r.PaymentID)
		if err != nil {
			return err
		}
		switch ans.Status {
		case db.RefundPending:
			if ans.Ref != "" {
				return tx.SetRefundRef(ctx, r.ID, ans.Ref)
			}
			return nil
		case db.RefundSucceeded:
			ok, err := tx.FinishRefund(ctx, r.ID, db.RefundSucceeded, ans.Ref, "", s.Now())
			if err != nil || !ok {
				return err
			}
			if r, err = tx.Refund(ctx, r.ID); err != nil {
				return err
			}
			return s.refundedTx(ctx, tx, p, r, by, ip)
		case db.RefundFailed:
			failure := ans.Failure
			if failure == "" {
				failure = "declined"
			}
			ok, err := tx.FinishRefund(ctx, r.ID, db.RefundFailed, ans.Ref, failure, s.Now())
			if err != nil || !ok {
				return err
			}
			return tx.Audit(ctx, db.AuditEvent{At: s.Now(), Event: "payment_refund_failed", ActorID: by, SubjectID: p.PayerUserID, IP: ip,
				Detail: db.Detail(db.DetailPaymentRefundFailed, strconv.FormatInt(p.ID, 10), Money{r.Amount, r.Currency}.String())})
		}
		return fmt.Errorf("payments: refund answer %q", ans.Status)
	})
	if err != nil {
		return db.Refund{}, err
	}
	return s.Store.Refund(ctx, refundID)
}

// refundedTx posts a succeeded refund part: the reverse of its share of the payment's ledger
// movement, the purpose's RefundedFuncs, the audit entry — in the caller's transaction, once
// (the caller moved the part to succeeded in it).
func (s *Service) refundedTx(ctx context.Context, tx *db.Store, p db.Payment, r db.Refund, by int64, ip string) error {
	entries, err := tx.LedgerEntriesOfPayment(ctx, p.ID)
	if err != nil {
		return err
	}
	tot, err := tx.RefundTotals(ctx, p.ID) // includes r
	if err != nil {
		return err
	}
	rev, err := RefundLines(entries, tot.Succeeded, p.Amount)
	if err != nil {
		return fmt.Errorf("payments: payment %d: %w", p.ID, err)
	}
	if _, err := tx.PostLedger(ctx, "refund", p.ID, "refund:"+p.Purpose+":"+strconv.FormatInt(p.RefID, 10), rev, s.Now()); err != nil {
		return err
	}
	for _, f := range s.refundHooks(p.Purpose) {
		if err := f(ctx, tx, p, r); err != nil {
			return err
		}
	}
	return tx.Audit(ctx, db.AuditEvent{At: s.Now(), Event: "payment_refunded", ActorID: by, SubjectID: p.PayerUserID, IP: ip,
		Detail: db.Detail(db.DetailPaymentRefunded, strconv.FormatInt(p.ID, 10), Money{r.Amount, r.Currency}.String())})
}

// findPaidRef finds what paid a payment settled before its provider reference was recorded:
// the successful off-session charge's intent or a paid Checkout Session's intent (Stripe), the
// QPay payment id its settlement recorded (QPay). "" when none is found.
func (s *Service) findPaidRef(ctx context.Context, p db.Payment) (string, error) {
	switch p.Provider {
	case ProviderQPay:
		ids, err := s.Store.PaymentEventIDs(ctx, ProviderQPay, p.ID)
		if err != nil || len(ids) == 0 {
			return "", err
		}
		return ids[0], nil
	case ProviderStripe:
		if id, err := s.Store.SucceededCharge(ctx, p.ID); err != nil || id != "" {
			return id, err
		}
		prov, _ := s.Provider(ProviderStripe)
		st, ok := prov.(*Stripe)
		if !ok {
			return "", nil
		}
		refs, err := s.Store.PaymentAttempts(ctx, p.ID)
		if err != nil {
			return "", err
		}
		for _, ref := range refs {
			if !strings.HasPrefix(ref, "cs_") {
				continue
			}
			id, err := st.SessionIntent(ctx, ref)
			if err != nil {
				return "", err
			}
			if id != "" {
				return id, nil
			}
		}
	}
	return "", nil
}

// qpayAlreadyRefunded reports whether QPay's payment/check shows the payment that paid p as
// REFUNDED (a refund sent earlier whose answer was lost). Asking fails quietly: the refund is
// then sent, and QPay's own answer decides.
func (s *Service) qpayAlreadyRefunded(ctx context.Context, q *QPay, p db.Payment) bool {
	refs, err := s.Store.PaymentAttempts(ctx, p.ID)
	if err != nil {
		return false
	}
	for _, ref := range refs {
		rows, err := q.Check(ctx, ref)
		if err != nil {
			return false
		}
		for _, row := range rows {
			if row.PaymentID == p.PaidRef && row.PaymentStatus == "REFUNDED" {
				return true
			}
		}
	}
	return false
}

// RefundLines is the ledger movement of a refund part, given the payment's ledger entries
// (its own movement first, then the refund movements already posted: memo "refund"), the sum
// of the succeeded parts including this one (refunded) and the payment's amount.
//
// The rule: after each part, every line of the payment's movement has had returned its
// amount × refunded ÷ paid, rounded half away from zero — except the line with the largest
// credit (the payee's: the organisation's balance or the platform's revenue), which takes what
// balances the movement. A part posts the difference between that and what earlier parts
// returned of each line. So the provider's clearing account gets exactly the part back, the
// platform's fee is returned in proportion, every movement sums to zero, and the part that
// completes the refund returns exactly the rest of every line.
func RefundLines(entries []db.LedgerEntry, refunded, amount int64) ([]db.LedgerEntry, error) {
	if amount <= 0 || refunded <= 0 || refunded > amount {
		return nil, fmt.Errorf("refund of %d out of %d", refunded, amount)
	}
	// A line is an account and a direction (the organisation's balance has a credit, the sale,
	// and a debit, the fee); a refund line returns a line in the opposite direction.
	type line struct {
		account, currency string
		credit            bool
		net, back         int64
	}
	var lines []*line
	find := func(account, currency string, credit bool) *line {
		for _, l := range lines {
			if l.account == account && l.currency == currency && l.credit == credit {
				return l
			}
		}
		return nil
	}
	first := int64(0)
	for _, e := range entries {
		if first == 0 {
			first = e.TxnID
		}
		switch {
		case e.TxnID == first:
			l := find(e.Account, e.Currency, e.Amount > 0)
			if l == nil {
				l = &line{account: e.Account, currency: e.Currency, credit: e.Amount > 0}
				lines = append(lines, l)
			}
			l.net += e.Amount
		case e.Memo == "refund":
			if l := find(e.Account, e.Currency, e.Amount < 0); l != nil {
				l.back -= e.Amount // what earlier parts returned, in the line's direction
			}
		}
	}
	if len(lines) == 0 {
		return nil, errors.New("no ledger movement to reverse")
	}
	anchor := -1
	for i, l := range lines {
		if l.net > 0 && (anchor < 0 || l.net > lines[anchor].net) {
			anchor = i
		}
	}
	target := make([]int64, len(lines))
	sums := map[string]int64{}
	for i, l := range lines {
		if i != anchor {
			target[i] = proportion(l.net, refunded, amount)
			sums[l.currency] += target[i]
		}
	}
	if anchor >= 0 {
		target[anchor] = -sums[lines[anchor].currency]
	}
	out := []db.LedgerEntry{}
	for i, l := range lines {
		if d := target[i] - l.back; d != 0 {
			out = append(out, db.LedgerEntry{Account: l.account, Currency: l.currency, Amount: -d, Memo: "refund"})
		}
	}
	return out, nil
}

// proportion is v × num ÷ den rounded half away from zero (exact when num = den).
func proportion(v, num, den int64) int64 {
	neg := v < 0
	if neg {
		v = -v
	}
	q := (new(big.Int).Mul(big.NewInt(v), big.NewInt(num)))
	q.Mul(q, big.NewInt(2)).Add(q, big.NewInt(den)).Quo(q, big.NewInt(2*den))
	out := q.Int64()
	if neg {
		return -out
	}
	return out
}

// RefundNoteParams are the notification params of a succeeded refund part, in both languages
// ("amount.en", "amount.mn": this part; "rest.en", "rest.mn": a sentence saying what remains to
// be refunded, or that the whole payment is back), read in the refunding transaction tx.
func RefundNoteParams(ctx context.Context, tx *db.Store, p db.Payment, r db.Refund) (map[string]string, error) {
	tot, err := tx.RefundTotals(ctx, p.ID)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, lang := range []string{"en", "mn"} {
		out["amount."+lang] = FormatMoney(r.Amount, r.Currency, lang)
		if rest := p.Amount - tot.Succeeded; rest > 0 {
			out["rest."+lang] = i18n.T(lang, "banking.notify.rest.part", "rest", FormatMoney(rest, p.Currency, lang),
				"total", FormatMoney(p.Amount, p.Currency, lang))
		} else {
			out["rest."+lang] = i18n.T(lang, "banking.notify.rest.whole", "total", FormatMoney(p.Amount, p.Currency, lang))
		}
	}
	return out, nil
}
