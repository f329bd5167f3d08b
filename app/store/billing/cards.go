package billing

import (
	"context"
	"errors"
	"strings"
	"time"

	"gerege/app/platform/mail"
	"gerege/app/platform/payments"
	"gerege/db"
)

// Renewals charged to the saved card. An owner who pays by card through Stripe Checkout keeps
// the card (payments.SaveCardsFor); at each renewal of an organisation with a saved card, when
// card payments are configured, the renewal invoice's payment is a card payment charged
// off-session at once (attempt 0), and again at each retry (attempts 1–3, RetryAfter); each
// refusal emails the owner in their language with the next try's date, a success emails
// "paid with your card" (in the settling transaction, so exactly once). Without a card or
// without Stripe, renewals are invoices paid by hand, as before.

// startCharge records, in the renewal's transaction, that the renewal payment is to be charged
// to the saved card (attempt n); false when it is not a card payment or there is no card.
func (h *Handlers) startCharge(ctx context.Context, tx *db.Store, paymentID int64, attempt int) (bool, error) {
	if h.Payments == nil || paymentID == 0 {
		return false, nil
	}
	return h.Payments.StartCharge(ctx, tx, paymentID, attempt)
}

// CardLabel is how a card is named to its owner: "Visa •••• 4242".
func CardLabel(m db.PaymentMethod) string {
	brands := map[string]string{"visa": "Visa", "mastercard": "Mastercard", "amex": "American Express", "unionpay": "UnionPay",
		"jcb": "JCB", "discover": "Discover", "diners": "Diners Club"}
	b, ok := brands[strings.ToLower(m.Brand)]
	if !ok {
		b = strings.ToUpper(m.Brand)
	}
	if m.Last4 == "" {
		return b
	}
	if b == "" {
		return "•••• " + m.Last4
	}
	return b + " •••• " + m.Last4
}

// chargeCard charges the renewal payment to the saved card (outside any transaction) and, when
// the card is refused, emails the owner when the next try is.
func (h *Handlers) chargeCard(ctx context.Context, c cardCharge, now time.Time) error {
	r, err := h.Payments.Charge(ctx, c.paymentID, c.attempt)
	switch {
	case errors.Is(err, payments.ErrNotPending):
		return nil // paid meanwhile (by hand, or a webhook), or ended
	case errors.Is(err, payments.ErrNoCard):
		r.Status, r.Code = db.ChargeDeclined, "no_card" // removed in between: the owner pays the invoice by hand
	case err != nil:
		return err // Stripe did not answer: the next attempt asks again under this attempt's key first
	}
	if r.Status != db.ChargeDeclined {
		return nil // succeeded: invoicePaid emailed; processing: Stripe's webhook settles it
	}
	return h.Store.InTx(ctx, func(tx *db.Store) error {
		s, err := tx.BillingSubscription(ctx, c.subID)
		if err != nil {
			return err
		}
		if s.Status != "active" && s.Status != "past_due" || s.OwnerEmail == "" || h.Mailer == nil {
			return nil
		}
		inv, err := tx.BillingInvoice(ctx, s.RenewalInvoiceID)
		if err != nil || inv.PaymentID != c.paymentID || inv.Status != "issued" {
			return err
		}
		plan, err := tx.BillingPlan(ctx, s.PlanID)
		if err != nil {
			return err
		}
		lang := s.OwnerLang
		kind, date := "billingCardDeclined", s.NextAttemptAt
		if c.attempt >= len(RetryAfter) || date.IsZero() || !date.Before(s.PeriodEnd.Add(FallbackAfter)) {
			kind, date = "billingCardDeclinedLast", s.PeriodEnd.Add(FallbackAfter)
		}
		card := r.Method
		if card.Last4 == "" {
			card, _ = tx.SavedPaymentMethod(ctx, s.OrgID, payments.ProviderStripe)
		}
		return h.Mailer.Queue(ctx, tx, h.Mailer.Compose(mail.Message{To: s.OwnerEmail, Lang: lang, Kind: kind, Name: s.OwnerName,
			Link: h.link("/" + lang + "/dashboard/subscription"),
			Vars: []any{"plan", planName(plan, lang), "amount", payments.FormatMoney(inv.Total, inv.Currency, lang), "card", CardLabel(card),
				"number", inv.Number, "date", FormatDate(date, lang), "attempt", c.attempt + 1, "attempts", len(RetryAfter) + 1}})...)
	})
}

// emailCardPaid, in the transaction that settles a renewal, tells the owner their card paid it
// (only for a renewal charged off-session: a payment the owner made themselves needs no email).
func (h *Handlers) emailCardPaid(ctx context.Context, tx *db.Store, s db.BillingSubscription, v db.BillingInvoice, p db.Payment) error {
	if h.Mailer == nil || s.OwnerEmail == "" || p.Provider != payments.ProviderStripe {
		return nil
	}
	cs, err := tx.PaymentCharges(ctx, p.ID)
	if err != nil || len(cs) == 0 {
		return err
	}
	plan, err := tx.BillingPlan(ctx, v.PlanID)
	if err != nil {
		return err
	}
	card, err := tx.SavedPaymentMethod(ctx, s.OrgID, payments.ProviderStripe)
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return err
	}
	if card.MethodID != cs[len(cs)-1].MethodID { // the card was replaced or removed since
		card = db.PaymentMethod{}
	}
	lang := s.OwnerLang
	return h.Mailer.Queue(ctx, tx, h.Mailer.Compose(mail.Message{To: s.OwnerEmail, Lang: lang, Kind: "billingCardPaid", Name: s.OwnerName,
		Link: h.link("/" + lang + "/dashboard/invoice/" + itoa(v.ID)),
		Vars: []any{"plan", planName(plan, lang), "amount", payments.FormatMoney(v.Total, v.Currency, lang), "card", CardLabel(card),
			"number", v.Number, "date", FormatDate(v.PeriodEnd, lang)}})...)
}
