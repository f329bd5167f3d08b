package banking

import (
	"time"

	"gerege/app/platform/payments"
	"gerege/db"
)

// PaymentView is a payment as its payer sees it.
type PaymentView struct {
	ID        int64              `json:"id"`
	Purpose   string             `json:"purpose"`
	RefID     int64              `json:"refId"`
	Status    string             `json:"status" enum:"pending,paid,failed,cancelled"`
	Amount    payments.Money     `json:"amount"`
	Provider  string             `json:"provider" enum:"bank,stripe,qpay"`
	CreatedAt time.Time          `json:"createdAt"`
	PaidAt    *time.Time         `json:"paidAt,omitempty"`
	Transfer  *payments.Transfer `json:"transfer,omitempty"` // a pending bank transfer's details
}

func paymentView(p db.Payment, transfer *payments.Transfer) PaymentView {
	v := PaymentView{ID: p.ID, Purpose: p.Purpose, RefID: p.RefID, Status: p.Status, Amount: payments.Money{Amount: p.Amount, Currency: p.Currency},
		Provider: p.Provider, CreatedAt: p.CreatedAt}
	if !p.PaidAt.IsZero() {
		t := p.PaidAt
		v.PaidAt = &t
	}
	if p.Status == db.PaymentPending {
		v.Transfer = transfer
	}
	return v
}

// WebhookAck answers a provider's webhook or callback that was accepted (or harmlessly ignored).
type WebhookAck struct {
	Received bool `json:"received"`
}

// QPayCallbackQuery is what our callback URL carries: the payment it is about.
type QPayCallbackQuery struct {
	Payment int64 `query:"payment" description:"the payment's id (put in the callback URL when the invoice was created)"`
}
