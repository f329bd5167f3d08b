package main

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	_ "modernc.org/sqlite" // the bench reads the demo's open poll from the server's data file
)

// voters is how many accounts vote. New accounts may vote 60 times an hour each (the
// communities' limit for accounts in their first day), so 2,000 accounts allow 120,000 votes:
// a 10-second run at up to 12,000 votes/s; every vote of the run must be accepted.
const voters = 2000

// runVotes: votes in the demo's open poll against the running binary, under 50 connections,
// from many accounts (registered through the mobile API, each a member of the poll's
// community), each changing its vote from one option to the other: every request is a
// committed vote (201/200), a refused one fails the run.
func runVotes(bin, dur string) error {
	if _, err := exec.LookPath("wrk"); err != nil {
		return fmt.Errorf("wrk is needed as the load generator: apt-get install -y wrk")
	}
	p, _, err := start(bin, "--demo")
	if err != nil {
		return err
	}
	defer p.stop()
	base := "http://" + p.addr
	pollID, community, options, err := openPoll(filepath.Join(p.dir, "bench.db"))
	if err != nil {
		return err
	}
	tokens, err := registerVoters(base, community)
	if err != nil {
		return err
	}
	// wrk takes each request's token and option from the lists, round robin.
	var lua strings.Builder
	lua.WriteString("local tokens = {")
	for _, t := range tokens {
		fmt.Fprintf(&lua, "%q,", t)
	}
	fmt.Fprintf(&lua, "}\nlocal options = {%s}\n", strings.Join(options, ","))
	lua.WriteString(`local i = 0
request = function()
  i = i + 1
  local body = '{"optionIds":[' .. options[(math.floor(i / #tokens) % #options) + 1] .. ']}'
  return wrk.format("POST", nil, {["Authorization"] = "Bearer " .. tokens[(i % #tokens) + 1], ["Content-Type"] = "application/json"}, body)
end
`)
	script := filepath.Join(p.dir, "votes.lua")
	if err := os.WriteFile(script, []byte(lua.String()), 0o600); err != nil {
		return err
	}
	u := fmt.Sprintf("%s/api/polls/%d/votes", base, pollID)
	out, err := exec.Command("wrk", "-t2", "-c50", "-d"+dur, "--latency", "-s", script, u).CombinedOutput()
	if err != nil {
		return fmt.Errorf("wrk: %v: %s", err, out)
	}
	if m := regexp.MustCompile(`Non-2xx or 3xx responses: (\d+)`).FindSubmatch(out); m != nil {
		return fmt.Errorf("wrk: %s votes were refused:\n%s", m[1], out)
	}
	rps := regexp.MustCompile(`Requests/sec:\s+([\d.]+)`).FindStringSubmatch(string(out))
	p50 := regexp.MustCompile(`50%\s+([\d.]+\w+)`).FindStringSubmatch(string(out))
	p99 := regexp.MustCompile(`99%\s+([\d.]+\w+)`).FindStringSubmatch(string(out))
	if rps == nil || p50 == nil || p99 == nil {
		return fmt.Errorf("wrk output not understood: %s", out)
	}
	fmt.Printf("| POST /api/polls/{id}/votes (%d accounts changing their votes, committed before the answer), 50 connections | %s votes/s, p50 %s, p99 %s | ≥ 2,000/s |\n",
		len(tokens), rps[1], p50[1], p99[1])
	return nil
}

// openPoll finds the demo's open single-choice poll in an open community: its id, the
// community's slug and its first two options.
func openPoll(path string) (int64, string, []string, error) {
	conn, err := sql.Open("sqlite", "file:"+path+"?mode=ro&_pragma=busy_timeout(5000)")
	if err != nil {
		return 0, "", nil, err
	}
	defer conn.Close()
	var id int64
	var slug, opts string
	err = conn.QueryRow(`SELECT po.id, coalesce(c.slug, ''), (SELECT group_concat(id) FROM (SELECT id FROM poll_options WHERE poll_id = po.id ORDER BY position LIMIT 2))
		FROM polls po JOIN posts p ON p.id = po.post_id LEFT JOIN communities c ON c.id = p.community_id
		WHERE po.closed_at IS NULL AND (po.closes_at IS NULL OR po.closes_at > ?) AND po.multiple = 0 AND p.status = 'published'
		AND (c.id IS NULL OR (c.status = 'active' AND c.join_policy = 'open')) LIMIT 1`,
		time.Now().UTC().Format("2006-01-02T15:04:05.000Z")).Scan(&id, &slug, &opts)
	if err != nil {
		return 0, "", nil, fmt.Errorf("the demo's open poll: %w", err)
	}
	return id, slug, strings.Split(opts, ","), nil
}

// registerVoters registers the voting accounts through the mobile API (eight at a time) and
// has each join the poll's community; it returns their access tokens.
func registerVoters(base, community string) ([]string, error) {
	tokens := make([]string, voters)
	errs := make(chan error, voters)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	c := &http.Client{Timeout: 30 * time.Second}
	call := func(method, path, token string, body any) (map[string]any, error) {
		b, _ := json.Marshal(body)
		req, _ := http.NewRequest(method, base+path, bytes.NewReader(b))
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		defer res.Body.Close()
		var out map[string]any
		_ = json.NewDecoder(res.Body).Decode(&out)
		if res.StatusCode >= 300 {
			return nil, fmt.Errorf("%s %s: %d %v", method, path, res.StatusCode, out)
		}
		return out, nil
	}
	for i := range tokens {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			r, err := call("POST", "/api/auth/register", "", map[string]any{"email": fmt.Sprintf("voter%d@bench.test", i),
				"password": "correct horse battery staple", "firstName": "Voter", "lastName": fmt.Sprint(i),
				"dateOfBirth": "2000-01-01", "accountType": "individual"})
			if err != nil {
				errs <- err
				return
			}
			tokens[i], _ = r["accessToken"].(string)
			if community != "" {
				if _, err := call("PUT", "/api/communities/"+community+"/membership", tokens[i], struct{}{}); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		return nil, err
	}
	return tokens, nil
}
