package payments

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	stripe "github.com/stripe/stripe-go/v85"

	"gerege/app/platform/web"
	"gerege/db"
)

// Withdrawing a payment's open attempts at its provider, so the payer can no longer pay them
// (a buyer switching an unpaid order to another payment method). Stripe: every Checkout
// Session of the payment is expired (POST /v1/checkout/sessions/{id}/expire); QPay: it is
// asked first whether an invoice was paid a moment ago (CheckQPay, which settles it), then
// every invoice is cancelled (DELETE /v2/invoice/{invoice_id}, QPay's published API v2). A
// bank transfer has nothing open at a provider. Money that still arrives for a withdrawn
// payment (the payer was already paying) is settled late, as for any cancelled payment.

// Withdrawer is a provider that can close an attempt (Checkout Session, QPay invoice) so it
// can no longer be paid.
type Withdrawer interface {
	// Withdraw closes the attempt ref. An attempt already closed (expired) is not an error; an
	// attempt already paid is ErrPaidAtProvider.
	Withdraw(ctx context.Context, ref string) error
}

// ErrPaidAtProvider: the attempt was paid at the provider before it could be withdrawn (its
// settlement is on its way: Stripe's webhook, QPay's callback).
var ErrPaidAtProvider = errors.New("payments: the attempt was already paid at the provider")

// Withdraw closes every open attempt of a pending (or failed) payment at its provider; it
// changes nothing in our records (the caller cancels the payment in its own transaction
// afterwards). ErrNotPending: the payment is not waiting (QPay's check may just have settled
// it); ErrPaidAtProvider: the payer has paid an attempt and its event has not arrived yet; a
// provider that cannot be reached is ErrProvider (502): nothing was withdrawn for sure, try
// again.
func (s *Service) Withdraw(ctx context.Context, paymentID int64) error {
	p, err := s.Store.Payment(ctx, paymentID)
	if err != nil {
		return err
	}
	if p.Status != db.PaymentPending && p.Status != db.PaymentFailed {
		return ErrNotPending
	}
	prov, ok := s.Provider(p.Provider)
	if !ok {
		// Not configured any more: nothing of ours can be open there.
		return nil
	}
	w, ok := prov.(Withdrawer)
	if !ok {
		return nil // a bank transfer: nothing open at a provider
	}
	if p.Provider == ProviderQPay {
		// An invoice paid in the bank's app a moment ago settles now rather than being cancelled.
		if err := s.CheckQPay(ctx, p.ID); err != nil {
			return err
		}
		if p, err = s.Store.Payment(ctx, paymentID); err != nil {
			return err
		}
		if p.Status != db.PaymentPending && p.Status != db.PaymentFailed {
			return ErrNotPending
		}
	}
	refs, err := s.Store.PaymentAttempts(ctx, p.ID)
	if err != nil {
		return err
	}
	for _, ref := range refs {
		if err := w.Withdraw(ctx, ref); err != nil {
			if errors.Is(err, ErrPaidAtProvider) {
				return err
			}
			return &web.Error{Status: ErrProvider.Status, Code: ErrProvider.Code, Message: ErrProvider.Message, Err: err}
		}
	}
	return nil
}

// Withdraw expires a Checkout Session (an off-session PaymentIntent's reference is not a
// session and has nothing to close: it is confirmed at once). A session Stripe no longer
// expires is looked up: expired is fine, complete is ErrPaidAtProvider.
func (st *Stripe) Withdraw(ctx context.Context, ref string) error {
	if !strings.HasPrefix(ref, "cs_") {
		return nil
	}
	_, err := st.client.V1CheckoutSessions.Expire(ctx, ref, nil)
	if err == nil {
		return nil
	}
	cs, err2 := st.client.V1CheckoutSessions.Retrieve(ctx, ref, nil)
	if err2 != nil {
		return fmt.Errorf("payments: stripe expire session: %w", redactStripe(err))
	}
	switch cs.Status {
	case stripe.CheckoutSessionStatusExpired:
		return nil
	case stripe.CheckoutSessionStatusComplete:
		return ErrPaidAtProvider
	}
	return fmt.Errorf("payments: stripe expire session: %w", redactStripe(err))
}

// Withdraw cancels a QPay invoice (DELETE /v2/invoice/{invoice_id}). An invoice QPay no
// longer knows (404) has nothing left to pay.
func (q *QPay) Withdraw(ctx context.Context, ref string) error {
	err := q.authed(ctx, http.MethodDelete, "/v2/invoice/"+url.PathEscape(ref), nil, nil)
	var qe *errQPay
	if errors.As(err, &qe) && qe.status == http.StatusNotFound {
		return nil
	}
	return err
}
