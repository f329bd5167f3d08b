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
	// PaidLate: a card or QPay payment that arrived after it was cancelled (its order or
	// invoice cancelled); it is settled and a refund is owed (made in the provider's dashboard).
	PaidLate bool `json:"paidLate,omitempty"`
	// RefundOwed: the money is owed back (paid late, paid after the stock ran out, a paid order
	// cancelled by its seller); Refund is its latest refund, if one was made or tried.
	RefundOwed bool        `json:"refundOwed,omitempty"`
	Refund     *RefundView `json:"refund,omitempty"`
	// RefundedAmount is what its succeeded refund parts sent back so far (partly refunded while
	// less than Amount); RefundRemaining what is still owed and neither sent nor pending (what
	// a new part may be at most; 0 when nothing is owed).
	RefundedAmount  int64 `json:"refundedAmount,omitempty"`
	RefundRemaining int64 `json:"refundRemaining,omitempty"`
	// Refunds: every part that sent money back ("download my data" only).
	Refunds []RefundView `json:"refunds,omitempty"`
}

// RefundView is a refund of a payment: status, amount, the provider's (or the bank
// transfer's) reference and when it was done. Reason and the provider's failure are shown
// to platform admins only.
type RefundView struct {
	ID        int64          `json:"id"`
	PaymentID int64          `json:"paymentId"`
	Status    string         `json:"status" enum:"pending,succeeded,failed"`
	Amount    payments.Money `json:"amount"`
	Provider  string         `json:"provider" enum:"bank,stripe,qpay"`
	Reference string         `json:"reference,omitempty"`
	// TransferDate is the day an admin sent a bank transfer back (YYYY-MM-DD).
	TransferDate string     `json:"transferDate,omitempty"`
	CreatedAt    time.Time  `json:"createdAt"`
	DoneAt       *time.Time `json:"doneAt,omitempty"`
	Reason       string     `json:"reason,omitempty"`
	// Failure is the provider's code of a declined refund; FailureText says it in the
	// reader's language (admins only).
	Failure     string `json:"failure,omitempty"`
	FailureText string `json:"failureText,omitempty"`
}

// RefundBody is an admin's refund of a payment, or of a part of it: the amount, when given, is
// at most what remains to be refunded (QPay: the whole payment only).
type RefundBody struct {
	Amount    int64  `json:"amount,omitempty" description:"minor units; omitted: all that remains to be refunded"`
	Key       string `json:"key,omitempty" description:"optional, up to 100 characters: the same key answers the same refund part (a double click, a retry)"`
	Reason    string `json:"reason,omitempty" description:"up to 500 characters"`
	Reference string `json:"reference,omitempty" description:"a bank transfer: the reference of the transfer sent back (required)"`
	Date      string `json:"date,omitempty" description:"a bank transfer: the day it was sent, YYYY-MM-DD (required)"`
}

// RefundOutcome is the payment and its refund after an admin's refund: succeeded, pending
// (the provider confirms later) or failed (declined; the reason is given; try again).
type RefundOutcome struct {
	Payment PaymentView `json:"payment"`
	Refund  RefundView  `json:"refund"`
}

func paymentView(p db.Payment, transfer *payments.Transfer) PaymentView {
	v := PaymentView{ID: p.ID, Purpose: p.Purpose, RefID: p.RefID, Status: p.Status, Amount: payments.Money{Amount: p.Amount, Currency: p.Currency},
		Provider: p.Provider, CreatedAt: p.CreatedAt, PaidLate: p.PaidLate}
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

// Ledger scopes.
const (
	ScopeOrg      = "org"
	ScopePlatform = "platform"
)

// LedgerQuery is the ledger's filters.
type LedgerQuery struct {
	Scope    string `query:"scope" enum:"org,platform" description:"the organisation's ledger (owner) or the platform's (admins); default: the organisation's when the caller has one"`
	Currency string `query:"currency" enum:"MNT,USD" description:"default MNT"`
	From     string `query:"from" description:"first day shown, YYYY-MM-DD (Ulaanbaatar)"`
	To       string `query:"to" description:"last day shown, YYYY-MM-DD (Ulaanbaatar)"`
	Before   int64  `query:"before" description:"cursor: the next page's entries come before this entry id"`
}

// LedgerView is one page of a ledger, newest first.
type LedgerView struct {
	Scope      string           `json:"scope" enum:"org,platform"`
	Currency   string           `json:"currency"`
	Currencies []string         `json:"currencies"` // currencies the ledger has entries in
	Balance    int64            `json:"balance"`    // today's balance in Currency (minor units)
	From       string           `json:"from,omitempty"`
	To         string           `json:"to,omitempty"`
	Entries    []LedgerLineView `json:"entries"`
	Next       int64            `json:"next,omitempty"` // cursor of the next (older) page
}

// LedgerLineView is one ledger line with the running balance after it.
type LedgerLineView struct {
	ID        int64     `json:"id"`
	At        time.Time `json:"at"`
	Account   string    `json:"account"`
	Kind      string    `json:"kind"` // received | fee | collected | payout | adjustment
	Amount    int64     `json:"amount"`
	Balance   int64     `json:"balance"`
	PaymentID int64     `json:"paymentId,omitempty"`
	Purpose   string    `json:"purpose,omitempty"`
	RefID     int64     `json:"refId,omitempty"`
}

// PendingQuery pages the pending bank transfers.
type PendingQuery struct {
	After int64 `query:"after" description:"cursor: payments after this id"`
}

// PendingView is the bank transfers waiting for an admin, oldest first.
type PendingView struct {
	Items []PendingItem `json:"items"`
	Next  int64         `json:"next,omitempty"`
}

// PendingItem is a pending bank transfer and its payer.
type PendingItem struct {
	Payment    PaymentView `json:"payment"`
	PayerName  string      `json:"payerName"`
	PayerEmail string      `json:"payerEmail"`
	OrgName    string      `json:"orgName,omitempty"`
}

// RefundsQuery pages the refunds due.
type RefundsQuery struct {
	Before int64 `query:"before" description:"cursor: payments before this id"`
}

// RefundsView is the payments whose money is owed back and not yet refunded (their latest
// refund attempt, pending or failed, on each), newest first.
type RefundsView struct {
	Items []PendingItem `json:"items"`
	Next  int64         `json:"next,omitempty"`
}

// ChargesView is what the organisation paid (subscription charges, purchases), newest first.
type ChargesView struct {
	Items []PaymentView `json:"items"`
}
