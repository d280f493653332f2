package importfile

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"errors"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The spreadsheet fixtures of the bounds and of malformed XML (docs/import.md,
// "Spreadsheet bounds"): a small workbook (sheet-ok.xlsx) and its broken or
// bloated variants, written by this deterministic generator.
// SORTEIO_WRITE_FIXTURES=1 writes them again.

const (
	contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`
	rootRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`
	workbook = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Participantes" sheetId="1" r:id="rId1"/></sheets></workbook>`
	bookRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`
	sheetHead = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`
	sheetTail = `</sheetData></worksheet>`
	sstHead   = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`
	sstTail = `</sst>`
)

// okRows is sheet-ok.xlsx's sheet: a header and four people, names from the
// shared strings, e-mails inline.
var okRows = `<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>Email</t></is></c></row>` +
	`<row r="2"><c r="A2" t="s"><v>1</v></c><c r="B2" t="inlineStr"><is><t>ana@exemplo.com</t></is></c></row>` +
	`<row r="3"><c r="A3" t="s"><v>2</v></c></row>` +
	`<row r="4"><c r="A4" t="s"><v>3</v></c><c r="B4" t="inlineStr"><is><t>carla@exemplo.com</t></is></c></row>` +
	`<row r="5"><c r="A5" t="s"><v>4</v></c></row>`

var okStrings = `<si><t>Nome</t></si><si><t>Ana Lima</t></si><si><t>Bruno Souza</t></si><si><t>Carla Dias</t></si><si><t>Davi Rocha</t></si>`

// part is one file of the archive; its content repeats body n times between
// head and tail (a bomb is a short text many times). declared, when set,
// is the size the directory claims instead of the real one.
type part struct {
	name, head, body, tail string
	n                      int
	declared               uint64
}

func repeat(w io.Writer, p part) {
	_, _ = io.WriteString(w, p.head)
	chunk := strings.Repeat(p.body, max(1, min(p.n, 1<<16/max(1, len(p.body)))))
	per := len(chunk) / max(1, len(p.body))
	for left := p.n; left > 0; left -= per {
		if left < per {
			chunk = strings.Repeat(p.body, left)
		}
		_, _ = io.WriteString(w, chunk)
	}
	_, _ = io.WriteString(w, p.tail)
}

func workbookZip(t testing.TB, sheet, sst part) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, p := range []part{
		{name: "[Content_Types].xml", head: contentTypes},
		{name: "_rels/.rels", head: rootRels},
		{name: "xl/workbook.xml", head: workbook},
		{name: "xl/_rels/workbook.xml.rels", head: bookRels},
		sheet, sst,
	} {
		var raw bytes.Buffer
		crc := crc32.NewIEEE()
		fw, _ := flate.NewWriter(&raw, flate.BestCompression)
		size := &countWriter{}
		repeat(io.MultiWriter(fw, crc, size), p)
		if err := fw.Close(); err != nil {
			t.Fatal(err)
		}
		h := &zip.FileHeader{Name: p.name, Method: zip.Deflate, CRC32: crc.Sum32(),
			CompressedSize64: uint64(raw.Len()), UncompressedSize64: uint64(size.n)}
		if p.declared > 0 {
			h.UncompressedSize64 = p.declared
		}
		w, err := zw.CreateRaw(h)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = w.Write(raw.Bytes())
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

type countWriter struct{ n int }

func (c *countWriter) Write(b []byte) (int, error) { c.n += len(b); return len(b), nil }

func okSheet() part {
	return part{name: "xl/worksheets/sheet1.xml", head: sheetHead + okRows + sheetTail}
}
func okSST() part { return part{name: "xl/sharedStrings.xml", head: sstHead + okStrings + sstTail} }

// boundFixtures are the generated files by name.
func boundFixtures(t testing.TB) map[string][]byte {
	sheet := func(body string, n int) part {
		return part{name: "xl/worksheets/sheet1.xml", head: sheetHead, body: body, n: n, tail: sheetTail}
	}
	cut := strings.Index(okRows, `<row r="3">`) + len(`<row r="3"><c r="A3" t="s"><v>`)
	nul := strings.Replace(okRows, `<row r="3"><c r="A3" t="s">`, "<row r=\"3\"><c r=\"A3\" t=\"s\">\x00", 1)
	return map[string][]byte{
		"sheet-ok.xlsx": workbookZip(t, okSheet(), okSST()),
		// Item 4: the sheet's XML ends in its third row, or has a NUL byte there.
		"sheet-cut-in-row-3.xlsx": workbookZip(t, part{name: "xl/worksheets/sheet1.xml", head: sheetHead + okRows[:cut]}, okSST()),
		"sheet-nul-in-row-3.xlsx": workbookZip(t, part{name: "xl/worksheets/sheet1.xml", head: sheetHead + nul + sheetTail}, okSST()),
		// 15 million empty rows (90 MB): the directory's sizes are past the bound.
		"bomb-rows.xlsx": workbookZip(t, sheet("<row/>", 15_000_000), okSST()),
		// 2 million empty rows (12 MB, within the bound): the read stops past
		// 200,002 row elements (empty rows count there alone).
		"bomb-rows-within.xlsx": workbookZip(t, sheet("<row/>", 2_000_000), okSST()),
		// 100,000 rows with a cell in the last column (XFD): the cell bound stops it.
		"bomb-columns.xlsx": workbookZip(t, sheet(`<row><c r="XFD1" t="inlineStr"><is><t>x</t></is></c></row>`, 100_000), okSST()),
		// 6 million shared strings (102 MB declared).
		"bomb-shared-strings.xlsx": workbookZip(t, okSheet(), part{name: "xl/sharedStrings.xml", head: sstHead, body: "<si><t>a</t></si>", n: 6_000_000, tail: sstTail}),
		// 3 million empty shared strings (39 MB, within the bound): more than the sheet may hold.
		"bomb-shared-strings-within.xlsx": workbookZip(t, okSheet(), part{name: "xl/sharedStrings.xml", head: sstHead, body: "<si><t/></si>", n: 3_000_000, tail: sstTail}),
		// The directory claims 1 KB for a sheet that inflates to 60 MB.
		"bomb-lying-size.xlsx": workbookZip(t, part{name: "xl/worksheets/sheet1.xml", head: sheetHead, body: "<row/>", n: 10_000_000, tail: sheetTail, declared: 1024}, okSST()),
	}
}

func TestWriteBoundFixtures(t *testing.T) {
	if os.Getenv("SORTEIO_WRITE_FIXTURES") != "1" {
		t.Skip("set SORTEIO_WRITE_FIXTURES=1 to write the spreadsheet bound fixtures")
	}
	for name, b := range boundFixtures(t) {
		if err := os.WriteFile(filepath.Join(fixtures, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d bytes", name, len(b))
	}
}

// Each bound fixture is refused having inflated and read no more than its
// case allows (cases.json, "bounds"): a count, not a time.
func TestSpreadsheetBounds(t *testing.T) {
	n := 0
	for _, c := range loadCases(t) {
		if c.Bounds == nil {
			continue
		}
		n++
		t.Run(c.File, func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join(fixtures, c.File))
			if err != nil {
				t.Fatal(err)
			}
			_, st, err := readXLSX(b)
			var ref *Refusal
			if !errors.As(err, &ref) {
				t.Fatalf("want a refusal, got %v", err)
			}
			if want := c.Want["error"]; ref.Message != want {
				t.Fatalf("message\n got %q\nwant %q", ref.Message, want)
			}
			if st.Inflated > c.Bounds.Inflated || st.Rows > c.Bounds.Rows {
				t.Fatalf("inflated %d bytes and read %d rows; at most %d and %d", st.Inflated, st.Rows, c.Bounds.Inflated, c.Bounds.Rows)
			}
			t.Logf("inflated %d bytes, read %d rows", st.Inflated, st.Rows)
		})
	}
	if n < 6 {
		t.Fatalf("only %d cases with bounds", n)
	}
}
