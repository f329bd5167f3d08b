package stripetest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// Cards is a small local HTTP server for the off-session charge flows stripe-mock cannot play:
// stripe-mock answers every PaymentIntent create with the same fixture (status
// requires_payment_method, never a decline, no idempotency). Cards implements only what the
// payments core calls for a charge, as Stripe documents it:
//   - POST /v1/payment_intents (off_session=true, confirm=true): 200 with the intent
//     "succeeded" (or "processing": Stripe's answer while the card network has not decided), or 402 with a card_error (code card_declined or authentication_required)
//     carrying the intent; a request repeated with the same Idempotency-Key gets the first
//     answer again (as Stripe does; a 500 is not remembered, so a retry asks again);
//   - GET /v1/payment_intents/{id}: the intent as it is;
//   - POST /v1/payment_methods/{id}/detach;
//   - POST /v1/refunds (payment_intent, amount): 200 with the refund "succeeded" or "pending",
//     or 400 invalid_request_error with a code (charge_already_refunded…) as Stripe refuses a
//     refund; the same Idempotency-Key gets the first answer again; a 500 is not remembered.
//
// It is not Stripe, and not the product's code: the product talks to it through the official
// client, exactly as to Stripe.
type Cards struct {
	URL string

	mu      sync.Mutex
	queue   []string // the next answers: "succeeded", "processing", "card_declined", "authentication_required", "fail" (500)
	def     string
	keys    []string // the Idempotency-Key of every create request, in order
	answers map[string]cardAnswer
	intents map[string]map[string]any
	forms   []map[string]string
	charged int
	detach  []string

	refundQueue []string // the next refund answers: "succeeded", "pending", "fail" (500) or a refusal code
	refundKeys  []string
	refundAmts  []int64 // the amount of each refund request received (Stripe's unit)
	refunded    int
}

// AnswerRefunds queues the answers to the next refunds ("succeeded" unless told otherwise).
func (c *Cards) AnswerRefunds(outcomes ...string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.refundQueue = append(c.refundQueue, outcomes...)
}

// RefundKeys are the idempotency keys of the refund requests received, in order.
func (c *Cards) RefundKeys() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.refundKeys...)
}

// RefundAmounts are the amounts (Stripe's unit) of the refund requests received, in order.
func (c *Cards) RefundAmounts() []int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]int64(nil), c.refundAmts...)
}

// Refunded is how many refunds sent money back (distinct, not replays).
func (c *Cards) Refunded() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.refunded
}

func (c *Cards) refund(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		w.WriteHeader(400)
		return
	}
	key := r.Header.Get("Idempotency-Key")
	c.refundKeys = append(c.refundKeys, key)
	amt, _ := strconv.ParseInt(r.PostForm.Get("amount"), 10, 64)
	c.refundAmts = append(c.refundAmts, amt)
	if a, ok := c.answers["refund:"+key]; ok && key != "" {
		w.Header().Set("Idempotent-Replayed", "true")
		w.WriteHeader(a.status)
		w.Write(a.body)
		return
	}
	outcome := "succeeded"
	if len(c.refundQueue) > 0 {
		outcome, c.refundQueue = c.refundQueue[0], c.refundQueue[1:]
	}
	if outcome == "fail" {
		w.WriteHeader(500)
		fmt.Fprint(w, `{"error":{"type":"api_error","message":"An unknown error occurred."}}`)
		return
	}
	var a cardAnswer
	amount, _ := strconv.ParseInt(r.PostForm.Get("amount"), 10, 64)
	meta := map[string]string{}
	for k, v := range r.PostForm {
		if m, ok := strings.CutPrefix(k, "metadata["); ok {
			meta[strings.TrimSuffix(m, "]")] = v[0]
		}
	}
	if outcome == "succeeded" || outcome == "pending" {
		c.refunded++
		a.status = 200
		a.body, _ = json.Marshal(map[string]any{"id": fmt.Sprintf("re_local_%d", c.refunded), "object": "refund", "amount": amount,
			"currency": "mnt", "payment_intent": r.PostForm.Get("payment_intent"), "status": outcome, "metadata": meta})
	} else {
		a.status = 400
		a.body, _ = json.Marshal(map[string]any{"error": map[string]any{"type": "invalid_request_error", "code": outcome,
			"message": "The refund was refused: " + outcome}})
	}
	if key != "" {
		c.answers["refund:"+key] = a
	}
	w.WriteHeader(a.status)
	w.Write(a.body)
}

type cardAnswer struct {
	status int
	body   []byte
}

// StartCards starts the server; it answers "succeeded" unless told otherwise (Answer).
func StartCards(t testing.TB) *Cards {
	c := &Cards{def: "succeeded", answers: map[string]cardAnswer{}, intents: map[string]map[string]any{}}
	srv := httptest.NewServer(http.HandlerFunc(c.serve))
	t.Cleanup(srv.Close)
	c.URL = srv.URL
	return c
}

// Answer queues the answers to the next charges.
func (c *Cards) Answer(outcomes ...string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.queue = append(c.queue, outcomes...)
}

// Keys are the idempotency keys of the create requests received, in order (repeats included).
func (c *Cards) Keys() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.keys...)
}

// Charged is how many times money was taken (distinct successful intents).
func (c *Cards) Charged() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.charged
}

// LastForm is the form of the last create request (amount, currency, customer, payment_method,
// off_session, confirm, metadata[…]).
func (c *Cards) LastForm() map[string]string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.forms) == 0 {
		return nil
	}
	return c.forms[len(c.forms)-1]
}

// Decide ends a "processing" intent as the card network would: "succeeded" (money taken) or
// "requires_payment_method" (refused); later look-ups see it.
func (c *Cards) Decide(id, status string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	pi, ok := c.intents[id]
	if !ok {
		return
	}
	pi["status"] = status
	if status == "succeeded" {
		pi["amount_received"] = pi["amount"]
		c.charged++
	} else {
		pi["last_payment_error"] = map[string]any{"type": "card_error", "code": "card_declined", "message": "Your card was declined."}
	}
}

// Detached lists the payment methods detached.
func (c *Cards) Detached() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.detach...)
}

func (c *Cards) serve(w http.ResponseWriter, r *http.Request) {
	c.mu.Lock()
	defer c.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if !strings.HasPrefix(r.Header.Get("Authorization"), "Bearer ") && !strings.HasPrefix(r.Header.Get("Authorization"), "Basic ") {
		w.WriteHeader(401)
		fmt.Fprint(w, `{"error":{"type":"invalid_request_error","message":"No API key provided."}}`)
		return
	}
	path := r.URL.Path
	switch {
	case r.Method == "POST" && path == "/v1/payment_intents":
		c.create(w, r)
	case r.Method == "GET" && strings.HasPrefix(path, "/v1/payment_intents/"):
		pi, ok := c.intents[strings.TrimPrefix(path, "/v1/payment_intents/")]
		if !ok {
			w.WriteHeader(404)
			fmt.Fprint(w, `{"error":{"type":"invalid_request_error","code":"resource_missing","message":"No such payment_intent"}}`)
			return
		}
		json.NewEncoder(w).Encode(pi)
	case r.Method == "POST" && path == "/v1/refunds":
		c.refund(w, r)
	case r.Method == "POST" && strings.HasPrefix(path, "/v1/payment_methods/") && strings.HasSuffix(path, "/detach"):
		id := strings.TrimSuffix(strings.TrimPrefix(path, "/v1/payment_methods/"), "/detach")
		c.detach = append(c.detach, id)
		fmt.Fprintf(w, `{"id":%q,"object":"payment_method","type":"card","customer":null}`, id)
	default:
		w.WriteHeader(404)
		fmt.Fprint(w, `{"error":{"type":"invalid_request_error","message":"Unrecognized request URL (not implemented by stripetest.Cards)."}}`)
	}
}

func (c *Cards) create(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		w.WriteHeader(400)
		return
	}
	key := r.Header.Get("Idempotency-Key")
	c.keys = append(c.keys, key)
	form := map[string]string{}
	for k, v := range r.PostForm {
		form[k] = v[0]
	}
	c.forms = append(c.forms, form)
	if a, ok := c.answers[key]; ok && key != "" {
		w.Header().Set("Idempotent-Replayed", "true")
		w.WriteHeader(a.status)
		w.Write(a.body)
		return
	}
	outcome := c.def
	if len(c.queue) > 0 {
		outcome, c.queue = c.queue[0], c.queue[1:]
	}
	if outcome == "fail" {
		w.WriteHeader(500)
		fmt.Fprint(w, `{"error":{"type":"api_error","message":"An unknown error occurred."}}`)
		return
	}
	amount, _ := strconv.ParseInt(form["amount"], 10, 64)
	meta := map[string]string{}
	for k, v := range form {
		if m, ok := strings.CutPrefix(k, "metadata["); ok {
			meta[strings.TrimSuffix(m, "]")] = v
		}
	}
	id := fmt.Sprintf("pi_local_%d", len(c.intents)+1)
	pi := map[string]any{"id": id, "object": "payment_intent", "amount": amount, "currency": form["currency"],
		"customer": form["customer"], "payment_method": form["payment_method"], "metadata": meta, "livemode": false}
	var a cardAnswer
	if outcome == "succeeded" {
		pi["status"], pi["amount_received"] = "succeeded", amount
		c.charged++
		a.status = 200
		a.body, _ = json.Marshal(pi)
	} else if outcome == "processing" {
		pi["status"] = "processing"
		a.status = 200
		a.body, _ = json.Marshal(pi)
	} else {
		pi["status"] = "requires_payment_method"
		msg := "Your card was declined."
		if outcome == "authentication_required" {
			msg = "This payment requires the cardholder's authentication."
		}
		pi["last_payment_error"] = map[string]any{"type": "card_error", "code": outcome, "message": msg}
		a.status = 402
		a.body, _ = json.Marshal(map[string]any{"error": map[string]any{"type": "card_error", "code": outcome,
			"decline_code": "generic_decline", "message": msg, "payment_intent": pi}})
	}
	c.intents[id] = pi
	if key != "" {
		c.answers[key] = a
	}
	w.WriteHeader(a.status)
	w.Write(a.body)
}
