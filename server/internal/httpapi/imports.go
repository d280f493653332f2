package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/sync/importfile"
	"github.com/sorteio/sorteio/sync/protocol"
)

// ImportStore is what the file import needs from storage.
type ImportStore interface {
	ImportTarget(ctx context.Context, userID, raffleID string) (importfile.Target, error)
	ImportTickets(ctx context.Context, userID, raffleID string, tickets []protocol.Ticket, now func() time.Time) error
}

// importOverhead is room for the multipart envelope around the file.
const importOverhead = 64 << 10

// handleImport reads a CSV or XLSX sent as multipart/form-data (field file)
// by the import rules the PWA follows (sync/importfile) and adds its tickets
// in one transaction through the push pipeline. Refusals answer 400 with the
// same pt-BR message the PWA shows; nothing is written. Imports are counted
// per account before the file is read.
func handleImport(st ImportStore, perAccount Limiter, now func() time.Time, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u := userFrom(r.Context())
		if err := allow(perAccount, "import:"+u.ID); err != nil {
			writeError(w, r, log, err)
			return
		}
		raffleID := chi.URLParam(r, "id")
		if !protocol.IsUUID(raffleID) {
			writeError(w, r, log, &core.Error{Code: core.CodeNotFound, Message: protocol.Message(protocol.ReasonRaffleNotFound)})
			return
		}
		name, body, choice, err := importedFile(w, r)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		target, err := st.ImportTarget(r.Context(), u.ID, raffleID)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		read, err := importfile.ReadFile(name, body, target, choice)
		if err == nil {
			err = read.Plan.ClashRefusal()
		}
		var refusal *importfile.Refusal
		if errors.As(err, &refusal) {
			writeRefusal(w, refusal)
			return
		}
		if err != nil {
			writeError(w, r, log, core.Internal(err))
			return
		}
		if err := st.ImportTickets(r.Context(), u.ID, raffleID, planTickets(read.Plan, now), now); err != nil {
			writeError(w, r, log, err)
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{
			"people":   read.Plan.People,
			"tickets":  read.Plan.Tickets,
			"format":   read.Plan.Format,
			"grouped":  read.Plan.Grouped,
			"skipped":  nonNil(read.Plan.Skipped),
			"warnings": nonNil(read.Plan.Warnings),
			"left_out": nonNil(read.Plan.LeftOut),
			"message":  fmt.Sprintf("%d participante(s) importado(s)", read.Plan.People),
		})
	})
}

// listedSkipped is how many rows left out a refusal lists, as the PWA's
// preview does; skipped_count says how many there were.
const listedSkipped = 20

// refusalBody is the 400 of a file the import refuses. When every row was
// left out, it lists the first of them (line and reason) and counts them.
type refusalBody struct {
	errorBody
	SkippedRows  []importfile.SkippedRow `json:"skipped_rows,omitempty"`
	SkippedCount int                     `json:"skipped_count,omitempty"`
}

// writeRefusal answers a refused file: 400 invalid_input with the reader's
// pt-BR message and the rows it left out, if any.
func writeRefusal(w http.ResponseWriter, refusal *importfile.Refusal) {
	status, _ := core.Describe(core.CodeInvalidInput)
	rows := refusal.SkippedRows
	writeJSON(w, status, refusalBody{
		errorBody:    errorBody{Code: core.CodeInvalidInput, Message: refusal.Message},
		SkippedRows:  rows[:min(len(rows), listedSkipped)],
		SkippedCount: len(rows),
	})
}

// importedFile is the multipart field "file": its name and bytes, at most
// importfile.MaxBytes, and the optional fields "columns" and "clashes"
// before it (the column step's choice; docs/api.md, "Import").
func importedFile(w http.ResponseWriter, r *http.Request) (string, []byte, importfile.Choice, error) {
	var choice importfile.Choice
	if !strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/form-data") {
		return "", nil, choice, &core.Error{Code: core.CodeUnsupportedMediaType, Message: "Envie o arquivo como multipart/form-data, no campo file."}
	}
	tooBig := &core.Error{Code: core.CodeBodyTooLarge, Message: "Erro ao processar arquivo: o arquivo tem mais de 10 MB"}
	r.Body = http.MaxBytesReader(w, r.Body, importfile.MaxBytes+importOverhead)
	mr, err := r.MultipartReader()
	if err != nil {
		return "", nil, choice, core.FieldError("file", "Envie o arquivo como multipart/form-data, no campo file.")
	}
	for {
		part, err := mr.NextPart()
		var maxErr *http.MaxBytesError
		switch {
		case errors.As(err, &maxErr):
			return "", nil, choice, tooBig
		case err != nil:
			return "", nil, choice, core.FieldError("file", "Envie o arquivo no campo file.")
		case part.FormName() == "columns" || part.FormName() == "clashes":
			if err := readChoice(part, &choice); err != nil {
				return "", nil, choice, err
			}
			continue
		case part.FormName() != "file":
			continue
		}
		body, err := io.ReadAll(io.LimitReader(part, importfile.MaxBytes+1))
		if errors.As(err, &maxErr) || len(body) > importfile.MaxBytes {
			return "", nil, choice, tooBig
		}
		if err != nil {
			return "", nil, choice, core.FieldError("file", "Não foi possível ler o arquivo enviado.")
		}
		return part.FileName(), body, choice, nil
	}
}

// readChoice reads the field "columns" (JSON, as importfile.Columns) or
// "clashes" ("renumber" or "skip") into c.
func readChoice(part *multipart.Part, c *importfile.Choice) error {
	raw, err := io.ReadAll(io.LimitReader(part, 4<<10))
	value := strings.TrimSpace(string(raw))
	if part.FormName() == "clashes" {
		if err != nil || (value != importfile.ClashRenumber && value != importfile.ClashSkip) {
			return core.FieldError("clashes", "Use clashes=renumber (renumerar os bilhetes do arquivo) ou clashes=skip (ignorar as linhas repetidas).")
		}
		c.Clashes = value
		return nil
	}
	var cols importfile.Columns
	dec := json.NewDecoder(strings.NewReader(value))
	dec.DisallowUnknownFields()
	if err != nil || dec.Decode(&cols) != nil || len(cols.Name) == 0 || len(cols.Name) > 2 {
		return core.FieldError("columns", `Colunas inválidas: envie {"name": [0], "email": 1, "ticket": -1, "quantity": -1, "phone": -1}, as colunas contadas a partir de 0.`)
	}
	c.Columns = &cols
	return nil
}

// planTickets gives the plan's tickets their ids: one group id per person,
// both increasing in file order (core.NewIDs), as the PWA's import makes them.
func planTickets(p *importfile.Plan, now func() time.Time) []protocol.Ticket {
	groups, ids := core.NewIDs(p.People, now()), core.NewIDs(len(p.Names), now())
	out := make([]protocol.Ticket, len(p.Names))
	for i, name := range p.Names {
		out[i] = protocol.Ticket{ID: ids[i], Name: name, Email: p.Emails[i], TicketNumber: p.Numbers[i], GroupID: groups[p.Person[i]], Phone: p.Phones[i]}
	}
	return out
}

// nonNil answers an empty list as [] rather than null.
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
