package httpapi_test

import (
	"bytes"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/importfile"
)

func fixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("../../../sync/testdata/import", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// importFile posts a file as multipart/form-data, as an integration would.
func importFile(t *testing.T, e *env, cookie *http.Cookie, raffleID, name string, body []byte) (int, string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, _ := mw.CreateFormFile("file", name)
	_, _ = fw.Write(body)
	_ = mw.Close()
	r := httptest.NewRequest("POST", "/api/raffles/"+raffleID+"/import", &buf)
	r.Header.Set("Content-Type", mw.FormDataContentType())
	if cookie != nil {
		r.AddCookie(cookie)
	}
	w := httptest.NewRecorder()
	e.handler.ServeHTTP(w, r)
	return w.Code, w.Body.String()
}

// serverTickets is the raffle's tickets as name:number, sorted, from the
// snapshot the API answers.
func serverTickets(t *testing.T, e *env, c *client, raffleID string) []string {
	t.Helper()
	var snap snapshotBody
	if s := c.getJSON(t, e, "/api/sync/raffles/"+raffleID+"/snapshot", &snap); s != 200 {
		t.Fatalf("snapshot: %d", s)
	}
	return numbersOf(snap)
}

func TestImportAPI(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, c, rid := signedUpWithRaffleID(t, db)
		wantStatuses(t, c.push(t, e,
			c.op(rid, "raffle.create", createPayload(rid, "K7P2QX")),
			c.op(rid, "participants.add", addPayload(numbered("Zé", "001", "002", "003", "004", "005"))), // 001..005: numbering goes on at 006
		), "applied", "applied")
		before := []string{"Zé:001", "Zé:002", "Zé:003", "Zé:004", "Zé:005"}

		// Refusals: the reader's message, nothing written.
		for _, tc := range []struct{ file, message string }{
			{"high-quantity.csv", "Quantidade muito alta para Bruno: 1001. Máximo: 1000 bilhetes por pessoa"},
			{"password.xlsx", "Erro ao processar arquivo: o arquivo está protegido por senha. Salve uma cópia sem senha e tente de novo."},
			{"truncated.xlsx", "Erro ao processar arquivo: o arquivo está corrompido ou incompleto"},
			{"header.xls", "o servidor lê planilhas .xlsx"},
			{"lista.pdf", "Por favor, envie um arquivo CSV ou Excel (.xlsx, .xls)"},
			{"unrecognised.csv", "Formato de arquivo não reconhecido"},
		} {
			status, body := importFile(t, e, c.cookie, rid, tc.file, fixture(t, tc.file))
			if status != 400 || !strings.Contains(body, tc.message) {
				t.Errorf("%s: %d %s, want 400 with %q", tc.file, status, body, tc.message)
			}
		}
		// Every row left out: the first 20 listed by line and reason, and their count.
		unnamed := "Nome,E-mail\n" + strings.Repeat(",sem.nome@exemplo.com\n", 25)
		for _, tc := range []struct {
			file        string
			body        []byte
			count       int
			first, last importfile.SkippedRow
		}{
			{"no-rows.csv", fixture(t, "no-rows.csv"), 1, importfile.SkippedRow{Line: 2, Reason: "sem nome"}, importfile.SkippedRow{Line: 2, Reason: "sem nome"}},
			{"sem-nomes.csv", []byte(unnamed), 25, importfile.SkippedRow{Line: 2, Reason: "sem nome"}, importfile.SkippedRow{Line: 21, Reason: "sem nome"}},
		} {
			status, body := importFile(t, e, c.cookie, rid, tc.file, tc.body)
			var got struct {
				Code, Message string
				SkippedRows   []importfile.SkippedRow `json:"skipped_rows"`
				SkippedCount  int                     `json:"skipped_count"`
			}
			_ = json.Unmarshal([]byte(body), &got)
			if status != 400 || got.Code != "invalid_input" || got.Message != "Nenhum participante válido encontrado no arquivo" || got.SkippedCount != tc.count ||
				len(got.SkippedRows) != min(tc.count, 20) || got.SkippedRows[0] != tc.first || got.SkippedRows[len(got.SkippedRows)-1] != tc.last {
				t.Errorf("%s: %d %s, want 400 listing %d of %d rows left out", tc.file, status, body, min(tc.count, 20), tc.count)
			}
		}
		if got := serverTickets(t, e, c, rid); strings.Join(got, ",") != strings.Join(before, ",") {
			t.Fatalf("after refusals: %v", got)
		}

		status, body := importFile(t, e, c.cookie, rid, "quantities.xlsx", fixture(t, "quantities.xlsx"))
		if status != 200 || !strings.Contains(body, `"message":"3 participante(s) importado(s)"`) {
			t.Fatalf("xlsx: %d %s", status, body)
		}
		status, body = importFile(t, e, c.cookie, rid, "excel.csv", fixture(t, "excel-semicolon-cp1252-block.csv"))
		if status != 200 {
			t.Fatalf("csv: %d %s", status, body)
		}
		want := append(before, "Ana Lima:006", "Ana Lima:007", "Ana Lima:008", "Bruno Souza:009", "Bruno Souza:010", "Carla Dias:011",
			"Renée ‘Rê’ Šimon:012", "Renée ‘Rê’ Šimon:013", "André “Dedé” Gonçalves:014")
		sort.Strings(want)
		if got := serverTickets(t, e, c, rid); strings.Join(got, ",") != strings.Join(want, ",") {
			t.Fatalf("tickets\n got %v\nwant %v", got, want)
		}

		// Who may import, and how.
		other := newClient(mustSignUp(t, e, "bia@example.com", "segredo1"))
		if status, _ := importFile(t, e, other.cookie, rid, "quantities.xlsx", fixture(t, "quantities.xlsx")); status != 404 {
			t.Errorf("another account: %d, want 404", status)
		}
		if status, _ := importFile(t, e, nil, rid, "quantities.xlsx", fixture(t, "quantities.xlsx")); status != 401 {
			t.Errorf("no session: %d, want 401", status)
		}
		res := e.do(t, request{method: "POST", path: "/api/raffles/" + rid + "/import", body: `{"file":"x"}`, cookie: c.cookie})
		if res.StatusCode != 415 {
			t.Errorf("JSON body: %d, want 415", res.StatusCode)
		}
		big := bytes.Repeat([]byte("Ana\n"), importfile.MaxBytes/4+1)
		if status, body := importFile(t, e, c.cookie, rid, "big.csv", big); status != 413 || !strings.Contains(body, "mais de 10 MB") {
			t.Errorf("11 MB: %d %s", status, body)
		}
		var feed json.RawMessage
		if s := other.getJSON(t, e, "/api/sync/raffles", &feed); s != 200 || strings.Contains(string(feed), rid) {
			t.Errorf("the other account sees the raffle: %s", feed)
		}
	})
}
