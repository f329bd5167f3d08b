package main

import (
	"bytes"
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

// applicants is how many accounts apply; each applies to every posting of the demo that takes
// applications once (one application per person per posting), so applicants × postings
// requests can succeed — a 10-second run at up to 400 applications/s with the demo's 39.
const applicants = 110

// docSize is the CV each application carries: a 1 MB PDF (the "with a 1 MB document").
const docSize = 1 << 20

// runApply: applications with a 1 MB CV against the running binary, under 50 connections, from
// accounts registered through the mobile API and verified with a national ID (as applying
// needs), each applying to a different posting per request: every request must be a
// committed application (201), its document stored; a refused one fails the run.
func runApply(bin, dur string) error {
	if _, err := exec.LookPath("wrk"); err != nil {
		return fmt.Errorf("wrk is needed as the load generator: apt-get install -y wrk")
	}
	p, _, err := start(bin, "--demo")
	if err != nil {
		return err
	}
	defer p.stop()
	base := "http://" + p.addr
	postings, err := acceptingPostings(filepath.Join(p.dir, "bench.db"))
	if err != nil {
		return err
	}
	accounts, err := registerAccounts(base, "applicant", applicants, "")
	if err != nil {
		return err
	}
	api := newAPI(base)
	// Born 2000-01-01: the registry number's date is 00-21-01 (20 is added to the month from 2000).
	err = parallel(len(accounts), 8, func(i int) error {
		_, err := api.call("PUT", "/api/account/id-verification", accounts[i].token, map[string]any{"surname": "Bench",
			"givenName": fmt.Sprint(i), "dateOfBirth": "2000-01-01", "idNumber": fmt.Sprintf("УБ002101%02d", i%100)})
		return err
	})
	if err != nil {
		return err
	}
	doc := filepath.Join(p.dir, "cv.pdf")
	if err := os.WriteFile(doc, pdfOf(docSize), 0o600); err != nil {
		return err
	}
	// wrk walks the (posting, account) pairs in order, one request each: every pair is new.
	var lua strings.Builder
	lua.WriteString("local tokens = {")
	for _, a := range accounts {
		fmt.Fprintf(&lua, "%q,", a.token)
	}
	lua.WriteString("}\nlocal postings = {")
	for _, q := range postings {
		fmt.Fprintf(&lua, "{%q,%q},", q.slug, q.application)
	}
	fmt.Fprintf(&lua, "}\nlocal f = io.open(%q, \"rb\")\nlocal doc = f:read(\"*a\")\nf:close()\n", doc)
	lua.WriteString(`local boundary = "gerege-bench-boundary"
-- Every CV is a different file (a comment line after the header names its request), as real
-- ones are: the store keeps one copy of identical files, which would flatter the run.
local docHead, docTail = doc:sub(1, 9), doc:sub(10)
local heads = {}
for k, q in ipairs(postings) do
  heads[k] = "--" .. boundary .. "\r\nContent-Disposition: form-data; name=\"application\"\r\n\r\n" .. q[2] ..
    "\r\n--" .. boundary .. "\r\nContent-Disposition: form-data; name=\"cv\"; filename=\"cv.pdf\"\r\nContent-Type: application/pdf\r\n\r\n" .. docHead
end
local tail = docTail .. "\r\n--" .. boundary .. "--\r\n"
local i = -1
local threads = {}
setup = function(thread)
  thread:set("offset", #threads)
  table.insert(threads, thread)
end
request = function()
  i = i + 1
  -- the two wrk threads take alternate pairs, so no pair is sent twice
  local n = i * 2 + offset
  local k = (n % #postings) + 1
  local t = (math.floor(n / #postings) % #tokens) + 1
  return wrk.format("POST", "/api/opportunities/" .. postings[k][1] .. "/applications",
    {["Authorization"] = "Bearer " .. tokens[t], ["Content-Type"] = "multipart/form-data; boundary=" .. boundary},
    heads[k] .. "%request " .. n .. "\n" .. tail)
end
`)
	script := filepath.Join(p.dir, "apply.lua")
	if err := os.WriteFile(script, []byte(lua.String()), 0o600); err != nil {
		return err
	}
	cpu0 := p.cpuTime()
	out, err := exec.Command("wrk", "-t2", "-c50", "-d"+dur, "--latency", "-s", script, base).CombinedOutput()
	if err != nil {
		return fmt.Errorf("wrk: %v: %s", err, out)
	}
	if m := regexp.MustCompile(`Non-2xx or 3xx responses: (\d+)`).FindSubmatch(out); m != nil {
		return fmt.Errorf("wrk: %s applications were refused:\n%s", m[1], out)
	}
	total := regexp.MustCompile(`(\d+) requests in`).FindStringSubmatch(string(out))
	rps := regexp.MustCompile(`Requests/sec:\s+([\d.]+)`).FindStringSubmatch(string(out))
	p50 := regexp.MustCompile(`50%\s+([\d.]+\w+)`).FindStringSubmatch(string(out))
	p99 := regexp.MustCompile(`99%\s+([\d.]+\w+)`).FindStringSubmatch(string(out))
	if total == nil || rps == nil || p50 == nil || p99 == nil {
		return fmt.Errorf("wrk output not understood: %s", out)
	}
	cpu := p.cpuTime() - cpu0
	// Every answered request is an application with its document on disk.
	stored, err := countApplications(filepath.Join(p.dir, "bench.db"))
	if err != nil {
		return err
	}
	fmt.Printf("| POST /api/opportunities/{slug}/applications, multipart with a 1 MB PDF CV (%d verified accounts × %d postings), 50 connections | %s applications/s, p50 %s, p99 %s; %s answered, %d stored with their document; the server's CPU %.1f ms an application | ≥ 200/s |\n",
		len(accounts), len(postings), rps[1], p50[1], p99[1], total[1], stored, float64(cpu.Microseconds())/1000/float64(max(stored, 1)))
	return nil
}

type benchPosting struct{ slug, application string }

// acceptingPostings lists the demo's published postings that take applications, each with an
// application that answers its questions (the demo's are yes/no, answered "yes").
func acceptingPostings(path string) ([]benchPosting, error) {
	conn, err := sql.Open("sqlite", "file:"+path+"?mode=ro&_pragma=busy_timeout(5000)")
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	rows, err := conn.Query(`SELECT slug, json_array_length(questions) FROM opportunities
		WHERE status = 'published' AND hired < openings AND documents = '["cv"]' ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []benchPosting
	for rows.Next() {
		var q benchPosting
		var n int
		if err := rows.Scan(&q.slug, &n); err != nil {
			return nil, err
		}
		answers := make([]string, n)
		for i := range answers {
			answers[i] = fmt.Sprintf(`{"index":%d,"value":"yes"}`, i)
		}
		q.application = `{"coverLetter":"A benchmark application.","answers":[` + strings.Join(answers, ",") + `]}`
		out = append(out, q)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("the demo has no posting taking applications with a CV")
	}
	return out, rows.Err()
}

// countApplications counts the applications that have their document.
func countApplications(path string) (int, error) {
	conn, err := sql.Open("sqlite", "file:"+path+"?mode=ro&_pragma=busy_timeout(5000)")
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	var n int
	err = conn.QueryRow(`SELECT count(*) FROM applications a JOIN users u ON u.id = a.user_id
		WHERE u.email LIKE 'applicant%@bench.test' AND EXISTS (SELECT 1 FROM application_files f JOIN files d ON d.id = f.file_id
			WHERE f.application_id = a.id AND f.kind = 'cv' AND d.size > 1000000)`).Scan(&n)
	return n, err
}

// pdfOf is a PDF of about n bytes (a minimal document padded with a comment, which PDF
// readers skip): what a CV upload looks like to the server's content check.
func pdfOf(n int) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	b.WriteString("1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n")
	pad := n - b.Len() - 64
	for pad > 0 {
		line := min(pad, 79)
		b.WriteString("%" + strings.Repeat("x", line-1) + "\n")
		pad -= line
	}
	b.WriteString("trailer << /Root 1 0 R >>\n%%EOF\n")
	return b.Bytes()
}
