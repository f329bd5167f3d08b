package files

import (
	"errors"
	"io"
	"net/http"
	"strings"

	"gerege/app/platform/web"
	"gerege/db"
)

// Serve answers r with the content of file id as a download (see ServeContent). It does not
// check who may read the file: the caller does that first. A file that does not exist is a
// 404 *web.Error.
func (s *Store) Serve(w http.ResponseWriter, r *http.Request, id int64) error {
	rc, f, err := s.Open(r.Context(), id)
	if errors.Is(err, db.ErrNotFound) {
		return web.NotFound()
	}
	if err != nil {
		return err
	}
	defer rc.Close()
	ServeContent(w, r, f, rc)
	return nil
}

// ServeContent writes content (the blob of f) as a download: the sniffed Content-Type, never
// one the browser guesses (X-Content-Type-Options: nosniff); Content-Disposition attachment
// with the file's name in both the plain and the RFC 5987 form (DownloadName: the extension
// of its real type); Content-Security-Policy: sandbox, so that even opened in place it runs
// no script and reaches no origin; private caching only. Range, If-Range, If-None-Match
// (the ETag is the content's SHA-256) and HEAD are answered by http.ServeContent.
func ServeContent(w http.ResponseWriter, r *http.Request, f File, content io.ReadSeeker) {
	h := w.Header()
	h.Set("Content-Type", f.MediaType)
	h.Set("Content-Disposition", ContentDisposition(DownloadName(f)))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "sandbox; default-src 'none'")
	h.Set("Cache-Control", "private, no-cache")
	h.Set("ETag", `"`+f.SHA256+`"`)
	http.ServeContent(w, r, "", f.CreatedAt, content)
}

// ContentDisposition is an attachment header for name: a plain filename of ASCII letters,
// digits and ".-_ " (anything else becomes "_") for old clients, and filename* with the
// UTF-8 name percent-encoded (RFC 6266, RFC 5987), which every current browser prefers.
func ContentDisposition(name string) string {
	var plain, enc strings.Builder
	for _, r := range name {
		switch {
		case r < 0x80 && (isAlnum(byte(r)) || strings.ContainsRune(".-_ ", r)):
			plain.WriteRune(r)
		default:
			plain.WriteByte('_')
		}
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if isAlnum(c) || strings.IndexByte("!#$&+-.^_`|~", c) >= 0 {
			enc.WriteByte(c)
		} else {
			const hexd = "0123456789ABCDEF"
			enc.WriteByte('%')
			enc.WriteByte(hexd[c>>4])
			enc.WriteByte(hexd[c&15])
		}
	}
	return `attachment; filename="` + plain.String() + `"; filename*=UTF-8''` + enc.String()
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
