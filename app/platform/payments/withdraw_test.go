package payments_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"gerege/app/platform/payments"
	"gerege/app/platform/payments/stripetest"
)

// A Checkout Session Stripe refuses to expire (only open ones can be) is looked up: expired
// already is fine, complete means the payer has just paid (ErrPaidAtProvider), and anything
// else is an error (nothing was withdrawn for sure). A local server answering the two calls as
// Stripe documents them (stripe-mock expires every session it is asked to).
func TestStripeWithdrawLooksUpASessionItCannotExpire(t *testing.T) {
	t.Parallel()
	status := map[string]string{"cs_expired": "expired", "cs_complete": "complete", "cs_open": "open"}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		id := strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/v1/checkout/sessions/"), "/expire")
		if r.Method == "POST" && id == "cs_fine" {
			fmt.Fprint(w, `{"id":"cs_fine","object":"checkout.session","status":"expired"}`)
			return
		}
		if r.Method == "POST" {
			w.WriteHeader(400)
			fmt.Fprint(w, `{"error":{"type":"invalid_request_error","message":"Only Checkout Sessions with a status of open can be expired."}}`)
			return
		}
		fmt.Fprintf(w, `{"id":%q,"object":"checkout.session","status":%q}`, id, status[id])
	}))
	t.Cleanup(srv.Close)
	st := payments.NewStripe(payments.StripeConfig{SecretKey: stripetest.Key, WebhookSecret: stripetest.WebhookSecret, APIBase: srv.URL})
	ctx := context.Background()
	if err := st.Withdraw(ctx, "cs_fine"); err != nil {
		t.Fatalf("expired: %v", err)
	}
	if err := st.Withdraw(ctx, "cs_expired"); err != nil {
		t.Fatalf("already expired: %v", err)
	}
	if err := st.Withdraw(ctx, "cs_complete"); !errors.Is(err, payments.ErrPaidAtProvider) {
		t.Fatalf("complete: %v", err)
	}
	if err := st.Withdraw(ctx, "cs_open"); err == nil || errors.Is(err, payments.ErrPaidAtProvider) {
		t.Fatalf("refused and still open: %v", err)
	}
	if err := st.Withdraw(ctx, "pi_offsession"); err != nil {
		t.Fatalf("an intent has nothing to expire: %v", err)
	}
}
