package banking

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"gerege/app/platform/authn"
	"gerege/app/platform/authz"
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
	web.JSON(w, http.StatusOK, paymentView(p, h.Payments.TransferOf(p)))
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
