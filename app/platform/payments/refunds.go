package payments

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"gerege/app/platform/web"
	"gerege/db"
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
	Amount    int64  // 0: the whole payment (only whole refunds are made)
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

// checkRefund validates an admin's request against the payment: field errors on amount,
// reference, date and reason.
func (s *Service) checkRefund(p db.Payment, in *RefundRequest) error {
	fields := map[string]web.Msg{}
	switch {
	case in.Amount < 0:
		fields["amount"] = web.M("payments.errors.amount")
	case in.Amount > p.Amount:
		fields["amount"] = web.M("payments.errors.refundTooMuch", "amount", Money{p.Amount, p.Currency}.String())
	case in.Amount > 0 && in.Amount < p.Amount:
		fields["amount"] = web.M("payments.errors.refundWhole", "amount", Money{p.Amount, p.Currency}.String())
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

// Refund refunds a payment whose money is owed back, exactly once. It answers the refund as
// it stands: succeeded (a bank transfer recorded, or the provider said so), pending (the
// provider will confirm later), or failed (declined: the reason is kept, nothing posted). A
// payment already refunded answers its refund (a double click, a retried request). A provider
// that does not answer leaves the refund pending and is ErrProvider (try again: the same
// refund is sent again under its key).
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
		live, err := tx.LiveRefund(ctx, p.ID)
		if err == nil {
			r = live
			return nil
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
		n, err := tx.CountRefunds(ctx, p.ID)
		if err != nil {
			return err
		}
		nr := db.Refund{PaymentID: p.ID, Currency: p.Currency, Amount: p.Amount, Provider: p.Provider, Status: db.RefundPending,
			Reason: in.Reason, IdempotencyKey: RefundKey(p.ID, n+1), CreatedBy: in.AdminID}
		if p.Provider == ProviderBank {
			// The admin sent the transfer back: it is recorded as done.
			nr.Status, nr.ProviderRef, nr.TransferDate = db.RefundSucceeded, in.Reference, in.Date
		}
		if r, err = tx.InsertRefund(ctx, nr, s.Now()); err != nil {
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

// refundedTx posts a succeeded refund: the reverse of the payment's ledger movement, the
// purpose's RefundedFuncs, the audit entry — in the caller's transaction, once (the caller
// moved the refund to succeeded in it).
func (s *Service) refundedTx(ctx context.Context, tx *db.Store, p db.Payment, r db.Refund, by int64, ip string) error {
	entries, err := tx.LedgerEntriesOfPayment(ctx, p.ID)
	if err != nil {
		return err
	}
	rev := []db.LedgerEntry{}
	first := int64(0)
	for _, e := range entries {
		if first == 0 {
			first = e.TxnID
		}
		if e.TxnID != first {
			continue // only the payment's own movement is reversed
		}
		rev = append(rev, db.LedgerEntry{Account: e.Account, Currency: e.Currency, Amount: -e.Amount, Memo: "refund"})
	}
	if len(rev) == 0 {
		return fmt.Errorf("payments: payment %d has no ledger movement to reverse", p.ID)
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
