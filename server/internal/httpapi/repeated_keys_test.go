package httpapi_test

import (
	"encoding/json"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// jsonBodies is every endpoint that reads a JSON body, with a body it would
// accept; TestRepeatedKeys fails when the handlers read one more.
var jsonBodies = []struct{ path, body string }{
	{"/api/auth/signup", `{"email":"bia@example.com","password":"segredo1"}`},
	{"/api/auth/signin", `{"email":"ana@example.com","password":"segredo1"}`},
	{"/api/account/password", `{"current":"segredo1","password":"novasenha"}`},
	{"/api/account/delete", `{"email":"ana@example.com"}`},
	{"/api/sync/push", `{"client_id":"CLIENT","schema_version":2,"ops":[]}`},
	{"/api/public/raffles/K7P2QX/check", `{"email":"ana@example.com"}`},
}

// mailBodies is every endpoint of the e-mailed links that reads a JSON
// body (mounted only with e-mail: TestRepeatedKeysInMailBodies).
var mailBodies = []struct{ path, body string }{
	{"/api/auth/forgot", `{"email":"ana@example.com"}`},
	{"/api/auth/reset", `{"token":"TOKEN","password":"novasenha"}`},
	{"/api/auth/confirm-email", `{"token":"TOKEN"}`},
	{"/api/account/email", `{"current":"segredo1","email":"novo@example.com"}`},
	{"/api/account/email/provider", `{"email":"novo@example.com"}`},
}

// A key repeated in one object, at any depth of any JSON body, is refused
// with 400 invalid_input before anything is read from it, on both databases:
// Go's decoder would keep the last value and gjson the first, so one body
// could mean two requests. Nothing is stored.
func TestRepeatedKeys(t *testing.T) {
	t.Parallel()
	// confirm-email and confirm-new-email share one handler, and one decode.
	if got := countDecodeCalls(t); got != len(jsonBodies)+len(mailBodies) {
		t.Fatalf("the handlers read %d JSON bodies, jsonBodies and mailBodies list %d: add the new one",
			got, len(jsonBodies)+len(mailBodies))
	}
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, c, rid := withRaffle(t, db)
		id := func() string { return core.NewID(time.Now()) }
		// Mutation ids from 2 on, each push its own, as if the refused ones had been taken.
		mutation := 1
		op := func(o string) string {
			mutation++
			return `{"client_id":"` + c.id + `","schema_version":2,"ops":[{"op_id":"` + id() + `","mutation_id":` + strconv.Itoa(mutation) +
				`,"raffle_id":"` + rid + `",` + o + `}]}`
		}
		ticket := `{"id":"` + id() + `","name":"Bia","ticket_number":"001","group_id":"` + id() + `"`
		// Pushes first, the account's deletion last: each would have gone through.
		cases := []struct{ name, path, body string }{
			{"push, client id twice", "/api/sync/push", `{"client_id":"` + id() + `","client_id":"` + c.id + `","schema_version":2,"ops":[]}`},
			{"push, an op's type twice", "/api/sync/push", op(`"type":"raffle.delete","type":"raffle.update","payload":{"title":"Outra"}`)},
			{"push, an op's type escaped", "/api/sync/push", op(`"type":"raffle.delete","\u0074ype":"raffle.update","payload":{"title":"Outra"}`)},
			{"push, a payload's title twice", "/api/sync/push", op(`"type":"raffle.update","payload":{"title":"Outra","title":"Mais outra"}`)},
			{"push, a ticket's name twice", "/api/sync/push", op(`"type":"participants.add","payload":{"tickets":[` + ticket + `,"name":"Caio"}]}`)},
			{"self-check, e-mail twice", "/api/public/raffles/K7P2QX/check", `{"email":"ana@example.com","email":"bia@example.com"}`},
			{"sign-up, e-mail twice", "/api/auth/signup", `{"email":"bia@example.com","password":"segredo1","email":"caio@example.com"}`},
			{"sign-up, password in two cases", "/api/auth/signup", `{"email":"bia@example.com","Password":"x","password":"segredo1"}`},
			{"sign-in, password twice", "/api/auth/signin", `{"email":"ana@example.com","password":"errada","password":"segredo1"}`},
			{"password change, new one twice", "/api/account/password", `{"current":"segredo1","password":"novasenha","password":"outra123"}`},
			{"account deletion, e-mail twice", "/api/account/delete", `{"email":"x@example.com","email":"ana@example.com"}`},
		}
		// And every shared vector with a repeated key, sent to every endpoint.
		for _, v := range readDupVectors(t) {
			if v.Repeated != nil {
				for _, b := range jsonBodies {
					cases = append(cases, struct{ name, path, body string }{"vector " + v.Name, b.path, v.JSON})
				}
			}
		}
		for _, tc := range cases {
			res := e.do(t, request{method: "POST", path: tc.path, body: tc.body, cookie: c.cookie, remote: "10.1.1.1:1"})
			if body := readBody(t, res); res.StatusCode != 400 || !strings.Contains(body, `"code":"invalid_input"`) ||
				!strings.Contains(body, "mais de uma vez") {
				t.Errorf("%s (%s): %d %s", tc.name, tc.path, res.StatusCode, body)
			}
		}
		if users, sessions := storetest.CountUsers(t, db), storetest.CountSessions(t, db); users != 1 || sessions != 1 {
			t.Errorf("%d users, %d sessions; want Ana's 1 and 1", users, sessions)
		}
		if n := storetest.CountChanges(t, db, rid); n != 1 {
			t.Errorf("%d changes in the raffle's log, want its creation alone", n)
		}
		// The refused pushes used up no mutation id (2 is free) and changed nothing.
		c.mutation = 1
		wantStatuses(t, c.push(t, e, c.op(rid, "raffle.update", map[string]any{"title": "Rifa nova"})), "applied")
		var snap struct {
			Raffle struct {
				Title string `json:"title"`
			} `json:"raffle"`
			Participants []any `json:"participants"`
		}
		c.getJSON(t, e, "/api/sync/raffles/"+rid+"/snapshot", &snap)
		if snap.Raffle.Title != "Rifa nova" || len(snap.Participants) != 0 {
			t.Errorf("raffle after the refusals: %+v", snap)
		}
		// The password is the old one.
		res := e.do(t, request{method: "POST", path: "/api/auth/signin", body: jsonBodies[1].body, remote: "10.1.1.2:1"})
		if res.StatusCode != 200 {
			t.Errorf("sign-in with the old password: %d %s", res.StatusCode, readBody(t, res))
		}
	})
}

// The same for the e-mailed links' bodies: each repeat is refused, no
// message is queued, and the password and address stay.
func TestRepeatedKeysInMailBodies(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newMailEnv(t, db, looseLimits())
		cookie := mustSignUp(t, e.env, "ana@example.com", "segredo1")
		e.deliver(t)
		cases := []struct{ name, path, body string }{
			{"forgot, e-mail twice", "/api/auth/forgot", `{"email":"x@example.com","email":"ana@example.com"}`},
			{"reset, password twice", "/api/auth/reset", `{"token":"a","password":"novasenha","password":"outra123"}`},
			{"confirm, token twice", "/api/auth/confirm-email", `{"token":"a","token":"b"}`},
			{"confirm new, token twice", "/api/auth/confirm-new-email", `{"token":"a","Token":"b"}`},
			{"address change, e-mail twice", "/api/account/email", `{"current":"segredo1","email":"a@example.com","email":"b@example.com"}`},
			{"address change at the provider, e-mail twice", "/api/account/email/provider", `{"email":"a@example.com","email":"b@example.com"}`},
		}
		for _, v := range readDupVectors(t) {
			if v.Repeated != nil {
				for _, b := range mailBodies {
					cases = append(cases, struct{ name, path, body string }{"vector " + v.Name, b.path, v.JSON})
				}
			}
		}
		for _, tc := range cases {
			res, body := e.post(t, tc.path, tc.body, cookie)
			if res.StatusCode != 400 || !strings.Contains(body, `"code":"invalid_input"`) || !strings.Contains(body, "mais de uma vez") {
				t.Errorf("%s (%s): %d %s", tc.name, tc.path, res.StatusCode, body)
			}
		}
		if got := e.deliver(t); len(got) != 0 {
			t.Errorf("refused requests sent %d messages", len(got))
		}
		if _, body := e.get(t, "/api/account/email", cookie); !strings.Contains(body, `"email":"ana@example.com"`) {
			t.Errorf("the address after the refusals: %s", body)
		}
	})
}

// readDupVectors reads the shared vectors of repeated keys.
func readDupVectors(t *testing.T) []struct {
	Name     string  `json:"name"`
	JSON     string  `json:"json"`
	Repeated *string `json:"repeated"`
} {
	t.Helper()
	raw, err := os.ReadFile("../../../sync/testdata/json/duplicate-keys.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []struct {
			Name     string  `json:"name"`
			JSON     string  `json:"json"`
			Repeated *string `json:"repeated"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(raw, &file); err != nil || len(file.Cases) < 15 {
		t.Fatalf("%d vectors: %v", len(file.Cases), err)
	}
	return file.Cases
}

// countDecodeCalls counts the handlers' calls of decodeJSON, each one
// endpoint reading a JSON body.
func countDecodeCalls(t *testing.T) int {
	t.Helper()
	return len(regexp.MustCompile(`decodeJSON\[[A-Za-z]+\]\(`).FindAllStringIndex(handlerSource(t), -1))
}
