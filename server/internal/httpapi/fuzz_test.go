package httpapi_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// fuzzDialect is PostgreSQL when the suite has one (where a NUL byte used to
// be a 500), else SQLite.
func fuzzDialect() string {
	if os.Getenv("TEST_DATABASE_URL") != "" {
		return "postgres"
	}
	return "sqlite"
}

// fuzzDo sends one request straight to the handler.
func fuzzDo(h http.Handler, method, path, body string, cookie *http.Cookie) *http.Response {
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	if cookie != nil {
		r.AddCookie(cookie)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w.Result()
}

// Any push body is answered without a 500, and every op in a 200 answer has
// one of the three statuses.
func FuzzPush(f *testing.F) {
	db := storetest.MustOpenDB(f, fuzzDialect())
	hub := newEnv(f, db, httpapi.Config{}).hub
	h := testHandler(f, db, httpapi.Config{}, hub, looseLimits(), time.Now)
	res := fuzzDo(h, "POST", "/api/auth/signup", `{"email":"fuzz@example.com","password":"segredo1"}`, nil)
	var cookie *http.Cookie
	for _, c := range res.Cookies() {
		if c.Name == "sorteio_session" {
			cookie = c
		}
	}
	if cookie == nil {
		f.Fatalf("sign-up: %d", res.StatusCode)
	}
	clientID, rid := core.NewID(time.Now()), core.NewID(time.Now())
	create, _ := json.Marshal(createPayload(rid, "K7P2QX"))
	op := func(mutation, typ, payload string) string {
		return `{"client_id":"` + clientID + `","schema_version":2,"ops":[{"op_id":"` + core.NewID(time.Now()) +
			`","mutation_id":` + mutation + `,"raffle_id":"` + rid + `","type":"` + typ + `","base_seq":0,"payload":` + payload + `}]}`
	}
	f.Add(op("1", "raffle.create", string(create)))
	f.Add(op("2", "raffle.update", `{"title":"a\u0000b"}`))
	f.Add(op("3", "raffle.update", `{"title":"`+"\xff"+`"}`))
	f.Add(op("4", "participants.add", `{"tickets":[{"id":"0192f0c1-0000-7000-8000-00000000c001","group_id":"0192f0c1-0000-7000-8000-00000000c001","name":"\u202eAna"}]}`))
	f.Add(op("9223372036854775807", "raffle.delete", `{}`))
	f.Add(`{"client_id":"` + clientID + `","schema_version":2,"ops":[{"op_id":"a\u0000","raffle_id":"\u0000","type":"\u0000","payload":"\u0000"}]}`)
	f.Add(`{"client_id":"\u0000"}`)
	f.Add(`[]`)
	f.Fuzz(func(t *testing.T, body string) {
		res := fuzzDo(h, "POST", "/api/sync/push", body, cookie)
		if res.StatusCode >= 500 {
			t.Fatalf("push %q: %d", body, res.StatusCode)
		}
		if res.StatusCode != 200 {
			return
		}
		var out struct {
			Results []struct {
				Status string `json:"status"`
			} `json:"results"`
		}
		if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
			t.Fatalf("push %q: answer %v", body, err)
		}
		for _, r := range out.Results {
			if r.Status != "applied" && r.Status != "duplicate" && r.Status != "rejected" {
				t.Fatalf("push %q: status %q", body, r.Status)
			}
		}
	})
}

// Sign-up and sign-in bodies of any shape never make a 500.
func FuzzAuthBodies(f *testing.F) {
	db := storetest.MustOpenDB(f, fuzzDialect())
	hub := newEnv(f, db, httpapi.Config{}).hub
	h := testHandler(f, db, httpapi.Config{}, hub, looseLimits(), time.Now)
	for _, b := range []string{
		`{"email":"ana@example.com","password":"segredo1"}`, `{"email":"a\u0000@b.co","password":"x"}`,
		`{"email":"x@exemplo.com\u200b","password":"segredo1"}`, `{"email":"` + "\xff" + `","password":"` + "\xfe" + `"}`,
		`{"email":"ｕ@exemplo.com","password":"\u0000\u0000\u0000\u0000\u0000\u0000"}`, `{"email":[],"password":{}}`, `{`,
	} {
		f.Add(true, b)
		f.Add(false, b)
	}
	f.Fuzz(func(t *testing.T, signUp bool, body string) {
		path := "/api/auth/signin"
		if signUp {
			path = "/api/auth/signup"
		}
		if res := fuzzDo(h, "POST", path, body, nil); res.StatusCode >= 500 {
			t.Fatalf("%s %q: %d", path, body, res.StatusCode)
		}
	})
}
