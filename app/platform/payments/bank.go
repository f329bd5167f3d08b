package payments

import (
	"context"
	"fmt"

	"gerege/db"
)

// BankConfig is where payers send a bank transfer (GEREGE_BANK_NAME, GEREGE_BANK_ACCOUNT,
// GEREGE_BANK_HOLDER).
type BankConfig struct {
	Name    string
	Account string
	Holder  string
}

// Bank is the bank-transfer provider: it needs no network. Begin gives the transfer details
// and a readable reference the payer writes on the transfer; an admin who sees the money
// arrive marks the payment paid (Service.MarkPaid).
type Bank struct {
	Config BankConfig
	// Details, when set, gives the details to use instead of Config (the seller's details a
	// platform admin saved; false: Config).
	Details func(ctx context.Context) (BankConfig, bool)
}

// config is where transfers go now.
func (b *Bank) config(ctx context.Context) BankConfig {
	if b.Details != nil {
		if c, ok := b.Details(ctx); ok {
			return c
		}
	}
	return b.Config
}

// BankConfig is the bank-transfer details of the configuration (not the saved ones).
func (s *Service) BankConfig() BankConfig {
	if b, ok := s.bank(); ok {
		return b.Config
	}
	return BankConfig{}
}

// SetBankDetails makes bank transfers use the details f gives (when it says so) rather than the
// configuration's.
func (s *Service) SetBankDetails(f func(ctx context.Context) (BankConfig, bool)) {
	if b, ok := s.bank(); ok {
		b.Details = f // set while the server is built, before it serves
	}
}

func (s *Service) bank() (*Bank, bool) {
	prov, ok := s.Provider(ProviderBank)
	b, isBank := prov.(*Bank)
	return b, ok && isBank
}

// Name is "bank".
func (b *Bank) Name() string { return ProviderBank }

// Begin gives the transfer details. The reference is the same at every call for a payment.
func (b *Bank) Begin(ctx context.Context, p db.Payment, _ string) (Next, string, error) {
	ref := Reference(p.ID)
	c := b.config(ctx)
	return Next{Kind: "transfer", Transfer: &Transfer{BankName: c.Name, Account: c.Account,
		Holder: c.Holder, Reference: ref, Amount: Money{p.Amount, p.Currency}}}, ref, nil
}

// Reference is a payment's bank-transfer reference: "GRG-" then the payment id (at least six
// digits) and a check digit (Luhn), so a mistyped reference is seen at once: GRG-000042-6.
func Reference(id int64) string {
	digits := fmt.Sprintf("%06d", id)
	return fmt.Sprintf("GRG-%s-%d", digits, luhn(digits))
}

// luhn is the Luhn check digit of digits.
func luhn(digits string) int {
	sum := 0
	double := true
	for i := len(digits) - 1; i >= 0; i-- {
		d := int(digits[i] - '0')
		if double {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
		double = !double
	}
	return (10 - sum%10) % 10
}

// TransferOf is the transfer details of a bank-transfer payment (nil for other providers).
func (s *Service) TransferOf(p db.Payment) *Transfer {
	prov, ok := s.Provider(ProviderBank)
	b, isBank := prov.(*Bank)
	if p.Provider != ProviderBank || !ok || !isBank {
		return nil
	}
	next, _, _ := b.Begin(context.Background(), p, "")
	return next.Transfer
}
