package web

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"

	"gerege/i18n"
)

type ctxKey int

const (
	keyRequestID ctxKey = iota
	keyLogger
	keyLang
)

// RequestID returns the request's ID ("" outside a request).
func RequestID(r *http.Request) string {
	id, _ := r.Context().Value(keyRequestID).(string)
	return id
}

// Logger returns the request's logger, which carries its request ID.
func Logger(r *http.Request) *slog.Logger {
	if l, ok := r.Context().Value(keyLogger).(*slog.Logger); ok {
		return l
	}
	return slog.Default()
}

// Lang returns the request's language, decided by the Language middleware.
func Lang(r *http.Request) string {
	if l, ok := r.Context().Value(keyLang).(string); ok {
		return l
	}
	return DetectLang(r)
}

// LangOf is the language of the request ctx belongs to (decided by the Language middleware),
// or i18n.Default outside a request: for code that is handed a context, not the request.
func LangOf(ctx context.Context) string {
	if l, ok := ctx.Value(keyLang).(string); ok {
		return l
	}
	return i18n.Default
}

func withValue(r *http.Request, k ctxKey, v any) *http.Request {
	return r.WithContext(context.WithValue(r.Context(), k, v))
}

// LangCookie is the cookie that remembers a visitor's chosen language (the UI's language
// detector writes the same cookie).
const LangCookie = "lang"

// PathLang returns the language prefix of path ("/mn/about" → "mn") or "".
func PathLang(path string) string {
	for _, l := range i18n.Languages {
		if path == "/"+l || strings.HasPrefix(path, "/"+l+"/") {
			return l
		}
	}
	return ""
}

// DetectLang picks the request's language: the path prefix, then the lang cookie (the
// visitor's explicit choice), then a language subdomain (mn.example.org), then
// Accept-Language, then the default.
func DetectLang(r *http.Request) string {
	if l := PathLang(r.URL.Path); l != "" {
		return l
	}
	if c, err := r.Cookie(LangCookie); err == nil && i18n.Supported(c.Value) {
		return c.Value
	}
	if l := SubdomainLang(r.Host); l != "" {
		return l
	}
	if l := AcceptLanguage(r.Header.Get("Accept-Language")); l != "" {
		return l
	}
	return i18n.Default
}

// SubdomainLang returns the language a host's first label names ("mn.gerege.org" → "mn"),
// or "" (a bare "mn" or "mn:8080" is a machine name, not a subdomain).
func SubdomainLang(host string) string {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	label, rest, ok := strings.Cut(strings.ToLower(host), ".")
	if !ok || rest == "" || !i18n.Supported(label) {
		return ""
	}
	return label
}

// AcceptLanguage returns the supported language the header prefers most, or "".
func AcceptLanguage(h string) string {
	best, bestQ := "", 0.0
	for part := range strings.SplitSeq(h, ",") {
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		if p, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			v, err := strconv.ParseFloat(p, 64)
			if err != nil {
				continue
			}
			q = v
		}
		primary, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(tag)), "-")
		if i18n.Supported(primary) && q > bestQ {
			best, bestQ = primary, q
		}
	}
	return best
}

// T translates key in the request's language.
func T(r *http.Request, key string, args ...any) string { return i18n.T(Lang(r), key, args...) }

// TLang translates key in lang (for texts not in the request's language, such as staff emails).
func TLang(lang, key string, args ...any) string { return i18n.T(lang, key, args...) }
