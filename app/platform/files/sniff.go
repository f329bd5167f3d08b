package files

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"io"
	"strings"
	"unicode/utf16"
)

// The media types the store recognises. Anything else is refused by every policy.
const (
	PDF  = "application/pdf"
	DOC  = "application/msword"
	DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
	PNG  = "image/png"
	JPEG = "image/jpeg"
	WebP = "image/webp"
	GIF  = "image/gif"
)

// typeInfo is what the store knows of a media type: the file name extension it is saved with
// and the short name people read in messages.
var typeInfo = map[string]struct{ ext, label string }{
	PDF:  {".pdf", "PDF"},
	DOC:  {".doc", "DOC"},
	DOCX: {".docx", "DOCX"},
	PNG:  {".png", "PNG"},
	JPEG: {".jpg", "JPEG"},
	WebP: {".webp", "WebP"},
	GIF:  {".gif", "GIF"},
}

// HeadSize is how many leading bytes Sniff needs in head.
const HeadSize = 512

// Sniff returns the media type of a file from its content, never from its name: head is its
// first bytes (HeadSize, or all of it when shorter) and ra reads the whole file of size bytes,
// for the two formats decided by their structure rather than their first bytes: DOCX (a zip
// whose central directory holds word/document.xml — a zip of anything else is not DOCX, and
// one with macros is refused) and DOC (an OLE2 compound file holding a WordDocument stream —
// an Excel or installer file is not DOC). Only the zip's central directory or the compound
// file's directory is read, never the whole file. It returns "" for anything else.
func Sniff(head []byte, ra io.ReaderAt, size int64) string {
	switch {
	case bytes.HasPrefix(head, []byte("%PDF-")):
		return PDF
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
		return PNG
	case bytes.HasPrefix(head, []byte("\xff\xd8\xff")):
		return JPEG
	case bytes.HasPrefix(head, []byte("GIF87a")), bytes.HasPrefix(head, []byte("GIF89a")):
		return GIF
	case len(head) >= 16 && string(head[:4]) == "RIFF" && string(head[8:12]) == "WEBP" &&
		(string(head[12:16]) == "VP8 " || string(head[12:16]) == "VP8L" || string(head[12:16]) == "VP8X"):
		return WebP
	case bytes.HasPrefix(head, []byte("PK\x03\x04")):
		if isDOCX(ra, size) {
			return DOCX
		}
	case bytes.HasPrefix(head, []byte(oleMagic)):
		if isWordOLE(ra, size) {
			return DOC
		}
	}
	return ""
}

// maxZipEntries bounds the central directory read for DOCX: a Word document has a few dozen
// parts; a zip claiming more is not one (and would cost memory to list).
const maxZipEntries = 5000

func isDOCX(ra io.ReaderAt, size int64) bool {
	if n, ok := zipEntries(ra, size); !ok || n > maxZipEntries {
		return false
	}
	zr, err := zip.NewReader(ra, size)
	if err != nil {
		return false
	}
	var doc, types bool
	for _, f := range zr.File {
		switch f.Name {
		case "word/document.xml":
			doc = true
		case "[Content_Types].xml":
			types = true
		case "word/vbaProject.bin":
			return false // a macro-enabled document (.docm) renamed
		}
	}
	return doc && types
}

// zipEntries reads the entry count from the end-of-central-directory record (in the last
// 64 KiB + 22 bytes). 0xFFFF means a ZIP64 count: not decided here, zip.NewReader reads it.
func zipEntries(ra io.ReaderAt, size int64) (int, bool) {
	const eocd = 22
	if size < eocd {
		return 0, false
	}
	n := min(size, eocd+0xffff)
	buf := make([]byte, n)
	if _, err := ra.ReadAt(buf, size-n); err != nil && err != io.EOF {
		return 0, false
	}
	i := bytes.LastIndex(buf, []byte("PK\x05\x06"))
	if i < 0 || len(buf)-i < eocd {
		return 0, false
	}
	total := int(binary.LittleEndian.Uint16(buf[i+10:]))
	if total == 0xffff {
		return 0, true
	}
	return total, true
}

const oleMagic = "\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"

// OLE2 (Compound File Binary) sector numbers with a meaning.
const (
	oleEndOfChain = 0xfffffffe
	oleMaxSector  = 0xfffffffa
)

// isWordOLE walks the compound file's directory (following the FAT chain, bounded by the
// file's size) and looks for the WordDocument stream every Word 97–2003 document has.
func isWordOLE(ra io.ReaderAt, size int64) bool {
	hdr := make([]byte, 512)
	if _, err := ra.ReadAt(hdr, 0); err != nil {
		return false
	}
	shift := binary.LittleEndian.Uint16(hdr[0x1e:])
	if shift != 9 && shift != 12 {
		return false
	}
	ss := int64(1) << shift
	nsec := (size - ss) / ss // sectors after the header
	if nsec <= 0 {
		return false
	}
	readU32 := func(off int64) (uint32, bool) {
		var b [4]byte
		if off < 0 || off+4 > size {
			return 0, false
		}
		if _, err := ra.ReadAt(b[:], off); err != nil {
			return 0, false
		}
		return binary.LittleEndian.Uint32(b[:]), true
	}
	secOff := func(sid uint32) int64 { return (int64(sid) + 1) * ss }
	perSec := uint32(ss / 4)
	// fatSector finds the sector holding FAT entry block idx: the first 109 in the header,
	// the rest in the DIFAT chain.
	fatSector := func(idx uint32) (uint32, bool) {
		if idx < 109 {
			return binary.LittleEndian.Uint32(hdr[0x4c+4*idx:]), true
		}
		idx -= 109
		sid := binary.LittleEndian.Uint32(hdr[0x44:])
		for steps := int64(0); steps <= nsec; steps++ {
			if sid > oleMaxSector || int64(sid) >= nsec {
				return 0, false
			}
			if idx < perSec-1 {
				return readU32(secOff(sid) + 4*int64(idx))
			}
			idx -= perSec - 1
			next, ok := readU32(secOff(sid) + 4*int64(perSec-1))
			if !ok {
				return 0, false
			}
			sid = next
		}
		return 0, false
	}
	next := func(sid uint32) (uint32, bool) {
		fs, ok := fatSector(sid / perSec)
		if !ok || fs > oleMaxSector || int64(fs) >= nsec {
			return 0, false
		}
		return readU32(secOff(fs) + 4*int64(sid%perSec))
	}
	want := utf16.Encode([]rune("WordDocument"))
	entry := make([]byte, 128)
	sid := binary.LittleEndian.Uint32(hdr[0x30:])
	for steps := int64(0); sid != oleEndOfChain && steps <= nsec; steps++ {
		if sid > oleMaxSector || int64(sid) >= nsec {
			return false
		}
		for e := int64(0); e < ss/128; e++ {
			if _, err := ra.ReadAt(entry, secOff(sid)+e*128); err != nil {
				return false
			}
			nameLen := int(binary.LittleEndian.Uint16(entry[0x40:]))
			if entry[0x42] == 2 && nameLen == 2*(len(want)+1) && utf16Equal(entry[:nameLen-2], want) {
				return true
			}
		}
		var ok bool
		if sid, ok = next(sid); !ok {
			return false
		}
	}
	return false
}

func utf16Equal(b []byte, want []uint16) bool {
	if len(b) != 2*len(want) {
		return false
	}
	for i, w := range want {
		if binary.LittleEndian.Uint16(b[2*i:]) != w {
			return false
		}
	}
	return true
}

// Label is the short name of a media type people read ("PDF"), or the media type itself.
func Label(mediaType string) string {
	if t, ok := typeInfo[mediaType]; ok {
		return t.label
	}
	return mediaType
}

// labels joins the short names of types: "PDF, DOC, DOCX".
func labels(types []string) string {
	out := make([]string, len(types))
	for i, t := range types {
		out[i] = Label(t)
	}
	return strings.Join(out, ", ")
}
