package opportunities

import (
	"errors"

	"gerege/app/platform/web"
)

// fieldsOf lists the fields a validation error names.
func fieldsOf(err error) map[string]bool {
	out := map[string]bool{}
	var we *web.Error
	if errors.As(err, &we) {
		for f := range we.Fields {
			out[f] = true
		}
	}
	return out
}
