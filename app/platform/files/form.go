package files

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"

	"gerege/app/platform/web"
	"gerege/db"
)

// Field is what a multipart form accepts under one file field name.
type Field struct {
	Policy   Policy
	Max      int  // most files under this name; 1 when zero
	Required bool // at least one file
}

// Form is a multipart request read by ReadForm: its files, already Put (unattached) in the
// order they came, and its other values.
type Form struct {
	Files  map[string][]File
	Values url.Values
}

// File returns the first file of field, and whether there is one.
func (f *Form) File(field string) (File, bool) {
	if fs := f.Files[field]; len(fs) > 0 {
		return fs[0], true
	}
	return File{}, false
}

// IDs returns the ids of every file of the form (to Attach them).
func (f *Form) IDs() []int64 {
	var ids []int64
	for _, fs := range f.Files {
		for _, x := range fs {
			ids = append(ids, x.ID)
		}
	}
	return ids
}

// ReadOne reads a multipart body that carries one required file under field, Put for owner
// under policy p (an attachment uploaded before the message that carries it), with
// ReadForm's answers for everything else.
func (s *Store) ReadOne(r *http.Request, owner int64, field string, p Policy) (File, error) {
	form, err := s.ReadForm(r, owner, map[string]Field{field: {Policy: p, Required: true}})
	if err != nil {
		return File{}, err
	}
	f, _ := form.File(field)
	return f, nil
}

// MaxValues bounds the bytes of a form's values (everything but its files) together.
const MaxValues = 64 << 10

// MaxUpload is the default bound of a whole multipart/form-data request body (web.Kit's
// MaxUpload): a few documents at Documents' limit. Each file is also bounded by its policy.
const MaxUpload = 32 << 20

// ReadForm reads the multipart/form-data body of r as it streams (never
// ParseMultipartForm, which would hold it in memory or spill it to its own temporary files):
// each file part of a name in fields is Put for owner under that field's policy, every other
// part is a value (at most MaxValues bytes together). The body's bound is the request's
// (web.Kit.LimitBody: MaxUpload for multipart requests).
//
// It answers with *web.Error: 415 when the body is not multipart; 413 for a file over its
// policy's size or a body over its limit, 415 for a file of a refused type, 422 for a file
// under a name not in fields, too many files, an empty or missing required file, each with
// the field's localized message in Fields; 400 for a body that is not valid multipart. When
// it fails, the files it already stored are deleted.
func (s *Store) ReadForm(r *http.Request, owner int64, fields map[string]Field) (*Form, error) {
	ctx := r.Context()
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, &web.Error{Status: http.StatusUnsupportedMediaType, Code: "unsupported_media_type",
			Message: web.M("files.notMultipart"), Err: err}
	}
	form := &Form{Files: map[string][]File{}, Values: url.Values{}}
	fail := func(err error) (*Form, error) {
		if ids := form.IDs(); len(ids) > 0 {
			dctx := context.WithoutCancel(ctx)
			if derr := s.db.InTx(dctx, func(tx *db.Store) error {
				return s.Delete(dctx, tx, ids...)
			}); derr != nil {
				s.log.Warn("files: deleting the files of a refused form failed", "error", derr.Error())
			}
		}
		return nil, err
	}
	valueBytes := int64(0)
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fail(bodyError(err))
		}
		name := part.FormName()
		if part.FileName() == "" && !isFilePart(part.Header.Get("Content-Type")) {
			b, err := io.ReadAll(io.LimitReader(part, MaxValues-valueBytes+1))
			part.Close()
			if err != nil {
				return fail(bodyError(err))
			}
			valueBytes += int64(len(b))
			if valueBytes > MaxValues {
				return fail(&web.Error{Status: http.StatusRequestEntityTooLarge, Code: "too_large", Message: web.M("errors.tooLarge")})
			}
			form.Values.Add(name, string(b))
			continue
		}
		spec, ok := fields[name]
		if !ok {
			part.Close()
			return fail(fieldError(http.StatusUnprocessableEntity, "invalid", name, web.M("files.unexpected")))
		}
		if max(spec.Max, 1) <= len(form.Files[name]) {
			part.Close()
			return fail(fieldError(http.StatusUnprocessableEntity, "invalid", name, web.M("files.tooMany", "max", max(spec.Max, 1))))
		}
		f, err := s.Put(ctx, part, part.FileName(), spec.Policy, owner)
		part.Close()
		if err != nil {
			return fail(HTTPError(name, err))
		}
		form.Files[name] = append(form.Files[name], f)
	}
	for name, spec := range fields {
		if spec.Required && len(form.Files[name]) == 0 {
			return fail(fieldError(http.StatusUnprocessableEntity, "invalid", name, web.M("files.required")))
		}
	}
	return form, nil
}

// isFilePart reports whether a part without a file name is still a file: one that declares
// a content type other than text.
func isFilePart(ct string) bool {
	return ct != "" && !strings.HasPrefix(ct, "text/plain")
}

// bodyError is the answer to a failure reading the request body: 413 past its limit, 400
// otherwise (a truncated or malformed body).
func bodyError(err error) error {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return &web.Error{Status: http.StatusRequestEntityTooLarge, Code: "too_large",
			Message: web.M("files.requestTooLarge", "mb", megabytes(mbe.Limit)), Err: err}
	}
	if errors.Is(err, context.Canceled) {
		return err
	}
	return &web.Error{Status: http.StatusBadRequest, Code: "bad_form", Message: web.M("files.badForm"), Err: err}
}

// HTTPError turns an error of Put for the file field into the answer a person reads: 413
// (larger than the policy allows, over the quota, or a body over its limit), 415 (a type the
// policy refuses), 422 (empty), each with the field's localized message in Fields and as the
// message. Other errors are returned as they are (a 500 for the caller's error handling).
func HTTPError(field string, err error) error {
	var le *LimitError
	var te *TypeError
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &le):
		return fieldError(http.StatusRequestEntityTooLarge, "too_large", field, web.M("files.tooLarge", "mb", megabytes(le.Max)))
	case errors.As(err, &te):
		return fieldError(http.StatusUnsupportedMediaType, "unsupported_media_type", field,
			web.M("files.typeRefused", "types", labels(te.Allowed)))
	case errors.Is(err, ErrQuota):
		return fieldError(http.StatusRequestEntityTooLarge, "quota", field, web.M("files.quota"))
	case errors.Is(err, ErrEmpty):
		return fieldError(http.StatusUnprocessableEntity, "invalid", field, web.M("files.empty"))
	case errors.As(err, &mbe):
		return fieldError(http.StatusRequestEntityTooLarge, "too_large", field, web.M("files.requestTooLarge", "mb", megabytes(mbe.Limit)))
	}
	if re := (*ReadError)(nil); errors.As(err, &re) {
		return bodyError(re.Err)
	}
	return err
}

func fieldError(status int, code, field string, msg web.Msg) *web.Error {
	return &web.Error{Status: status, Code: code, Message: msg, Fields: map[string]web.Msg{field: msg}}
}

// megabytes is n in whole megabytes (MiB), rounded up: how limits are shown.
func megabytes(n int64) int64 { return (n + 1<<20 - 1) >> 20 }
