package files

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func sniffBytes(b []byte) string {
	return Sniff(b[:min(len(b), HeadSize)], bytes.NewReader(b), int64(len(b)))
}

func TestSniff(t *testing.T) {
	t.Parallel()
	docx := docxFile()
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"pdf", pdfFile(0), PDF},
		{"png", pngFile(), PNG},
		{"jpeg", jpegFile(), JPEG},
		{"gif", gifFile(), GIF},
		{"webp", webpFile(), WebP},
		{"docx", docx, DOCX},
		{"doc", oleFile("WordDocument", 1), DOC},
		{"doc, directory over three sectors", oleFile("WordDocument", 3), DOC},
		// Containers of something else are not Word documents.
		{"xlsx", zipFile("[Content_Types].xml", "xl/workbook.xml"), ""},
		{"zip with a document.xml elsewhere", zipFile("[Content_Types].xml", "other/word/document.xml"), ""},
		{"docx without content types", zipFile("word/document.xml"), ""},
		{"docm (macros)", zipFile("[Content_Types].xml", "word/document.xml", "word/vbaProject.bin"), ""},
		{"xls", oleFile("Workbook", 1), ""},
		{"truncated docx", docx[:len(docx)/2], ""},
		{"truncated doc", oleFile("WordDocument", 1)[:600], ""},
		{"zip header only", []byte("PK\x03\x04"), ""},
		// Not accepted anywhere.
		{"exe", append([]byte("MZ\x90\x00\x03\x00\x00\x00"), make([]byte, 200)...), ""},
		{"html", []byte("<!doctype html><script>alert(1)</script>"), ""},
		{"svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`), ""},
		{"text", []byte("just text"), ""},
		{"riff that is not webp", []byte("RIFF\x10\x00\x00\x00WAVEfmt \x10\x00\x00\x00"), ""},
		{"pdf not at the start", append([]byte("junk"), pdfFile(0)...), ""},
		{"empty", nil, ""},
	}
	for _, c := range cases {
		if got := sniffBytes(c.data); got != c.want {
			t.Errorf("%s: Sniff = %q, want %q", c.name, got, c.want)
		}
	}
}

// TestSeedsMatchFixtures keeps the fuzz seeds in testdata the files this package builds: run
// with GEREGE_WRITE_SEEDS=1 to rewrite them.
func TestSeedsMatchFixtures(t *testing.T) {
	seeds := map[string][]byte{"pdf": pdfFile(0), "png": pngFile(), "jpeg": jpegFile(), "gif": gifFile(),
		"webp": webpFile(), "docx": docxFile(), "doc": oleFile("WordDocument", 2), "xls": oleFile("Workbook", 1),
		"xlsx": zipFile("[Content_Types].xml", "xl/workbook.xml")}
	dir := filepath.Join("testdata", "fuzz", "FuzzSniff")
	for name, b := range seeds {
		path := filepath.Join(dir, name)
		want := []byte("go test fuzz v1\n[]byte(" + quoteBytes(b) + ")\n")
		if os.Getenv("GEREGE_WRITE_SEEDS") != "" {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if _, err := os.Stat(path); err != nil {
			t.Errorf("seed %s missing: run GEREGE_WRITE_SEEDS=1 go test -run TestSeedsMatchFixtures", path)
		}
	}
}

func quoteBytes(b []byte) string {
	var s bytes.Buffer
	s.WriteByte('"')
	const hexd = "0123456789abcdef"
	for _, c := range b {
		switch {
		case c == '"' || c == '\\':
			s.WriteByte('\\')
			s.WriteByte(c)
		case c >= 0x20 && c < 0x7f:
			s.WriteByte(c)
		default:
			s.WriteString(`\x`)
			s.WriteByte(hexd[c>>4])
			s.WriteByte(hexd[c&15])
		}
	}
	s.WriteByte('"')
	return s.String()
}

// FuzzSniff: any bytes, any size claimed, the sniffer neither panics nor reads out of bounds,
// and what it names is what the content begins with.
func FuzzSniff(f *testing.F) {
	f.Add([]byte("%PDF-1.7"))
	f.Add(docxFile())
	f.Add(oleFile("WordDocument", 2))
	f.Fuzz(func(t *testing.T, b []byte) {
		got := sniffBytes(b)
		switch got {
		case "", PDF, PNG, JPEG, GIF, WebP:
		case DOCX:
			if !bytes.HasPrefix(b, []byte("PK\x03\x04")) {
				t.Fatalf("DOCX without a zip header")
			}
		case DOC:
			if !bytes.HasPrefix(b, []byte(oleMagic)) {
				t.Fatalf("DOC without an OLE2 header")
			}
		default:
			t.Fatalf("unknown type %q", got)
		}
		if got != sniffBytes(b) {
			t.Fatal("not deterministic")
		}
		// A size larger than the content must not panic either (reads fail, type refused).
		_ = Sniff(b[:min(len(b), HeadSize)], bytes.NewReader(b), int64(len(b))+4096)
	})
}
