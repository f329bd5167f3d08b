// Package web is the shared HTTP plumbing: the error type and its one mapping to responses,
// JSON in and out, middleware, and serving the embedded UI. Capabilities use it; it never
// imports them.
package web

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"

	"gerege/i18n"
)

// Msg is a translatable message: a catalog key and its {{name}} arguments as pairs.
type Msg struct {
	Key  string
	Args []any
}

// M builds a Msg.
func M(key string, args ...any) Msg { return Msg{Key: key, Args: args} }

// Error is the one error type that reaches a client. Status is the HTTP status, Code a stable
// machine code, Message the translatable text, Fields per-field messages (for 422), and Err
// an internal cause that is logged but never shown.
type Error struct {
	Status     int
	Code       string
	Message    Msg
	Fields     map[string]Msg
	RetryAfter int // seconds, for 429 and 503
	Err        error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%d %s: %v", e.Status, e.Code, e.Err)
	}
	return fmt.Sprintf("%d %s", e.Status, e.Code)
}

func (e *Error) Unwrap() error { return e.Err }

// Constructors for the common cases.
func NotFound() *Error { return &Error{Status: 404, Code: "not_found", Message: M("errors.notFound")} }
func Forbidden() *Error {
	return &Error{Status: 403, Code: "forbidden", Message: M("errors.forbidden")}
}
func Unauthorized() *Error {
	return &Error{Status: 401, Code: "unauthorized", Message: M("errors.unauthorized")}
}
func MethodNotAllowed() *Error {
	return &Error{Status: 405, Code: "method_not_allowed", Message: M("errors.methodNotAllowed")}
}
func Conflict(msg Msg) *Error { return &Error{Status: 409, Code: "conflict", Message: msg} }
func TooManyRequests(retryAfter int) *Error {
	return &Error{Status: 429, Code: "rate_limited", Message: M("errors.rateLimited"), RetryAfter: retryAfter}
}

// Invalid is a 422 with one message per field.
func Invalid(fields map[string]Msg) *Error {
	return &Error{Status: 422, Code: "invalid", Message: M("errors.validation"), Fields: fields}
}

// Body is the JSON shape of every API error.
type Body struct {
	Message string            `json:"message"`
	Code    string            `json:"code"`
	Errors  map[string]string `json:"errors,omitempty"`
}

// Localize renders e in lang.
func (e *Error) Localize(lang string) Body {
	b := Body{Message: i18n.T(lang, e.Message.Key, e.Message.Args...), Code: e.Code}
	if len(e.Fields) > 0 {
		b.Errors = make(map[string]string, len(e.Fields))
		for f, m := range e.Fields {
			b.Errors[f] = i18n.T(lang, m.Key, m.Args...)
		}
	}
	return b
}

// AsError turns any error into an *Error; anything unknown becomes a generic 500.
func AsError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	// An error that knows its answer: the store's "not found" (a record gone in a race with
	// another request) is a 404, whichever handler let it through.
	var st interface{ HTTPStatus() int }
	if errors.As(err, &st) && st.HTTPStatus() == 404 {
		return &Error{Status: 404, Code: "not_found", Message: M("errors.notFound"), Err: err}
	}
	if errors.Is(err, context.Canceled) {
		// The client went away (closed the tab, the load generator stopped): not a server
		// fault, so not a 500 in the logs. Nobody reads the answer.
		return &Error{Status: StatusClientClosed, Code: "canceled", Message: M("errors.generic"), Err: err}
	}
	return &Error{Status: 500, Code: "internal", Message: M("errors.generic"), Err: err}
}

// StatusClientClosed is logged for requests the client abandoned (nginx's 499).
const StatusClientClosed = 499

// IsAPI reports whether the request is for the JSON API (errors as JSON, never pages).
func IsAPI(r *http.Request) bool {
	return r.URL.Path == "/api" || strings.HasPrefix(r.URL.Path, "/api/")
}

// Fail writes err as the response: JSON for the API, the localized status page otherwise.
// Server-side errors are logged with the request ID; their detail never reaches the client.
func (k *Kit) Fail(w http.ResponseWriter, r *http.Request, err error) {
	e := AsError(err)
	if e.Status >= 500 {
		Logger(r).Error("request failed", slog.Int("status", e.Status), slog.String("error", errString(err)))
	}
	if e.RetryAfter > 0 {
		w.Header().Set("Retry-After", fmt.Sprint(e.RetryAfter))
	}
	if IsAPI(r) || k.UI == nil {
		JSON(w, e.Status, e.Localize(Lang(r)))
		return
	}
	k.UI.ServeStatus(w, r, e.Status)
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
