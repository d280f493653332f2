package httpapi_test

import (
	"encoding/json"
	"testing"

	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// The import API saves a file's phone column with each person, in E.164
// (docs/import.md, "Phones"): a Brazilian mobile and landline and a foreign
// number; an invalid one is a warning and its person comes in without a
// phone, the file not refused. On both databases.
func TestImportAPIPhones(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, c, rid := signedUpWithRaffleID(t, db)
		wantStatuses(t, c.push(t, e, c.op(rid, "raffle.create", createPayload(rid, "K7P2QX"))), "applied")

		status, body := importFile(t, e, c.cookie, rid, "form-phone.csv", fixture(t, "form-phone.csv"))
		if status != 200 {
			t.Fatalf("import: %d %s", status, body)
		}
		var res struct {
			People   int      `json:"people"`
			Warnings []string `json:"warnings"`
			LeftOut  []string `json:"left_out"`
		}
		if err := json.Unmarshal([]byte(body), &res); err != nil {
			t.Fatal(err)
		}
		if res.People != 6 || len(res.Warnings) != 1 || res.Warnings[0] != "Linha 6: telefone inválido (12345): a pessoa entra sem telefone" {
			t.Errorf("people %d, warnings %q", res.People, res.Warnings)
		}
		if len(res.LeftOut) != 1 || res.LeftOut[0] != "Cidade" {
			t.Errorf("left out: %q", res.LeftOut)
		}

		want := map[string]string{
			"Ana Lima": "+5511912345678", "Bruno Souza": "+5521988887777", "Carla Dias": "+551134567890",
			"David Smith": "+442079460958", "Edu Rocha": "", "Fábio Reis": "",
		}
		snap := c.snapshot(t, e, rid)
		if len(snap.Participants) != len(want) {
			t.Fatalf("%d participants, want %d", len(snap.Participants), len(want))
		}
		for _, p := range snap.Participants {
			got := ""
			if p.Phone != nil {
				got = *p.Phone
			}
			if w, ok := want[p.Name]; !ok || got != w {
				t.Errorf("%s: phone %q, want %q", p.Name, got, w)
			}
		}
	})
}
