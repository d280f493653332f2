package importfile

import (
	"sort"
	"strconv"
	"strings"
	"unicode/utf16"
)

// unescapeOOXML decodes Excel's escapes of characters XML cannot hold
// (_x000D_ is a carriage return, _x005F_ a literal _), then reads line ends
// as XML does (\r\n and \r are \n). A surrogate pair is two escapes; a lone
// surrogate is U+FFFD.
func unescapeOOXML(s string) string {
	if !strings.Contains(s, "_x") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, ok := hexEscape(s, i)
		if !ok {
			b.WriteByte(s[i])
			i++
			continue
		}
		i += 7
		if utf16.IsSurrogate(r) {
			if low, ok := hexEscape(s, i); ok && r < 0xdc00 && low >= 0xdc00 && low <= 0xdfff {
				r = utf16.DecodeRune(r, low)
				i += 7
			} else {
				r = '\uFFFD'
			}
		}
		b.WriteRune(r)
	}
	out := b.String()
	if strings.Contains(out, "\r") {
		out = strings.ReplaceAll(strings.ReplaceAll(out, "\r\n", "\n"), "\r", "\n")
	}
	return out
}

// hexEscape is the character of an _xHHHH_ at s[i].
func hexEscape(s string, i int) (rune, bool) {
	if i+7 > len(s) || s[i] != '_' || s[i+1] != 'x' || s[i+6] != '_' {
		return 0, false
	}
	n, err := strconv.ParseUint(s[i+2:i+6], 16, 16)
	if err != nil {
		return 0, false
	}
	return rune(n), true //nolint:gosec // four hex digits: at most 0xFFFF
}

// mergeRange is a merged range's top, left, bottom and right (1-based) from
// its reference ("A1:B2"); a single cell or a bad reference is none.
func mergeRange(ref string) ([4]int, bool) {
	a, b, ok := strings.Cut(ref, ":")
	if !ok {
		return [4]int{}, false
	}
	c1, r1, ok1 := cellRef(a)
	c2, r2, ok2 := cellRef(b)
	if !ok1 || !ok2 || r2 < r1 || c2 < c1 {
		return [4]int{}, false
	}
	return [4]int{r1, c1, r2, c2}, true
}

// cellRef is a reference's column and row ("AB12": 28, 12).
func cellRef(ref string) (col, row int, ok bool) {
	i := 0
	for i < len(ref) && ref[i] >= 'A' && ref[i] <= 'Z' {
		i++
	}
	col, okc := cellColumn(ref)
	row, okr := rowNumber(ref[i:])
	return col, row, okc && okr && row <= maxExcelRows
}

// hideMerged blanks the values a merged range hides (all but its top-left
// cell's), as Excel shows the sheet, and drops the rows left blank. A
// file's merges may visit at most 4 × MaxSheetCells rows and cells.
func (s *sheetReader) hideMerged() error {
	if len(s.merged) == 0 {
		return nil
	}
	work := 0
	for _, m := range s.merged {
		top, left, bottom, right := m[0], m[1], m[2], m[3]
		for i := sort.Search(len(s.rows), func(i int) bool { return s.rows[i].Line >= top }); i < len(s.rows) && s.rows[i].Line <= bottom; i++ {
			if work++; work > 4*MaxSheetCells { // the row's visit
				return failed(reasonSheetTooBig)
			}
			cells := s.rows[i].Cells
			for c := left - 1; c < right && c < len(cells); c++ {
				if work++; work > 4*MaxSheetCells {
					return failed(reasonSheetTooBig)
				}
				if s.rows[i].Line != top || c != left-1 {
					cells[c] = ""
				}
			}
		}
	}
	kept := s.rows[:0]
	for _, r := range s.rows {
		if n := width(r.Cells); n > 0 {
			kept = append(kept, Row{Line: r.Line, Cells: r.Cells[:n]})
		}
	}
	s.rows = kept
	return nil
}
