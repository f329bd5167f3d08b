package payouts

import (
	"time"

	"gerege/app/platform/payments"
)

// DetailsView is where an organisation's money goes. Account is the whole number for the
// organisation's owner and platform admins; for anyone else it is masked but for its last
// four digits (Masked is then true).
type DetailsView struct {
	BankName  string    `json:"bankName"`
	Holder    string    `json:"holder"`
	Account   string    `json:"account"`
	Masked    bool      `json:"masked,omitempty"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// DetailsAnswer is an organisation's payout details, or none yet (Details omitted).
type DetailsAnswer struct {
	Details *DetailsView `json:"details,omitempty"`
	// CanEdit: the caller (the owner) may change them.
	CanEdit bool `json:"canEdit"`
}

// DetailsBody is what an owner sends to set the payout details.
type DetailsBody struct {
	BankName string `json:"bankName" description:"the bank's name, up to 100 characters"`
	Holder   string `json:"holder" description:"the account holder's name, up to 200 characters"`
	Account  string `json:"account" description:"account number or IBAN: digits and spaces (an IBAN may start with MN), 8–34 digits"`
}

// PayoutView is one payout.
type PayoutView struct {
	ID           int64          `json:"id"`
	OrgID        int64          `json:"orgId"`
	Amount       payments.Money `json:"amount"`
	Reference    string         `json:"reference"`
	TransferDate string         `json:"transferDate" description:"YYYY-MM-DD, the day the transfer was sent"`
	Status       string         `json:"status" enum:"paid,returned"`
	// To is where it was sent: the bank and the account as the details stood then.
	BankName  string    `json:"bankName"`
	Account   string    `json:"account"`
	CreatedAt time.Time `json:"createdAt"`
	// ReturnedAt: when an admin marked it returned (the transfer came back; its movement reversed).
	ReturnedAt *time.Time `json:"returnedAt,omitempty"`
	// OrgName: the organisation's name, in the admins' list of recent payouts.
	OrgName string `json:"orgName,omitempty"`
}

// RecentView is every organisation's payouts, newest first (platform admins), keyset paged.
type RecentView struct {
	Items []PayoutView `json:"items"`
	Next  int64        `json:"next,omitempty" description:"the cursor of the next page (before=)"`
}

// AvailableView is one currency's balance of an organisation: what the platform owes it,
// what is held back for refunds still owed on its sales, and what may be paid out now.
type AvailableView struct {
	Currency  string `json:"currency"`
	Balance   int64  `json:"balance"`
	Held      int64  `json:"held"`
	Available int64  `json:"available"`
}

// OrgPayoutsView is an organisation's payouts (newest first, keyset paged by Next) and its
// balances per currency.
type OrgPayoutsView struct {
	Balances []AvailableView `json:"balances"`
	Items    []PayoutView    `json:"items"`
	Next     int64           `json:"next,omitempty" description:"the cursor of the next page (before=)"`
}

// PayoutsQuery pages a payout list.
type PayoutsQuery struct {
	Before int64 `query:"before" description:"a payout id: the payouts before it (older)"`
}

// OwedItem is one organisation the platform owes money, in one currency, with its payout
// details (none yet: no payout is possible).
type OwedItem struct {
	OrgID    int64         `json:"orgId"`
	OrgName  string        `json:"orgName"`
	Balance  AvailableView `json:"balance"`
	Details  *DetailsView  `json:"details,omitempty"`
	LastPaid *PayoutView   `json:"lastPayout,omitempty"`
}

// OwedView is "Owed to organisations": by organisation, MNT first.
type OwedView struct {
	Items []OwedItem `json:"items"`
	Next  int64      `json:"next,omitempty" description:"the cursor of the next page (after=, an organisation id)"`
}

// OwedQuery pages "Owed to organisations".
type OwedQuery struct {
	After int64 `query:"after" description:"an organisation id: the organisations after it"`
}

// PayoutBody is an admin's payout: the amount (omitted: all that is available), the
// reference of the bank transfer sent and its day.
type PayoutBody struct {
	Currency  string `json:"currency" enum:"MNT,USD"`
	Amount    int64  `json:"amount,omitempty" description:"minor units; omitted: everything available"`
	Reference string `json:"reference" description:"the transfer's reference, up to 100 characters; unique per organisation"`
	Date      string `json:"date" description:"YYYY-MM-DD, the day the transfer was sent (not in the future)"`
}
