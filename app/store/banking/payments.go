package banking

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"

	"gerege/app/platform/authn"
	"gerege/app/platform/authz"
	"gerege/app/platform/payments"
	"gerege/app/platform/web"
	"gerege/db"
)

// paymentOf reads {id} and the payment; 404 for a bad id, an unknown payment, or one the
// caller may not see (neither its payer, nor the paying organisation's owner, nor an admin).
func (h *Handlers) paymentOf(r *http.Request) (db.Payment, error) {
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil || id <= 0 {
		return db.Payment{}, web.NotFound()
	}
	p, err := h.Store.Payment(r.Context(), id)
	if errors.Is(err, db.ErrNotFound) {
		return p, web.NotFound()
	}
	if err != nil {
		return p, err
	}
	u := authn.UserOf(r)
	switch {
	case u == nil:
		return p, web.NotFound()
	case p.PayerUserID != 0 && p.PayerUserID == u.ID:
	case p.OrgID != 0 && u.OrgID == p.OrgID && u.OrgRole == "owner":
	case authz.Can(u, authz.PaymentsSettle):
	default:
		return p, web.NotFound()
	}
	return p, nil
}

func (h *Handlers) payment(w http.ResponseWriter, r *http.Request) error {
	p, err := h.paymentOf(r)
	if err != nil {
		return err
	}
	// A pending QPay payment: ask QPay (at most every few seconds a payment), so a payer who
	// paid sees it even when QPay's callback cannot reach us.
	if p.Provider == payments.ProviderQPay && p.Status == db.PaymentPending && h.Limiter != nil {
		if ok, _ := h.Limiter.Allow("payments:qpay-poll:"+strconv.FormatInt(p.ID, 10), web.Rate{N: 1, Per: 3 * time.Second}); ok {
			if err := h.Payments.CheckQPay(r.Context(), p.ID); err != nil && h.Log != nil {
				h.Log.Warn("payments: qpay check while polling", "payment", p.ID, "err", err.Error())
			}
			if p, err = h.Store.Payment(r.Context(), p.ID); err != nil {
				return err
			}
		}
	}
	v, err := h.withRefund(r.Context(), web.Lang(r), paymentView(p, h.Payments.TransferOf(p)), p, authz.Can(authn.UserOf(r), authz.BankingRefund))
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, v)
	return nil
}

func (h *Handlers) markPaid(w http.ResponseWriter, r *http.Request) error {
	p, err := h.paymentOf(r)
	if err != nil {
		return err
	}
	if err := h.Payments.MarkPaid(r.Context(), p.ID, authn.UserOf(r).ID, web.ClientIP(r)); err != nil {
		return err
	}
	p, err = h.Store.Payment(r.Context(), p.ID)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, paymentView(p, nil))
	return nil
}

func (h *Handlers) stripeWebhook(w http.ResponseWriter, r *http.Request) error {
	body, err := web.ReadBody(r)
	if err != nil {
		return err
	}
	if err := h.Payments.StripeWebhook(r.Context(), body, r.Header.Get("Stripe-Signature")); err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, WebhookAck{Received: true})
	return nil
}

func (h *Handlers) qpayCallback(w http.ResponseWriter, r *http.Request) error {
	if h.CallbackRate.N > 0 && h.Limiter != nil {
		if err := h.Limiter.Limit("payments:qpay-callback:"+web.RateKey(r), h.CallbackRate); err != nil {
			return err
		}
	}
	id, err := strconv.ParseInt(r.URL.Query().Get("payment"), 10, 64)
	if err != nil || id <= 0 {
		return web.NotFound()
	}
	if err := h.Payments.CheckQPay(r.Context(), id); err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, WebhookAck{Received: true})
	return nil
}
