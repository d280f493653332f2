package importfile

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

// sheetCase is one of sync/testdata/import/sheets.json: a spreadsheet's
// parts (zipped, stored, in order) and the rows both readers must give.
type sheetCase struct {
	Name  string      `json:"name"`
	File  string      `json:"file"`
	Parts [][2]string `json:"parts"`
	// Sheet is the visible worksheet chosen (from 0), as the PWA's import offers.
	Sheet int `json:"sheet"`
	Want  struct {
		Rows   [][]any  `json:"rows"`
		Sheets []string `json:"sheets"` // the visible worksheets' names, when named
		Error  string   `json:"error"`
	} `json:"want"`
}

func loadSheetCases(t *testing.T) []sheetCase {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(fixtures, "sheets.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Cases []sheetCase `json:"cases"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Cases
}

func zipParts(t *testing.T, parts [][2]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for _, p := range parts {
		f, err := w.CreateHeader(&zip.FileHeader{Name: p[0], Method: zip.Store, Modified: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.WriteString(f, p[1]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// SORTEIO_WRITE_FIXTURES=1 writes sheets.json's files from their parts.
func TestWriteSheetFixtures(t *testing.T) {
	if os.Getenv("SORTEIO_WRITE_FIXTURES") != "1" {
		t.Skip("set SORTEIO_WRITE_FIXTURES=1 to write the sheets' files")
	}
	for _, c := range loadSheetCases(t) {
		if err := os.WriteFile(filepath.Join(fixtures, c.File), zipParts(t, c.Parts), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Every spreadsheet of sheets.json through the Go reader; Vitest's
// sheets.test.ts reads the same files.
func TestSheetVectors(t *testing.T) {
	cases := loadSheetCases(t)
	if len(cases) == 0 {
		t.Fatal("no cases")
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join(fixtures, c.File))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(b, zipParts(t, c.Parts)) {
				t.Fatalf("%s is not its parts: write the files again", c.File)
			}
			rows, names, _, err := readXLSXSheet(b, c.Sheet)
			if c.Want.Error != "" {
				var ref *Refusal
				if !errors.As(err, &ref) || ref.Message != c.Want.Error {
					t.Fatalf("got %v, want %q", err, c.Want.Error)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.Want.Sheets != nil && !reflect.DeepEqual(names, c.Want.Sheets) {
				t.Fatalf("sheets %q, want %q", names, c.Want.Sheets)
			}
			got := [][]any{}
			for _, r := range rows {
				row := []any{float64(r.Line)}
				for _, cell := range r.Cells {
					row = append(row, cell)
				}
				got = append(got, row)
			}
			if !reflect.DeepEqual(got, c.Want.Rows) {
				g, _ := json.Marshal(got)
				w, _ := json.Marshal(c.Want.Rows)
				t.Fatalf("rows\n got %s\nwant %s", g, w)
			}
		})
	}
}
