package web

import (
	"log/slog"
	"net/http"
	"strconv"
)

// DownloadBuffer is how much of a download is held back before anything is sent: a failure
// within it is answered as a normal error (status, JSON message) instead of a file.
const DownloadBuffer = 64 << 10

// Download sends a generated file (an export) so that a failure can never look like a
// complete, smaller file:
//   - nothing is sent until DownloadBuffer bytes are ready or Finish is called, so a failure
//     before that (a refused query, an unreadable first row) is answered by Abort with the
//     real status and message, without the attachment headers;
//   - a failure after the first bytes left is answered by Abort breaking the connection
//     (http.ErrAbortHandler): the response is never completed (no final chunk, or a reset
//     HTTP/2 stream), so the browser marks the download as failed instead of saving a
//     truncated file.
type Download struct {
	w         http.ResponseWriter
	ctype     string
	filename  string
	buf       []byte
	committed bool
}

// NewDownload starts a download of a file named filename with content type ctype.
func NewDownload(w http.ResponseWriter, ctype, filename string) *Download {
	return &Download{w: w, ctype: ctype, filename: filename}
}

func (d *Download) commit(length int) {
	h := d.w.Header()
	h.Set("Content-Type", d.ctype)
	h.Set("Content-Disposition", `attachment; filename="`+d.filename+`"`)
	h.Set("Cache-Control", "no-store")
	if length >= 0 {
		h.Set("Content-Length", strconv.Itoa(length))
	}
	d.w.WriteHeader(http.StatusOK)
	d.committed = true
}

// Write buffers p, sending the headers and the buffer once it passes DownloadBuffer.
func (d *Download) Write(p []byte) (int, error) {
	if d.committed {
		return d.w.Write(p)
	}
	d.buf = append(d.buf, p...)
	if len(d.buf) < DownloadBuffer {
		return len(p), nil
	}
	d.commit(-1)
	buf := d.buf
	d.buf = nil
	if _, err := d.w.Write(buf); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Finish sends what is left: the whole file with its length when it fit in the buffer.
func (d *Download) Finish() error {
	if !d.committed {
		d.commit(len(d.buf))
	}
	if len(d.buf) > 0 {
		_, err := d.w.Write(d.buf)
		d.buf = nil
		return err
	}
	return nil
}

// Abort ends a failed download. Before anything was sent it returns err for the handler to
// answer as usual; afterwards it logs err and breaks the connection (it does not return).
func (d *Download) Abort(r *http.Request, err error) error {
	if !d.committed {
		d.buf = nil
		return err
	}
	Logger(r).Error("download failed after it started; connection aborted", slog.String("file", d.filename),
		slog.String("error", errString(err)))
	panic(http.ErrAbortHandler)
}
