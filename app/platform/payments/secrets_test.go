package payments_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"gerege/app/platform/payments"
	"gerege/app/platform/payments/qpaytest"
	"gerege/app/platform/payments/stripetest"
	"gerege/db/dbtest"
)

// Secrets never reach a log or an error: a refused webhook, a provider that refuses our
// credentials, a provider that is unreachable.
func TestSecretsAreNeverLogged(t *testing.T) {
	t.Parallel()
	q := qpaytest.Start(t)
	var logs bytes.Buffer
	const stripeSecret, webhookSecret, qpaySecret = "sk_test_do-not-log-1", "whsec_do-not-log-2", "qpay-do-not-log-3"
	store := dbtest.Open(t)
	s := payments.New(store, func() time.Time { return t0 }, payments.Config{
		Stripe: payments.StripeConfig{SecretKey: stripeSecret, WebhookSecret: webhookSecret, APIBase: "http://127.0.0.1:1"},
		QPay:   payments.QPayConfig{ClientID: qpaytest.ClientID, ClientSecret: qpaySecret, InvoiceCode: qpaytest.InvoiceCode, APIBase: q.URL},
	})
	s.Log = slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	ctx := context.Background()
	u := user(t, store, "a@x.mn")
	var errs []string
	// A webhook signed with another secret.
	ev := stripetest.Event("evt_1", "checkout.session.completed", stripetest.Session{ID: "cs_1"})
	sig := stripetest.Sign(ev, "whsec_other", time.Now())
	if err := s.StripeWebhook(ctx, ev, sig); !errors.Is(err, payments.ErrBadSignature) {
		t.Fatalf("webhook: %v", err)
	}
	// Stripe unreachable; QPay refusing our credentials.
	for i, prov := range []string{"stripe", "qpay"} {
		in := order(u, "k"+prov, 1000)
		in.Provider = prov
		p := create(t, s, in)
		_, err := s.Begin(ctx, p.ID, "https://gerege.example/en/payment")
		if err == nil {
			t.Fatalf("%d: %s began", i, prov)
		}
		errs = append(errs, err.Error())
		var inner interface{ Unwrap() error }
		if errors.As(err, &inner) && inner.Unwrap() != nil {
			errs = append(errs, inner.Unwrap().Error())
		}
	}
	all := logs.String() + strings.Join(errs, "\n")
	for _, secret := range []string{stripeSecret, webhookSecret, qpaySecret, sig} {
		if strings.Contains(all, secret) {
			t.Errorf("a secret leaked: %q in\n%s", secret, all)
		}
	}
	if !strings.Contains(logs.String(), "stripe webhook refused") {
		t.Errorf("the refusal was not logged:\n%s", logs.String())
	}
}
