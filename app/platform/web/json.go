package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"slices"

	"gerege/i18n"
)

// JSON writes v as a JSON response with status. A value that cannot be encoded is a 500 with
// the generic message in the answer's language (Content-Language, set by the Language
// middleware on API requests).
func JSON(w http.ResponseWriter, status int, v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(true)
	if err := enc.Encode(v); err != nil {
		status = http.StatusInternalServerError
		buf.Reset()
		lang := w.Header().Get("Content-Language")
		if !slices.Contains(i18n.Languages, lang) {
			lang = i18n.Default
		}
		_ = enc.Encode(map[string]string{"message": i18n.T(lang, "errors.generic"), "code": "internal"})
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

// Decode reads one JSON value from the request body into dst. It answers with an *Error:
// 415 when the body is not declared JSON, 413 past the body limit, 400 for malformed JSON,
// an empty body, or trailing data. Unknown fields are ignored so older clients keep working.
func Decode(r *http.Request, dst any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || (mt != "application/json" && mt != "text/plain") {
			return &Error{Status: 415, Code: "unsupported_media_type", Message: M("errors.unsupportedMediaType")}
		}
	}
	return DecodeReader(r.Body, dst)
}

// DecodeReader is Decode without the header checks; it is the fuzzed core.
func DecodeReader(body io.Reader, dst any) error {
	dec := json.NewDecoder(body)
	if err := dec.Decode(dst); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return tooLarge()
		}
		return &Error{Status: 400, Code: "bad_json", Message: M("errors.badJson"), Err: err}
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return tooLarge()
		}
		return &Error{Status: 400, Code: "bad_json", Message: M("errors.badJson")}
	}
	return nil
}

func tooLarge() *Error {
	return &Error{Status: 413, Code: "too_large", Message: M("errors.tooLarge")}
}

// ReadBody reads the whole request body (bounded by LimitBody): 413 past the limit. A
// multipart/form-data body is refused (415): its bound is MaxUpload, too much to hold in
// memory; uploads are read as they stream (app/platform/files).
func ReadBody(r *http.Request) ([]byte, error) {
	if isMultipart(r) {
		return nil, &Error{Status: 415, Code: "unsupported_media_type", Message: M("errors.unsupportedMediaType")}
	}
	b, err := io.ReadAll(r.Body)
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return nil, tooLarge()
	}
	return b, err
}

// Message is an answer that only says what happened, in the request's language.
type Message struct {
	Message string `json:"message"`
}
