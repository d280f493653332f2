package importfile

import (
	"encoding/csv"
	"errors"
	"io"
	"strings"
)

// Read is a file read into a plan.
type Read struct {
	Kind      Kind
	Encoding  string // CSV only
	Delimiter string // CSV only
	Plan      *Plan
}

// ReadFile reads a CSV or an XLSX into a plan, or returns a *Refusal (any
// other error is not the file's fault).
func ReadFile(fileName string, b []byte, t Target, c Choice) (*Read, error) {
	kind, err := DetectKind(fileName, b)
	if err != nil {
		return nil, err
	}
	out := &Read{Kind: kind}
	var rows []Row
	switch kind {
	case KindCSV:
		var text string
		text, out.Encoding = DecodeText(b)
		d := DetectDelimiter(text)
		out.Delimiter = string(d)
		rows, err = CSVRows(text, d)
	case KindXLSX:
		rows, err = XLSXRows(b)
	default:
		err = failed(reasonXLS)
	}
	if err != nil {
		return nil, err
	}
	if out.Plan, err = PlanImport(rows, t, c); err != nil {
		return nil, err
	}
	return out, nil
}

// CSVRows reads every record with its line. Quotes may be loose, as real
// exports have them; a record with a quote never closed is a corrupt file.
func CSVRows(text string, delimiter rune) ([]Row, error) {
	r := csv.NewReader(strings.NewReader(crLines(text)))
	r.Comma = delimiter
	r.FieldsPerRecord = -1
	r.LazyQuotes = true
	r.ReuseRecord = false
	var rows []Row
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			return rows, nil
		}
		if err != nil {
			return nil, failed(reasonCorrupt)
		}
		line, _ := r.FieldPos(0)
		for i, f := range rec {
			rec[i] = excelText(f)
		}
		rows = append(rows, Row{Line: line, Cells: rec})
	}
}

// crLines is text with every line end as LF: encoding/csv ends records at
// LF only, and a file from classic Mac OS or Excel 2011 ends them in CR alone.
func crLines(text string) string {
	if !strings.Contains(text, "\r") {
		return text
	}
	return strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
}

// excelText reads a cell written ="001" (the export's tickets, so Excel
// keeps their zeros) as its text, 001.
func excelText(s string) string {
	if len(s) >= 3 && strings.HasPrefix(s, `="`) && strings.HasSuffix(s, `"`) {
		return strings.ReplaceAll(s[2:len(s)-1], `""`, `"`)
	}
	return s
}
