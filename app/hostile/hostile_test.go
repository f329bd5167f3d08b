// Package hostile_test sends every route of the platform what a careless or hostile person can
// send — malformed JSON, wrong types, nulls, huge and odd strings, bad path and query values,
// odd headers — as someone allowed to call it, and fails on any 5xx: "no 500 for anything a
// person can type or send" checked for every route a module mounts, without anyone writing a
// row for it (the routes come from the registry, their fields from the API document's Go types).
package hostile_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/app/platform/authz"
	"gerege/db"
)

// A request to send: its path (with query), body and headers.
type probe struct {
	what    string
	path    string
	body    []byte
	ctype   string
	headers map[string]string
}

// Who calls a route: the first kind of user allowed to (an admin can do most things; an
// organisation's owner and an individual the rest), the anonymous visitor for public routes.
var callers = []string{"admin", "owner", "manager", "counselor", "individual", "desk2", "desk"}

// The demo's accounts in the same order of preference.
var demoCallers = []string{"admin", "owner", "counselor", "student", "desk"}

// Routes whose point is to end the caller's session: nothing in a body changes what they do.
var endsSession = regexp.MustCompile(`logout|revoke-all`)

var param = regexp.MustCompile(`\{[^}]+\}`)

// TestNoServerErrorForAnythingSent probes every route twice: on an empty platform (the test's
// own accounts of every kind; paths name records that do not exist, so it is mostly the
// routing, the decoding and the not-found answers that are probed) and on the demo's data as
// the demo's accounts, with paths naming its first records, so that the handlers' own field
// checks and rules meet the odd values.
func TestNoServerErrorForAnythingSent(t *testing.T) {
	t.Parallel()
	t.Run("empty", func(t *testing.T) {
		t.Parallel()
		s, ts := apitest.NewServer(t)
		clients := apitest.Roles(t, s, ts)
		users := map[string]*db.User{}
		for _, who := range callers {
			users[who] = user(t, s, apitest.RoleEmails[who])
		}
		probeAll(t, s, ts, callers, clients, users, "999999", false, 2500)
	})
	t.Run("demo", func(t *testing.T) {
		t.Parallel()
		s, ts := apitest.NewServer(t, func(c *app.Config) { c.Demo = true })
		clients := map[string]*http.Client{"anonymous": apitest.WebClient()}
		users := map[string]*db.User{}
		for _, who := range demoCallers {
			email := who + "@demo.gerege.mn"
			users[who] = user(t, s, email)
			clients[who] = apitest.WebClient()
			apitest.MustStatus(t, apitest.Call(t, clients[who], ts, "POST", "/api/web/auth/login", map[string]any{"email": email, "password": app.DemoPassword}, ""), 200)
		}
		probeAll(t, s, ts, demoCallers, clients, users, "1", true, 1500)
	})
}

func user(t *testing.T, s *app.Server, email string) *db.User {
	t.Helper()
	u, err := s.Store().UserByEmail(context.Background(), email)
	if err != nil {
		t.Fatal(email, err)
	}
	return u
}

// probeAll sends each route its probes as the first of order allowed to call it, the callers
// side by side; id is what the path's parameters are; fieldsOnly probes the route's own
// fields and query (the demo pass), not the generic decoding and headers again.
func probeAll(t *testing.T, s *app.Server, ts *httptest.Server, order []string, clients map[string]*http.Client, users map[string]*db.User, id string, fieldsOnly bool, atLeast int) {
	byCaller := map[string][]authz.Route{}
	for _, rt := range s.Access().Routes() {
		if rt.Doc.Produces == "text/event-stream" || endsSession.MatchString(rt.Pattern) {
			continue
		}
		who := "anonymous"
		if rt.Perm != authz.Public {
			who = ""
			for _, c := range order {
				if authz.Can(users[c], rt.Perm) {
					who = c
					break
				}
			}
			if who == "" {
				t.Errorf("%s %s: no test user has %s", rt.Method, rt.Pattern, rt.Perm)
				continue
			}
		}
		byCaller[who] = append(byCaller[who], rt)
	}

	// Sent by eight workers: a request mostly waits (on the loopback, on the writer), so one
	// caller at a time would take several times as long as the work.
	type job struct {
		who string
		rt  authz.Route
		p   probe
	}
	jobs := make(chan job)
	var mu sync.Mutex
	var failures []string
	sent, statuses := 0, map[int]int{}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				status, body := send(clients[j.who], ts.URL, j.rt.Method, j.p)
				mu.Lock()
				sent++
				statuses[status]++
				if status >= 500 || status == 0 {
					failures = append(failures, fmt.Sprintf("%s %s as %s (%s): %d %.200s", j.rt.Method, trim(j.p.path), j.who, j.p.what, status, body))
				}
				mu.Unlock()
			}
		}()
	}
	for who, routes := range byCaller {
		for _, rt := range routes {
			for _, p := range probes(rt, id, fieldsOnly) {
				jobs <- job{who, rt, p}
			}
		}
	}
	close(jobs)
	wg.Wait()
	sort.Strings(failures)
	for _, f := range failures {
		t.Error(f)
	}
	t.Logf("%d requests to %d routes; answers by status: %v", sent, len(s.Access().Routes()), statuses)
	if sent < atLeast {
		t.Errorf("only %d requests sent", sent)
	}
	// The probes reach the handlers: refused on their fields, not only by the router.
	if statuses[422] < atLeast/10 || statuses[400] < atLeast/20 {
		t.Errorf("too few 422 (%d) or 400 (%d) answers: the probes do not reach the handlers", statuses[422], statuses[400])
	}
}

func trim(s string) string {
	if len(s) > 120 {
		return s[:120] + "…"
	}
	return s
}

func send(c *http.Client, base, method string, p probe) (int, string) {
	var rd io.Reader
	if p.body != nil {
		rd = bytes.NewReader(p.body)
	}
	req, err := http.NewRequest(method, base+p.path, rd)
	if err != nil {
		return 0, err.Error()
	}
	if p.ctype != "" {
		req.Header.Set("Content-Type", p.ctype)
	}
	req.Header.Set("Sec-Fetch-Site", "same-origin") // a cookie write from the site itself
	for k, v := range p.headers {
		req.Header.Set(k, v)
	}
	res, err := c.Do(req)
	if err != nil {
		return 0, err.Error()
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(res.Body, 300))
	return res.StatusCode, string(b)
}

// probes are the requests sent to one route.
func probes(rt authz.Route, id string, fieldsOnly bool) []probe {
	write := rt.Method != "GET" && rt.Method != "HEAD"
	plain := param.ReplaceAllString(rt.Pattern, id)
	var out []probe
	add := func(what, path string, body []byte, ctype string, headers map[string]string) {
		out = append(out, probe{what: what, path: path, body: body, ctype: ctype, headers: headers})
	}
	empty := []byte(nil)
	if write {
		empty = []byte(`{}`)
	}
	jsonType := ""
	if write {
		jsonType = "application/json"
	}

	// Query strings: the documented parameters with wrong values, and the usual paging names.
	names := queryNames(rt.Doc.Query)
	queries := []string{"abc", "-1", "99999999999999999999", strings.Repeat("ж", 3000), "2026-13-45", ""}
	if fieldsOnly {
		queries = queries[:3]
	}
	for _, v := range queries {
		q := url.Values{}
		for _, n := range append(names, "before", "after", "limit", "cursor", "from", "to", "q") {
			q.Add(n, v)
		}
		add("query "+trim(v), plain+"?"+q.Encode(), empty, jsonType, nil)
	}

	if !fieldsOnly {
		// Path parameters that are not what the route expects.
		if param.MatchString(rt.Pattern) {
			for _, v := range []string{"abc", "-1", "99999999999999999999", strings.Repeat("9", 400), "%E2%80%AE%00"} {
				add("path "+v, param.ReplaceAllString(rt.Pattern, v), empty, jsonType, nil)
			}
		}
		add("query bad escapes", plain+"?"+strings.Join(append(names, "before", "q"), "=%zz&")+"=%", empty, jsonType, nil)
		add("query repeated", plain+"?"+strings.Repeat("limit=1&", 500), empty, jsonType, nil)
		add("odd headers", plain, empty, jsonType, map[string]string{
			"Accept-Language":   "zz-ZZ;q=abc,,,;q=,mn;q=2,en;q=-1",
			"If-None-Match":     `"` + strings.Repeat("x", 2000),
			"If-Modified-Since": "yesterday",
			"Range":             "bytes=abc-,-",
			"Idempotency-Key":   strings.Repeat("k", 5000),
			"Last-Event-ID":     "-1",
			"X-Forwarded-For":   "not-an-ip, 999.1.1.1",
		})
	}

	if !write {
		return out
	}

	// Bodies: not JSON, not an object, too deep, too big, not UTF-8, not JSON at all.
	bodies := map[string]string{"cut JSON": `{"a":`, "null": `null`, "array": `[]`}
	if !fieldsOnly {
		for what, b := range map[string]string{
			"string":        `"x"`,
			"two objects":   `{} {}`,
			"deep":          strings.Repeat("[", 20000) + strings.Repeat("]", 20000),
			"not UTF-8":     "{\"name\":\"\xff\xfe\xfd\"}",
			"3 MB":          `{"x":"` + strings.Repeat("a", 3<<20) + `"}`,
			"numbers":       `{"id":1e999,"amount":-0,"count":18446744073709551616}`,
			"empty":         ``,
			"BOM then JSON": "\ufeff{}",
		} {
			bodies[what] = b
		}
		add("text/plain", plain, []byte(`{}`), "text/plain", nil)
		add("multipart without boundary", plain, []byte("--x\r\n"), "multipart/form-data", nil)
		add("multipart garbage", plain, []byte("--x\r\nContent-Disposition: form-data; name=\"file\"; filename=\"../../a.pdf\"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 garbage\r\n--x\r\nContent-Disposition: form-data; name=\"kind\"\r\n\r\n\x00\r\n--x"), "multipart/form-data; boundary=x", nil)
	}
	for what, b := range bodies {
		add("body "+what, plain, []byte(b), "application/json", nil)
	}

	// The route's own fields: wrong types, nulls, extremes, odd strings.
	if rt.Doc.Req != nil {
		typ := reflect.TypeOf(rt.Doc.Req)
		for what, gen := range map[string]func(reflect.Type, int) any{
			"wrong types": wrongType, "nulls": func(reflect.Type, int) any { return nil },
			"extremes": extreme, "negatives": negative,
		} {
			add("fields: "+what, plain, mustJSON(fields(typ, gen, 0)), "application/json", nil)
		}
		for _, v := range []string{"\x00", "2026-02-30T25:61:00Z", "../../../../etc/passwd", "=cmd|' /C calc'!A0 <script>alert(1)</script> 🙂\u202e", "9999-12-31"} {
			gen := func(t reflect.Type, depth int) any { return odd(t, depth, v) }
			add("fields: "+trim(fmt.Sprintf("%q", v)), plain, mustJSON(fields(typ, gen, 0)), "application/json", nil)
		}
	}
	return out
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// queryNames are the `query:"name"` fields of a route's query type.
func queryNames(q any) []string {
	if q == nil {
		return nil
	}
	t := reflect.TypeOf(q)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	var out []string
	if t.Kind() != reflect.Struct {
		return nil
	}
	for i := range t.NumField() {
		if n := strings.Split(t.Field(i).Tag.Get("query"), ",")[0]; n != "" && n != "-" {
			out = append(out, n)
		}
	}
	return out
}

// fields is a JSON object with every field of a request type, each value made by gen.
func fields(t reflect.Type, gen func(reflect.Type, int) any, depth int) map[string]any {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	out := map[string]any{}
	if t.Kind() != reflect.Struct {
		return out
	}
	for i := range t.NumField() {
		f := t.Field(i)
		name := strings.Split(f.Tag.Get("json"), ",")[0]
		if name == "-" || (!f.IsExported() && !f.Anonymous) {
			continue
		}
		if f.Anonymous && name == "" {
			for k, v := range fields(f.Type, gen, depth) {
				out[k] = v
			}
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = gen(f.Type, depth)
	}
	return out
}

func deref(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

func isTime(t reflect.Type) bool { return t.PkgPath() == "time" && t.Name() == "Time" }

// wrongType is a value of another JSON type than the field's.
func wrongType(t reflect.Type, depth int) any {
	t = deref(t)
	switch {
	case isTime(t):
		return 12
	case t.Kind() == reflect.String:
		return 12345
	case t.Kind() == reflect.Bool:
		return "yes"
	case t.Kind() >= reflect.Int && t.Kind() <= reflect.Float64:
		return "abc"
	case t.Kind() == reflect.Slice || t.Kind() == reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return 7 // []byte is a base64 string in JSON
		}
		if depth < 2 {
			return []any{wrongType(t.Elem(), depth+1)}
		}
		return map[string]any{"x": 1}
	case t.Kind() == reflect.Map:
		return []any{1}
	case t.Kind() == reflect.Struct:
		if depth < 2 {
			return []any{fields(t, wrongType, depth+1)}
		}
		return "x"
	}
	return []any{}
}

// extreme is a value of the field's type at the edge: long strings, numbers that overflow,
// long lists. Booleans stay false (true could switch the server into maintenance mode).
func extreme(t reflect.Type, depth int) any {
	t = deref(t)
	switch {
	case isTime(t):
		return "0001-01-01T00:00:00Z"
	case t.Kind() == reflect.String:
		if depth > 0 {
			return strings.Repeat("ж", 500)
		}
		return strings.Repeat("ж", 70000)
	case t.Kind() == reflect.Bool:
		return false
	case t.Kind() >= reflect.Int && t.Kind() <= reflect.Uint64:
		return json.Number("99999999999999999999")
	case t.Kind() == reflect.Float32 || t.Kind() == reflect.Float64:
		return json.Number("1e308")
	case t.Kind() == reflect.Slice || t.Kind() == reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return strings.Repeat("QUJD", 1000)
		}
		if depth > 1 {
			return []any{}
		}
		item := extreme(t.Elem(), depth+1)
		list := make([]any, 2000)
		for i := range list {
			list[i] = item
		}
		return list
	case t.Kind() == reflect.Map:
		m := map[string]any{}
		for i := range 2000 {
			m[fmt.Sprint("k", i)] = extreme(t.Elem(), depth+1)
		}
		return m
	case t.Kind() == reflect.Struct:
		if depth > 1 {
			return map[string]any{}
		}
		return fields(t, extreme, depth+1)
	}
	return nil
}

// negative is the field's type below zero: -1, "-1", a list of one negative.
func negative(t reflect.Type, depth int) any {
	t = deref(t)
	switch {
	case isTime(t):
		return "-0001-01-01T00:00:00Z"
	case t.Kind() == reflect.String:
		return "-1"
	case t.Kind() == reflect.Bool:
		return false
	case t.Kind() >= reflect.Int && t.Kind() <= reflect.Float64:
		return -1
	case t.Kind() == reflect.Slice || t.Kind() == reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return "-"
		}
		if depth > 2 {
			return []any{}
		}
		return []any{negative(t.Elem(), depth+1)}
	case t.Kind() == reflect.Map:
		return map[string]any{"-1": negative(t.Elem(), depth+1)}
	case t.Kind() == reflect.Struct:
		if depth > 2 {
			return map[string]any{}
		}
		return fields(t, negative, depth+1)
	}
	return nil
}

// odd puts the string v in every string field (numbers 0, booleans false, lists of one).
func odd(t reflect.Type, depth int, v string) any {
	t = deref(t)
	switch {
	case isTime(t) || t.Kind() == reflect.String:
		return v
	case t.Kind() == reflect.Bool:
		return false
	case t.Kind() >= reflect.Int && t.Kind() <= reflect.Float64:
		return 0
	case t.Kind() == reflect.Slice || t.Kind() == reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return "!!"
		}
		if depth > 2 {
			return []any{}
		}
		return []any{odd(t.Elem(), depth+1, v)}
	case t.Kind() == reflect.Map:
		return map[string]any{v: odd(t.Elem(), depth+1, v)}
	case t.Kind() == reflect.Struct:
		if depth > 2 {
			return map[string]any{}
		}
		return fields(t, func(t reflect.Type, d int) any { return odd(t, d, v) }, depth+1)
	}
	return nil
}
