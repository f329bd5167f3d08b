// Package stripetest is for tests only: it starts the official stripe-mock server (Stripe's
// own mock of its API, installed by .ci/run with `go install
// github.com/stripe/stripe-mock@latest`) and signs webhook events the way Stripe does, for
// the flows stripe-mock cannot play (it keeps no state and sends no webhooks).
package stripetest

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	stripe "github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"
)

// Key and WebhookSecret are the test configuration's secrets (stripe-mock accepts any key).
const (
	Key           = "sk_test_gerege"
	WebhookSecret = "whsec_gerege_test"
)

// binary finds stripe-mock on PATH or in $(go env GOPATH)/bin.
func binary() (string, error) {
	if p, err := exec.LookPath("stripe-mock"); err == nil {
		return p, nil
	}
	gopath := os.Getenv("GOPATH")
	if gopath == "" {
		out, err := exec.Command("go", "env", "GOPATH").Output()
		if err == nil {
			gopath = strings.TrimSpace(string(out))
		}
	}
	for _, dir := range filepath.SplitList(gopath) {
		p := filepath.Join(dir, "bin", "stripe-mock")
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			return p, nil
		}
	}
	return "", fmt.Errorf("stripe-mock is not installed: run `go install github.com/stripe/stripe-mock@latest` (.ci/run does)")
}

var listening = regexp.MustCompile(`Listening for HTTP at address: (\S+)`)

// Start runs stripe-mock on ports it chooses itself and returns its base URL; it is stopped
// when the test ends. A missing stripe-mock FAILS the test (never skips it).
func Start(t testing.TB) string {
	t.Helper()
	bin, err := binary()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-http-addr", "127.0.0.1:", "-https-addr", "127.0.0.1:")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		t.Fatalf("stripe-mock: %v", err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		sent := false
		for sc.Scan() {
			if m := listening.FindStringSubmatch(sc.Text()); m != nil && !sent {
				addr <- m[1]
				sent = true
			}
		}
		if !sent {
			close(addr)
		}
	}()
	select {
	case a, ok := <-addr:
		if !ok {
			t.Fatal("stripe-mock ended without listening")
		}
		return "http://" + a
	case <-time.After(30 * time.Second):
		t.Fatal("stripe-mock did not start within 30 s")
	}
	return ""
}

// Session is the part of a Checkout Session a webhook fixture carries.
type Session struct {
	ID            string `json:"id"`
	Object        string `json:"object"`
	AmountTotal   int64  `json:"amount_total"`
	Currency      string `json:"currency"`
	PaymentStatus string `json:"payment_status"`
	Status        string `json:"status"`
	ClientRef     string `json:"client_reference_id,omitempty"`
	Customer      string `json:"customer,omitempty"`       // a session opened to keep the card
	PaymentIntent string `json:"payment_intent,omitempty"` // the session's PaymentIntent
}

// Intent is the part of a PaymentIntent a webhook fixture carries (an off-session charge).
type Intent struct {
	ID       string            `json:"id"`
	Object   string            `json:"object"`
	Amount   int64             `json:"amount"`
	Currency string            `json:"currency"`
	Status   string            `json:"status"`
	Metadata map[string]string `json:"metadata,omitempty"`
}

// IntentEvent is a payment_intent.* webhook event's JSON as Stripe sends it.
func IntentEvent(id, typ string, pi Intent) []byte {
	pi.Object = "payment_intent"
	obj, _ := json.Marshal(pi)
	return event(id, typ, obj)
}

// Event is a webhook event's JSON as Stripe sends it.
func Event(id, typ string, s Session) []byte {
	s.Object = "checkout.session"
	obj, _ := json.Marshal(s)
	return event(id, typ, obj)
}

func event(id, typ string, obj []byte) []byte {
	ev := map[string]any{"id": id, "object": "event", "api_version": stripe.APIVersion, "created": time.Now().Unix(),
		"type": typ, "livemode": false, "pending_webhooks": 1, "data": map[string]any{"object": json.RawMessage(obj)}}
	b, _ := json.Marshal(ev)
	return b
}

// Sign is the Stripe-Signature header of payload signed with secret at time at.
func Sign(payload []byte, secret string, at time.Time) string {
	sig := webhook.ComputeSignature(at, payload, secret)
	return fmt.Sprintf("t=%d,v1=%x", at.Unix(), sig)
}

// Refund is the part of a Refund a webhook fixture carries.
type Refund struct {
	ID            string            `json:"id"`
	Object        string            `json:"object"`
	Amount        int64             `json:"amount"`
	Currency      string            `json:"currency"`
	Status        string            `json:"status"`
	PaymentIntent string            `json:"payment_intent,omitempty"`
	FailureReason string            `json:"failure_reason,omitempty"`
	Metadata      map[string]string `json:"metadata,omitempty"`
}

// RefundEvent is a refund.* webhook event's JSON as Stripe sends it.
func RefundEvent(id, typ string, re Refund) []byte {
	re.Object = "refund"
	obj, _ := json.Marshal(re)
	return event(id, typ, obj)
}
