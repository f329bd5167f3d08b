// TEMPORARY stand-in for the pay helper's package (the payments contract), so the shop builds
// before "payments core" lands; deleted when it is merged.
package payments

import (
	"context"
	"time"

	"gerege/db"
)

type Money struct {
	Amount   int64
	Currency string
}

type PaidFunc func(ctx context.Context, tx *db.Store, p db.Payment) error

type NewPayment struct {
	Purpose     string
	RefID       int64
	PayerUserID int64
	OrgID       int64
	Payee       string
	Money       Money
	Provider    string
	Key         string
}

type BankLink struct {
	Name string `json:"name"`
	Link string `json:"link"`
}

type Transfer struct {
	Bank      string `json:"bank"`
	Account   string `json:"account"`
	Holder    string `json:"holder"`
	Reference string `json:"reference"`
	Amount    int64  `json:"amount"`
	Currency  string `json:"currency"`
}

type Next struct {
	Kind     string     `json:"kind"`
	URL      string     `json:"url,omitempty"`
	QRText   string     `json:"qrText,omitempty"`
	Links    []BankLink `json:"links,omitempty"`
	Transfer *Transfer  `json:"transfer,omitempty"`
}

type Service struct {
	Store *db.Store
	Now   func() time.Time
	paid  map[string]PaidFunc
}

func (s *Service) OnPaid(purpose string, f PaidFunc) {
	if s.paid == nil {
		s.paid = map[string]PaidFunc{}
	}
	s.paid[purpose] = f
}

func (s *Service) Create(ctx context.Context, tx *db.Store, in NewPayment) (db.Payment, error) {
	return db.Payment{ID: in.RefID, Purpose: in.Purpose, RefID: in.RefID, Currency: in.Money.Currency, Amount: in.Money.Amount,
		Provider: in.Provider, Status: "pending"}, nil
}

func (s *Service) Begin(ctx context.Context, paymentID int64, returnURL string) (Next, error) {
	return Next{Kind: "transfer", Transfer: &Transfer{Bank: "Khan Bank", Account: "5000000000", Holder: "Gerege", Reference: "GRG"}}, nil
}

func (s *Service) Available() []string { return []string{"bank"} }
