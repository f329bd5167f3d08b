package files

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"unicode/utf16"
)

// Small real files of each type, built in code so the tests need no binary fixtures.

func pdfFile(extra int) []byte {
	b := []byte("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n")
	b = append(b, bytes.Repeat([]byte{' '}, extra)...)
	return append(b, "%%EOF\n"...)
}

func imageFile(enc func(*bytes.Buffer, image.Image) error) []byte {
	var buf bytes.Buffer
	if err := enc(&buf, image.NewRGBA(image.Rect(0, 0, 2, 2))); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

func pngFile() []byte {
	return imageFile(func(b *bytes.Buffer, m image.Image) error { return png.Encode(b, m) })
}
func jpegFile() []byte {
	return imageFile(func(b *bytes.Buffer, m image.Image) error { return jpeg.Encode(b, m, nil) })
}
func gifFile() []byte {
	return imageFile(func(b *bytes.Buffer, m image.Image) error { return gif.Encode(b, m, nil) })
}

// webpFile is the header of a lossless WebP (enough for sniffing; nothing decodes it here).
func webpFile() []byte {
	body := []byte("WEBPVP8L\x0a\x00\x00\x00\x2f\x00\x00\x00\x10\x07\x10\x11\x11\x88")
	b := []byte("RIFF")
	b = binary.LittleEndian.AppendUint32(b, uint32(len(body)))
	return append(b, body...)
}

// zipFile is a zip holding the named (empty-ish) parts.
func zipFile(names ...string) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, n := range names {
		w, err := zw.Create(n)
		if err != nil {
			panic(err)
		}
		_, _ = w.Write([]byte("<x/>"))
	}
	if err := zw.Close(); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

func docxFile() []byte {
	return zipFile("[Content_Types].xml", "_rels/.rels", "word/document.xml", "word/styles.xml")
}

// oleFile is a minimal compound file (512-byte sectors) whose directory spans dirSectors
// sectors (a chain in the FAT) and whose last directory entry is a stream called stream.
func oleFile(stream string, dirSectors int) []byte {
	const ss = 512
	const free, end, fatsect = 0xffffffff, 0xfffffffe, 0xfffffffd
	hdr := make([]byte, ss)
	copy(hdr, oleMagic)
	binary.LittleEndian.PutUint16(hdr[0x18:], 0x3e)
	binary.LittleEndian.PutUint16(hdr[0x1a:], 3)
	binary.LittleEndian.PutUint16(hdr[0x1c:], 0xfffe)
	binary.LittleEndian.PutUint16(hdr[0x1e:], 9)
	binary.LittleEndian.PutUint16(hdr[0x20:], 6)
	binary.LittleEndian.PutUint32(hdr[0x2c:], 1) // one FAT sector
	binary.LittleEndian.PutUint32(hdr[0x30:], 1) // the directory starts at sector 1
	binary.LittleEndian.PutUint32(hdr[0x38:], 4096)
	binary.LittleEndian.PutUint32(hdr[0x3c:], end)
	binary.LittleEndian.PutUint32(hdr[0x44:], end)
	for i := range 109 {
		binary.LittleEndian.PutUint32(hdr[0x4c+4*i:], free)
	}
	binary.LittleEndian.PutUint32(hdr[0x4c:], 0) // the FAT is sector 0
	fat := make([]byte, ss)
	for i := range ss / 4 {
		binary.LittleEndian.PutUint32(fat[4*i:], free)
	}
	binary.LittleEndian.PutUint32(fat[0:], fatsect)
	for i := 1; i <= dirSectors; i++ {
		next := uint32(i + 1)
		if i == dirSectors {
			next = end
		}
		binary.LittleEndian.PutUint32(fat[4*i:], next)
	}
	dir := make([]byte, dirSectors*ss)
	entry := func(i int, name string, typ byte) {
		e := dir[i*128 : (i+1)*128]
		u := utf16.Encode([]rune(name))
		for j, c := range u {
			binary.LittleEndian.PutUint16(e[2*j:], c)
		}
		binary.LittleEndian.PutUint16(e[0x40:], uint16(2*(len(u)+1)))
		e[0x42] = typ
	}
	entry(0, "Root Entry", 5)
	for i := 1; i < dirSectors*4-1; i++ {
		entry(i, "\x01CompObj", 2)
	}
	entry(dirSectors*4-1, stream, 2)
	out := append(hdr, fat...)
	return append(out, dir...)
}
