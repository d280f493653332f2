// Package importfile reads participant lists from CSV and XLSX files by the
// product spec's import rules (§5), with the same pt-BR messages as the PWA's
// reader (pwa/src/protocol/import). Pure: no HTTP, no SQL. The shared cases in
// sync/testdata/import/cases.json test both readers.
package importfile

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sorteio/sorteio/sync/protocol"
)

// MaxBytes is the largest file either reader accepts.
const MaxBytes = protocol.MaxImportBytes

const (
	msgWrongKind    = "Por favor, envie um arquivo CSV ou Excel (.xlsx, .xls)"
	msgUnrecognised = "Formato de arquivo não reconhecido"
	msgNoRows       = "Nenhum participante válido encontrado no arquivo"
	msgFailed       = "Erro ao processar arquivo"
	reasonPassword  = "o arquivo está protegido por senha. Salve uma cópia sem senha e tente de novo." //nolint:gosec // a message, not a password
	reasonCorrupt   = "o arquivo está corrompido ou incompleto."
	reasonTooBig    = "o arquivo tem mais de 10 MB"
	// A spreadsheet past its bounds (xlsx.go): more rows or inflated bytes
	// than 100,000 tickets need.
	reasonSheetTooBig = "a planilha é grande demais para importar (máximo: 100.000 bilhetes)"
	reasonXLS         = "o servidor lê planilhas .xlsx: salve o arquivo como .xlsx e envie de novo"
)

// Refusal is a file the import refuses; Message is for people (pt-BR).
// Skipped lists the rows left out ('Linha 2: sem nome') when every row was:
// the preview shows why rather than nothing. SkippedRows is the same rows as
// line and reason (the server's answer lists them so).
type Refusal struct {
	Message     string
	Skipped     []string
	SkippedRows []SkippedRow
}

func (r *Refusal) Error() string { return r.Message }

func refuse(format string, args ...any) *Refusal {
	return &Refusal{Message: fmt.Sprintf(format, args...)}
}

func failed(reason string) *Refusal { return refuse("%s: %s", msgFailed, reason) }

// thousands writes 10000 as 10.000, as pt-BR does.
func thousands(n int) string {
	s := strconv.Itoa(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte('.')
		}
		b.WriteRune(c)
	}
	return b.String()
}
