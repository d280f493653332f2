package importfile

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// The corpus (sync/testdata/import/corpus, README.md there): real files from
// public test suites, read by both readers and compared with excelize's
// displayed text here and with SheetJS's in Vitest (corpus.test.ts).
// expected.json holds, per file, the digest of the rows both readers give
// (readers), why ours refuses one excelize reads (refused: its message, one
// of the reasons README.md lists) and the first cell where ours and
// excelize's text differ (excelize; docs/import.md lists the kinds).
// SORTEIO_WRITE_FIXTURES=1 writes readers, refused and excelize again.

const corpusDir = fixtures + "/corpus"

type corpusExpected struct {
	Readers  map[string]string `json:"readers"`
	Refused  map[string]string `json:"refused"`
	Excelize map[string]string `json:"excelize"`
	SheetJS  map[string]string `json:"sheetjs"`
}

// corpusDigest is a read's rows as both readers' tests write them: each
// row's line, a tab, its cells joined by U+001F, rows joined by \n; the
// SHA-256's first 16 hex digits. A refusal is its message.
func corpusDigest(rows []Row, err error) string {
	if err != nil {
		var ref *Refusal
		if errors.As(err, &ref) {
			return "refused: " + ref.Message
		}
		return "error: " + err.Error()
	}
	var b strings.Builder
	for i, r := range rows {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(strconv.Itoa(r.Line) + "\t" + strings.Join(r.Cells, "\x1f"))
	}
	sum := sha256.Sum256([]byte(b.String()))
	return hex.EncodeToString(sum[:8])
}

// excelizeRows is excelize's displayed text of the first visible worksheet,
// non-blank rows only with their line; ok false when excelize cannot read it.
func excelizeRows(b []byte) (rows []Row, ok bool) {
	f, err := excelize.OpenReader(bytes.NewReader(b), excelize.Options{UnzipSizeLimit: 256 << 20, UnzipXMLSizeLimit: 64 << 20})
	if err != nil {
		return nil, false
	}
	defer f.Close()
	for _, name := range f.GetSheetList() {
		if visible, err := f.GetSheetVisible(name); err != nil || !visible {
			continue
		}
		all, err := f.GetRows(name)
		if err != nil {
			continue // a chart sheet
		}
		for i, cells := range all {
			if n := width(cells); n > 0 {
				rows = append(rows, Row{Line: i + 1, Cells: cells[:n]})
			}
		}
		return rows, true
	}
	return nil, false
}

// firstDifference is the first cell where two reads differ ("" when none).
func firstDifference(ours, theirs []Row) string {
	at := map[int][]string{}
	var lines []int
	for _, r := range ours {
		at[r.Line] = r.Cells
		lines = append(lines, r.Line)
	}
	for _, r := range theirs {
		if _, ok := at[r.Line]; !ok {
			lines = append(lines, r.Line)
		}
	}
	sort.Ints(lines)
	theirsAt := map[int][]string{}
	for _, r := range theirs {
		theirsAt[r.Line] = r.Cells
	}
	for _, line := range lines {
		a, b := at[line], theirsAt[line]
		for c := 0; c < max(len(a), len(b)); c++ {
			x, y := cellOf(a, c), cellOf(b, c)
			if strings.TrimSpace(x) != strings.TrimSpace(y) {
				return fmt.Sprintf("%s%d: ours %q, theirs %q", columnName(c), line, short(x), short(y))
			}
		}
	}
	return ""
}

func cellOf(cells []string, i int) string {
	if i < len(cells) {
		return cells[i]
	}
	return ""
}

func short(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}

func columnName(i int) string {
	s := ""
	for n := i + 1; n > 0; n = (n - 1) / 26 {
		s = string(rune('A'+(n-1)%26)) + s
	}
	return s
}

// corpusRead is a file read as an import reads it: its kind, then the
// spreadsheet.
func corpusRead(name string, b []byte) ([]Row, error) {
	kind, err := DetectKind(name, b)
	if err != nil {
		return nil, err
	}
	if kind != KindXLSX {
		return nil, failed(reasonXLS)
	}
	return XLSXRows(b)
}

func corpusFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(corpusDir, "*", "*.xlsx"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	return files
}

func TestCorpus(t *testing.T) {
	files := corpusFiles(t)
	if len(files) < 200 {
		t.Fatalf("only %d files in the corpus", len(files))
	}
	raw, err := os.ReadFile(filepath.Join(corpusDir, "expected.json"))
	write := os.Getenv("SORTEIO_WRITE_FIXTURES") == "1"
	var want corpusExpected
	if err == nil {
		if err := json.Unmarshal(raw, &want); err != nil {
			t.Fatal(err)
		}
	} else if !write {
		t.Fatal(err)
	}
	got := corpusExpected{Readers: map[string]string{}, Refused: map[string]string{}, Excelize: map[string]string{}, SheetJS: want.SheetJS}
	excelizeRead := 0
	for _, path := range files {
		name, _ := filepath.Rel(corpusDir, path)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rows, err := corpusRead(name, b)
		got.Readers[name] = corpusDigest(rows, err)
		theirs, ok := excelizeRows(b)
		if !ok {
			continue
		}
		excelizeRead++
		if err != nil {
			got.Refused[name] = got.Readers[name]
			continue
		}
		if d := firstDifference(rows, theirs); d != "" {
			got.Excelize[name] = d
		}
	}
	t.Logf("%d files, %d read by excelize, %d of those refused by ours, %d differ from excelize's text", len(files), excelizeRead, len(got.Refused), len(got.Excelize))
	if write {
		out, _ := json.MarshalIndent(got, "", " ")
		if err := os.WriteFile(filepath.Join(corpusDir, "expected.json"), append(out, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	for _, m := range []struct {
		what       string
		got, wants map[string]string
	}{{"digest", got.Readers, want.Readers}, {"refusal", got.Refused, want.Refused}, {"difference from excelize", got.Excelize, want.Excelize}} {
		for name, g := range m.got {
			if m.wants[name] != g {
				t.Errorf("%s: %s %q, expected %q", name, m.what, g, m.wants[name])
			}
		}
		for name, w := range m.wants {
			if _, ok := m.got[name]; !ok {
				t.Errorf("%s: expected %s %q, none", name, m.what, w)
			}
		}
	}
}
