package banking

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"gerege/app/platform/authn"
	"gerege/app/platform/notify"
	"gerege/app/platform/payments"
	"gerege/app/platform/web"
	"gerege/db"
	"gerege/i18n"
)

// Refunded tells the payer that their money was sent back (in their language, by email at once
// unless they chose otherwise): what it paid for, the amount and how it comes back.
var Refunded = notify.Register(notify.Kind{
	Name: "payments.refunded", Title: "banking.notify.refunded.title", Body: "banking.notify.refunded.body",
	Label: "banking.notify.refunded.label", DefaultEmail: notify.Immediate,
	Translate: map[string]string{"purpose": "banking.notify.purposes.", "provider": "banking.notify.providers."},
})

// RefundRate bounds the refunds an admin makes (each may call a provider).
var RefundRate = web.Rate{N: 300, Per: time.Hour}

// refundView is a refund for someone who may see its payment; admins also see the reason and
// the provider's failure.
func refundView(lang string, r db.Refund, admin bool) RefundView {
	v := RefundView{ID: r.ID, PaymentID: r.PaymentID, Status: r.Status, Amount: payments.Money{Amount: r.Amount, Currency: r.Currency},
		Provider: r.Provider, TransferDate: r.TransferDate, CreatedAt: r.CreatedAt}
	if r.Status == db.RefundSucceeded {
		v.Reference = r.ProviderRef
	}
	if !r.DoneAt.IsZero() {
		t := r.DoneAt
		v.DoneAt = &t
	}
	if admin {
		v.Reason, v.Failure = r.Reason, r.Failure
		if r.Failure != "" {
			if _, ok := i18n.Get(lang)["banking.errors.refundFailures."+r.Failure]; ok {
				v.FailureText = i18n.T(lang, "banking.errors.refundFailures."+r.Failure)
			} else {
				v.FailureText = i18n.T(lang, "banking.errors.refundFailures.other", "code", r.Failure)
			}
		}
	}
	return v
}

// withRefund adds a payment's latest refund to its view.
func (h *Handlers) withRefund(ctx context.Context, lang string, v PaymentView, p db.Payment, admin bool) (PaymentView, error) {
	v.RefundOwed = p.RefundOwed
	if p.Status == db.PaymentPaid {
		tot, err := h.Store.RefundTotals(ctx, p.ID)
		if err != nil {
			return v, err
		}
		v.RefundedAmount = tot.Succeeded
		if p.RefundOwed {
			v.RefundRemaining = max(0, p.Amount-tot.Succeeded-tot.Pending)
		}
	}
	r, err := h.Store.LatestRefund(ctx, p.ID)
	if errors.Is(err, db.ErrNotFound) {
		return v, nil
	}
	if err != nil {
		return v, err
	}
	rv := refundView(lang, r, admin)
	v.Refund = &rv
	return v, nil
}

func (h *Handlers) refund(w http.ResponseWriter, r *http.Request) error {
	p, err := h.paymentOf(r)
	if err != nil {
		return err
	}
	u := authn.UserOf(r)
	if h.Limiter != nil {
		if err := h.Limiter.Limit("banking:refund:"+strconv.FormatInt(u.ID, 10), RefundRate); err != nil {
			return err
		}
	}
	var in RefundBody
	if err := web.Decode(r, &in); err != nil {
		return err
	}
	ref, err := h.Payments.Refund(r.Context(), payments.RefundRequest{PaymentID: p.ID, AdminID: u.ID, IP: web.ClientIP(r),
		Amount: in.Amount, Key: in.Key, Reason: in.Reason, Reference: in.Reference, Date: in.Date})
	if err != nil {
		return err
	}
	if p, err = h.Store.Payment(r.Context(), p.ID); err != nil {
		return err
	}
	lang := web.Lang(r)
	pv, err := h.withRefund(r.Context(), lang, paymentView(p, nil), p, true)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, RefundOutcome{Payment: pv, Refund: refundView(lang, ref, true)})
	return nil
}

// notifyRefunded is every purpose's RefundedFunc: the payer hears that the money was sent
// back, in the refunding transaction.
func (h *Handlers) notifyRefunded(ctx context.Context, tx *db.Store, p db.Payment, r db.Refund) error {
	if p.PayerUserID == 0 {
		return nil
	}
	link := "/dashboard/banking"
	switch p.Purpose {
	case payments.PurposeOrder:
		link = "/dashboard/orders/" + strconv.FormatInt(p.RefID, 10)
	case payments.PurposeInvoice, payments.PurposeSubscription:
		link = "/dashboard/invoice/" + strconv.FormatInt(p.RefID, 10)
	}
	params, err := payments.RefundNoteParams(ctx, tx, p, r)
	if err != nil {
		return err
	}
	params["ref"], params["purpose"], params["provider"] = strconv.FormatInt(p.RefID, 10), purposeWord(p.Purpose), r.Provider
	return notify.Send(ctx, tx, notify.Notification{UserID: p.PayerUserID, Kind: Refunded.Name, Link: link, Params: params, At: h.now()})
}

func purposeWord(p string) string {
	switch p {
	case payments.PurposeOrder, payments.PurposeInvoice, payments.PurposeSubscription:
		return p
	}
	return "other"
}

func (h *Handlers) now() time.Time {
	if h.Now != nil {
		return h.Now()
	}
	return time.Now()
}

// moneyText writes an amount as the glossary says: en "MNT 25,000" / "USD 12.50", mn
// "25 000₮" / "12.50 $".
func moneyText(m payments.Money, lang string) string {
	exp := payments.Currencies[m.Currency]
	div := int64(1)
	for range exp {
		div *= 10
	}
	whole := strconv.FormatInt(m.Amount/div, 10)
	sep := ","
	if lang == "mn" {
		sep = " "
	}
	var b strings.Builder
	for i, c := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(c)
	}
	num := b.String()
	if exp > 0 {
		frac := strconv.FormatInt(m.Amount%div+div, 10)[1:]
		num += "." + frac
	}
	if lang == "mn" {
		sym := map[string]string{"MNT": "₮", "USD": "$"}[m.Currency]
		if m.Currency == "MNT" {
			return num + sym
		}
		return num + " " + sym
	}
	return m.Currency + " " + num
}
