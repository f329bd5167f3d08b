package payments

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// Config is the payments' configuration, read only from the environment (secrets included:
// never flags, never logged). With nothing set, only the bank-transfer provider is there.
type Config struct {
	Bank   BankConfig
	Stripe StripeConfig
	QPay   QPayConfig
	// FeeBasisPoints: the platform's fee on payments to organisations, GEREGE_PLATFORM_FEE_BPS
	// (100 = 1 %; default 0).
	FeeBasisPoints int64
	// Providers built from the environment (Stripe, QPay), or added by tests.
	Providers []Provider
}

func (c Config) extra() []Provider {
	out := c.Providers
	if c.QPay.ClientID != "" {
		out = append([]Provider{NewQPay(c.QPay)}, out...)
	}
	if c.Stripe.SecretKey != "" {
		out = append([]Provider{NewStripe(c.Stripe)}, out...)
	}
	return out
}

// ConfigFromEnv reads the payments' configuration from the environment.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	var c Config
	var errs []error
	c.Bank = BankConfig{Name: strings.TrimSpace(getenv("GEREGE_BANK_NAME")),
		Account: strings.TrimSpace(getenv("GEREGE_BANK_ACCOUNT")), Holder: strings.TrimSpace(getenv("GEREGE_BANK_HOLDER"))}
	if v := strings.TrimSpace(getenv("GEREGE_PLATFORM_FEE_BPS")); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 || n > 10_000 {
			errs = append(errs, fmt.Errorf("GEREGE_PLATFORM_FEE_BPS: want basis points 0…10000, got %q", v))
		}
		c.FeeBasisPoints = n
	}
	c.Stripe = StripeConfig{SecretKey: strings.TrimSpace(getenv("GEREGE_STRIPE_SECRET_KEY")),
		WebhookSecret: strings.TrimSpace(getenv("GEREGE_STRIPE_WEBHOOK_SECRET")), APIBase: strings.TrimSpace(getenv("GEREGE_STRIPE_API_BASE"))}
	if (c.Stripe.SecretKey == "") != (c.Stripe.WebhookSecret == "") {
		errs = append(errs, errors.New("GEREGE_STRIPE_SECRET_KEY and GEREGE_STRIPE_WEBHOOK_SECRET: set both (card payments) or neither"))
	}
	if c.Stripe.APIBase != "" && !validBase(c.Stripe.APIBase) {
		errs = append(errs, fmt.Errorf("GEREGE_STRIPE_API_BASE: want an absolute http(s) URL, got %q", c.Stripe.APIBase))
	}
	c.QPay = QPayConfig{ClientID: strings.TrimSpace(getenv("GEREGE_QPAY_CLIENT_ID")), ClientSecret: strings.TrimSpace(getenv("GEREGE_QPAY_CLIENT_SECRET")),
		InvoiceCode: strings.TrimSpace(getenv("GEREGE_QPAY_INVOICE_CODE")), APIBase: strings.TrimSpace(getenv("GEREGE_QPAY_API_BASE"))}
	if c.QPay != (QPayConfig{}) && (c.QPay.ClientID == "" || c.QPay.ClientSecret == "" || c.QPay.InvoiceCode == "") {
		errs = append(errs, errors.New("GEREGE_QPAY_CLIENT_ID, GEREGE_QPAY_CLIENT_SECRET and GEREGE_QPAY_INVOICE_CODE: set all three (QPay) or none"))
	}
	if c.QPay.APIBase != "" && !validBase(c.QPay.APIBase) {
		errs = append(errs, fmt.Errorf("GEREGE_QPAY_API_BASE: want an absolute http(s) URL, got %q", c.QPay.APIBase))
	}
	return c, errors.Join(errs...)
}

func validBase(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// DemoBank is the bank-transfer details of a demo installation without its own.
var DemoBank = BankConfig{Name: "Demo Bank", Account: "0000 1234 5678", Holder: "Gerege Demo LLC"}
