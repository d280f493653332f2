package httpapi_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/protocol"
)

// organiser is an account with a raffle of two people, signed in on two devices.
type organiser struct {
	e             *env
	phone, laptop *http.Cookie
	raffle, code  string
}

func newOrganiser(t *testing.T, db *store.DB) organiser {
	t.Helper()
	e := newEnv(t, db, httpapi.Config{})
	// These tests sign in more often than the sign-in limits of newEnv allow
	// from one address for one e-mail; the limits have tests of their own.
	e.handler = wire(t, db, e.cfg, e.hub, e.viewers, looseLimits(), e.clock.Now)
	phone := mustSignUp(t, e, "ana@example.com", "segredo1")
	in := e.do(t, request{method: "POST", path: "/api/auth/signin", body: `{"email":"ana@example.com","password":"segredo1"}`})
	laptop := sessionCookie(t, in)
	c := newClient(phone)
	rid, code := core.NewID(time.Now()), protocol.NewCode()
	wantStatuses(t, c.push(t, e, c.op(rid, "raffle.create", createPayload(rid, code)),
		c.op(rid, "participants.add", addPayload(person("Carla", 2), person("Davi", 1)))), "applied", "applied")
	return organiser{e: e, phone: phone, laptop: laptop, raffle: rid, code: code}
}

func (o organiser) post(t *testing.T, path, body string, c *http.Cookie) (int, string) {
	t.Helper()
	res := o.e.do(t, request{method: "POST", path: path, body: body, cookie: c})
	return res.StatusCode, readBody(t, res)
}

func (o organiser) status(t *testing.T, path string, c *http.Cookie) int {
	t.Helper()
	return o.e.do(t, request{method: "GET", path: path, cookie: c}).StatusCode
}

func signInStatus(t *testing.T, e *env, password string) int {
	t.Helper()
	return e.do(t, request{method: "POST", path: "/api/auth/signin",
		body: `{"email":"ana@example.com","password":"` + password + `"}`}).StatusCode
}

func TestAccountPage(t *testing.T) {
	t.Parallel()
	t.Run("account: e-mail and sign-in methods, only when signed in", func(t *testing.T) {
		storetest.Each(t, func(t *testing.T, db *store.DB) {
			o := newOrganiser(t, db)
			res := o.e.do(t, request{method: "GET", path: "/api/account", cookie: o.phone})
			body := readBody(t, res)
			if res.StatusCode != 200 || !strings.Contains(body, `"email":"ana@example.com"`) ||
				!strings.Contains(body, `"has_password":true`) || !strings.Contains(body, `"identities":[]`) {
				t.Errorf("account: %d %s", res.StatusCode, body)
			}
			// Unix milliseconds as in the rest of the API; the old names stay for one release.
			var got struct {
				CreatedAt    any    `json:"created_at"`
				OldCreatedAt string `json:"createdAt"`
				OldPassword  bool   `json:"hasPassword"`
			}
			if err := json.Unmarshal([]byte(body), &got); err != nil {
				t.Fatal(err)
			}
			if ms, ok := got.CreatedAt.(float64); !ok || ms < 1.7e12 || got.OldCreatedAt == "" || !got.OldPassword {
				t.Errorf("account's dates and old names: %s", body)
			}
			if s := o.status(t, "/api/account", nil); s != 401 {
				t.Errorf("without a session: %d", s)
			}
		})
	})
	t.Run("change password: current required, other sessions end, this one stays", func(t *testing.T) {
		storetest.Each(t, func(t *testing.T, db *store.DB) {
			o := newOrganiser(t, db)
			for _, bad := range []struct{ body, want string }{
				{`{"current":"errada","password":"nova-senha"}`, "Senha atual incorreta."},
				{`{"current":"","password":"nova-senha"}`, "Informe a senha atual."},
				{`{"current":"segredo1","password":"123"}`, "A senha deve ter pelo menos 6 caracteres."},
				{`{"current":"segredo1"}`, `"field":"password"`},
				{`{"current":"segredo1","password":"segredo1"}`, "A nova senha deve ser diferente da atual."},
				// The same text as a wrong current one: not a way to confirm a guess.
				{`{"current":"segredo2","password":"segredo2"}`, "Senha atual incorreta."},
			} {
				if s, body := o.post(t, "/api/account/password", bad.body, o.phone); s != 400 || !strings.Contains(body, bad.want) {
					t.Errorf("%s: %d %s", bad.body, s, body)
				}
			}
			wantCounts(1, 2)(t, o.e, nil)
			if signInStatus(t, o.e, "segredo1") != 200 {
				t.Fatal("a refused change changed the password")
			}
			if s, body := o.post(t, "/api/account/password", `{"current":"segredo1","password":"nova-senha"}`, o.phone); s != 204 {
				t.Fatalf("change: %d %s", s, body)
			}
			if o.status(t, "/api/account", o.phone) != 200 || o.status(t, "/api/account", o.laptop) != 401 {
				t.Error("want this session kept and the other ended")
			}
			if signInStatus(t, o.e, "segredo1") != 401 || signInStatus(t, o.e, "nova-senha") != 200 {
				t.Error("the old password still works, or the new one does not")
			}
		})
	})
	t.Run("sign out everywhere ends every session, this one included", func(t *testing.T) {
		storetest.Each(t, func(t *testing.T, db *store.DB) {
			o := newOrganiser(t, db)
			res := o.e.do(t, request{method: "POST", path: "/api/account/signout-all", cookie: o.laptop})
			if res.StatusCode != 204 || !strings.Contains(res.Header.Get("Set-Cookie"), "Max-Age=0") {
				t.Errorf("sign out everywhere: %d, cookie %q", res.StatusCode, res.Header.Get("Set-Cookie"))
			}
			wantCounts(1, 0)(t, o.e, nil)
			if o.status(t, "/api/account", o.phone) != 401 {
				t.Error("the other device is still signed in")
			}
		})
	})
	t.Run("export: the account's raffles, participants and sessions' dates as one file", func(t *testing.T) {
		storetest.Each(t, func(t *testing.T, db *store.DB) {
			o := newOrganiser(t, db)
			other := mustSignUp(t, o.e, "bruno@example.com", "segredo2")
			c := newClient(other)
			rid := core.NewID(time.Now())
			wantStatuses(t, c.push(t, o.e, c.op(rid, "raffle.create", createPayload(rid, protocol.NewCode()))), "applied")

			res := o.e.do(t, request{method: "GET", path: "/api/account/export", cookie: o.phone})
			body := readBody(t, res)
			if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Disposition"), `attachment; filename="sorteio-meus-dados-`) {
				t.Fatalf("export: %d %q", res.StatusCode, res.Header.Get("Content-Disposition"))
			}
			var out struct {
				Account      map[string]any   `json:"account"`
				Sessions     []map[string]any `json:"sessions"`
				Raffles      []map[string]any `json:"raffles"`
				Participants []map[string]any `json:"participants"`
				Draws        []map[string]any `json:"draws"`
				Winners      []map[string]any `json:"winners"`
				Refused      []map[string]any `json:"refused_rounds"`
				ExportedAt   any              `json:"exported_at"`
			}
			if err := json.Unmarshal([]byte(body), &out); err != nil {
				t.Fatal(err)
			}
			if out.Account["email"] != "ana@example.com" || out.Account["has_password"] != true || len(out.Sessions) != 2 || len(out.Raffles) != 1 ||
				out.Raffles[0]["id"] != o.raffle || out.Raffles[0]["allow_duplicate_wins"] != false ||
				len(out.Participants) != 3 || out.Draws == nil || out.Winners == nil || out.Refused == nil {
				t.Fatalf("export: %s", body)
			}
			// One convention with the rest of the API: snake_case names, times in Unix milliseconds.
			if at, ok := out.ExportedAt.(float64); !ok || at < 1.7e12 || strings.Contains(body, "At\"") ||
				out.Sessions[0]["expires_at"].(float64) <= out.Sessions[0]["created_at"].(float64) {
				t.Errorf("export's names or dates: %s", body)
			}
			if strings.Contains(body, "argon2") || strings.Contains(body, "bruno") || strings.Contains(body, rid) {
				t.Errorf("export leaks a password hash or another account's data: %s", body)
			}
		})
	})
	t.Run("delete: only with the e-mail; then no account, sessions or raffles, and the e-mail is free", func(t *testing.T) {
		storetest.Each(t, func(t *testing.T, db *store.DB) {
			o := newOrganiser(t, db)
			bruno := newClient(mustSignUp(t, o.e, "bruno@example.com", "segredo2"))
			brunoRaffle, brunoCode := core.NewID(time.Now()), protocol.NewCode()
			wantStatuses(t, bruno.push(t, o.e, bruno.op(brunoRaffle, "raffle.create", createPayload(brunoRaffle, brunoCode))), "applied")
			audit := "/api/public/raffles/" + o.code + "/audit"
			state := "/api/public/raffles/" + o.code
			if o.status(t, audit, nil) != 200 || o.status(t, state, nil) != 200 {
				t.Fatal("the public page does not answer before the deletion")
			}
			if s, body := o.post(t, "/api/account/delete", `{"email":"outra@example.com"}`, o.phone); s != 400 ||
				!strings.Contains(body, "Digite o e-mail da conta para confirmar.") {
				t.Errorf("wrong e-mail: %d %s", s, body)
			}
			wantCounts(2, 3)(t, o.e, nil)
			if tickets, _ := storetest.Counters(t, db, o.raffle); tickets != 3 {
				t.Errorf("a refused deletion changed the raffle: %d tickets", tickets)
			}

			if s, body := o.post(t, "/api/account/delete", `{"email":" ANA@example.com "}`, o.phone); s != 204 {
				t.Fatalf("delete: %d %s", s, body)
			}
			wantCounts(2, 1)(t, o.e, nil) // Ana's row stays, stripped, as her raffles' owner; Bruno's session stays
			if o.status(t, "/api/account", o.laptop) != 401 || signInStatus(t, o.e, "segredo1") != 401 {
				t.Error("the deleted account still signs in")
			}
			res := o.e.do(t, request{method: "GET", path: audit})
			if body := readBody(t, res); res.StatusCode != 404 {
				t.Errorf("public record of a deleted raffle: %d %s", res.StatusCode, body)
			}
			if s := o.status(t, state, nil); s != 404 {
				t.Errorf("public page of a deleted raffle: %d", s)
			}
			if s := o.status(t, "/api/public/raffles/"+brunoCode+"/audit", nil); s != 200 {
				t.Errorf("another account's raffle after the deletion: %d", s)
			}
			mustSignUp(t, o.e, "ana@example.com", "outra-senha")
		})
	})
}
