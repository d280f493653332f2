package importfile

import "strconv"

// maxCellFormats bounds the cell formats kept (Excel allows 64,000); a cell
// naming one past them reads as General.
const maxCellFormats = 65_536

// stylesReader collects the cell formats' number format codes (cellXfs, by
// index, as a cell's s attribute names them) and the file's own codes.
type stylesReader struct {
	own   map[int]string
	xfIDs []int
	inXfs bool
	depth int // inside cellXfs: 1 is an xf
}

func (s *stylesReader) start(name, attrs []byte) error {
	switch {
	case string(name) == "numFmt":
		if id, err := strconv.Atoi(attrValue(attrs, "numFmtId")); err == nil {
			if s.own == nil {
				s.own = map[int]string{}
			}
			s.own[id] = attrValue(attrs, "formatCode")
		}
	case string(name) == "cellXfs":
		s.inXfs, s.depth = true, 0
	case s.inXfs:
		s.depth++
		if s.depth == 1 && string(name) == "xf" && len(s.xfIDs) < maxCellFormats {
			id, err := strconv.Atoi(attrValue(attrs, "numFmtId"))
			if err != nil {
				id = 0
			}
			s.xfIDs = append(s.xfIDs, id)
		}
	}
	return nil
}

func (s *stylesReader) end(name []byte) error {
	switch {
	case string(name) == "cellXfs":
		s.inXfs = false
	case s.inXfs:
		s.depth--
	}
	return nil
}

func (s *stylesReader) text([]byte, bool) error { return nil }

// codes is each cell format's number format code.
func (s *stylesReader) codes() []string {
	out := make([]string, len(s.xfIDs))
	for i, id := range s.xfIDs {
		out[i] = formatCode(id, s.own)
	}
	return out
}
