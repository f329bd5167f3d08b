package main

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// The chat's live streams against the running binary (--demo, for its open community):
//   - streams accounts (registered through the mobile API, each a member of the community)
//     each open GET /api/chat/events; the server's resident memory is read idle and with every
//     stream open — after a restart on the same data file, so that what registering left
//     behind (argon2id takes 19 MiB a hash) is not counted;
//   - senders of them (ID verified) each start a conversation with one other account and,
//     for sendFor, the senders together send rate messages a second; each message's delay
//     from the start of its POST to its arrival on the receiver's open stream is recorded.
const (
	sseStreams = 5000
	sseSenders = 500
	sseRate    = 500 // messages a second, all senders together
	sseSendFor = 10 * time.Second
)

func runSSE(bin string) error {
	p, _, err := start(bin, "--demo")
	if err != nil {
		return err
	}
	defer p.stop()
	base := "http://" + p.addr
	community, err := openCommunity(filepath.Join(p.dir, "bench.db"))
	if err != nil {
		return err
	}
	t0 := time.Now()
	accounts, err := registerAccounts(base, "chat", sseStreams, community)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "bench: %d accounts registered in %s\n", len(accounts), time.Since(t0).Round(time.Second))
	api := newAPI(base)

	// Senders verify their national ID (writing to people waits for it) and start a
	// conversation with their receiver: account i writes to account sseSenders+i.
	convs := make([]int64, sseSenders)
	if err := parallel(sseSenders, 8, func(i int) error {
		if _, err := api.call("PUT", "/api/account/id-verification", accounts[i].token, map[string]any{
			"surname": "Sender", "givenName": fmt.Sprint(i), "dateOfBirth": "2000-01-01", "idNumber": "УБ00210101"}); err != nil {
			return err
		}
		r, err := api.call("POST", "/api/chat/conversations", accounts[i].token, map[string]any{"userIds": []int64{accounts[sseSenders+i].id}})
		if err != nil {
			return err
		}
		id, _ := r["id"].(float64)
		convs[i] = int64(id)
		return nil
	}); err != nil {
		return err
	}

	// A fresh process on the same data (the tokens stay valid: the signing key is in it).
	p.halt()
	if p, _, err = startIn(bin, p.dir, "--demo"); err != nil {
		return err
	}
	defer p.stop()
	base = "http://" + p.addr
	api = newAPI(base)
	time.Sleep(2 * time.Second)
	idle := p.status("VmRSS")

	// Every account opens its stream; the receivers' readers record arrivals.
	var sent sync.Map // clientId → time the POST started
	arrivals := make(chan time.Duration, sseRate*int(sseSendFor/time.Second)*2)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: sseStreams, DisableCompression: true}}
	// 64 at a time, as clients come and go, not 5,000 handlers at the same moment.
	var failed atomic.Int64
	for from := 0; from < len(accounts); from += 64 {
		var ready sync.WaitGroup
		for i := from; i < min(from+64, len(accounts)); i++ {
			ready.Add(1)
			go func() {
				readStream(ctx, client, base, accounts[i].token, &ready, &failed, func(clientID string) {
					if t, ok := sent.Load(clientID); ok {
						arrivals <- time.Since(t.(time.Time))
					}
				})
			}()
		}
		ready.Wait()
	}
	if n := failed.Load(); n > 0 {
		return fmt.Errorf("%d streams did not open", n)
	}
	// Resident memory with every stream open: right away and once the Go runtime has given
	// back what opening them used for a moment (its scavenger works in the background).
	soon := p.status("VmRSS")
	time.Sleep(30 * time.Second)
	withStreams := p.status("VmRSS")

	// The messages: rate a second, round robin over the senders, each POST in its own goroutine.
	total := sseRate * int(sseSendFor/time.Second)
	tick := time.NewTicker(time.Second / sseRate)
	var posts sync.WaitGroup
	var refused atomic.Int64
	for n := range total {
		<-tick.C
		i := n % sseSenders
		clientID := fmt.Sprintf("bench-%d-%d", i, n)
		posts.Add(1)
		go func() {
			defer posts.Done()
			sent.Store(clientID, time.Now())
			if _, err := api.call("POST", fmt.Sprintf("/api/chat/conversations/%d/messages", convs[i]), accounts[i].token,
				map[string]any{"clientId": clientID, "body": "bench message " + clientID}); err != nil {
				refused.Add(1)
			}
		}()
	}
	tick.Stop()
	posts.Wait()
	if n := refused.Load(); n > 0 {
		return fmt.Errorf("%d of %d messages were refused", n, total)
	}
	var lat []time.Duration
	timeout := time.After(10 * time.Second)
collect:
	for len(lat) < total {
		select {
		case d := <-arrivals:
			lat = append(lat, d)
		case <-timeout:
			break collect
		}
	}
	if len(lat) < total {
		return fmt.Errorf("only %d of %d messages arrived on their receivers' streams", len(lat), total)
	}
	slices.Sort(lat)
	pct := func(q int) string { return fmt.Sprintf("%.1f ms", ms(lat[len(lat)*q/100])) }
	fmt.Printf("| Resident memory (VmRSS) of the server, `--demo` | idle %.0f MB → %.0f MB as the last of %d streams opened → **%.0f MB 30 s later** (%.1f KB a stream) | ≤ 150 MB |\n",
		idle, soon, sseStreams, withStreams, (withStreams-idle)*1024/sseStreams)
	fmt.Printf("| A message from its POST to the receiver's open stream, %d messages/s for %s from %d senders, %d streams open | p50 %s, **p99 %s**, max %s | p99 < 100 ms |\n",
		sseRate, sseSendFor, sseSenders, sseStreams, pct(50), pct(99), fmt.Sprintf("%.1f ms", ms(lat[len(lat)-1])))
	return nil
}

// readStream opens one account's stream and reports each message event's clientId until ctx
// ends; ready is marked once the stream said "ready" (or failed to open).
func readStream(ctx context.Context, client *http.Client, base, token string, ready *sync.WaitGroup, failed *atomic.Int64, got func(string)) {
	once := sync.OnceFunc(ready.Done)
	defer once()
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/api/chat/events", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := client.Do(req)
	if err != nil || res.StatusCode != 200 {
		failed.Add(1)
		if err == nil {
			res.Body.Close()
		}
		return
	}
	defer res.Body.Close()
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 4096), 1<<20)
	for sc.Scan() {
		line := sc.Bytes()
		if !bytes.HasPrefix(line, []byte("data: ")) {
			continue
		}
		var ev struct {
			Type    string `json:"type"`
			Message *struct {
				ClientID string `json:"clientId"`
			} `json:"message"`
		}
		if json.Unmarshal(line[len("data: "):], &ev) != nil {
			continue
		}
		switch {
		case ev.Type == "ready":
			once()
		case ev.Type == "message" && ev.Message != nil:
			got(ev.Message.ClientID)
		}
	}
}

// openCommunity finds the demo's open, active community: its slug.
func openCommunity(path string) (string, error) {
	conn, err := sql.Open("sqlite", "file:"+path+"?mode=ro&_pragma=busy_timeout(5000)")
	if err != nil {
		return "", err
	}
	defer conn.Close()
	var slug string
	if err := conn.QueryRow(`SELECT slug FROM communities WHERE status = 'active' AND join_policy = 'open' LIMIT 1`).Scan(&slug); err != nil {
		return "", fmt.Errorf("the demo's open community: %w", err)
	}
	return slug, nil
}

type account struct {
	id    int64
	token string
}

// registerAccounts registers n accounts through the mobile API (eight at a time), each then
// joining community when one is named.
func registerAccounts(base, prefix string, n int, community string) ([]account, error) {
	out := make([]account, n)
	api := newAPI(base)
	err := parallel(n, 8, func(i int) error {
		r, err := api.call("POST", "/api/auth/register", "", map[string]any{"email": fmt.Sprintf("%s%d@bench.test", prefix, i),
			"password": "correct horse battery staple", "firstName": "Bench", "lastName": fmt.Sprint(i),
			"dateOfBirth": "2000-01-01", "accountType": "individual"})
		if err != nil {
			return err
		}
		out[i].token, _ = r["accessToken"].(string)
		if u, ok := r["user"].(map[string]any); ok {
			id, _ := u["id"].(float64)
			out[i].id = int64(id)
		}
		if out[i].id == 0 {
			return fmt.Errorf("register: no user id in %v", r)
		}
		if community != "" {
			if _, err := api.call("PUT", "/api/communities/"+community+"/membership", out[i].token, struct{}{}); err != nil {
				return err
			}
		}
		return nil
	})
	return out, err
}

// parallel runs f(0..n-1), at most width at a time; the first error wins.
func parallel(n, width int, f func(int) error) error {
	errs := make(chan error, n)
	sem := make(chan struct{}, width)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			if err := f(i); err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	return <-errs
}

type apiClient struct {
	base string
	c    *http.Client
}

func newAPI(base string) *apiClient {
	return &apiClient{base: base, c: &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}}
}

// call sends a JSON request (with the bearer token when there is one); a status of 300 or more
// is an error with the answer in it.
func (a *apiClient) call(method, path, token string, body any) (map[string]any, error) {
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, a.base+path, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := a.c.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(res.Body).Decode(&out)
	if res.StatusCode >= 300 {
		return nil, fmt.Errorf("%s %s: %d %s", method, path, res.StatusCode, strings.TrimSpace(fmt.Sprint(out)))
	}
	return out, nil
}
