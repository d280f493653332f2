package httpapi_test

import (
	"bytes"
	"mime/multipart"
	"net/http/httptest"
	"sort"
	"strings"
	"testing"

	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// importWith posts a file with the column step's fields before it.
func importWith(t *testing.T, e *env, c *client, raffleID, name string, body []byte, fields map[string]string) (int, string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for k, v := range fields {
		_ = mw.WriteField(k, v)
	}
	fw, _ := mw.CreateFormFile("file", name)
	_, _ = fw.Write(body)
	_ = mw.Close()
	r := httptest.NewRequest("POST", "/api/raffles/"+raffleID+"/import", &buf)
	r.Header.Set("Content-Type", mw.FormDataContentType())
	r.AddCookie(c.cookie)
	w := httptest.NewRecorder()
	e.handler.ServeHTTP(w, r)
	return w.Code, w.Body.String()
}

// The import API follows the column step (docs/api.md, "Import"): a file
// whose tickets the raffle holds is refused unless clashes says what to do,
// and columns replaces the guess.
func TestImportAPIColumnsAndClashes(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, c, rid := signedUpWithRaffleID(t, db)
		wantStatuses(t, c.push(t, e,
			c.op(rid, "raffle.create", createPayload(rid, "K7P2QX")),
			c.op(rid, "participants.add", addPayload(numbered("Zé", "001", "002", "003", "004", "005"))),
		), "applied", "applied")
		tickets := []string{"Zé:001", "Zé:002", "Zé:003", "Zé:004", "Zé:005"}
		same := func(step string, add ...string) {
			t.Helper()
			tickets = append(tickets, add...)
			sort.Strings(tickets)
			if got := serverTickets(t, e, c, rid); strings.Join(got, ",") != strings.Join(tickets, ",") {
				t.Fatalf("%s\n got %v\nwant %v", step, got, tickets)
			}
		}
		clashes := fixture(t, "clashes.csv")
		for _, tc := range []struct {
			fields  map[string]string
			message string
		}{
			{nil, "Linha 2: o bilhete 001 já existe neste sorteio (2 bilhete(s) do arquivo já existem)"},
			{map[string]string{"clashes": "apagar"}, "clashes=renumber"},
			{map[string]string{"columns": `{"name": []}`}, "Colunas inválidas"},
			{map[string]string{"columns": `{"name": [0], "cpf": 3}`}, "Colunas inválidas"},
		} {
			status, body := importWith(t, e, c, rid, "clashes.csv", clashes, tc.fields)
			if status != 400 || !strings.Contains(body, tc.message) {
				t.Errorf("%v: %d %s, want 400 with %q", tc.fields, status, body, tc.message)
			}
		}
		same("after refusals")

		status, body := importWith(t, e, c, rid, "clashes.csv", clashes, map[string]string{"clashes": "renumber"})
		if status != 200 || !strings.Contains(body, `"people":3`) {
			t.Fatalf("renumber: %d %s", status, body)
		}
		same("renumbered", "Ana:006", "Bruno:007", "Carla:008")
		status, body = importWith(t, e, c, rid, "clashes.csv", clashes, map[string]string{"clashes": "skip"})
		if status != 200 || !strings.Contains(body, `"Linha 2: o bilhete 001 já existe no sorteio"`) {
			t.Fatalf("skip: %d %s", status, body)
		}
		same("skipped", "Carla:010")

		// The first name alone and no e-mail: three people, not two grouped by e-mail.
		platform := fixture(t, "ticket-platform.csv")
		cols := `{"name": [1], "email": -1, "ticket": 4, "quantity": -1, "phone": -1}`
		status, body = importWith(t, e, c, rid, "ingressos.csv", platform, map[string]string{"columns": cols})
		if status != 200 || !strings.Contains(body, `"people":3`) {
			t.Fatalf("columns: %d %s", status, body)
		}
		same("columns", "Ana:0001", "Ana:0002", "Bruno:0003")
	})
}
