// Package payments is the one way money moves in Gerege (issue #16): a module creates a
// pending payment for one of its rows (an order, a subscription, an invoice), the payment's
// provider collects it (Stripe Checkout, a QPay invoice, or a bank transfer an admin confirms),
// and Settle marks it paid exactly once — the double-entry ledger movement and the module's
// PaidFunc in the same transaction. See docs/store/payments.md.
package payments

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"gerege/app/platform/web"
	"gerege/db"
)

// Money is an amount in the currency's minor unit (MNT: tögrög, exponent 0; USD: cents).
type Money struct {
	Amount   int64  `json:"amount"`
	Currency string `json:"currency"`
}

// Currencies accepted, with their minor-unit exponent.
var Currencies = map[string]int{"MNT": 0, "USD": 2}

// MaxAmount bounds one payment (the table's CHECK says the same).
const MaxAmount = 1_000_000_000_000_000

// Valid reports whether m is a positive amount in a known currency.
func (m Money) Valid() bool {
	_, ok := Currencies[m.Currency]
	return ok && m.Amount > 0 && m.Amount <= MaxAmount
}

// String is "25000 MNT" / "12.50 USD" (logs and memos; the UI formats with Intl).
func (m Money) String() string {
	exp := Currencies[m.Currency]
	if exp == 0 {
		return strconv.FormatInt(m.Amount, 10) + " " + m.Currency
	}
	div := int64(1)
	for range exp {
		div *= 10
	}
	sign := ""
	a := m.Amount
	if a < 0 {
		sign, a = "-", -a
	}
	return fmt.Sprintf("%s%d.%0*d %s", sign, a/div, exp, a%div, m.Currency)
}

// Purposes of payments (modules may register others with OnPaid).
const (
	PurposeSubscription = "subscription"
	PurposeOrder        = "order"
	PurposeInvoice      = "invoice"
)

// Providers.
const (
	ProviderBank   = "bank"
	ProviderStripe = "stripe"
	ProviderQPay   = "qpay"
)

// Payees.
const PayeePlatform = "platform"

// PayeeOrg is the payee of an organisation's sales.
func PayeeOrg(orgID int64) string { return "org:" + strconv.FormatInt(orgID, 10) }

// Ledger accounts.
const (
	AccountRevenue = "platform:revenue" // the platform's own sales (subscriptions, its shop)
	AccountFees    = "platform:fees"    // the platform's fee on organisations' sales
)

// AccountOrgBalance is what the platform owes an organisation.
func AccountOrgBalance(orgID int64) string { return "org:" + strconv.FormatInt(orgID, 10) + ":balance" }

// AccountOrgPayouts is what has been paid out to an organisation.
func AccountOrgPayouts(orgID int64) string { return "org:" + strconv.FormatInt(orgID, 10) + ":payouts" }

// AccountClearing is the money a provider collected and owes the platform.
func AccountClearing(provider string) string { return "provider:" + provider + ":clearing" }

// PaidFunc is what a module does, inside the settling transaction, when a payment of its
// purpose is paid. p.PaidLate says the money came for a payment already cancelled (its order
// or invoice is cancelled): the module must not fail then, but record that a refund is owed
// and tell the people concerned. An error rolls the whole settlement back: the payment stays
// pending, no ledger entry is written, the event is not recorded (a provider's retry tries
// again).
type PaidFunc func(ctx context.Context, tx *db.Store, p db.Payment) error

// NewPayment is what a module asks to be paid.
type NewPayment struct {
	Purpose     string
	RefID       int64
	PayerUserID int64
	OrgID       int64 // 0 = none
	Payee       string
	Money       Money
	Provider    string
	Key         string // idempotency key: the same key gives the same payment
}

// BankLink is a bank or wallet app's deep link of a QPay invoice.
type BankLink struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Logo        string `json:"logo,omitempty"`
	Link        string `json:"link"`
}

// Transfer is what a payer needs to pay by bank transfer.
type Transfer struct {
	BankName  string `json:"bankName"`
	Account   string `json:"account"`
	Holder    string `json:"holder"`
	Reference string `json:"reference"`
	Amount    Money  `json:"amount"`
}

// Next says what the payer does next.
type Next struct {
	Kind     string     `json:"kind"` // "redirect" (Stripe Checkout) | "qr" (QPay) | "transfer" (bank)
	URL      string     `json:"url,omitempty"`
	QRText   string     `json:"qrText,omitempty"`
	Links    []BankLink `json:"links,omitempty"`
	Transfer *Transfer  `json:"transfer,omitempty"`
}

// Provider collects payments.
type Provider interface {
	Name() string
	// Begin asks the provider to collect p; it returns what the payer does next and the
	// provider's reference of this attempt (Checkout Session id, QPay invoice id, transfer
	// reference). It runs outside any transaction (it may call the network).
	Begin(ctx context.Context, p db.Payment, returnURL string) (Next, string, error)
}

// Service is the payments core. Build it with New.
type Service struct {
	Store *db.Store
	Now   func() time.Time
	Log   *slog.Logger // nil: nothing logged
	// FeeBasisPoints is the platform's fee on payments to organisations (100 = 1 %).
	FeeBasisPoints int64

	mu        sync.RWMutex
	providers map[string]Provider
	handlers  map[string]PaidFunc
	saveCards map[string]bool // purposes whose payments keep the card (SaveCardsFor)
	refunded  map[string][]RefundedFunc
	// refundLocks serialise the provider calls of one payment's refund (sync.Mutex a payment).
	refundLocks sync.Map
}

// New builds the service with the bank-transfer provider (always there) and the providers
// cfg configures.
func New(store *db.Store, now func() time.Time, cfg Config) *Service {
	if now == nil {
		now = time.Now
	}
	s := &Service{Store: store, Now: now, FeeBasisPoints: cfg.FeeBasisPoints,
		providers: map[string]Provider{}, handlers: map[string]PaidFunc{}}
	s.AddProvider(&Bank{Config: cfg.Bank})
	for _, p := range cfg.extra() {
		s.AddProvider(p)
	}
	return s
}

// AddProvider adds (or replaces) a provider.
func (s *Service) AddProvider(p Provider) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.providers[p.Name()] = p
}

// Provider returns a configured provider.
func (s *Service) Provider(name string) (Provider, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	p, ok := s.providers[name]
	return p, ok
}

// Available lists the configured providers; "bank" is always there.
func (s *Service) Available() []string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	out := make([]string, 0, len(s.providers))
	for n := range s.providers {
		out = append(out, n)
	}
	order := map[string]int{ProviderStripe: 0, ProviderQPay: 1, ProviderBank: 2}
	slices.SortFunc(out, func(a, b string) int { return order[a] - order[b] })
	return out
}

// OnPaid registers what happens when a payment of purpose is paid (one function a purpose).
func (s *Service) OnPaid(purpose string, f PaidFunc) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.handlers[purpose] = f
}

func (s *Service) handler(purpose string) PaidFunc {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.handlers[purpose]
}

func (s *Service) log() *slog.Logger {
	if s.Log == nil {
		return slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return s.Log
}

// Errors a person can cause; they are *web.Error, so handlers pass them on as they are.
var (
	ErrNotPending  = &web.Error{Status: 409, Code: "payment_not_pending", Message: web.M("payments.errors.notPending")}
	ErrUnavailable = &web.Error{Status: 409, Code: "payment_provider_unavailable", Message: web.M("payments.errors.unavailable")}
	ErrKeyReused   = &web.Error{Status: 409, Code: "payment_key_reused", Message: web.M("payments.errors.keyReused")}
	ErrNotBank     = &web.Error{Status: 409, Code: "payment_not_bank_transfer", Message: web.M("payments.errors.notBank")}
	ErrProvider    = &web.Error{Status: 502, Code: "payment_provider_failed", Message: web.M("payments.errors.provider")}
	// ErrUnknownPayment: an event or callback names no payment of ours; nothing changes.
	ErrUnknownPayment = &web.Error{Status: 404, Code: "payment_unknown", Message: web.M("payments.errors.unknown")}
)

// Create records a pending payment inside the caller's transaction (tx nil: a transaction of
// its own). It is idempotent on Key: the same key returns the existing payment, never a second
// one; the same key for a different payment (amount, purpose, payer…) is ErrKeyReused.
func (s *Service) Create(ctx context.Context, tx *db.Store, in NewPayment) (db.Payment, error) {
	fields := map[string]web.Msg{}
	if !in.Money.Valid() {
		fields["amount"] = web.M("payments.errors.amount")
	}
	if strings.TrimSpace(in.Purpose) == "" || strings.TrimSpace(in.Key) == "" || len(in.Key) > 200 ||
		(in.Payee != PayeePlatform && !validOrgPayee(in.Payee)) {
		return db.Payment{}, fmt.Errorf("payments: bad payment request (purpose %q, payee %q, key length %d)", in.Purpose, in.Payee, len(in.Key))
	}
	if _, ok := s.Provider(in.Provider); !ok {
		fields["provider"] = web.M("payments.errors.unavailable")
	}
	if len(fields) > 0 {
		return db.Payment{}, web.Invalid(fields)
	}
	if tx == nil {
		tx = s.Store
	}
	p, created, err := tx.InsertPayment(ctx, db.Payment{Purpose: in.Purpose, RefID: in.RefID, PayerUserID: in.PayerUserID,
		OrgID: in.OrgID, Payee: in.Payee, Currency: in.Money.Currency, Amount: in.Money.Amount, Provider: in.Provider,
		IdempotencyKey: in.Key}, s.Now())
	if err != nil {
		return db.Payment{}, err
	}
	if !created && (p.Purpose != in.Purpose || p.RefID != in.RefID || p.PayerUserID != in.PayerUserID ||
		p.Payee != in.Payee || p.Amount != in.Money.Amount || p.Currency != in.Money.Currency || p.Provider != in.Provider) {
		return db.Payment{}, ErrKeyReused
	}
	return p, nil
}

func validOrgPayee(p string) bool {
	id, ok := strings.CutPrefix(p, "org:")
	n, err := strconv.ParseInt(id, 10, 64)
	return ok && err == nil && n > 0 && strconv.FormatInt(n, 10) == id
}

// Begin asks the payment's provider to collect it and says what the payer does next. Each
// call is an attempt of its own (a new Checkout Session or QPay invoice; the bank transfer's
// reference stays the same); an event of any attempt settles the payment.
func (s *Service) Begin(ctx context.Context, paymentID int64, returnURL string) (Next, error) {
	p, err := s.Store.Payment(ctx, paymentID)
	if err != nil {
		return Next{}, err
	}
	if p.Status != db.PaymentPending {
		return Next{}, ErrNotPending
	}
	prov, ok := s.Provider(p.Provider)
	if !ok {
		return Next{}, ErrUnavailable
	}
	var next Next
	var ref string
	if o, ok := prov.(OffSession); ok && p.OrgID != 0 && s.savesCards(p.Purpose) {
		// The organisation's card is kept for later charges (renewals) on its customer.
		var cust string
		if cust, err = s.customer(ctx, o, p.OrgID); err == nil {
			next, ref, err = o.BeginSaving(ctx, p, returnURL, cust)
		}
	} else {
		next, ref, err = prov.Begin(ctx, p, returnURL)
	}
	if err != nil {
		var we *web.Error
		if errors.As(err, &we) {
			return Next{}, err
		}
		return Next{}, &web.Error{Status: ErrProvider.Status, Code: ErrProvider.Code, Message: ErrProvider.Message, Err: err}
	}
	if ref == "" {
		return Next{}, fmt.Errorf("payments: provider %s gave no reference", p.Provider)
	}
	if err := s.Store.AddPaymentAttempt(ctx, p.ID, p.Provider, ref, s.Now()); err != nil {
		return Next{}, err
	}
	return next, nil
}

// Settle marks the payment a provider reference belongs to paid, exactly once: it records
// (provider, eventID) — a replayed event changes nothing —, moves the payment to paid, writes
// the ledger movement (the provider's clearing account → the payee, minus the platform's fee
// on organisations' sales) and calls the purpose's PaidFunc, all in one transaction. A
// payment already paid (another event of it) changes nothing either. A cancelled payment is
// settled too, with PaidLate set (the money is in the provider's account; the PaidFunc
// arranges the refund). A reference of no payment is ErrUnknownPayment.
func (s *Service) Settle(ctx context.Context, provider, providerRef, eventID string) error {
	p, err := s.Store.PaymentByRef(ctx, provider, providerRef)
	if errors.Is(err, db.ErrNotFound) {
		return ErrUnknownPayment
	}
	if err != nil {
		return err
	}
	return s.settle(ctx, p.ID, provider, eventID, 0)
}

// MarkPaid is Settle for a bank transfer an admin saw arrive: the admin is recorded on the
// payment and in the audit log. A payment not pending is ErrNotPending.
func (s *Service) MarkPaid(ctx context.Context, paymentID, adminID int64, ip string) error {
	p, err := s.Store.Payment(ctx, paymentID)
	if err != nil {
		return err
	}
	if p.Provider != ProviderBank {
		return ErrNotBank
	}
	return s.Store.InTx(ctx, func(tx *db.Store) error {
		ok, err := s.settleTx(ctx, tx, paymentID, ProviderBank, "mark-paid:"+strconv.FormatInt(paymentID, 10), adminID)
		if err != nil {
			return err
		}
		if !ok {
			return ErrNotPending
		}
		return tx.Audit(ctx, db.AuditEvent{At: s.Now(), Event: "payment_marked_paid", ActorID: adminID,
			SubjectID: p.PayerUserID, IP: ip, Detail: db.Detail(db.DetailPaymentMarkedPaid, strconv.FormatInt(paymentID, 10), Money{p.Amount, p.Currency}.String())})
	})
}

func (s *Service) settle(ctx context.Context, paymentID int64, provider, eventID string, by int64) error {
	return s.settleThen(ctx, paymentID, provider, eventID, by, nil)
}

// settleThen is settle that also runs then in the settling transaction when the settlement
// happened (not for a replayed event).
func (s *Service) settleThen(ctx context.Context, paymentID int64, provider, eventID string, by int64, then func(tx *db.Store) error) error {
	return s.Store.InTx(ctx, func(tx *db.Store) error {
		fresh, err := s.settleTx(ctx, tx, paymentID, provider, eventID, by)
		if err != nil || !fresh || then == nil {
			return err
		}
		return then(tx)
	})
}

// settleTx does the settlement in tx; false when it changed nothing (a replayed event, a
// payment no longer pending).
func (s *Service) settleTx(ctx context.Context, tx *db.Store, paymentID int64, provider, eventID string, by int64) (bool, error) {
	if eventID == "" {
		return false, errors.New("payments: settle without an event id")
	}
	fresh, err := tx.RecordPaymentEvent(ctx, provider, eventID, paymentID, s.Now())
	if err != nil || !fresh {
		return false, err
	}
	now := s.Now()
	ok, err := tx.MarkPaymentPaid(ctx, paymentID, by, now)
	if err == nil && !ok && provider != ProviderBank {
		// Money a provider collected for a payment we had cancelled (the order cancelled, the
		// invoice voided while the payer was on the provider's page) is in the provider's
		// account: it is settled anyway, marked paid_late, and the purpose's PaidFunc sees
		// p.PaidLate and arranges the refund. A bank transfer is never settled this way (the
		// admin sends it back instead).
		ok, err = tx.MarkCancelledPaymentPaid(ctx, paymentID, now)
	}
	if err != nil || !ok {
		return false, err
	}
	if ref := paidRef(provider, eventID); ref != "" {
		// What paid it, for a refund to name (a Stripe session's intent is set by its webhook).
		if err := tx.SetPaymentPaidRef(ctx, paymentID, ref); err != nil {
			return false, err
		}
	}
	p, err := tx.Payment(ctx, paymentID)
	if err != nil {
		return false, err
	}
	if _, err := tx.PostLedger(ctx, "payment", p.ID, p.Purpose+":"+strconv.FormatInt(p.RefID, 10), s.movement(p), now); err != nil {
		return false, err
	}
	if f := s.handler(p.Purpose); f != nil {
		if err := f(ctx, tx, p); err != nil {
			return false, err
		}
	}
	return true, nil
}

// Fee is the platform's fee on a payment to an organisation (rounded down; none on the
// platform's own sales).
func (s *Service) Fee(p db.Payment) int64 {
	if p.Payee == PayeePlatform || s.FeeBasisPoints <= 0 {
		return 0
	}
	// amount ≤ 10^15 and bps ≤ 10^4: the product stays far below 2^63.
	return p.Amount * s.FeeBasisPoints / 10_000
}

// movement is a paid payment's ledger entries: the provider's clearing account gives the
// amount; the platform's revenue takes it, or the organisation's balance takes it and gives
// the fee to the platform's fees.
func (s *Service) movement(p db.Payment) []db.LedgerEntry {
	c := p.Currency
	out := []db.LedgerEntry{{Account: AccountClearing(p.Provider), Currency: c, Amount: -p.Amount, Memo: "collected"}}
	if p.Payee == PayeePlatform {
		return append(out, db.LedgerEntry{Account: AccountRevenue, Currency: c, Amount: p.Amount, Memo: "received"})
	}
	org, _ := strconv.ParseInt(strings.TrimPrefix(p.Payee, "org:"), 10, 64)
	out = append(out, db.LedgerEntry{Account: AccountOrgBalance(org), Currency: c, Amount: p.Amount, Memo: "received"})
	if fee := s.Fee(p); fee > 0 {
		out = append(out,
			db.LedgerEntry{Account: AccountOrgBalance(org), Currency: c, Amount: -fee, Memo: "fee"},
			db.LedgerEntry{Account: AccountFees, Currency: c, Amount: fee, Memo: "fee"})
	}
	return out
}

// Cancel moves a pending payment to cancelled (an order cancelled before payment); a payment
// not pending is ErrNotPending.
func (s *Service) Cancel(ctx context.Context, tx *db.Store, paymentID int64) error {
	if tx == nil {
		tx = s.Store
	}
	ok, err := tx.SetPaymentStatus(ctx, paymentID, db.PaymentCancelled)
	if err != nil {
		return err
	}
	if !ok {
		return ErrNotPending
	}
	return nil
}

// paidRef is the provider's reference of what paid, read from the settling event's id: QPay's
// payment id, or an off-session charge's PaymentIntent.
func paidRef(provider, eventID string) string {
	switch {
	case provider == ProviderQPay:
		return eventID
	case provider == ProviderStripe && strings.HasPrefix(eventID, "payment_intent:"):
		return strings.TrimPrefix(eventID, "payment_intent:")
	}
	return ""
}
