package payments

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	stripe "github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"gerege/app/platform/web"
	"gerege/db"
)

// StripeConfig is the card provider's configuration: GEREGE_STRIPE_SECRET_KEY,
// GEREGE_STRIPE_WEBHOOK_SECRET (both secrets, environment only) and GEREGE_STRIPE_API_BASE
// (only to point the client at stripe-mock; empty = Stripe's own API).
type StripeConfig struct {
	SecretKey     string
	WebhookSecret string
	APIBase       string
}

// Stripe collects card payments with Stripe Checkout: the payer types the card number on
// Stripe's page, never on ours. A payment is paid when Stripe's signed webhook says its
// Checkout Session is (Service.StripeWebhook).
type Stripe struct {
	cfg    StripeConfig
	client *stripe.Client
}

// NewStripe builds the provider with the official client.
func NewStripe(cfg StripeConfig) *Stripe {
	bc := &stripe.BackendConfig{HTTPClient: &http.Client{Timeout: 20 * time.Second},
		MaxNetworkRetries: stripe.Int64(1), LeveledLogger: &stripe.LeveledLogger{Level: stripe.LevelNull}}
	if cfg.APIBase != "" {
		bc.URL = stripe.String(strings.TrimSuffix(cfg.APIBase, "/"))
	}
	return &Stripe{cfg: cfg, client: stripe.NewClient(cfg.SecretKey, stripe.WithBackends(stripe.NewBackendsWithConfig(bc)))}
}

// Name is "stripe".
func (st *Stripe) Name() string { return ProviderStripe }

// StripeAmount is an amount in Stripe's unit of the currency: Stripe counts MNT in
// hundredths (it is not one of its zero-decimal currencies), USD in cents.
func StripeAmount(m Money) int64 {
	exp := Currencies[m.Currency]
	a := m.Amount
	for i := exp; i < 2; i++ {
		a *= 10
	}
	return a
}

// Begin opens a Checkout Session for p; the payer goes to its URL and comes back to returnURL.
func (st *Stripe) Begin(ctx context.Context, p db.Payment, returnURL string) (Next, string, error) {
	params, err := st.sessionParams(p, returnURL)
	if err != nil {
		return Next{}, "", err
	}
	return st.openSession(ctx, params)
}

// BeginSaving opens a Checkout Session for p on the organisation's Stripe customer that also
// keeps the card for later charges without the payer (setup_future_usage=off_session; Stripe's
// page tells the payer so).
func (st *Stripe) BeginSaving(ctx context.Context, p db.Payment, returnURL, customerID string) (Next, string, error) {
	params, err := st.sessionParams(p, returnURL)
	if err != nil {
		return Next{}, "", err
	}
	params.Customer = stripe.String(customerID)
	params.PaymentIntentData = &stripe.CheckoutSessionCreatePaymentIntentDataParams{SetupFutureUsage: stripe.String("off_session")}
	return st.openSession(ctx, params)
}

func (st *Stripe) sessionParams(p db.Payment, returnURL string) (*stripe.CheckoutSessionCreateParams, error) {
	u, err := url.Parse(returnURL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, fmt.Errorf("payments: stripe needs an absolute return URL, got %q", returnURL)
	}
	q := u.Query()
	q.Set("payment", strconv.FormatInt(p.ID, 10))
	u.RawQuery = q.Encode()
	back := u.String()
	id := strconv.FormatInt(p.ID, 10)
	return &stripe.CheckoutSessionCreateParams{
		Mode:              stripe.String("payment"),
		ClientReferenceID: stripe.String(id),
		SuccessURL:        stripe.String(back),
		CancelURL:         stripe.String(back),
		Metadata:          map[string]string{"payment_id": id, "purpose": p.Purpose},
		LineItems: []*stripe.CheckoutSessionCreateLineItemParams{{
			Quantity: stripe.Int64(1),
			PriceData: &stripe.CheckoutSessionCreateLineItemPriceDataParams{
				Currency:    stripe.String(strings.ToLower(p.Currency)),
				UnitAmount:  stripe.Int64(StripeAmount(Money{p.Amount, p.Currency})),
				ProductData: &stripe.CheckoutSessionCreateLineItemPriceDataProductDataParams{Name: stripe.String(productName(p))},
			},
		}},
	}, nil
}

func productName(p db.Payment) string {
	return "Gerege " + p.Purpose + " #" + strconv.FormatInt(p.RefID, 10)
}

func (st *Stripe) openSession(ctx context.Context, params *stripe.CheckoutSessionCreateParams) (Next, string, error) {
	cs, err := st.client.V1CheckoutSessions.Create(ctx, params)
	if err != nil {
		return Next{}, "", fmt.Errorf("payments: stripe checkout session: %w", redactStripe(err))
	}
	if cs.ID == "" || cs.URL == "" {
		return Next{}, "", errors.New("payments: stripe gave a checkout session without id or url")
	}
	return Next{Kind: "redirect", URL: cs.URL}, cs.ID, nil
}

// NewCustomer creates the Stripe customer of an organisation (no personal data: its id only;
// Checkout asks the payer for the email).
func (st *Stripe) NewCustomer(ctx context.Context, orgID int64) (string, error) {
	id := strconv.FormatInt(orgID, 10)
	c, err := st.client.V1Customers.Create(ctx, &stripe.CustomerCreateParams{Description: stripe.String("Gerege organisation #" + id),
		Metadata: map[string]string{"org_id": id}})
	if err != nil {
		return "", fmt.Errorf("payments: stripe customer: %w", redactStripe(err))
	}
	if c.ID == "" {
		return "", errors.New("payments: stripe gave a customer without id")
	}
	return c.ID, nil
}

// SavedMethod reads the card a paid PaymentIntent used (brand, last four digits, expiry).
func (st *Stripe) SavedMethod(ctx context.Context, intentID string) (db.PaymentMethod, error) {
	params := &stripe.PaymentIntentRetrieveParams{}
	params.AddExpand("payment_method")
	pi, err := st.client.V1PaymentIntents.Retrieve(ctx, intentID, params)
	if err != nil {
		return db.PaymentMethod{}, fmt.Errorf("payments: stripe payment intent: %w", redactStripe(err))
	}
	pm := pi.PaymentMethod
	if pm == nil || pm.ID == "" || pm.Card == nil {
		return db.PaymentMethod{}, errors.New("payments: the payment intent has no card")
	}
	m := db.PaymentMethod{Provider: ProviderStripe, MethodID: pm.ID, Brand: string(pm.Card.Brand), Last4: pm.Card.Last4,
		ExpMonth: int(pm.Card.ExpMonth), ExpYear: int(pm.Card.ExpYear)}
	if len(m.Last4) > 4 {
		m.Last4 = m.Last4[len(m.Last4)-4:]
	}
	if pi.Customer != nil {
		m.CustomerID = pi.Customer.ID
	}
	return m, nil
}

// ChargeOffSession creates and confirms a PaymentIntent for p on the saved card, without the
// payer (off_session=true, confirm=true), under the idempotency key: the same key asked again
// is answered with the first answer and never charges twice. A refused card (card_declined,
// authentication_required, …) is an Intent with Status declined, not an error.
func (st *Stripe) ChargeOffSession(ctx context.Context, p db.Payment, m db.PaymentMethod, attempt int, key string) (Intent, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(StripeAmount(Money{p.Amount, p.Currency})),
		Currency:      stripe.String(strings.ToLower(p.Currency)),
		Customer:      stripe.String(m.CustomerID),
		PaymentMethod: stripe.String(m.MethodID),
		OffSession:    stripe.Bool(true),
		Confirm:       stripe.Bool(true),
		Description:   stripe.String(productName(p)),
		Metadata:      map[string]string{"payment_id": strconv.FormatInt(p.ID, 10), "attempt": strconv.Itoa(attempt)},
	}
	params.SetIdempotencyKey(key)
	pi, err := st.client.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
			in := Intent{Status: db.ChargeDeclined, Code: string(se.Code)}
			if se.PaymentIntent != nil {
				in.ID = se.PaymentIntent.ID
			}
			if in.Code == "" {
				in.Code = "card_declined"
			}
			return in, nil
		}
		return Intent{}, fmt.Errorf("payments: stripe off-session charge: %w", redactStripe(err))
	}
	in := intentOf(pi)
	if in.Status == db.ChargeDeclined && pi.Status != stripe.PaymentIntentStatusRequiresAction {
		// A confirmed intent answered without an error and without a final state (stripe-mock
		// always answers so): the webhook, or the next attempt's look-up, decides.
		in.Status, in.Code = db.ChargeProcessing, ""
	}
	return in, nil
}

// Intent looks a PaymentIntent up (an earlier charge whose answer was not final).
func (st *Stripe) Intent(ctx context.Context, id string) (Intent, error) {
	pi, err := st.client.V1PaymentIntents.Retrieve(ctx, id, nil)
	if err != nil {
		return Intent{}, fmt.Errorf("payments: stripe payment intent: %w", redactStripe(err))
	}
	return intentOf(pi), nil
}

// intentOf maps a PaymentIntent's state: succeeded, processing (wait), or declined (it needs
// the payer: another card or an authentication).
func intentOf(pi *stripe.PaymentIntent) Intent {
	in := Intent{ID: pi.ID, Amount: pi.Amount, Currency: strings.ToUpper(string(pi.Currency))}
	switch pi.Status {
	case stripe.PaymentIntentStatusSucceeded:
		in.Status = db.ChargeSucceeded
	case stripe.PaymentIntentStatusProcessing:
		in.Status = db.ChargeProcessing
	default:
		in.Status = db.ChargeDeclined
		if pi.Status == stripe.PaymentIntentStatusRequiresAction {
			in.Code = string(stripe.ErrorCodeAuthenticationRequired)
		} else if pi.LastPaymentError != nil && pi.LastPaymentError.Code != "" {
			in.Code = string(pi.LastPaymentError.Code)
		} else {
			in.Code = string(pi.Status)
		}
	}
	return in
}

// Detach forgets a saved card at Stripe (the owner removed it).
func (st *Stripe) Detach(ctx context.Context, methodID string) error {
	if _, err := st.client.V1PaymentMethods.Detach(ctx, methodID, nil); err != nil {
		return fmt.Errorf("payments: stripe detach: %w", redactStripe(err))
	}
	return nil
}

// redactStripe keeps only what a log may show of a client error (its type, code and status).
func redactStripe(err error) error {
	var se *stripe.Error
	if errors.As(err, &se) {
		return fmt.Errorf("stripe %s %s (HTTP %d)", se.Type, se.Code, se.HTTPStatusCode)
	}
	return err
}

// ErrBadSignature is a webhook whose signature does not verify.
var ErrBadSignature = &web.Error{Status: 400, Code: "bad_signature", Message: web.M("payments.errors.signature")}

// StripeWebhook verifies a Stripe webhook (the Stripe-Signature header against the webhook
// secret) and applies it exactly once: a paid Checkout Session settles its payment, a failed
// asynchronous payment marks it failed. Replayed or reordered events change nothing; events
// of other types or of sessions that are not ours are acknowledged and ignored.
func (s *Service) StripeWebhook(ctx context.Context, payload []byte, signature string) error {
	p, ok := s.Provider(ProviderStripe)
	st, isStripe := p.(*Stripe)
	if !ok || !isStripe {
		return ErrUnavailable
	}
	ev, err := webhook.ConstructEventWithOptions(payload, signature, st.cfg.WebhookSecret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		s.log().Warn("payments: stripe webhook refused", "reason", err.Error())
		return ErrBadSignature
	}
	if ev.ID == "" || ev.Data == nil {
		return ErrBadSignature
	}
	var cs stripe.CheckoutSession
	switch ev.Type {
	case "checkout.session.completed", "checkout.session.async_payment_succeeded", "checkout.session.async_payment_failed":
		if err := json.Unmarshal(ev.Data.Raw, &cs); err != nil || cs.ID == "" {
			return &web.Error{Status: 400, Code: "bad_event", Message: web.M("payments.errors.event")}
		}
	case "payment_intent.succeeded", "payment_intent.payment_failed":
		var pi stripe.PaymentIntent
		if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil || pi.ID == "" {
			return &web.Error{Status: 400, Code: "bad_event", Message: web.M("payments.errors.event")}
		}
		in := intentOf(&pi)
		if pi.LastPaymentError != nil && pi.LastPaymentError.Code != "" {
			in.Code = string(pi.LastPaymentError.Code)
		}
		return s.intentWebhook(ctx, ProviderStripe, string(ev.Type), in, pi.Metadata)
	case "refund.created", "refund.updated", "refund.failed":
		var re stripe.Refund
		if err := json.Unmarshal(ev.Data.Raw, &re); err != nil || re.ID == "" {
			return &web.Error{Status: 400, Code: "bad_event", Message: web.M("payments.errors.event")}
		}
		return s.stripeRefundEvent(ctx, ev.ID, &re)
	default:
		return nil // not an event we act on
	}
	pay, err := s.Store.PaymentByRef(ctx, ProviderStripe, cs.ID)
	if errors.Is(err, db.ErrNotFound) {
		s.log().Info("payments: stripe event for a session that is not ours", "event", ev.ID)
		return nil
	}
	if err != nil {
		return err
	}
	if ev.Type == "checkout.session.async_payment_failed" {
		return s.fail(ctx, ProviderStripe, ev.ID, pay.ID)
	}
	if cs.PaymentStatus != stripe.CheckoutSessionPaymentStatusPaid {
		return nil // completed but not yet paid (a bank debit): async_payment_succeeded follows
	}
	if cs.AmountTotal != StripeAmount(Money{pay.Amount, pay.Currency}) || !strings.EqualFold(string(cs.Currency), pay.Currency) {
		s.log().Error("payments: stripe session amount differs from the payment; not settled",
			"payment", pay.ID, "event", ev.ID, "session_amount", cs.AmountTotal, "session_currency", string(cs.Currency))
		return nil
	}
	card, keep := st.keptCard(ctx, s, pay, &cs)
	then := func(tx *db.Store) error {
		if cs.PaymentIntent != nil && cs.PaymentIntent.ID != "" {
			// The session's PaymentIntent is what a refund names.
			if err := tx.SetPaymentPaidRef(ctx, pay.ID, cs.PaymentIntent.ID); err != nil {
				return err
			}
		}
		if !keep {
			return nil
		}
		return tx.SavePaymentMethod(ctx, card, s.Now())
	}
	return s.settleThen(ctx, pay.ID, ProviderStripe, ev.ID, 0, then)
}

// keptCard is the card a paid session kept for later charges (a session opened by
// BeginSaving: on a customer, for a purpose that keeps cards), read from Stripe before the
// settling transaction. When Stripe cannot say, the payment still settles, without a card
// (renewals are then paid by hand).
func (st *Stripe) keptCard(ctx context.Context, s *Service, pay db.Payment, cs *stripe.CheckoutSession) (db.PaymentMethod, bool) {
	if pay.OrgID == 0 || !s.savesCards(pay.Purpose) || cs.Customer == nil || cs.Customer.ID == "" ||
		cs.PaymentIntent == nil || cs.PaymentIntent.ID == "" {
		return db.PaymentMethod{}, false
	}
	m, err := st.SavedMethod(ctx, cs.PaymentIntent.ID)
	if err != nil {
		s.log().Warn("payments: the card of a paid session could not be read; not kept", "payment", pay.ID, "reason", err.Error())
		return db.PaymentMethod{}, false
	}
	m.OrgID, m.PaymentID, m.CustomerID = pay.OrgID, pay.ID, cs.Customer.ID
	return m, true
}

// fail records the event and moves a pending payment to failed (a later success of the same
// payment still settles it: MarkPaymentPaid accepts failed).
func (s *Service) fail(ctx context.Context, provider, eventID string, paymentID int64) error {
	return s.Store.InTx(ctx, func(tx *db.Store) error {
		fresh, err := tx.RecordPaymentEvent(ctx, provider, eventID, paymentID, s.Now())
		if err != nil || !fresh {
			return err
		}
		_, err = tx.SetPaymentStatus(ctx, paymentID, db.PaymentFailed)
		return err
	})
}

// Refund sends a payment's money back: POST /v1/refunds naming the PaymentIntent that paid it
// (p.PaidRef), the whole amount, under the refund's idempotency key (a retry after no answer
// is answered with the first refund, never a second). Stripe's refusal (the intent already
// refunded, a charge disputed…: a 4xx) is a failed answer with its code; no answer, a 5xx or a
// 429 is an error (the refund stays pending and is sent again under the same key).
func (st *Stripe) Refund(ctx context.Context, p db.Payment, r db.Refund) (RefundAnswer, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(p.PaidRef),
		Amount:        stripe.Int64(StripeAmount(Money{r.Amount, r.Currency})),
		Reason:        stripe.String("requested_by_customer"),
		Metadata:      map[string]string{"payment_id": strconv.FormatInt(p.ID, 10), "refund_id": strconv.FormatInt(r.ID, 10)},
	}
	params.SetIdempotencyKey(r.IdempotencyKey)
	re, err := st.client.V1Refunds.Create(ctx, params)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.HTTPStatusCode >= 400 && se.HTTPStatusCode < 500 && se.HTTPStatusCode != 401 && se.HTTPStatusCode != 429 {
			code := string(se.Code)
			if code == "" {
				code = string(se.Type)
			}
			return RefundAnswer{Status: db.RefundFailed, Failure: code}, nil
		}
		return RefundAnswer{}, fmt.Errorf("payments: stripe refund: %w", redactStripe(err))
	}
	return stripeRefundAnswer(re), nil
}

func stripeRefundAnswer(re *stripe.Refund) RefundAnswer {
	a := RefundAnswer{Ref: re.ID}
	switch re.Status {
	case stripe.RefundStatusSucceeded:
		a.Status = db.RefundSucceeded
	case stripe.RefundStatusFailed, stripe.RefundStatusCanceled:
		a.Status, a.Failure = db.RefundFailed, string(re.FailureReason)
		if a.Failure == "" {
			a.Failure = string(re.Status)
		}
	default: // pending, requires_action: the refund.updated webhook says how it ends
		a.Status = db.RefundPending
	}
	return a
}

// SessionIntent is the PaymentIntent of a paid Checkout Session ("" when it has none or is not
// paid): what a refund names for a payment settled before its intent was recorded.
func (st *Stripe) SessionIntent(ctx context.Context, sessionID string) (string, error) {
	cs, err := st.client.V1CheckoutSessions.Retrieve(ctx, sessionID, nil)
	if err != nil {
		return "", fmt.Errorf("payments: stripe checkout session: %w", redactStripe(err))
	}
	if cs.PaymentStatus != stripe.CheckoutSessionPaymentStatusPaid || cs.PaymentIntent == nil {
		return "", nil
	}
	return cs.PaymentIntent.ID, nil
}

// stripeRefundEvent applies a signed refund.* event (refund.created, refund.updated,
// refund.failed) to the refund it names, once (the event id is recorded): a pending refund
// becomes succeeded (posted) or failed. Refunds that are not ours are ignored.
func (s *Service) stripeRefundEvent(ctx context.Context, eventID string, re *stripe.Refund) error {
	r, err := s.Store.RefundByRef(ctx, ProviderStripe, re.ID)
	if errors.Is(err, db.ErrNotFound) {
		// Our answer may not be recorded yet: the metadata names the refund (only we set it).
		id, _ := strconv.ParseInt(re.Metadata["refund_id"], 10, 64)
		if id <= 0 {
			return nil
		}
		if r, err = s.Store.Refund(ctx, id); errors.Is(err, db.ErrNotFound) {
			return nil
		}
		if err == nil && (r.Provider != ProviderStripe || strconv.FormatInt(r.PaymentID, 10) != re.Metadata["payment_id"]) {
			return nil
		}
	}
	if err != nil {
		return err
	}
	a := stripeRefundAnswer(re)
	if a.Status == db.RefundPending {
		return nil
	}
	mu := s.refundLock(r.PaymentID)
	mu.Lock()
	defer mu.Unlock()
	_, err = s.applyRefund(ctx, r.ID, a, eventID, 0, "")
	return err
}
