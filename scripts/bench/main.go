// Command bench measures the real binary the way an operator would feel it: time from start
// to the first 200 on /healthz (empty database, migrations included), resident memory idle
// and under 50 concurrent clients, first-load bytes of the home page, and requests per second
// from wrk running as a second process. It prints a Markdown section for docs/benchmarks.md.
//
//	go run ./scripts/bench -bin bin/gerege
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"time"
)

func main() {
	bin := flag.String("bin", "bin/gerege", "binary to measure")
	runs := flag.Int("runs", 10, "start-up runs")
	dur := flag.String("duration", "10s", "wrk duration per load test")
	only := flag.String("only", "", "run only this measurement: forms (durable contact submissions/s), opportunities (public pages and search under 50 connections, demo data), votes (poll votes/s from many accounts, demo data), sse (memory with 5,000 open chat streams and message delivery at 500/s, demo data), apply (applications with a 1 MB CV/s, demo data)")
	flag.Parse()
	var err error
	switch *only {
	case "":
		err = run(*bin, *runs, *dur)
	case "forms":
		err = runForms(*bin, *dur)
	case "opportunities":
		err = runOpportunities(*bin, *dur)
	case "votes":
		err = runVotes(*bin, *dur)
	case "sse":
		err = runSSE(*bin)
	case "apply":
		err = runApply(*bin, *dur)
	default:
		err = fmt.Errorf("-only %q: want forms, opportunities, votes, sse or apply", *only)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

type proc struct {
	cmd  *exec.Cmd
	addr string
	dir  string
}

func freePort() string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// start launches the binary on a fresh database and returns once /healthz answers 200,
// with the time that took.
func start(bin string, extra ...string) (*proc, time.Duration, error) {
	dir, err := os.MkdirTemp("", "gerege-bench-")
	if err != nil {
		return nil, 0, err
	}
	return startIn(bin, dir, extra...)
}

// startIn launches the binary on the database in dir (kept from an earlier run, or new).
func startIn(bin, dir string, extra ...string) (*proc, time.Duration, error) {
	addr := freePort()
	cmd := exec.Command(bin, append([]string{"serve", "--addr", addr, "--db", filepath.Join(dir, "bench.db"), "--log-level", "error"}, extra...)...)
	// The forms' per-IP limit would otherwise cap the submission run (wrk is one IP), and the
	// registrations' the votes run's accounts (one IP too).
	cmd.Env = append(os.Environ(), "GEREGE_LIMIT_FORMS_IP=100000000/1m", "GEREGE_LIMIT_REGISTER_IP=100000/1m")
	cmd.Stderr = os.Stderr
	t0 := time.Now()
	if err := cmd.Start(); err != nil {
		return nil, 0, err
	}
	p := &proc{cmd: cmd, addr: addr, dir: dir}
	c := &http.Client{Timeout: time.Second}
	for time.Since(t0) < 10*time.Second {
		res, err := c.Get("http://" + addr + "/healthz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return p, time.Since(t0), nil
			}
		}
		time.Sleep(500 * time.Microsecond)
	}
	p.stop()
	return nil, 0, fmt.Errorf("no 200 on /healthz within 10s")
}

func (p *proc) stop() {
	p.halt()
	os.RemoveAll(p.dir)
}

// halt stops the binary and keeps its database (startIn runs it again).
func (p *proc) halt() {
	_ = p.cmd.Process.Signal(os.Interrupt)
	_ = p.cmd.Wait()
}

// status reads a VmRSS-style field of /proc/PID/status in MiB.
func (p *proc) status(field string) float64 {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", p.cmd.Process.Pid))
	if err != nil {
		return -1
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), field+":") {
			var kb float64
			fmt.Sscanf(strings.TrimSpace(strings.TrimPrefix(sc.Text(), field+":")), "%f", &kb)
			return kb / 1024
		}
	}
	return -1
}

// cpuTime is the CPU time the binary has used so far (user + system, /proc/PID/stat): CPU time
// per request does not depend on what else runs on a shared machine, as requests/s does.
func (p *proc) cpuTime() time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p.cmd.Process.Pid))
	if err != nil {
		return -1
	}
	// Fields after the command name (which is in parentheses): state is 3, utime 14, stime 15.
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	if len(f) < 13 {
		return -1
	}
	var ut, st int64
	fmt.Sscan(f[11], &ut)
	fmt.Sscan(f[12], &st)
	return time.Duration(ut+st) * time.Second / 100 // USER_HZ is 100 on Linux
}

func get(url string, gz bool) ([]byte, int, error) {
	req, _ := http.NewRequest("GET", url, nil)
	if gz {
		req.Header.Set("Accept-Encoding", "gzip")
	}
	tr := &http.Transport{DisableCompression: true}
	res, err := (&http.Client{Transport: tr}).Do(req)
	if err != nil {
		return nil, 0, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return b, res.StatusCode, err
}

var assetRe = regexp.MustCompile(`(?:src|href)="(/assets/[^"]+)"`)

func wrk(url, dur string, conns int, headers ...string) (string, string, error) {
	return wrkArgs(url, dur, conns, nil, headers...)
}

// wrkPost sends the same JSON body with every request (a Lua script sets method and body).
func wrkPost(url, dur string, conns int, body string) (string, string, error) {
	f, err := os.CreateTemp("", "gerege-bench-*.lua")
	if err != nil {
		return "", "", err
	}
	defer os.Remove(f.Name())
	fmt.Fprintf(f, "wrk.method = \"POST\"\nwrk.headers[\"Content-Type\"] = \"application/json\"\nwrk.body = %q\n", body)
	f.Close()
	return wrkArgs(url, dur, conns, []string{"-s", f.Name()})
}

func wrkArgs(url, dur string, conns int, extra []string, headers ...string) (string, string, error) {
	args := append([]string{"-t2", fmt.Sprintf("-c%d", conns), "-d" + dur, "--latency"}, extra...)
	for _, h := range headers {
		args = append(args, "-H", h)
	}
	out, err := exec.Command("wrk", append(args, url)...).CombinedOutput()
	if err != nil {
		return "", "", fmt.Errorf("wrk: %v: %s", err, out)
	}
	if m := regexp.MustCompile(`Non-2xx or 3xx responses: (\d+)`).FindSubmatch(out); m != nil {
		return "", "", fmt.Errorf("wrk %s: %s answers were not 2xx/3xx", url, m[1])
	}
	rps := regexp.MustCompile(`Requests/sec:\s+([\d.]+)`).FindStringSubmatch(string(out))
	p99 := regexp.MustCompile(`99%\s+([\d.]+\w+)`).FindStringSubmatch(string(out))
	if rps == nil || p99 == nil {
		return "", "", fmt.Errorf("wrk output not understood: %s", out)
	}
	return rps[1], p99[1], nil
}

func run(bin string, runs int, dur string) error {
	if _, err := exec.LookPath("wrk"); err != nil {
		return fmt.Errorf("wrk is needed as the load generator: apt-get install -y wrk")
	}
	var starts []time.Duration
	for i := 0; i < runs; i++ {
		p, d, err := start(bin)
		if err != nil {
			return err
		}
		starts = append(starts, d)
		p.stop()
	}
	slices.Sort(starts)

	p, _, err := start(bin)
	if err != nil {
		return err
	}
	defer p.stop()
	base := "http://" + p.addr
	home, code, err := get(base+"/en", true)
	if err != nil || code != 200 {
		return fmt.Errorf("GET /en: %d %v", code, err)
	}
	js, css, other := 0, 0, 0
	seen := map[string]bool{}
	plain, _, _ := get(base+"/en", false)
	for _, m := range assetRe.FindAllStringSubmatch(string(plain), -1) {
		if seen[m[1]] {
			continue
		}
		seen[m[1]] = true
		b, code, err := get(base+m[1], true)
		if err != nil || code != 200 {
			return fmt.Errorf("GET %s: %d %v", m[1], code, err)
		}
		switch {
		case strings.HasSuffix(m[1], ".js"):
			js += len(b)
		case strings.HasSuffix(m[1], ".css"):
			css += len(b)
		default:
			other += len(b)
		}
	}
	for i := 0; i < 20; i++ {
		get(base+"/en", true)
		get(base+"/api/meta", false)
	}
	time.Sleep(2 * time.Second)
	idle := p.status("VmRSS")

	homeRPS, homeP99, err := wrk(base+"/en", dur, 50)
	if err != nil {
		return err
	}
	peak := p.status("VmHWM")
	apiRPS, apiP99, err := wrk(base+"/api/meta", dur, 50)
	if err != nil {
		return err
	}
	peak = max(peak, p.status("VmHWM"))

	// GET /api/auth/me with a valid bearer token (a JWT check and two indexed reads).
	reg, err := http.Post(base+"/api/auth/register", "application/json", strings.NewReader(
		`{"email":"bench@example.mn","password":"correct horse battery","firstName":"Bench","lastName":"Mark"}`))
	if err != nil {
		return err
	}
	var pair struct {
		AccessToken string `json:"accessToken"`
	}
	err = json.NewDecoder(reg.Body).Decode(&pair)
	reg.Body.Close()
	if err != nil || pair.AccessToken == "" {
		return fmt.Errorf("register for the /api/auth/me run: %v", err)
	}
	meRPS, meP99, err := wrk(base+"/api/auth/me", dur, 50, "Authorization: Bearer "+pair.AccessToken)
	if err != nil {
		return err
	}

	formRPS, formP99, err := contactLoad(base, dur)
	if err != nil {
		return err
	}

	cpu := "unknown CPU"
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		if m := regexp.MustCompile(`model name\s*:\s*(.+)`).FindSubmatch(b); m != nil {
			cpu = string(m[1])
		}
	}
	kb := func(n int) string { return fmt.Sprintf("%.1f KB", float64(n)/1024) }
	fmt.Printf("\n## Measured %s\n\n", time.Now().UTC().Format("2006-01-02"))
	fmt.Printf("Machine: %s, %d cores, %s/%s; wrk (2 threads, 50 connections, %s) runs on the same machine.\n\n",
		cpu, runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, dur)
	fmt.Println("| what | measured | target |")
	fmt.Println("|---|---|---|")
	fmt.Printf("| start to first 200 on /healthz, empty database (median of %d / worst) | %.0f ms / %.0f ms | < 300 ms |\n",
		runs, ms(starts[len(starts)/2]), ms(starts[len(starts)-1]))
	fmt.Printf("| resident memory, idle | %.1f MB | < 40 MB |\n", idle)
	fmt.Printf("| peak resident memory, 50 concurrent clients | %.1f MB | < 80 MB |\n", peak)
	fmt.Printf("| home page first load: JavaScript (gzip) | %s | ≤ 60 KB |\n", kb(js))
	fmt.Printf("| home page first load: CSS (gzip) | %s | ≤ 15 KB |\n", kb(css))
	fmt.Printf("| home page first load: all bytes (HTML+CSS+JS+icon, gzip) | %s | ≤ 60 KB |\n", kb(len(home)+js+css+other))
	fmt.Printf("| GET /en (prerendered page), 50 connections | %s req/s, p99 %s | — |\n", homeRPS, homeP99)
	fmt.Printf("| GET /api/meta (small JSON API route), 50 connections | %s req/s, p99 %s | — |\n", apiRPS, apiP99)
	fmt.Printf("| GET /api/auth/me with a valid bearer token, 50 connections | %s req/s, p99 %s | — |\n", meRPS, meP99)
	fmt.Printf("| POST /api/forms/contact (stored and committed before 201), 10 connections | %s req/s, p99 %s | — |\n", formRPS, formP99)
	return nil
}

// contact is the submission both runs post.
const contact = `{"firstName":"Сараа","lastName":"Бат","businessName":"1-р сургууль","email":"saraa@example.mn",` +
	`"phoneNumber":"99112233","description":"Манай сургуульд демо үзүүлнэ үү."}`

// contactLoad posts contact submissions from wrk, 10 connections: validate, then one
// transaction (reference, submission, search row, history, the confirmation email in the
// outbox) committed with synchronous=FULL before the 201. Every answer must be a 201.
func contactLoad(base, dur string) (rps, p99 string, err error) {
	if res, err := http.Post(base+"/api/forms/contact", "application/json", strings.NewReader(contact)); err != nil || res.StatusCode != 201 {
		return "", "", fmt.Errorf("POST /api/forms/contact: %v %v", res, err)
	}
	return wrkPost(base+"/api/forms/contact", dur, 10, contact)
}

// runForms measures durable contact submissions only (quick to repeat while tuning the writer).
func runForms(bin, dur string) error {
	if _, err := exec.LookPath("wrk"); err != nil {
		return fmt.Errorf("wrk is needed as the load generator: apt-get install -y wrk")
	}
	p, _, err := start(bin)
	if err != nil {
		return err
	}
	defer p.stop()
	rps, p99, err := contactLoad("http://"+p.addr, dur)
	if err != nil {
		return err
	}
	fmt.Printf("| POST /api/forms/contact (stored and committed before 201), 10 connections | %s req/s, p99 %s | ≥ 5,000/s |\n", rps, p99)
	return nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// runOpportunities: the public list page, a posting's server-rendered page and a search,
// each under 50 connections, on the demo's data. It prints p50 and p99.
func runOpportunities(bin, dur string) error {
	p, _, err := start(bin, "--demo")
	if err != nil {
		return err
	}
	defer p.stop()
	base := "http://" + p.addr
	fmt.Println("| what (50 connections) | requests/s | p50 | p99 |\n|---|---|---|---|")
	for _, u := range []string{"/en/opportunities", "/mn/opportunities/mining-engineer", "/api/opportunities?q=engineer", "/api/opportunities?kind=job&country=MN"} {
		out, err := exec.Command("wrk", "-t2", "-c50", "-d"+dur, "--latency", "-H", "Accept-Encoding: gzip", base+u).CombinedOutput()
		if err != nil {
			return fmt.Errorf("wrk: %v: %s", err, out)
		}
		if m := regexp.MustCompile(`Non-2xx or 3xx responses: (\d+)`).FindSubmatch(out); m != nil {
			return fmt.Errorf("wrk %s: %s answers were not 2xx/3xx", u, m[1])
		}
		rps := regexp.MustCompile(`Requests/sec:\s+([\d.]+)`).FindStringSubmatch(string(out))
		p50 := regexp.MustCompile(`50%\s+([\d.]+\w+)`).FindStringSubmatch(string(out))
		p99 := regexp.MustCompile(`99%\s+([\d.]+\w+)`).FindStringSubmatch(string(out))
		if rps == nil || p50 == nil || p99 == nil {
			return fmt.Errorf("wrk output not understood: %s", out)
		}
		fmt.Printf("| GET %s | %s | %s | %s |\n", u, rps[1], p50[1], p99[1])
	}
	return nil
}
