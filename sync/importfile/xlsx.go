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
	// MaxSheetRows is a header and one ticket a row: a value in a row
	// numbered past it is refused (an empty row there is not).
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
	rows, _, st, err := readXLSXSheet(b, 0)
	return rows, st, err
}

// readXLSXSheet reads the workbook's visible worksheet number sheet (from 0;
// the first when out of range) and names the visible worksheets, the choice
// the PWA offers.
func readXLSXSheet(b []byte, sheet int) (_ []Row, names []string, _ xlsxStats, _ error) {
	var st xlsxStats
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return nil, nil, st, failed(reasonCorrupt)
	}
	pk := &pack{files: map[string]*zip.File{}, stats: &st}
	var total uint64
	for _, f := range zr.File {
		total += min(f.UncompressedSize64, MaxInflatedBytes+1) // no overflow
		if total > MaxInflatedBytes {
			return nil, nil, st, failed(reasonSheetTooBig)
		}
		if k := partKey(f.Name); pk.files[k] == nil {
			pk.files[k] = f
		}
	}
	wb, err := pk.firstSheet()
	if err != nil {
		return nil, nil, st, err
	}
	visible := wb.visible()
	for _, e := range visible {
		names = append(names, e.Name)
	}
	if sheet < 0 || sheet >= len(visible) {
		sheet = 0
	}
	wb.sheet = visible[sheet].Part
	sst := &sstReader{}
	if wb.shared != "" {
		if err := pk.scan(wb.shared, sst); err != nil {
			return nil, nil, st, err
		}
	}
	styles := &stylesReader{}
	if wb.styles != "" && pk.has(wb.styles) {
		if err := pk.scan(wb.styles, styles); err != nil {
			return nil, nil, st, err
		}
	}
	rows := &sheetReader{sst: sst.out, read: &st.Rows, formats: styles.codes(), date1904: wb.date1904}
	if err := pk.scan(wb.sheet, rows); err != nil {
		return nil, nil, st, err
	}
	if err := rows.hideMerged(); err != nil {
		return nil, nil, st, err
	}
	return rows.rows, names, st, nil
}

func (p *pack) scan(name string, h xmlHandler) error {
	b, err := p.read(name)
	if err != nil {
		return err
	}
	return scanXML(b, h)
}

// partKey is a part's name as looked up: a part may be named in another
// case than its link, or with backslashes (zips written on Windows).
func partKey(name string) string {
	return strings.ToLower(strings.TrimPrefix(strings.ReplaceAll(name, "\\", "/"), "/"))
}

func (p *pack) has(name string) bool { return p.files[partKey(name)] != nil }

// pack is the archive's parts by name (partKey).
type pack struct {
	files map[string]*zip.File
	stats *xlsxStats
}

// read is a part inflated whole, into a buffer of its declared size (at
// most MaxInflatedBytes with the others). The zip reader refuses a part that
// inflates past it, and checks its checksum at the end.
func (p *pack) read(name string) ([]byte, error) {
	f := p.files[partKey(name)]
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
	t = strings.ReplaceAll(t, "\\", "/")
	if strings.HasPrefix(t, "/") {
		return strings.TrimPrefix(t, "/")
	}
	return path.Join(dir, t)
}

func relsOf(part string) string {
	return path.Join(path.Dir(part), "_rels", path.Base(part)+".rels")
}

// bookParts is the parts a read needs, by the package's relationships.
type bookParts struct {
	sheet, shared, styles string // shared and styles may be ""
	date1904              bool   // serials count from 1904 (old Excel for Mac)
	sheets                []sheetEntry
}

// visible is the worksheets the organiser sees in Excel (not hidden or
// very hidden), or the first worksheet when every one is hidden.
func (b bookParts) visible() []sheetEntry {
	var out []sheetEntry
	for _, e := range b.sheets {
		if e.State != "hidden" && e.State != "veryHidden" {
			out = append(out, e)
		}
	}
	if len(out) == 0 {
		return b.sheets[:1]
	}
	return out
}

// sheetEntry is one of the workbook's worksheets (not a chart or a macro
// sheet), in the workbook's order.
type sheetEntry struct {
	Name, State, Part string
}

// firstSheet is the workbook's first sheet, its shared strings and styles.
func (p *pack) firstSheet() (out bookParts, err error) {
	book := "xl/workbook.xml"
	var root rels
	if p.has("_rels/.rels") {
		if err := p.decode("_rels/.rels", &root); err != nil {
			return out, err
		}
		for _, r := range root.Rel {
			if strings.HasSuffix(r.Type, "/officeDocument") {
				book = target("", r.Target)
			}
		}
	}
	var wb struct {
		Pr struct {
			Date1904 string `xml:"date1904,attr"`
		} `xml:"workbookPr"`
		Sheets []struct {
			Attrs []xml.Attr `xml:",any,attr"`
		} `xml:"sheets>sheet"`
	}
	if err := p.decode(book, &wb); err != nil {
		return out, err
	}
	if len(wb.Sheets) == 0 {
		return out, failed(reasonCorrupt)
	}
	out.date1904 = wb.Pr.Date1904 == "1" || wb.Pr.Date1904 == "true"
	var br rels
	if err := p.decode(relsOf(book), &br); err != nil {
		return out, err
	}
	worksheets := map[string]string{}
	for _, r := range br.Rel {
		switch {
		case strings.HasSuffix(r.Type, "/worksheet"):
			worksheets[r.ID] = target(path.Dir(book), r.Target)
		case strings.HasSuffix(r.Type, "/sharedStrings"):
			out.shared = target(path.Dir(book), r.Target)
		case strings.HasSuffix(r.Type, "/styles"):
			out.styles = target(path.Dir(book), r.Target)
		}
	}
	for _, sh := range wb.Sheets {
		var e sheetEntry
		var id string
		for _, a := range sh.Attrs {
			switch {
			case a.Name.Local == "id" && a.Name.Space != "":
				id = a.Value
			case a.Name.Local == "name" && a.Name.Space == "":
				e.Name = a.Value
			case a.Name.Local == "state" && a.Name.Space == "":
				e.State = a.Value
			}
		}
		// A chart or macro sheet has another relationship: passed over.
		if part, ok := worksheets[id]; ok {
			e.Part = part
			out.sheets = append(out.sheets, e)
		}
	}
	if len(out.sheets) == 0 {
		return out, failed(reasonCorrupt)
	}
	out.sheet = out.sheets[0].Part
	return out, nil
}
