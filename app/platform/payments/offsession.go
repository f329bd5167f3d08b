package payments

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"gerege/app/platform/web"
	"gerege/db"
)

// Saved cards and off-session charges: when a module asks for it (SaveCardsFor), a payment
// paid through a provider that can (Stripe Checkout) keeps the card on the organisation's
// customer at the provider; Charge later charges that card without the payer (a renewal).
// Only the card's brand, last four digits and expiry are stored, never its number.

// OffSession is a provider that can keep a card and charge it without the payer. Every method
// may call the network: the service calls them outside any transaction.
type OffSession interface {
	Provider
	// NewCustomer creates the provider's customer of an organisation.
	NewCustomer(ctx context.Context, orgID int64) (string, error)
	// BeginSaving is Begin on the customer, keeping the card for later charges.
	BeginSaving(ctx context.Context, p db.Payment, returnURL, customerID string) (Next, string, error)
	// SavedMethod reads the card a paid intent used.
	SavedMethod(ctx context.Context, intentID string) (db.PaymentMethod, error)
	// ChargeOffSession charges the saved card; the same key never charges twice. A refused
	// card is an Intent with Status db.ChargeDeclined, not an error.
	ChargeOffSession(ctx context.Context, p db.Payment, m db.PaymentMethod, attempt int, key string) (Intent, error)
	// Intent looks an intent up (an earlier answer was not final).
	Intent(ctx context.Context, id string) (Intent, error)
	// Detach forgets a saved card at the provider.
	Detach(ctx context.Context, methodID string) error
}

// Intent is a provider's answer to an off-session charge.
type Intent struct {
	ID       string
	Status   string // db.ChargeSucceeded | db.ChargeProcessing | db.ChargeDeclined
	Code     string // why it was declined: card_declined, authentication_required, …
	Amount   int64  // in the provider's unit (StripeAmount), when known
	Currency string
}

// ChargeResult is what Charge did.
type ChargeResult struct {
	Attempt int
	Status  string // db.ChargeSucceeded (the payment is paid) | db.ChargeProcessing (wait) | db.ChargeDeclined
	Code    string
	Method  db.PaymentMethod
}

// ErrNoCard: the organisation has no saved card for the payment's provider.
var ErrNoCard = &web.Error{Status: 409, Code: "payment_no_saved_card", Message: web.M("payments.errors.noCard")}

// SaveCardsFor makes payments of purpose (through a provider that can) keep the payer
// organisation's card for later off-session charges.
func (s *Service) SaveCardsFor(purpose string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.saveCards == nil {
		s.saveCards = map[string]bool{}
	}
	s.saveCards[purpose] = true
}

func (s *Service) savesCards(purpose string) bool {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.saveCards[purpose]
}

// offSession is the configured provider that charges saved cards (nil when none: Stripe is
// not configured).
func (s *Service) offSession(name string) OffSession {
	p, ok := s.Provider(name)
	if !ok {
		return nil
	}
	o, _ := p.(OffSession)
	return o
}

// ChargeableCard is the organisation's saved card that a payment can be charged to without
// the payer now: the provider that keeps it is configured. tx may be nil.
func (s *Service) ChargeableCard(ctx context.Context, tx *db.Store, orgID int64) (db.PaymentMethod, bool, error) {
	if tx == nil {
		tx = s.Store
	}
	if orgID == 0 || s.offSession(ProviderStripe) == nil {
		return db.PaymentMethod{}, false, nil
	}
	m, err := tx.SavedPaymentMethod(ctx, orgID, ProviderStripe)
	if errors.Is(err, db.ErrNotFound) {
		return db.PaymentMethod{}, false, nil
	}
	return m, err == nil, err
}

// SavedCard is the organisation's saved card, whether or not its provider is configured now.
func (s *Service) SavedCard(ctx context.Context, orgID int64) (db.PaymentMethod, bool, error) {
	m, err := s.Store.SavedPaymentMethod(ctx, orgID, ProviderStripe)
	if errors.Is(err, db.ErrNotFound) {
		return db.PaymentMethod{}, false, nil
	}
	return m, err == nil, err
}

// RemoveCard forgets the organisation's saved card: then its payments are paid by hand again.
// The provider is asked to forget it too (outside the transaction; a failure is logged, our
// copy is gone either way). then runs inside the deleting transaction (the caller's audit
// entry). false when there was no card.
func (s *Service) RemoveCard(ctx context.Context, orgID int64, then func(tx *db.Store, m db.PaymentMethod) error) (bool, error) {
	var gone db.PaymentMethod
	err := s.Store.InTx(ctx, func(tx *db.Store) error {
		m, err := tx.SavedPaymentMethod(ctx, orgID, ProviderStripe)
		if err != nil {
			return err
		}
		if _, err := tx.DeletePaymentMethod(ctx, orgID, ProviderStripe); err != nil {
			return err
		}
		gone = m
		if then != nil {
			return then(tx, m)
		}
		return nil
	})
	if errors.Is(err, db.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if o := s.offSession(ProviderStripe); o != nil {
		if err := o.Detach(ctx, gone.MethodID); err != nil {
			s.log().Warn("payments: the provider did not forget a removed card", "org", orgID, "reason", err.Error())
		}
	}
	return true, nil
}

// customer is the organisation's customer at the provider, created the first time.
func (s *Service) customer(ctx context.Context, o OffSession, orgID int64) (string, error) {
	id, err := s.Store.PaymentCustomer(ctx, orgID, o.Name())
	if err != nil || id != "" {
		return id, err
	}
	id, err = o.NewCustomer(ctx, orgID)
	if err != nil {
		return "", err
	}
	return s.Store.SetPaymentCustomer(ctx, orgID, o.Name(), id, s.Now())
}

// ChargeKey is the idempotency key of attempt n of a payment's off-session charge.
func ChargeKey(paymentID int64, attempt int) string {
	return "gerege:charge:" + strconv.FormatInt(paymentID, 10) + ":" + strconv.Itoa(attempt)
}

// intentEvent is the event id a PaymentIntent's success settles with — the same for the
// charge's own answer and for the provider's payment_intent.succeeded webhook, so the second
// of them changes nothing.
func intentEvent(id string) string { return "payment_intent:" + id }

// Charge charges a pending payment to the paying organisation's saved card, without the payer
// (a renewal): attempt n (0, 1, …) is asked under the key ChargeKey(payment, n), so running it
// again never charges twice, and an attempt already answered is answered from our record
// without asking the provider. A success settles the payment through the same exactly-once
// path as webhooks; a refused card leaves it pending and is recorded on the attempt. Before a
// new attempt, an earlier one whose answer is missing (the process stopped) or not final is
// asked again, so two attempts never both take the money. It calls the network outside any
// transaction.
func (s *Service) Charge(ctx context.Context, paymentID int64, attempt int) (ChargeResult, error) {
	res := ChargeResult{Attempt: attempt}
	p, err := s.Store.Payment(ctx, paymentID)
	if err != nil {
		return res, err
	}
	if p.Status != db.PaymentPending {
		return res, ErrNotPending
	}
	o := s.offSession(p.Provider)
	if o == nil {
		return res, ErrUnavailable
	}
	charges, err := s.Store.PaymentCharges(ctx, p.ID)
	if err != nil {
		return res, err
	}
	for _, c := range charges {
		if c.Status == db.ChargeStarted || c.Status == db.ChargeProcessing {
			r, err := s.resolve(ctx, o, p, c)
			if err != nil {
				return res, err
			}
			if r.Status != db.ChargeDeclined || c.Attempt == attempt {
				return r, nil
			}
			continue
		}
		if c.Attempt == attempt {
			return ChargeResult{Attempt: attempt, Status: c.Status, Code: c.Code, Method: db.PaymentMethod{MethodID: c.MethodID}}, nil
		}
	}
	m, err := s.Store.SavedPaymentMethod(ctx, p.OrgID, p.Provider)
	if errors.Is(err, db.ErrNotFound) || p.OrgID == 0 {
		return res, ErrNoCard
	}
	if err != nil {
		return res, err
	}
	c, _, err := s.Store.StartPaymentCharge(ctx, db.PaymentCharge{PaymentID: p.ID, Attempt: attempt,
		IdempotencyKey: ChargeKey(p.ID, attempt), MethodID: m.MethodID}, s.Now())
	if err != nil {
		return res, err
	}
	in, err := o.ChargeOffSession(ctx, p, m, attempt, c.IdempotencyKey)
	if err != nil {
		return res, s.providerErr(err)
	}
	r, err := s.answer(ctx, o, p, c, in)
	r.Method = m
	return r, err
}

// StartCharge records, inside the caller's transaction, that attempt n of a pending payment is
// to be charged to the paying organisation's saved card; Charge (after the commit, outside any
// transaction) then sends it. If the process stops in between, the next Charge of that payment
// sends it first, under its own key: an attempt decided is never lost, nor made twice. false
// (and nothing recorded) when the payment cannot be charged so: not pending, not a payment of
// a provider that charges saved cards (or it is not configured), or no saved card.
func (s *Service) StartCharge(ctx context.Context, tx *db.Store, paymentID int64, attempt int) (bool, error) {
	p, err := tx.Payment(ctx, paymentID)
	if err != nil {
		return false, err
	}
	if p.Status != db.PaymentPending || p.OrgID == 0 || s.offSession(p.Provider) == nil {
		return false, nil
	}
	m, err := tx.SavedPaymentMethod(ctx, p.OrgID, p.Provider)
	if errors.Is(err, db.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	_, _, err = tx.StartPaymentCharge(ctx, db.PaymentCharge{PaymentID: p.ID, Attempt: attempt, IdempotencyKey: ChargeKey(p.ID, attempt),
		MethodID: m.MethodID}, s.Now())
	return err == nil, err
}

// resolve asks again about a charge whose answer is missing (the same request under the same
// key: the provider answers the first answer) or not final (the intent is looked up).
func (s *Service) resolve(ctx context.Context, o OffSession, p db.Payment, c db.PaymentCharge) (ChargeResult, error) {
	var in Intent
	var err error
	if c.IntentID != "" {
		in, err = o.Intent(ctx, c.IntentID)
	} else {
		var cust string
		if cust, err = s.Store.PaymentCustomer(ctx, p.OrgID, p.Provider); err == nil {
			in, err = o.ChargeOffSession(ctx, p, db.PaymentMethod{CustomerID: cust, MethodID: c.MethodID}, c.Attempt, c.IdempotencyKey)
		}
	}
	if err != nil {
		return ChargeResult{Attempt: c.Attempt}, s.providerErr(err)
	}
	return s.answer(ctx, o, p, c, in)
}

func (s *Service) providerErr(err error) error {
	var we *web.Error
	if errors.As(err, &we) {
		return err
	}
	return &web.Error{Status: ErrProvider.Status, Code: ErrProvider.Code, Message: ErrProvider.Message, Err: err}
}

// answer records a provider's answer to charge c: a success settles the payment (with the
// record, in one transaction), a refusal or a wait is recorded on the attempt.
func (s *Service) answer(ctx context.Context, o OffSession, p db.Payment, c db.PaymentCharge, in Intent) (ChargeResult, error) {
	r := ChargeResult{Attempt: c.Attempt, Status: in.Status, Code: in.Code}
	if in.Status == db.ChargeSucceeded && in.ID == "" {
		return r, fmt.Errorf("payments: %s answered a success without an intent id", o.Name())
	}
	err := s.Store.InTx(ctx, func(tx *db.Store) error {
		if in.Status == db.ChargeSucceeded {
			if _, err := s.settleTx(ctx, tx, p.ID, o.Name(), intentEvent(in.ID), 0); err != nil {
				return err
			}
		}
		return s.recordCharge(ctx, tx, p, c.Attempt, in)
	})
	return r, err
}

func (s *Service) recordCharge(ctx context.Context, tx *db.Store, p db.Payment, attempt int, in Intent) error {
	if err := tx.SetPaymentCharge(ctx, p.ID, attempt, in.ID, in.Status, in.Code, s.Now()); err != nil {
		return err
	}
	if in.ID == "" {
		return nil
	}
	return tx.AddPaymentAttempt(ctx, p.ID, p.Provider, in.ID, s.Now())
}

// intentWebhook applies a signed payment_intent.succeeded / payment_intent.payment_failed
// event of one of our off-session charges (found by the intent's id, or — when our record of
// the answer is missing — by the payment and attempt in its metadata, which only we set).
// Intents of Checkout Sessions are not ours to settle here: checkout.session.completed does.
func (s *Service) intentWebhook(ctx context.Context, provider string, typ string, pi Intent, meta map[string]string) error {
	p, err := s.Store.PaymentByRef(ctx, provider, pi.ID)
	attempt := -1
	if errors.Is(err, db.ErrNotFound) {
		id, _ := strconv.ParseInt(meta["payment_id"], 10, 64)
		if id <= 0 {
			return nil
		}
		if p, err = s.Store.Payment(ctx, id); errors.Is(err, db.ErrNotFound) {
			return nil
		}
	}
	if err != nil {
		return err
	}
	charges, err := s.Store.PaymentCharges(ctx, p.ID)
	if err != nil {
		return err
	}
	if n, perr := strconv.Atoi(meta["attempt"]); perr == nil {
		for _, c := range charges {
			if c.Attempt == n && (c.IntentID == "" || c.IntentID == pi.ID) {
				attempt = n
			}
		}
	}
	if attempt < 0 {
		s.log().Info("payments: a payment intent event that is not one of our charges", "payment", p.ID)
		return nil
	}
	if typ == "payment_intent.payment_failed" {
		if pi.Code == "" {
			pi.Code = "card_declined"
		}
		pi.Status = db.ChargeDeclined
		return s.Store.InTx(ctx, func(tx *db.Store) error {
			cur, err := tx.Payment(ctx, p.ID)
			if err != nil || cur.Status != db.PaymentPending {
				return err
			}
			return s.recordCharge(ctx, tx, p, attempt, pi)
		})
	}
	if pi.Amount != StripeAmount(Money{p.Amount, p.Currency}) || !strings.EqualFold(pi.Currency, p.Currency) {
		s.log().Error("payments: payment intent amount differs from the payment; not settled", "payment", p.ID,
			"intent_amount", pi.Amount, "intent_currency", pi.Currency)
		return nil
	}
	pi.Status = db.ChargeSucceeded
	return s.Store.InTx(ctx, func(tx *db.Store) error {
		fresh, err := s.settleTx(ctx, tx, p.ID, provider, intentEvent(pi.ID), 0)
		if err != nil || !fresh {
			return err
		}
		return s.recordCharge(ctx, tx, p, attempt, pi)
	})
}
