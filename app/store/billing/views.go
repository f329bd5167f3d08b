package billing

import (
	"time"

	"gerege/app/platform/payments"
	"gerege/db"
)

// Money is an amount in the currency's minor unit (MNT ×1, USD cents).
type Money struct {
	Amount   int64  `json:"amount"`
	Currency string `json:"currency" enum:"MNT,USD"`
}

// Limits is what a plan includes; -1 means no limit.
type Limits struct {
	Postings    int `json:"postings"`
	Staff       int `json:"staff"`
	Communities int `json:"communities"`
}

// PlanView is a plan as the pricing page and the admin page show it.
type PlanView struct {
	ID        int64   `json:"id"`
	Code      string  `json:"code"`
	NameEN    string  `json:"nameEn"`
	NameMN    string  `json:"nameMn"`
	SummaryEN string  `json:"summaryEn"`
	SummaryMN string  `json:"summaryMn"`
	Limits    Limits  `json:"limits"`
	Prices    []Money `json:"prices"` // MNT first, then USD
	Active    bool    `json:"active"`
	Sort      int     `json:"sort"`
	Free      bool    `json:"free"`
}

// PlanList is the list of plans.
type PlanList struct {
	Plans []PlanView `json:"plans"`
}

// PlanRequest creates or changes a plan.
type PlanRequest struct {
	Code      string `json:"code" maxLength:"40"`
	NameEN    string `json:"nameEn" maxLength:"80"`
	NameMN    string `json:"nameMn" maxLength:"80"`
	SummaryEN string `json:"summaryEn" maxLength:"300"`
	SummaryMN string `json:"summaryMn" maxLength:"300"`
	Limits    Limits `json:"limits"`
	PriceMNT  int64  `json:"priceMnt"`
	PriceUSD  int64  `json:"priceUsd"`
	Active    bool   `json:"active"`
	Sort      int    `json:"sort"`
}

// PlanUpdated is a changed plan and how many subscribers were sent a notice of its new price.
type PlanUpdated struct {
	Plan     PlanView `json:"plan"`
	Notified int      `json:"notified"`
}

func planView(p db.BillingPlan) PlanView {
	return PlanView{ID: p.ID, Code: p.Code, NameEN: p.NameEN, NameMN: p.NameMN, SummaryEN: p.SummaryEN, SummaryMN: p.SummaryMN,
		Limits: Limits{Postings: p.MaxPostings, Staff: p.MaxStaff, Communities: p.MaxCommunities},
		Prices: []Money{{p.PriceMNT, "MNT"}, {p.PriceUSD, "USD"}}, Active: p.Active, Sort: p.Sort, Free: p.Code == FreePlan}
}

// Line is one line of an invoice: its unit price includes VAT.
type Line struct {
	Description string `json:"description" maxLength:"200"`
	Quantity    int64  `json:"quantity"`
	UnitPrice   int64  `json:"unitPrice"`
}

// Party is the seller or the buyer of an invoice.
type Party struct {
	Name    string `json:"name"`
	Address string `json:"address"`
	TaxID   string `json:"taxId"`
	Email   string `json:"email,omitempty"`
	// The seller's other details as the invoice kept them (absent on invoices issued before
	// they were kept, and on the buyer).
	Phone       string `json:"phone,omitempty"`
	BankName    string `json:"bankName,omitempty"`
	BankAccount string `json:"bankAccount,omitempty"`
	VATPayer    *bool  `json:"vatPayer,omitempty"`
}

// SellerView is the seller's details (GET/PUT /api/billing/seller); saved is false while
// today's values apply (no admin has saved them yet).
type SellerView struct {
	Details SellerDetails `json:"details"`
	Saved   bool          `json:"saved"`
}

// InvoiceView is an invoice or a credit note.
type InvoiceView struct {
	ID          int64      `json:"id"`
	Kind        string     `json:"kind" enum:"invoice,credit"`
	CreditsID   int64      `json:"creditsId,omitempty"`
	Status      string     `json:"status" enum:"draft,issued,paid,void"`
	Number      string     `json:"number"`
	OrgID       int64      `json:"orgId,omitempty"`
	Purpose     string     `json:"purpose"`
	Lang        string     `json:"lang" enum:"en,mn"`
	Currency    string     `json:"currency" enum:"MNT,USD"`
	Seller      Party      `json:"seller"`
	Buyer       Party      `json:"buyer"`
	Lines       []LineView `json:"lines"`
	VATRate     string     `json:"vatRate"` // "10%"
	Net         int64      `json:"net"`
	VAT         int64      `json:"vat"`
	Total       int64      `json:"total"`
	Note        string     `json:"note"`
	PeriodStart *time.Time `json:"periodStart,omitempty"`
	PeriodEnd   *time.Time `json:"periodEnd,omitempty"`
	CreatedAt   time.Time  `json:"createdAt"`
	IssuedAt    *time.Time `json:"issuedAt,omitempty"`
	DueAt       *time.Time `json:"dueAt,omitempty"`
	PaidAt      *time.Time `json:"paidAt,omitempty"`
	VoidedAt    *time.Time `json:"voidedAt,omitempty"`
	PaymentID   int64      `json:"paymentId,omitempty"`
	// RefundOwed: the invoice's payment is owed back (paid after the invoice was voided);
	// Refunded says when and how it was sent back (GET of one invoice only).
	RefundOwed bool           `json:"refundOwed,omitempty"`
	Refunded   *InvoiceRefund `json:"refunded,omitempty"`
	// RefundedAmount: what refund parts sent back so far (partly refunded while less than the
	// payment; Refunded is set once the whole is back).
	RefundedAmount int64 `json:"refundedAmount,omitempty"`
}

// InvoiceRefund is the refund of an invoice's payment: when it was sent back and its reference.
type InvoiceRefund struct {
	At        time.Time `json:"at"`
	Amount    int64     `json:"amount"`
	Provider  string    `json:"provider" enum:"bank,stripe,qpay"`
	Reference string    `json:"reference"`
}

// LineView is a line with its amount.
type LineView struct {
	Description string `json:"description"`
	Quantity    int64  `json:"quantity"`
	UnitPrice   int64  `json:"unitPrice"`
	Amount      int64  `json:"amount"`
}

// InvoiceSummary is one row of the invoice list.
type InvoiceSummary struct {
	ID        int64      `json:"id"`
	Kind      string     `json:"kind" enum:"invoice,credit"`
	Status    string     `json:"status" enum:"draft,issued,paid,void"`
	Number    string     `json:"number"`
	Buyer     string     `json:"buyer"`
	Currency  string     `json:"currency" enum:"MNT,USD"`
	Total     int64      `json:"total"`
	CreatedAt time.Time  `json:"createdAt"`
	IssuedAt  *time.Time `json:"issuedAt,omitempty"`
}

// InvoiceList is a page of invoices; Next is the cursor of the next page (0: none).
type InvoiceList struct {
	Invoices []InvoiceSummary `json:"invoices"`
	Next     int64            `json:"next"`
}

// InvoiceQuery pages the list.
type InvoiceQuery struct {
	Before int64 `query:"before"`
}

// InvoiceRequest is a manual invoice's draft: the buyer (an organisation, or details typed
// in), its lines and the VAT rate.
type InvoiceRequest struct {
	OrgID        int64  `json:"orgId"`
	Lang         string `json:"lang" enum:"en,mn"`
	Currency     string `json:"currency" enum:"MNT,USD"`
	BuyerName    string `json:"buyerName" maxLength:"200"`
	BuyerAddress string `json:"buyerAddress" maxLength:"300"`
	BuyerTaxID   string `json:"buyerTaxId" maxLength:"40"`
	BuyerEmail   string `json:"buyerEmail" maxLength:"254"`
	Lines        []Line `json:"lines"`
	VATRateBP    int    `json:"vatRateBp"` // 1000 = 10% (Mongolia), 0 = none
	Note         string `json:"note" maxLength:"1000"`
	DueDate      string `json:"dueDate"` // YYYY-MM-DD, optional
}

func tp(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

// SubscribeRequest subscribes the caller's organisation to a plan.
type SubscribeRequest struct {
	PlanID       int64  `json:"planId"`
	Currency     string `json:"currency" enum:"MNT,USD"`
	Provider     string `json:"provider"`     // one of the account view's providers; "bank" always works
	AcceptTerms  bool   `json:"acceptTerms"`  // the no-refund terms
	TermsVersion string `json:"termsVersion"` // the version the page showed
	ReturnURL    string `json:"returnUrl"`    // a path of this site to come back to after a redirect provider
}

// PaymentStep is what the payer does next for an invoice.
type PaymentStep struct {
	InvoiceID int64         `json:"invoiceId"`
	PaymentID int64         `json:"paymentId"`
	Next      payments.Next `json:"next"`
}

// SubscribeResult is the subscription (pending until paid) and how to pay its first invoice.
type SubscribeResult struct {
	Account AccountView `json:"account"`
	Payment PaymentStep `json:"payment"`
}

// ChangeRequest moves the subscription to another plan.
type ChangeRequest struct {
	PlanID int64 `json:"planId"`
}

// ChangeResult is the subscription after a change; Payment is set for an upgrade (the
// difference for the rest of the month), absent for a downgrade (from the next renewal).
type ChangeResult struct {
	Account AccountView  `json:"account"`
	Payment *PaymentStep `json:"payment,omitempty"`
}

// PayRequest starts paying an invoice.
type PayRequest struct {
	ReturnURL string `json:"returnUrl"`
}

// AccountView is the organisation's subscription as its owner sees it on the account page.
type AccountView struct {
	Plan              PlanView         `json:"plan"` // the plan that applies now (the free plan without a live subscription)
	Status            string           `json:"status" enum:"none,pending,active,past_due,ended"`
	Currency          string           `json:"currency"`
	Price             int64            `json:"price"` // charged at the next renewal
	PeriodStart       *time.Time       `json:"periodStart,omitempty"`
	PeriodEnd         *time.Time       `json:"periodEnd,omitempty"`
	CancelAtPeriodEnd bool             `json:"cancelAtPeriodEnd"`
	NextPlan          *PlanView        `json:"nextPlan,omitempty"`    // a downgrade waiting for the renewal
	PendingPlan       *PlanView        `json:"pendingPlan,omitempty"` // the plan of a subscription waiting for its first payment
	Unpaid            []InvoiceSummary `json:"unpaid"`                // issued invoices waiting for payment
	Invoices          []InvoiceSummary `json:"invoices"`              // the latest invoices
	Notices           []NoticeView     `json:"notices"`               // price-change notices sent
	Providers         []string         `json:"providers"`
	TermsVersion      string           `json:"termsVersion"`
	Card              *CardView        `json:"card,omitempty"` // the card saved when paying by card (renewals are charged to it)
}

// CardView is the organisation's saved card: never its number, only what identifies it to
// its owner.
type CardView struct {
	Brand    string `json:"brand"` // visa, mastercard, amex, … (as Stripe names it)
	Last4    string `json:"last4"`
	ExpMonth int    `json:"expMonth"`
	ExpYear  int    `json:"expYear"`
	// AutoRenew: renewals are charged to this card (card payments are configured now).
	AutoRenew bool `json:"autoRenew"`
}

// NoticeView is a price-change notice sent to the organisation.
type NoticeView struct {
	Currency      string     `json:"currency"`
	OldPrice      int64      `json:"oldPrice"`
	NewPrice      int64      `json:"newPrice"`
	SentAt        time.Time  `json:"sentAt"`
	DeliveredAt   *time.Time `json:"deliveredAt,omitempty"`
	EffectiveFrom time.Time  `json:"effectiveFrom"`
	Applied       bool       `json:"applied"`
}
