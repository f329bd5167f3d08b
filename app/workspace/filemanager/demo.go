package filemanager

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"time"

	"gerege/app/platform/authz"
	"gerege/app/platform/files"
	"gerege/db"
)

// demoFile is one file of the demo: its folder ("" for the root), name and what it is.
type demoFile struct {
	folder, name, text string
	image              bool
	trashed            bool
}

// SeedDemo adds the demo's files, named in both languages: the owner's own folders, their
// organisation's shared folders (one file shared with a counselor of it), and the student's
// files with one in the trash. The files are small PDFs and a PNG made here.
func SeedDemo(ctx context.Context, store *db.Store, now time.Time) error {
	fs, err := files.New(store, func() time.Time { return now }, nil)
	if err != nil {
		return err
	}
	owner, err := store.UserByEmail(ctx, "owner@demo.gerege.mn")
	if err != nil {
		return err
	}
	student, err := store.UserByEmail(ctx, "student@demo.gerege.mn")
	if err != nil {
		return err
	}
	seed := func(u *db.User, sp db.Space, list []demoFile) (map[string]int64, error) {
		folders, ids := map[string]int64{}, map[string]int64{}
		for i, f := range list {
			at := now.Add(-time.Duration(len(list)-i) * 26 * time.Hour)
			if f.folder != "" && folders[f.folder] == 0 {
				id, err := store.InsertWsFolder(ctx, db.WsFolder{Space: sp, Name: f.folder, CreatedBy: u.ID}, at)
				if err != nil {
					return nil, err
				}
				folders[f.folder] = id
			}
			content, err := demoContent(f)
			if err != nil {
				return nil, err
			}
			owner := u.ID
			if sp.Org != 0 {
				owner = 0
			}
			stored, err := fs.Put(ctx, bytes.NewReader(content), f.name, files.Policy{Purpose: purpose, MaxBytes: MaxFile, Allowed: accepted}, owner)
			if err != nil {
				return nil, err
			}
			err = store.InTx(ctx, func(tx *db.Store) error {
				if err := fs.Attach(ctx, tx, owner, stored.ID); err != nil {
					return err
				}
				id, err := tx.InsertWsFile(ctx, db.WsFile{FileID: stored.ID, Space: sp, FolderID: folders[f.folder], Name: f.name,
					Size: stored.Size, MediaType: stored.MediaType, UploadedBy: u.ID}, at)
				ids[f.name] = id
				if err == nil && f.trashed {
					err = tx.TrashWsFile(ctx, id, now.Add(-3*24*time.Hour))
				}
				return err
			})
			if err != nil {
				return nil, err
			}
		}
		return ids, nil
	}
	if _, err := seed(owner, db.Space{User: owner.ID}, []demoFile{
		{folder: "Гэрээ", name: "Хамтын ажиллагааны гэрээ 2026.pdf", text: "Cooperation agreement 2026"},
		{folder: "Гэрээ", name: "Partnership agreement (draft).pdf", text: "Partnership agreement - draft"},
		{folder: "Presentations", name: "Open day slides.pdf", text: "Open day 2026"},
		{name: "Лого.png", image: true},
	}); err != nil {
		return err
	}
	if owner.OrgID != 0 {
		ids, err := seed(owner, db.Space{Org: owner.OrgID}, []demoFile{
			{folder: "Сургалтын материал", name: "Оюутны гарын авлага.pdf", text: "Student handbook (Mongolian)"},
			{folder: "Training materials", name: "Student handbook.pdf", text: "Student handbook"},
			{folder: "Training materials", name: "Interview checklist.pdf", text: "Interview checklist"},
			{name: "Байгууллагын дүрэм.pdf", text: "Organisation rules"},
		})
		if err != nil {
			return err
		}
		// Shared with the organisation's first counselor the owner may talk to.
		for _, email := range []string{"ganbat.counselor@demo.gerege.mn", "counselor@demo.gerege.mn"} {
			c, err := store.UserByEmail(ctx, email)
			if err != nil {
				continue
			}
			if why, err := authz.MayTalk(ctx, store, owner, c); err != nil || why == "" {
				continue
			}
			if err := store.ShareWsFile(ctx, ids["Student handbook.pdf"], c.ID, owner.ID, now); err != nil {
				return err
			}
			break
		}
	}
	_, err = seed(student, db.Space{User: student.ID}, []demoFile{
		{folder: "Дипломын ажил", name: "Дипломын ажлын тайлан.pdf", text: "Thesis report"},
		{folder: "Applications", name: "CV (English).pdf", text: "Curriculum vitae"},
		{folder: "Applications", name: "Танилцуулга захидал.pdf", text: "Cover letter"},
		{name: "Old draft.pdf", text: "Old draft", trashed: true},
	})
	return err
}

func demoContent(f demoFile) ([]byte, error) {
	if !f.image {
		return demoPDF("Gerege demo: " + f.text), nil
	}
	m := image.NewRGBA(image.Rect(0, 0, 64, 64))
	for y := range 64 {
		for x := range 64 {
			m.Set(x, y, color.RGBA{R: uint8(20 + x*3), G: uint8(90 + y), B: 160, A: 255})
		}
	}
	var b bytes.Buffer
	err := png.Encode(&b, m)
	return b.Bytes(), err
}

// demoPDF is a one-page PDF showing text (ASCII) in Helvetica.
func demoPDF(text string) []byte {
	stream := fmt.Sprintf("BT /F1 18 Tf 60 760 Td (%s) Tj ET", text)
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(stream), stream),
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offsets := make([]int, len(objs))
	for i, o := range objs {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}
