package importfile

import (
	"strconv"
	"strings"
)

// sstReader collects the shared strings: each item's text runs together,
// without its phonetic reading (rPh).
type sstReader struct {
	out      []string
	item     strings.Builder
	inText   bool
	phonetic int
}

func (s *sstReader) start(name, _ []byte) error {
	switch string(name) {
	case "si":
		s.item.Reset()
	case "rPh":
		s.phonetic++
	case "t":
		s.inText = s.phonetic == 0
	}
	return nil
}

func (s *sstReader) end(name []byte) error {
	switch string(name) {
	case "si":
		// More strings than cells a sheet may keep: a bomb.
		if len(s.out) == MaxSheetCells {
			return failed(reasonSheetTooBig)
		}
		s.out = append(s.out, unescapeOOXML(s.item.String()))
	case "rPh":
		s.phonetic--
	case "t":
		s.inText = false
	}
	return nil
}

func (s *sstReader) text(raw []byte, cdata bool) error {
	if s.inText {
		s.item.WriteString(decodeText(raw, cdata))
	}
	return nil
}

// sheetReader keeps a sheet's non-blank rows. A value in a row numbered
// past MaxSheetRows, a row past Excel's last, or more cells than
// MaxSheetCells ends the read with a refusal; rows, and cells in a row, must
// come in order.
type sheetReader struct {
	sst      []string
	formats  []string // each cell format's number format code
	parsed   map[int]numFormat
	date1904 bool
	style    int // the current cell's format
	rows     []Row
	cells    int // kept, blanks before a row's last filled cell included
	read     *int

	line  int // the current row's number
	cur   []string
	col   int // the current cell's column (0-based)
	kind  string
	value strings.Builder
	inV   bool
	inIs  int // depth inside <is>, an inline string
	inT   bool
	phon  int

	merged [][4]int // merged ranges: top, left, bottom, right (1-based)
}

func (s *sheetReader) start(name, attrs []byte) error {
	switch string(name) {
	case "row":
		// Empty rows count here alone: room for formatted empty rows, not a
		// bomb of millions.
		if *s.read++; *s.read > maxRowElements {
			return failed(reasonSheetTooBig)
		}
		n, err := position(attrValue(attrs, "r"), s.line, rowNumber)
		if err != nil {
			return err
		}
		if n > maxExcelRows {
			return failed(reasonSheetTooBig)
		}
		s.line, s.cur, s.col = n, nil, -1
	case "c":
		n, err := position(attrValue(attrs, "r"), s.col+1, cellColumn)
		if err != nil {
			return err
		}
		s.col, s.kind = n-1, attrValue(attrs, "t")
		s.style = 0 // no s attribute: the first cell format
		if v := attrValue(attrs, "s"); v != "" {
			if s.style, err = strconv.Atoi(v); err != nil {
				s.style = -1 // General
			}
		}
		s.value.Reset()
	case "v":
		s.inV = true
	case "is":
		s.inIs++
	case "t":
		s.inT = s.inIs > 0 && s.phon == 0
	case "rPh":
		s.phon++
	case "mergeCell":
		if m, ok := mergeRange(attrValue(attrs, "ref")); ok {
			s.merged = append(s.merged, m)
		}
	}
	return nil
}

func (s *sheetReader) end(name []byte) error {
	switch string(name) {
	case "row":
		if len(s.cur) > 0 {
			s.rows = append(s.rows, Row{Line: s.line, Cells: s.cur})
		}
		s.cur = nil
	case "c":
		return s.endCell()
	case "v":
		s.inV = false
	case "is":
		s.inIs--
	case "t":
		s.inT = false
	case "rPh":
		s.phon--
	}
	return nil
}

// text keeps a value's, or an inline string's runs' text (not the spaces
// that indent the runs).
func (s *sheetReader) text(raw []byte, cdata bool) error {
	if s.inV || s.inT {
		s.value.WriteString(decodeText(raw, cdata))
	}
	return nil
}

func (s *sheetReader) endCell() error {
	v := s.value.String()
	switch s.kind {
	case "s":
		if strings.TrimSpace(v) == "" { // <c t="s"/>: a blank cell
			return nil
		}
		i, err := strconv.Atoi(v)
		if err != nil || i < 0 || i >= len(s.sst) {
			return failed(reasonCorrupt)
		}
		v = s.sst[i]
	case "inlineStr":
		v = unescapeOOXML(v)
	case "b":
		v = map[string]string{"1": "TRUE", "0": "FALSE"}[v]
	case "", "n":
		v = s.format().display(strings.TrimSpace(v), s.date1904)
	}
	if strings.TrimSpace(v) == "" {
		return nil
	}
	// Only a row that holds a value counts: a whole column formatted writes
	// an empty row 1,048,576 (LibreOffice, Gnumeric).
	if s.line > MaxSheetRows {
		return failed(reasonSheetTooBig)
	}
	if grow := s.col + 1 - len(s.cur); grow > 0 {
		if s.cells+grow > MaxSheetCells {
			return failed(reasonSheetTooBig)
		}
		s.cells += grow
		s.cur = append(s.cur, make([]string, grow)...)
	}
	s.cur[s.col] = v
	return nil
}

// format is the current cell's number format, read once per cell format.
func (s *sheetReader) format() numFormat {
	style := s.style
	if style < 0 || style >= len(s.formats) {
		style = -1 // General
	}
	f, ok := s.parsed[style]
	if !ok {
		code := "General"
		if style >= 0 {
			code = s.formats[style]
		}
		f = parseFormat(code)
		if s.parsed == nil {
			s.parsed = map[int]numFormat{}
		}
		s.parsed[style] = f
	}
	return f
}

const (
	maxColumn    = 16_384    // XFD, Excel's last column
	maxExcelRows = 1_048_576 // Excel's last row: past it a sheet is a bomb
	// maxRowElements bounds the row elements read, empty or not.
	maxRowElements = 2 * MaxSheetRows
)

// position is a row's or cell's 1-based place: from its reference when it
// has one, else the next after the previous. Going back is a corrupt file.
func position(ref string, previous int, parse func(string) (int, bool)) (int, error) {
	if ref == "" {
		return previous + 1, nil
	}
	n, ok := parse(ref)
	if !ok || n <= previous {
		return 0, failed(reasonCorrupt)
	}
	return n, nil
}

func rowNumber(ref string) (int, bool) {
	n, err := strconv.Atoi(ref)
	return n, err == nil && n >= 1 && strconv.Itoa(n) == ref
}

// cellColumn is the column of a reference such as "AB12" (1-based).
func cellColumn(ref string) (int, bool) {
	n, i := 0, 0
	for ; i < len(ref) && ref[i] >= 'A' && ref[i] <= 'Z'; i++ {
		n = n*26 + int(ref[i]-'A'+1)
		if n > maxColumn {
			return 0, false
		}
	}
	return n, i > 0 && i < len(ref)
}
