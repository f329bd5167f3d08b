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
	u, err := url.Parse(returnURL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return Next{}, "", fmt.Errorf("payments: stripe needs an absolute return URL, got %q", returnURL)
	}
	q := u.Query()
	q.Set("payment", strconv.FormatInt(p.ID, 10))
	u.RawQuery = q.Encode()
	back := u.String()
	id := strconv.FormatInt(p.ID, 10)
	params := &stripe.CheckoutSessionCreateParams{
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
				ProductData: &stripe.CheckoutSessionCreateLineItemPriceDataProductDataParams{Name: stripe.String("Gerege " + p.Purpose + " #" + strconv.FormatInt(p.RefID, 10))},
			},
		}},
	}
	cs, err := st.client.V1CheckoutSessions.Create(ctx, params)
	if err != nil {
		return Next{}, "", fmt.Errorf("payments: stripe checkout session: %w", redactStripe(err))
	}
	if cs.ID == "" || cs.URL == "" {
		return Next{}, "", errors.New("payments: stripe gave a checkout session without id or url")
	}
	return Next{Kind: "redirect", URL: cs.URL}, cs.ID, nil
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
	return s.settle(ctx, pay.ID, ProviderStripe, ev.ID, 0)
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
