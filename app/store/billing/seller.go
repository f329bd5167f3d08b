package billing

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"regexp"
	"strings"

	"gerege/app/platform/payments"
	"gerege/app/platform/web"
	"gerege/db"
)

// The seller's details on invoices (issue #16) are data: platform admins edit them on
// /dashboard/invoice/settings. They are kept in settings under SettingSeller; until an admin
// saves them, today's values apply (DefaultSeller, and the bank-transfer details of the
// configuration). An invoice takes them when it is issued — the name and address in the
// invoice's language, the tax number, and the other details as JSON (seller_details) — and keeps
// them: issued invoices never change (migration 0035 freezes the new column too), and invoices
// issued before show exactly what they showed. The bank transfer instructions given to payers
// use the saved bank and account (payments.Service.SetBankDetails).

// SettingSeller is the settings key of the seller's details.
const SettingSeller = "billing.seller"

// SellerDetails are the seller's details as saved.
type SellerDetails struct {
	NameEn      string `json:"nameEn"`
	NameMn      string `json:"nameMn"`
	AddressEn   string `json:"addressEn"`
	AddressMn   string `json:"addressMn"`
	TaxID       string `json:"taxId"`
	VATPayer    bool   `json:"vatPayer"`
	BankName    string `json:"bankName"`
	BankAccount string `json:"bankAccount"`
	Email       string `json:"email"`
	Phone       string `json:"phone"`
}

// invoiceSeller is what an invoice keeps of the seller besides its name, address and tax
// number (seller_details).
type invoiceSeller struct {
	VATPayer    bool   `json:"vatPayer"`
	BankName    string `json:"bankName,omitempty"`
	BankAccount string `json:"bankAccount,omitempty"`
	Email       string `json:"email,omitempty"`
	Phone       string `json:"phone,omitempty"`
}

// defaults are today's values: the seller the invoices printed before the details were data,
// and the bank-transfer details the server is configured with.
func (h *Handlers) defaults() SellerDetails {
	d := SellerDetails{NameEn: h.Seller.Name, NameMn: h.Seller.Name, AddressEn: h.Seller.Address, AddressMn: h.Seller.Address,
		TaxID: h.Seller.TaxID, VATPayer: true}
	if h.Payments != nil {
		b := h.Payments.BankConfig()
		d.BankName, d.BankAccount = b.Name, b.Account
	}
	return d
}

// sellerDetails reads the saved details (today's values when none were saved); saved reports
// whether an admin saved them.
func (h *Handlers) sellerDetails(ctx context.Context, st *db.Store) (SellerDetails, bool, error) {
	raw, err := st.Setting(ctx, SettingSeller)
	if errors.Is(err, db.ErrNotFound) {
		return h.defaults(), false, nil
	}
	if err != nil {
		return SellerDetails{}, false, err
	}
	var d SellerDetails
	if err := json.Unmarshal([]byte(raw), &d); err != nil {
		return h.defaults(), false, nil
	}
	return d, true, nil
}

// snapshot is the seller as an invoice in lang keeps it: name, address, tax number, details.
func (d SellerDetails) snapshot(lang string) (name, address, taxID, details string) {
	name, address = d.NameEn, d.AddressEn
	if lang == "mn" {
		name, address = d.NameMn, d.AddressMn
	}
	b, _ := json.Marshal(invoiceSeller{VATPayer: d.VATPayer, BankName: d.BankName, BankAccount: d.BankAccount, Email: d.Email, Phone: d.Phone})
	return name, address, d.TaxID, string(b)
}

// stampSeller writes the seller's current details on draft id (in lang) inside tx, just before
// it is issued.
func (h *Handlers) stampSeller(ctx context.Context, tx *db.Store, id int64) error {
	v, err := tx.BillingInvoice(ctx, id)
	if err != nil {
		return err
	}
	if v.Status != "draft" {
		return db.ErrNotFound
	}
	d, _, err := h.sellerDetails(ctx, tx)
	if err != nil {
		return err
	}
	name, address, taxID, details := d.snapshot(v.Lang)
	return tx.SetBillingDraftSeller(ctx, id, name, address, taxID, details)
}

// sellerParty is the seller an invoice shows: its name, address and tax number, and the other
// details when the invoice kept them (none on invoices issued before they were kept).
func sellerParty(v db.BillingInvoice) Party {
	p := Party{Name: v.SellerName, Address: v.SellerAddress, TaxID: v.SellerTaxID}
	if v.SellerDetails == "" {
		return p
	}
	var d invoiceSeller
	if json.Unmarshal([]byte(v.SellerDetails), &d) != nil {
		return p
	}
	vat := d.VATPayer
	p.VATPayer, p.BankName, p.BankAccount, p.Email, p.Phone = &vat, d.BankName, d.BankAccount, d.Email, d.Phone
	return p
}

// bankDetails is where payers send a bank transfer: the saved seller's bank and account (the
// holder is the seller's legal name, in Mongolian when given), or nothing (the configuration's).
func (h *Handlers) bankDetails(ctx context.Context) (payments.BankConfig, bool) {
	d, saved, err := h.sellerDetails(ctx, h.Store)
	if err != nil || !saved || d.BankAccount == "" {
		return payments.BankConfig{}, false
	}
	holder := d.NameMn
	if holder == "" {
		holder = d.NameEn
	}
	return payments.BankConfig{Name: d.BankName, Account: d.BankAccount, Holder: holder}, true
}

var (
	taxIDPattern   = regexp.MustCompile(`^[\p{L}\p{N}]{4,20}$`)
	accountPattern = regexp.MustCompile(`^[0-9A-Z][0-9A-Z -]{4,38}[0-9A-Z]$`)
	phonePattern   = regexp.MustCompile(`^\+?[0-9][0-9 -]{4,18}[0-9]$`)
)

// checkSeller validates the details an admin saves.
func checkSeller(in *SellerDetails) error {
	for _, f := range []*string{&in.NameEn, &in.NameMn, &in.AddressEn, &in.AddressMn, &in.TaxID, &in.BankName, &in.BankAccount, &in.Email, &in.Phone} {
		*f = strings.TrimSpace(*f)
	}
	in.BankAccount = strings.ToUpper(in.BankAccount)
	c := &web.Checker{}
	c.Text("nameEn", in.NameEn, true, 200)
	c.Text("nameMn", in.NameMn, true, 200)
	c.Text("addressEn", in.AddressEn, true, 300)
	c.Text("addressMn", in.AddressMn, true, 300)
	if c.Text("taxId", in.TaxID, true, 20); in.TaxID != "" && !taxIDPattern.MatchString(in.TaxID) {
		c.Add("taxId", web.M("storeBilling.errors.sellerTaxId"))
	}
	c.Text("bankName", in.BankName, false, 100)
	if in.BankAccount != "" && !accountPattern.MatchString(in.BankAccount) {
		c.Add("bankAccount", web.M("storeBilling.errors.sellerAccount"))
	}
	if (in.BankName == "") != (in.BankAccount == "") {
		if in.BankName == "" {
			c.Add("bankName", web.M("storeBilling.errors.sellerBank"))
		} else {
			c.Add("bankAccount", web.M("storeBilling.errors.sellerBank"))
		}
	}
	if in.Email != "" {
		c.Email("email", in.Email)
	}
	if in.Phone != "" && !phonePattern.MatchString(in.Phone) {
		c.Add("phone", web.M("storeBilling.errors.sellerPhone"))
	}
	return c.Err()
}

func sellerView(d SellerDetails, saved bool) SellerView {
	return SellerView{Details: d, Saved: saved}
}

// GetSeller is GET /api/billing/seller.
func (h *Handlers) GetSeller(w http.ResponseWriter, r *http.Request) error {
	d, saved, err := h.sellerDetails(r.Context(), h.Store)
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, sellerView(d, saved))
	return nil
}

// PutSeller is PUT /api/billing/seller: the details invoices issued from now on carry, and
// the bank transfer instructions.
func (h *Handlers) PutSeller(w http.ResponseWriter, r *http.Request) error {
	var in SellerDetails
	if err := web.Decode(r, &in); err != nil {
		return err
	}
	if err := checkSeller(&in); err != nil {
		return err
	}
	u := h.user(r)
	b, _ := json.Marshal(in)
	err := h.Store.InTx(r.Context(), func(tx *db.Store) error {
		if err := tx.SetSetting(r.Context(), SettingSeller, string(b)); err != nil {
			return err
		}
		return h.audit(r.Context(), tx, web.ClientIP(r), "billing.seller_updated", u.ID, 0, db.Detail(in.TaxID))
	})
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, sellerView(in, true))
	return nil
}
