package web

import (
	"encoding/base64"
	"encoding/json"
)

// EncodeCursor carries a keyset position (any JSON value) in a URL: the "next" of a page, sent
// back as "after".
func EncodeCursor(v any) string {
	b, _ := json.Marshal(v)
	return base64.RawURLEncoding.EncodeToString(b)
}

// DecodeCursor reads a cursor EncodeCursor made into v; anything else (edited, truncated, from
// another list) is a 400 bad_cursor on the field "after", in the request's language.
func DecodeCursor(s string, v any) error {
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil || json.Unmarshal(b, v) != nil {
		return BadCursor()
	}
	return nil
}

// BadCursor is the answer to a cursor that is not one this list gave.
func BadCursor() *Error {
	return &Error{Status: 400, Code: "bad_cursor", Message: M("errors.cursor"), Fields: map[string]Msg{"after": M("errors.cursor")}}
}
