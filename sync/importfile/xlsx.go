package importfile

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"path"
	"strings"

	"github.com/sorteio/sorteio/sync/protocol"
)

// A spreadsheet is read only as far as the import limits need (docs/import.md,
// "Spreadsheet bounds"): a few kilobytes of .xlsx can inflate to gigabytes.
const (
	// MaxSheetRows is a header and one ticket a row: a row numbered past it
	// is refused before it is read.
	MaxSheetRows = protocol.MaxTickets + 1
	// MaxSheetCells bounds the cells kept, counting the blanks before a row's
	// last filled cell (16 columns a row on average).
	MaxSheetCells = 16 * MaxSheetRows
	// MaxInflatedBytes bounds the parts' uncompressed sizes together, as the
	// archive's directory declares them (the zip reader refuses a part that
	// inflates past its declared size): 640 bytes of XML for each row.
	MaxInflatedBytes = 640 * MaxSheetRows
)

// xlsxStats is what a read inflated and kept, for the tests of the bounds.
type xlsxStats struct {
	Inflated int64 // bytes of XML inflated
	Rows     int   // row elements read
}

// XLSXRows reads the first sheet's rows as text (raw values: 3, not "3,00"),
// non-blank rows only. Any malformed XML is a corrupt file: nothing is read
// from a sheet cut off halfway.
func XLSXRows(b []byte) ([]Row, error) {
	rows, _, err := readXLSX(b)
	return rows, err
}

func readXLSX(b []byte) ([]Row, xlsxStats, error) {
	var st xlsxStats
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return nil, st, failed(reasonCorrupt)
	}
	pk := &pack{files: map[string]*zip.File{}, stats: &st}
	var total uint64
	for _, f := range zr.File {
		total += min(f.UncompressedSize64, MaxInflatedBytes+1) // no overflow
		if total > MaxInflatedBytes {
			return nil, st, failed(reasonSheetTooBig)
		}
		pk.files[f.Name] = f
	}
	sheet, shared, err := pk.firstSheet()
	if err != nil {
		return nil, st, err
	}
	sst := &sstReader{}
	if shared != "" {
		if err := pk.scan(shared, sst); err != nil {
			return nil, st, err
		}
	}
	rows := &sheetReader{sst: sst.out, read: &st.Rows}
	if err := pk.scan(sheet, rows); err != nil {
		return nil, st, err
	}
	return rows.rows, st, nil
}

func (p *pack) scan(name string, h xmlHandler) error {
	b, err := p.read(name)
	if err != nil {
		return err
	}
	return scanXML(b, h)
}

// pack is the archive's parts by name.
type pack struct {
	files map[string]*zip.File
	stats *xlsxStats
}

// read is a part inflated whole, into a buffer of its declared size (at
// most MaxInflatedBytes with the others). The zip reader refuses a part that
// inflates past it, and checks its checksum at the end.
func (p *pack) read(name string) ([]byte, error) {
	f := p.files[name]
	if f == nil {
		return nil, failed(reasonCorrupt)
	}
	rc, err := f.Open()
	if err != nil {
		return nil, failed(reasonCorrupt)
	}
	defer rc.Close()
	b := make([]byte, f.UncompressedSize64)
	n, err := io.ReadFull(rc, b)
	p.stats.Inflated += int64(n)
	if err != nil {
		return nil, failed(reasonCorrupt)
	}
	if n, err := rc.Read(make([]byte, 1)); n > 0 || !errors.Is(err, io.EOF) {
		return nil, failed(reasonCorrupt)
	}
	return b, nil
}

type rels struct {
	Rel []struct {
		ID     string `xml:"Id,attr"`
		Type   string `xml:"Type,attr"`
		Target string `xml:"Target,attr"`
	} `xml:"Relationship"`
}

// decode reads a small part whole into v, once scanXML found it well-formed.
func (p *pack) decode(name string, v any) error {
	b, err := p.read(name)
	if err != nil {
		return err
	}
	if err := scanXML(b, nopHandler{}); err != nil {
		return err
	}
	if err := xml.Unmarshal(b, v); err != nil {
		return failed(reasonCorrupt)
	}
	return nil
}

type nopHandler struct{}

func (nopHandler) start(_, _ []byte) error { return nil }
func (nopHandler) end([]byte) error        { return nil }
func (nopHandler) text([]byte, bool) error { return nil }

// target is a relationship's part from the folder of the part that holds it.
func target(dir, t string) string {
	if strings.HasPrefix(t, "/") {
		return strings.TrimPrefix(t, "/")
	}
	return path.Join(dir, t)
}

func relsOf(part string) string {
	return path.Join(path.Dir(part), "_rels", path.Base(part)+".rels")
}

// firstSheet is the workbook's first sheet and its shared strings (if any),
// by the package's relationships.
func (p *pack) firstSheet() (sheet, shared string, err error) {
	book := "xl/workbook.xml"
	var root rels
	if p.files["_rels/.rels"] != nil {
		if err := p.decode("_rels/.rels", &root); err != nil {
			return "", "", err
		}
		for _, r := range root.Rel {
			if strings.HasSuffix(r.Type, "/officeDocument") {
				book = target("", r.Target)
			}
		}
	}
	var wb struct {
		Sheets []struct {
			Attrs []xml.Attr `xml:",any,attr"`
		} `xml:"sheets>sheet"`
	}
	if err := p.decode(book, &wb); err != nil {
		return "", "", err
	}
	if len(wb.Sheets) == 0 {
		return "", "", failed(reasonCorrupt)
	}
	var id string
	for _, a := range wb.Sheets[0].Attrs {
		if a.Name.Local == "id" && a.Name.Space != "" {
			id = a.Value
		}
	}
	var br rels
	if err := p.decode(relsOf(book), &br); err != nil {
		return "", "", err
	}
	for _, r := range br.Rel {
		switch {
		case r.ID == id && strings.HasSuffix(r.Type, "/worksheet"):
			sheet = target(path.Dir(book), r.Target)
		case strings.HasSuffix(r.Type, "/sharedStrings"):
			shared = target(path.Dir(book), r.Target)
		}
	}
	if sheet == "" {
		return "", "", failed(reasonCorrupt)
	}
	return sheet, shared, nil
}
