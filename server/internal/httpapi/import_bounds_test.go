package httpapi_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/ratelimit"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/server/internal/ws"
)

// refusedSheets are the shared cases of spreadsheets past the import's
// bounds or with malformed XML (sync/testdata/import/cases.json) and their
// messages.
func refusedSheets(t testing.TB) map[string]string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("../../../sync/testdata/import", "cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Cases []struct {
			File string `json:"file"`
			Want struct {
				Error string `json:"error"`
			} `json:"want"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, c := range doc.Cases {
		if (strings.HasPrefix(c.File, "bomb-") || strings.HasPrefix(c.File, "sheet-")) && c.Want.Error != "" {
			out[c.File] = c.Want.Error
		}
	}
	if len(out) < 8 {
		t.Fatalf("only %d refused spreadsheets", len(out))
	}
	return out
}

// A bomb or a sheet cut off (or with a NUL byte) halfway answers 400 with
// the reader's message and stores nothing: not even the rows before the
// fault.
func TestImportRefusesBombsAndMalformedSheets(t *testing.T) {
	t.Parallel()
	sheets := refusedSheets(t)
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, c, rid := signedUpWithRaffleID(t, db)
		wantStatuses(t, c.push(t, e, c.op(rid, "raffle.create", createPayload(rid, "K7P2QX")),
			c.op(rid, "participants.add", addPayload(numbered("Zé", "001")))), "applied", "applied")
		for file, message := range sheets {
			status, body := importFile(t, e, c.cookie, rid, file, fixture(t, file))
			if status != 400 || !strings.Contains(body, message) {
				t.Errorf("%s: %d %.300s, want 400 with %q", file, status, body, message)
			}
		}
		if got := serverTickets(t, e, c, rid); strings.Join(got, ",") != "Zé:001" {
			t.Fatalf("after the refusals: %v", got)
		}
		// The same workbook, whole, imports: the refusals are the faults'.
		if status, body := importFile(t, e, c.cookie, rid, "sheet-ok.xlsx", fixture(t, "sheet-ok.xlsx")); status != 200 ||
			!strings.Contains(body, `"message":"4 participante(s) importado(s)"`) {
			t.Fatalf("sheet-ok.xlsx: %d %s", status, body)
		}
	})
}

// Imports are counted per account: past the limit the answer is 429, the
// file is not read and nothing is stored; another account is not held back.
func TestImportsPerAccount(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		limits := looseLimits()
		limits.Import = ratelimit.New(2, time.Minute, time.Now)
		e := limitedEnv(t, db, limits)
		ana := newClient(mustSignUp(t, e, "ana@example.com", "segredo1"))
		bia := newClient(mustSignUp(t, e, "bia@example.com", "segredo1"))
		rid, other := core.NewID(time.Now()), core.NewID(time.Now())
		wantStatuses(t, ana.push(t, e, ana.op(rid, "raffle.create", createPayload(rid, "K7P2QX"))), "applied")
		wantStatuses(t, bia.push(t, e, bia.op(other, "raffle.create", createPayload(other, "M4N5PQ"))), "applied")
		for i := 0; i < 2; i++ {
			if status, body := importFile(t, e, ana.cookie, rid, "bomb-rows.xlsx", fixture(t, "bomb-rows.xlsx")); status != 400 {
				t.Fatalf("import %d: %d %s", i+1, status, body)
			}
		}
		status, body := importFile(t, e, ana.cookie, rid, "sheet-ok.xlsx", fixture(t, "sheet-ok.xlsx"))
		if status != 429 || !strings.Contains(body, `"code":"rate_limited"`) {
			t.Fatalf("3rd import in a minute: %d %s", status, body)
		}
		if got := serverTickets(t, e, ana, rid); len(got) != 0 {
			t.Fatalf("the refused import wrote: %v", got)
		}
		if status, body := importFile(t, e, bia.cookie, other, "sheet-ok.xlsx", fixture(t, "sheet-ok.xlsx")); status != 200 {
			t.Fatalf("another account: %d %s", status, body)
		}
	})
}

// limitedEnv is a test server with the given rate limits.
func limitedEnv(t *testing.T, db *store.DB, limits httpapi.Limits) *env {
	hub := ws.NewHub(storetest.Logger(t))
	clock := &testClock{}
	return &env{db: db, handler: testHandler(t, db, httpapi.Config{}, hub, limits, clock.Now), hub: hub, clock: clock}
}
