package billing

import (
	"context"
	"errors"
	"sync"
	"time"

	"gerege/app/platform/jobs"
	"gerege/app/platform/mail"
	"gerege/app/platform/payments"
	"gerege/db"
	"gerege/i18n"
)

// Renewals. At the end of a paid month the renewal invoice is issued (at the price the
// subscription pays — the new price of a notice only once the renewal date is at least
// NoticePeriod after the notice — and on the next plan if a downgrade waits), its payment
// created and the invoice emailed. If it is not paid, it is retried RetryAfter[0..2] after the
// renewal date, each time with an email in the owner's language; FallbackAfter the renewal
// date the subscription ends: the organisation is on the free plan again, its data kept.

// RetryAfter are the three retries of an unpaid renewal, after the renewal date.
var RetryAfter = []time.Duration{24 * time.Hour, 3 * 24 * time.Hour, 5 * 24 * time.Hour}

// FallbackAfter is when an unpaid renewal ends the subscription.
const FallbackAfter = 7 * 24 * time.Hour

// ProcessingWait is how long after the fallback moment a renewal whose card charge Stripe still
// reports as processing waits for its outcome before falling back anyway; ProcessingCheck is
// how often the charge is looked up at Stripe meanwhile (Stripe's webhook may say it sooner).
const (
	ProcessingWait  = 3 * 24 * time.Hour
	ProcessingCheck = 6 * time.Hour
)

// atFallback reports whether an unpaid renewal has reached its fallback moment (its retries
// are spent, or FallbackAfter has passed).
func atFallback(s db.BillingSubscription, now time.Time) bool {
	return s.Attempts >= len(RetryAfter) || !now.Before(s.PeriodEnd.Add(FallbackAfter))
}

// Jobs: renewals (with retries and fallbacks) and the delivery proof of price notices.
func (h *Handlers) Jobs() []jobs.Job {
	return []jobs.Job{
		{Name: "billing.renewals", Every: 15 * time.Minute, Run: func(ctx context.Context, now time.Time) error {
			_, err := h.RunRenewals(ctx, now)
			return err
		}},
		{Name: "billing.notices", Every: 10 * time.Minute, Run: func(ctx context.Context, _ time.Time) error {
			_, err := h.Store.MarkBillingNoticesDelivered(ctx)
			return err
		}},
	}
}

// renewalWorkers run subscriptions' renewals side by side, so the single writer commits them
// in groups.
const renewalWorkers = 8

// RunRenewals does every renewal, retry, fallback and end of a cancelled subscription due at
// now; each subscription is one transaction. It returns how many subscriptions it handled.
func (h *Handlers) RunRenewals(ctx context.Context, now time.Time) (int, error) {
	var after int64
	done := 0
	var firstErr error
	for {
		ids, err := h.Store.DueBillingSubscriptions(ctx, now, after, 500)
		if err != nil {
			return done, err
		}
		if len(ids) == 0 {
			return done, firstErr
		}
		after = ids[len(ids)-1]
		work := make(chan int64)
		var mu sync.Mutex
		var wg sync.WaitGroup
		for range renewalWorkers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for id := range work {
					err := h.renewAndCharge(ctx, id, now)
					mu.Lock()
					if err != nil && firstErr == nil {
						firstErr = err
					}
					done++
					mu.Unlock()
				}
			}()
		}
		for _, id := range ids {
			work <- id
		}
		close(work)
		wg.Wait()
	}
}

// cardCharge is an off-session charge a renewal step asks for once its transaction committed.
type cardCharge struct {
	subID, paymentID int64
	attempt          int
}

// renewAndCharge is one subscription's step of the run: the renewal, retry or fallback (one
// transaction), then — outside any transaction, as it calls Stripe — the charge of the saved
// card that step asks for, and the email that says how it went.
func (h *Handlers) renewAndCharge(ctx context.Context, id int64, now time.Time) error {
	if err := h.lookUpProcessing(ctx, id, now); err != nil {
		return err
	}
	c, err := h.renewOne(ctx, id, now)
	if err != nil || c == nil {
		return err
	}
	return h.chargeCard(ctx, *c, now)
}

func (h *Handlers) renewOne(ctx context.Context, id int64, now time.Time) (*cardCharge, error) {
	var charge *cardCharge
	err := h.Store.InTx(ctx, func(tx *db.Store) error {
		charge = nil
		s, err := tx.BillingSubscription(ctx, id)
		if err != nil {
			return err
		}
		if (s.Status != "active" && s.Status != "past_due") || s.PeriodEnd.After(now) {
			return nil
		}
		plan, err := tx.BillingPlan(ctx, s.PlanID)
		if err != nil {
			return err
		}
		lang := s.OwnerLang
		// Cancelled: the plan ends with the paid month.
		if s.CancelAtPeriodEnd {
			return h.end(ctx, tx, s, plan, now, false)
		}
		if s.RenewalInvoiceID == 0 {
			inv, err := h.renew(ctx, tx, s, plan, now)
			if err != nil || inv.Status != "issued" {
				return err
			}
			if ok, err := h.startCharge(ctx, tx, inv.PaymentID, 0); err != nil || !ok {
				return err
			}
			charge = &cardCharge{subID: s.ID, paymentID: inv.PaymentID}
			return nil
		}
		if s.NextAttemptAt.After(now) {
			return nil
		}
		inv, err := tx.BillingInvoice(ctx, s.RenewalInvoiceID)
		if err != nil {
			return err
		}
		if inv.Status == "paid" { // paid meanwhile (the PaidFunc already renewed): nothing to do
			return nil
		}
		if atFallback(s, now) {
			// A card charge Stripe is still processing is not voided under it: wait for its
			// outcome, at most ProcessingWait.
			if wait, err := h.waitForProcessing(ctx, tx, s, inv, now); err != nil || wait {
				return err
			}
			return h.end(ctx, tx, s, plan, now, true)
		}
		// A retry: tell the owner, in their language.
		s.Attempts++
		s.Status = "past_due"
		if s.Attempts < len(RetryAfter) {
			s.NextAttemptAt = s.PeriodEnd.Add(RetryAfter[s.Attempts])
		} else {
			s.NextAttemptAt = s.PeriodEnd.Add(FallbackAfter)
		}
		if _, err := tx.SaveBillingSubscription(ctx, s, now); err != nil {
			return err
		}
		if ok, err := h.startCharge(ctx, tx, inv.PaymentID, s.Attempts); err != nil {
			return err
		} else if ok {
			// The card is charged again; the email says how that went (chargeCard).
			charge = &cardCharge{subID: s.ID, paymentID: inv.PaymentID, attempt: s.Attempts}
			return nil
		}
		if s.OwnerEmail == "" {
			return nil
		}
		return h.Mailer.Queue(ctx, tx, h.Mailer.Compose(mail.Message{To: s.OwnerEmail, Lang: lang, Kind: "billingRenewalFailed",
			Name: s.OwnerName, Link: h.link("/" + lang + "/dashboard/subscription"),
			Vars: []any{"plan", planName(plan, lang), "amount", payments.FormatMoney(inv.Total, inv.Currency, lang), "attempt", s.Attempts,
				"attempts", len(RetryAfter), "number", inv.Number, "date", FormatDate(s.PeriodEnd.Add(FallbackAfter), lang)}})...)
	})
	return charge, err
}

// lookUpProcessing, before a subscription's step at or after its fallback moment, asks Stripe
// about a renewal charge it reported as processing (outside any transaction): a success settles
// the invoice (the subscription renews), a refusal is recorded (the step then falls back), no
// answer leaves it processing (the step waits). A provider that cannot be reached changes
// nothing: the wait is bounded anyway.
func (h *Handlers) lookUpProcessing(ctx context.Context, id int64, now time.Time) error {
	if h.Payments == nil {
		return nil
	}
	s, err := h.Store.BillingSubscription(ctx, id)
	if err != nil || (s.Status != "active" && s.Status != "past_due") || s.RenewalInvoiceID == 0 ||
		s.NextAttemptAt.After(now) || !atFallback(s, now) {
		return err
	}
	inv, err := h.Store.BillingInvoice(ctx, s.RenewalInvoiceID)
	if err != nil || inv.Status != "issued" || inv.PaymentID == 0 {
		return err
	}
	c, ok, err := processingCharge(ctx, h.Store, inv.PaymentID)
	if err != nil || !ok {
		return err
	}
	// The same attempt: looked up, never charged again. Stripe not answering (or the payment
	// settled meanwhile) leaves the decision to the step, which waits at most ProcessingWait.
	_, _ = h.Payments.Charge(ctx, inv.PaymentID, c.Attempt)
	return nil
}

// processingCharge is the renewal payment's charge Stripe last reported as processing.
func processingCharge(ctx context.Context, st *db.Store, paymentID int64) (db.PaymentCharge, bool, error) {
	cs, err := st.PaymentCharges(ctx, paymentID)
	if err != nil {
		return db.PaymentCharge{}, false, err
	}
	for i := len(cs) - 1; i >= 0; i-- {
		if cs[i].Status == db.ChargeProcessing {
			return cs[i], true, nil
		}
	}
	return db.PaymentCharge{}, false, nil
}

// waitForProcessing, at the fallback moment of an unpaid renewal, keeps the subscription (past
// due, on its plan) while its card charge is still processing at Stripe, looking again every
// ProcessingCheck, until ProcessingWait after the fallback moment; true when it waits. A
// success then renews the subscription (invoicePaid); a refusal, or no answer by the end of the
// wait, falls back (and money that still arrives is settled late and refunded).
func (h *Handlers) waitForProcessing(ctx context.Context, tx *db.Store, s db.BillingSubscription, inv db.BillingInvoice, now time.Time) (bool, error) {
	deadline := s.PeriodEnd.Add(FallbackAfter + ProcessingWait)
	if inv.PaymentID == 0 || !now.Before(deadline) {
		return false, nil
	}
	if _, ok, err := processingCharge(ctx, tx, inv.PaymentID); err != nil || !ok {
		return false, err
	}
	// The first step of the wait (the subscription was due at the fallback moment itself):
	// the owner hears, once, that the charge is awaited and until when.
	first := !s.NextAttemptAt.After(s.PeriodEnd.Add(FallbackAfter))
	s.Status, s.NextAttemptAt = "past_due", now.Add(ProcessingCheck)
	if s.NextAttemptAt.After(deadline) {
		s.NextAttemptAt = deadline
	}
	if _, err := tx.SaveBillingSubscription(ctx, s, now); err != nil {
		return false, err
	}
	if first {
		if err := h.emailProcessing(ctx, tx, s, inv, deadline); err != nil {
			return false, err
		}
	}
	return true, nil
}

// emailProcessing tells the owner, in their language and through the outbox (in the step's
// transaction, so a replayed run sends nothing more), that the renewal's card charge is still
// being processed by the card network at the fallback moment: the plan stays on while it is
// awaited, at the latest until deadline; then it falls back (money that arrives later is
// refunded).
func (h *Handlers) emailProcessing(ctx context.Context, tx *db.Store, s db.BillingSubscription, inv db.BillingInvoice, deadline time.Time) error {
	if h.Mailer == nil || s.OwnerEmail == "" {
		return nil
	}
	plan, err := tx.BillingPlan(ctx, s.PlanID)
	if err != nil {
		return err
	}
	lang := s.OwnerLang
	card, _ := tx.SavedPaymentMethod(ctx, s.OrgID, payments.ProviderStripe)
	return h.Mailer.Queue(ctx, tx, h.Mailer.Compose(mail.Message{To: s.OwnerEmail, Lang: lang, Kind: "billingCardProcessing", Name: s.OwnerName,
		Link: h.link("/" + lang + "/dashboard/subscription"),
		Vars: []any{"plan", planName(plan, lang), "amount", payments.FormatMoney(inv.Total, inv.Currency, lang), "card", CardLabel(card),
			"number", inv.Number, "date", FormatDate(deadline, lang)}})...)
}

// renew issues the renewal invoice of the month starting at the period's end.
func (h *Handlers) renew(ctx context.Context, tx *db.Store, s db.BillingSubscription, plan db.BillingPlan, now time.Time) (db.BillingInvoice, error) {
	price := s.Price
	at := s.PeriodEnd
	if n, err := tx.DueBillingPriceNotice(ctx, s.ID, s.Currency, at); err == nil {
		price = n.NewPrice
		if err := tx.ApplyBillingPriceNotices(ctx, s.ID, at, now); err != nil {
			return db.BillingInvoice{}, err
		}
	} else if !errors.Is(err, db.ErrNotFound) {
		return db.BillingInvoice{}, err
	}
	if s.NextPlanID != 0 { // a downgrade waits for this renewal
		np, err := tx.BillingPlan(ctx, s.NextPlanID)
		if err != nil {
			return db.BillingInvoice{}, err
		}
		plan, price, s.PlanID, s.NextPlanID = np, np.Price(s.Currency), np.ID, 0
	}
	s.Price = price
	owner, err := h.ownerOf(ctx, tx, s)
	if err != nil {
		return db.BillingInvoice{}, err
	}
	if price <= 0 { // nothing to charge (a plan made free): the month simply starts
		s.PeriodStart, s.PeriodEnd = s.PeriodEnd, addMonth(s.PeriodEnd)
		_, err := tx.SaveBillingSubscription(ctx, s, now)
		return db.BillingInvoice{}, err
	}
	if h.Payments != nil {
		// A saved card, with card payments configured: the renewal is charged to it.
		if _, ok, err := h.Payments.ChargeableCard(ctx, tx, s.OrgID); err != nil {
			return db.BillingInvoice{}, err
		} else if ok {
			s.Provider = payments.ProviderStripe
		}
	}
	inv, err := h.subscriptionInvoice(ctx, tx, s, plan, owner, "renewal", price, s.PeriodEnd, addMonth(s.PeriodEnd),
		s.PeriodEnd.Add(FallbackAfter))
	if err != nil {
		return inv, err
	}
	s.RenewalInvoiceID, s.Attempts, s.NextAttemptAt = inv.ID, 0, s.PeriodEnd.Add(RetryAfter[0])
	_, err = tx.SaveBillingSubscription(ctx, s, now)
	return inv, err
}

// ownerOf is the subscription's owner (the organisation's owner today if the one who
// subscribed is gone).
func (h *Handlers) ownerOf(ctx context.Context, tx *db.Store, s db.BillingSubscription) (*db.User, error) {
	if s.OwnerID != 0 {
		if u, err := tx.UserByID(ctx, s.OwnerID); err == nil && u.OrgID == s.OrgID {
			return u, nil
		}
	}
	return tx.BillingOrgOwner(ctx, s.OrgID)
}

// end moves the organisation back to the free plan (data kept): a cancellation at the end of
// the paid month, or an unpaid renewal after its retries (unpaid: its invoice is voided, its
// payment cancelled, and the owner told).
func (h *Handlers) end(ctx context.Context, tx *db.Store, s db.BillingSubscription, plan db.BillingPlan, now time.Time, unpaid bool) error {
	if s.RenewalInvoiceID != 0 {
		inv, err := tx.BillingInvoice(ctx, s.RenewalInvoiceID)
		if err != nil {
			return err
		}
		if inv.Status == "issued" {
			if err := tx.SetBillingInvoiceStatus(ctx, inv.ID, "issued", "void", now); err != nil {
				return err
			}
			if inv.PaymentID != 0 && h.Payments != nil {
				if err := h.Payments.Cancel(ctx, tx, inv.PaymentID); err != nil && !errors.Is(err, payments.ErrNotPending) {
					return err
				}
			}
		}
	}
	s.Status, s.RenewalInvoiceID, s.NextAttemptAt, s.NextPlanID, s.CancelAtPeriodEnd = "ended", 0, time.Time{}, 0, false
	if _, err := tx.SaveBillingSubscription(ctx, s, now); err != nil {
		return err
	}
	event := "billing.ended"
	if !unpaid {
		event = "billing.cancel_effective"
	}
	if err := h.audit(ctx, tx, "", event, 0, s.OwnerID, db.Detail(plan.Code)); err != nil {
		return err
	}
	if s.OwnerEmail == "" {
		return nil
	}
	lang := s.OwnerLang
	return h.Mailer.Queue(ctx, tx, h.Mailer.Compose(mail.Message{To: s.OwnerEmail, Lang: lang, Kind: "billingDowngraded",
		Name: s.OwnerName, Link: h.link("/" + lang + "/pricing"), Vars: []any{"plan", planName(plan, lang)}})...)
}

func tr(lang, key string, args ...any) string { return i18n.T(lang, key, args...) }

// Limit is what an organisation's plan includes: "postings" (open postings), "staff" (staff
// seats), "communities"; -1 means no limit. An organisation without a live subscription
// (none, waiting for its first payment, ended) has the free plan's limits; a subscription
// whose renewal is being retried keeps its plan until it ends. The modules enforce the limits
// through app/platform/plans, on the same query (db.OrgPlan); see docs/store/billing.md.
func Limit(ctx context.Context, store *db.Store, orgID int64, what string) (int, error) {
	plan, err := store.OrgPlan(ctx, orgID)
	if err != nil {
		return 0, err
	}
	return plan.Max(what)
}
