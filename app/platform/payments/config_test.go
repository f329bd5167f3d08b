package payments_test

import (
	"strings"
	"testing"
	"time"

	"gerege/app/platform/payments"
	"gerege/db/dbtest"
)

func TestConfigFromTheEnvironment(t *testing.T) {
	t.Parallel()
	env := func(kv map[string]string) func(string) string { return func(k string) string { return kv[k] } }
	for name, c := range map[string]struct {
		env  map[string]string
		want string // part of the error; "" = valid
		has  string // Available() joined
	}{
		"nothing":          {map[string]string{}, "", "bank"},
		"stripe":           {map[string]string{"GEREGE_STRIPE_SECRET_KEY": "sk", "GEREGE_STRIPE_WEBHOOK_SECRET": "wh"}, "", "stripe,bank"},
		"stripe half":      {map[string]string{"GEREGE_STRIPE_SECRET_KEY": "sk"}, "set both", ""},
		"stripe bad base":  {map[string]string{"GEREGE_STRIPE_SECRET_KEY": "sk", "GEREGE_STRIPE_WEBHOOK_SECRET": "wh", "GEREGE_STRIPE_API_BASE": "localhost"}, "GEREGE_STRIPE_API_BASE", ""},
		"qpay":             {map[string]string{"GEREGE_QPAY_CLIENT_ID": "id", "GEREGE_QPAY_CLIENT_SECRET": "s", "GEREGE_QPAY_INVOICE_CODE": "C"}, "", "qpay,bank"},
		"qpay half":        {map[string]string{"GEREGE_QPAY_CLIENT_ID": "id"}, "all three", ""},
		"all":              {map[string]string{"GEREGE_QPAY_CLIENT_ID": "id", "GEREGE_QPAY_CLIENT_SECRET": "s", "GEREGE_QPAY_INVOICE_CODE": "C", "GEREGE_STRIPE_SECRET_KEY": "sk", "GEREGE_STRIPE_WEBHOOK_SECRET": "wh"}, "", "stripe,qpay,bank"},
		"fee":              {map[string]string{"GEREGE_PLATFORM_FEE_BPS": "250"}, "", "bank"},
		"fee out of range": {map[string]string{"GEREGE_PLATFORM_FEE_BPS": "10001"}, "GEREGE_PLATFORM_FEE_BPS", ""},
		"fee not a number": {map[string]string{"GEREGE_PLATFORM_FEE_BPS": "5%"}, "GEREGE_PLATFORM_FEE_BPS", ""},
	} {
		cfg, err := payments.ConfigFromEnv(env(c.env))
		if c.want != "" {
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s: error %v, want one about %q", name, err, c.want)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		s := payments.New(dbtest.Open(t), time.Now, cfg)
		if got := strings.Join(s.Available(), ","); got != c.has {
			t.Errorf("%s: available %q, want %q", name, got, c.has)
		}
	}
	_, err := payments.ConfigFromEnv(env(map[string]string{"GEREGE_STRIPE_SECRET_KEY": "sk_live_secret"}))
	if err == nil || strings.Contains(err.Error(), "sk_live_secret") {
		t.Errorf("the error shows the secret: %v", err)
	}
}
