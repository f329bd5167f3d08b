package web

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"mime"
	"net/http"
	"runtime/debug"
	"strings"
	"time"
)

// Kit holds what the shared middleware and error responses need.
type Kit struct {
	UI  *UI
	Log *slog.Logger
	// MaxBody is the largest request body accepted, in bytes.
	MaxBody int64
	// MaxUpload, when larger than MaxBody, is the bound of multipart/form-data bodies instead
	// (uploads, read as they stream by app/platform/files: each file is also bounded by its
	// policy). Decode and ReadBody refuse multipart bodies, so no handler that holds its body
	// in memory ever reads past MaxBody.
	MaxUpload int64
	// Secure is true when the site is served over HTTPS (HSTS, Secure cookies).
	Secure bool
	// Maintenance reports whether maintenance mode is on.
	Maintenance func(context.Context) bool
	// MaintenanceExempt lists paths that stay reachable during maintenance (so an admin can
	// sign in and switch it off).
	MaintenanceExempt func(path string) bool
}

// quiet paths are for monitors: no access log lines, no sessions.
func quiet(path string) bool { return path == "/healthz" || path == "/readyz" }

// RequestID gives every request an ID (kept from a well-formed X-Request-ID header) and a
// logger that carries it.
func (k *Kit) RequestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Request-ID")
		if !validID(id) {
			var b [8]byte
			_, _ = rand.Read(b[:])
			id = hex.EncodeToString(b[:])
		}
		w.Header().Set("X-Request-ID", id)
		r = withValue(r, keyRequestID, id)
		r = withValue(r, keyLogger, k.Log.With(slog.String("request_id", id)))
		next.ServeHTTP(w, r)
	})
}

func validID(id string) bool {
	if len(id) < 8 || len(id) > 64 {
		return false
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// Language puts the request's language in its context.
func (k *Kit) Language(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		lang := DetectLang(r)
		if IsAPI(r) {
			// The language of the answer's messages (and of JSON's last-resort message).
			w.Header().Set("Content-Language", lang)
		}
		next.ServeHTTP(w, withValue(r, keyLang, lang))
	})
}

type recorder struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (rw *recorder) WriteHeader(s int) {
	if rw.status == 0 {
		rw.status = s
	}
	rw.ResponseWriter.WriteHeader(s)
}

func (rw *recorder) Write(b []byte) (int, error) {
	if rw.status == 0 {
		rw.status = http.StatusOK
	}
	n, err := rw.ResponseWriter.Write(b)
	rw.bytes += int64(n)
	return n, err
}

func (rw *recorder) Unwrap() http.ResponseWriter { return rw.ResponseWriter }

// AccessLog writes one structured line per request (not for /healthz and /readyz). The query
// string is left out: it can hold personal data.
func (k *Kit) AccessLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if quiet(r.URL.Path) {
			next.ServeHTTP(w, r)
			return
		}
		start := time.Now()
		rec := &recorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		level := slog.LevelInfo
		if strings.HasPrefix(r.URL.Path, "/assets/") {
			level = slog.LevelDebug
		}
		if rec.status >= 500 {
			level = slog.LevelError
		}
		Logger(r).Log(r.Context(), level, "request",
			slog.String("method", r.Method),
			slog.String("path", r.URL.Path),
			slog.Int("status", rec.status),
			slog.Int64("bytes", rec.bytes),
			slog.Duration("duration", time.Since(start)))
	})
}

// Recover turns a panic into the 500 page (or JSON) and logs the stack with the request ID.
func (k *Kit) Recover(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			v := recover()
			if v == nil {
				return
			}
			if v == http.ErrAbortHandler {
				panic(v)
			}
			Logger(r).Error("panic", slog.Any("panic", v), slog.String("stack", string(debug.Stack())))
			k.Fail(w, r, fmt.Errorf("panic: %v", v))
		}()
		next.ServeHTTP(w, r)
	})
}

// CSP is the Content-Security-Policy of every response: nothing from other hosts, no inline
// scripts or styles, no framing.
const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; " +
	"frame-ancestors 'none'"

// SecurityHeaders sets the headers every response carries.
func (k *Kit) SecurityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", CSP)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()")
		if k.Secure || r.TLS != nil {
			h.Set("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
		}
		next.ServeHTTP(w, r)
	})
}

// LimitBody refuses bodies over MaxBody with 413: at once when Content-Length says so, and
// while reading otherwise (Decode turns the read error into 413).
func (k *Kit) LimitBody(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		limit := k.MaxBody
		if k.MaxUpload > limit && isMultipart(r) {
			limit = k.MaxUpload
		}
		if r.ContentLength > limit {
			if limit == k.MaxUpload {
				// The message app/platform/files gives a body over the limit while reading it.
				k.Fail(w, r, &Error{Status: 413, Code: "too_large", Message: M("files.requestTooLarge", "mb", (limit+1<<20-1)>>20)})
				return
			}
			k.Fail(w, r, tooLarge())
			return
		}
		if r.Body != nil && r.Body != http.NoBody {
			r.Body = http.MaxBytesReader(w, r.Body, limit)
		}
		next.ServeHTTP(w, r)
	})
}

// isMultipart reports whether r declares a multipart/form-data body.
func isMultipart(r *http.Request) bool {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return err == nil && mt == "multipart/form-data"
}

// MaintenanceGate answers 503 with Retry-After while maintenance mode is on. Monitors
// (/healthz, /readyz) and the assets the maintenance page needs stay reachable.
func (k *Kit) MaintenanceGate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		if k.Maintenance != nil && !quiet(p) && !strings.HasPrefix(p, "/assets/") &&
			(k.MaintenanceExempt == nil || !k.MaintenanceExempt(p)) && k.Maintenance(r.Context()) {
			k.Fail(w, r, &Error{Status: 503, Code: "maintenance", Message: M("errors.maintenance"), RetryAfter: 300})
			return
		}
		next.ServeHTTP(w, r)
	})
}

// CrossOrigin rejects state-changing browser requests that come from another site (CSRF),
// using the browser's Sec-Fetch-Site header with an Origin fallback (net/http's
// CrossOriginProtection). Requests without either header — the mobile app, curl — are not
// browser requests a victim's cookies ride on, and pass.
func (k *Kit) CrossOrigin(next http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		k.Fail(w, r, &Error{Status: 403, Code: "csrf", Message: M("errors.csrf")})
	}))
	return cop.Handler(next)
}

// ErrNotFound and friends let routers answer with the shared shapes.
func (k *Kit) NotFoundHandler(w http.ResponseWriter, r *http.Request) { k.Fail(w, r, NotFound()) }
func (k *Kit) MethodNotAllowedHandler(w http.ResponseWriter, r *http.Request) {
	k.Fail(w, r, MethodNotAllowed())
}

// Handler adapts a handler that returns an error to http.Handler, sending errors through Fail.
func (k *Kit) Handler(fn func(http.ResponseWriter, *http.Request) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := fn(w, r); err != nil {
			k.Fail(w, r, err)
		}
	}
}
