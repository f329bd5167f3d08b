package communities

import (
	"bytes"
	"context"
	"image"
	"image/color"
	_ "image/gif" // decoders of the cover formats
	"image/jpeg"
	_ "image/png"
	"io"
	"mime/multipart"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"
	"golang.org/x/image/draw"
	_ "golang.org/x/image/webp"

	"gerege/app/platform/files"
	"gerege/app/platform/web"
	"gerege/db"
)

// Covers: the upload is an image (sniffed by content) of at most 5 MB; its header's size is
// read before anything is decoded, so a small file that claims a huge picture (a
// decompression bomb) is refused without allocating it. It is then decoded, resized to the
// widths the pages use (never enlarged) and re-encoded as JPEG, which leaves EXIF, GPS and
// every other metadata behind; the upload itself is deleted.
var (
	// CoverWidths are the sizes made of a cover: the post page (1600), lists (800), phones (400).
	CoverWidths = []int{1600, 800, 400}
	// CoverMaxSide and CoverMaxPixels bound the picture an upload may claim.
	CoverMaxSide   = 12000
	CoverMaxPixels = 40_000_000

	coverUpload = files.Policy{Purpose: "communities.cover.upload", MaxBytes: files.Images.MaxBytes, Allowed: files.Images.Allowed}
	coverStored = files.Policy{Purpose: "communities.cover", MaxBytes: 16 << 20, Allowed: []string{files.JPEG}}
)

func coverError(key string, args ...any) *web.Error {
	msg := web.M(key, args...)
	return &web.Error{Status: http.StatusUnprocessableEntity, Code: "invalid", Message: msg, Fields: map[string]web.Msg{"cover": msg}}
}

// MakeCovers decodes an image and returns it resized to CoverWidths (narrower pictures are
// not enlarged: their own width is the largest size) as JPEG, widest first. A picture that is
// not decodable, or claims more than CoverMaxSide or CoverMaxPixels, is a field error.
func MakeCovers(r io.ReadSeeker) ([]CoverImage, error) {
	cfg, format, err := image.DecodeConfig(r)
	if err != nil {
		return nil, coverError("posts.errors.coverUnreadable")
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > CoverMaxSide || cfg.Height > CoverMaxSide ||
		int64(cfg.Width)*int64(cfg.Height) > int64(CoverMaxPixels) {
		return nil, coverError("posts.errors.coverDimensions", "max", CoverMaxSide, "megapixels", CoverMaxPixels/1_000_000)
	}
	orientation := 1
	if format == "jpeg" {
		orientation = jpegOrientation(r)
	}
	if _, err := r.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	src, _, err := image.Decode(r)
	if err != nil {
		return nil, coverError("posts.errors.coverUnreadable")
	}
	// The picture as it is shown: a phone's sideways picture has its sides swapped.
	shownW, shownH := src.Bounds().Dx(), src.Bounds().Dy()
	if orientation >= 5 {
		shownW, shownH = shownH, shownW
	}
	var out []CoverImage
	var from image.Image = src
	for _, w := range CoverWidths {
		w = min(w, shownW)
		if len(out) > 0 && w >= out[len(out)-1].Width {
			continue
		}
		hgt := max(1, int((int64(shownH)*int64(w)+int64(shownW)/2)/int64(shownW)))
		rw, rh := w, hgt // the size before turning (the first step turns)
		if len(out) == 0 && orientation >= 5 {
			rw, rh = hgt, w
		}
		dst := image.NewRGBA(image.Rect(0, 0, rw, rh))
		draw.Draw(dst, dst.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
		kernel := draw.CatmullRom
		if len(out) == 0 {
			kernel = draw.BiLinear // the first step from a large picture: cheaper, and the next sizes start from it
		}
		kernel.Scale(dst, dst.Bounds(), from, from.Bounds(), draw.Over, nil)
		var img image.Image = dst
		if len(out) == 0 {
			img = orient(dst, orientation)
		}
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 82}); err != nil {
			return nil, err
		}
		out = append(out, CoverImage{Width: w, Height: hgt, JPEG: buf.Bytes()})
		from = img
	}
	return out, nil
}

// CoverUpload is the multipart/form-data body of a cover upload.
type CoverUpload struct {
	Cover *multipart.FileHeader `formData:"cover" description:"the picture: JPEG, PNG, WebP or GIF"`
}

// CoverImage is one size of a cover, encoded.
type CoverImage struct {
	Width, Height int
	JPEG          []byte
}

// UploadCover is POST /api/me/posts/{slug}/cover.
func (h *Handlers) UploadCover(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	ctx := r.Context()
	p, err := h.own(ctx, u, chi.URLParam(r, "slug"))
	if err != nil {
		return err
	}
	if p.Status == "hidden" || p.Status == "removed" {
		return web.Conflict(web.M("posts.errors.moderated"))
	}
	form, err := h.Files.ReadForm(r, u.ID, map[string]files.Field{"cover": {Policy: coverUpload, Required: true}})
	if err != nil {
		return err
	}
	orig, _ := form.File("cover")
	made := []int64{}
	fail := func(err error) error {
		dctx := context.WithoutCancel(ctx)
		_ = h.Store.InTx(dctx, func(tx *db.Store) error { return h.Files.Delete(dctx, tx, append(made, orig.ID)...) })
		return err
	}
	rc, _, err := h.Files.Open(ctx, orig.ID)
	if err != nil {
		return fail(err)
	}
	images, err := MakeCovers(rc)
	rc.Close()
	if err != nil {
		return fail(err)
	}
	sizes := make([]db.PostCover, 0, len(images))
	for _, img := range images {
		f, err := h.Files.Put(ctx, bytes.NewReader(img.JPEG), "cover-"+strconv.Itoa(img.Width)+".jpg", coverStored, u.ID)
		if err != nil {
			return fail(err)
		}
		made = append(made, f.ID)
		sizes = append(sizes, db.PostCover{PostID: p.ID, Width: img.Width, Height: img.Height, FileID: f.ID})
	}
	err = h.Store.InTx(ctx, func(tx *db.Store) error {
		old, err := tx.SetPostCover(ctx, p.ID, sizes, h.Now())
		if err != nil {
			return err
		}
		if err := h.Files.Attach(ctx, tx, u.ID, made...); err != nil {
			return err
		}
		return h.Files.Delete(ctx, tx, append(old, orig.ID)...)
	})
	if err != nil {
		return fail(err)
	}
	return h.writeEditor(w, r, http.StatusOK, u, p.ID)
}

// RemoveCover is DELETE /api/me/posts/{slug}/cover.
func (h *Handlers) RemoveCover(w http.ResponseWriter, r *http.Request) error {
	u := h.user(r)
	p, err := h.own(r.Context(), u, chi.URLParam(r, "slug"))
	if err != nil {
		return err
	}
	err = h.Store.InTx(r.Context(), func(tx *db.Store) error {
		old, err := tx.SetPostCover(r.Context(), p.ID, nil, h.Now())
		if err != nil {
			return err
		}
		return h.Files.Delete(r.Context(), tx, old...)
	})
	if err != nil {
		return err
	}
	return h.writeEditor(w, r, http.StatusOK, u, p.ID)
}

// ServeCover is GET /api/post/covers/{id}: the image, when the reader may read its post.
// Public posts' covers are cached for a year (a new cover is a new file, so a new URL).
func (h *Handlers) ServeCover(w http.ResponseWriter, r *http.Request) error {
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil || id <= 0 {
		return web.NotFound()
	}
	p, err := h.Store.PostOfCover(r.Context(), id)
	if db.IsNotFound(err) {
		return web.NotFound()
	}
	if err != nil {
		return err
	}
	u := h.user(r)
	a, err := h.access(r.Context(), u, p.CommunityID)
	if err != nil {
		return err
	}
	if !mayRead(u, a, p) {
		return web.NotFound()
	}
	rc, f, err := h.Files.Open(r.Context(), id)
	if db.IsNotFound(err) {
		return web.NotFound()
	}
	if err != nil {
		return err
	}
	defer rc.Close()
	hd := w.Header()
	hd.Set("Content-Type", f.MediaType)
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Content-Security-Policy", "sandbox; default-src 'none'")
	hd.Set("ETag", `"`+f.SHA256+`"`)
	if p.Status == "published" && (p.CommunityID == 0 || p.CommunityVisibility == "public") {
		hd.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		hd.Set("Cache-Control", "private, max-age=3600")
	}
	http.ServeContent(w, r, "", f.CreatedAt, rc)
	return nil
}
