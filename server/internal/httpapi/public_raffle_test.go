package httpapi_test

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/public"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

func getPublicState(t *testing.T, e *env, code string) (int, public.State, string) {
	t.Helper()
	res := e.do(t, request{method: "GET", path: "/api/public/raffles/" + code})
	body := readBody(t, res)
	var st public.State
	if res.StatusCode == 200 {
		if err := json.Unmarshal([]byte(body), &st); err != nil {
			t.Fatal(err)
		}
	}
	return res.StatusCode, st, body
}

func TestPublicState(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		cases := []struct {
			stage, code string
			status      int
			check       func(t *testing.T, st public.State, body string)
		}{
			{"pending", "K7P2QX", 200, func(t *testing.T, st public.State, body string) {
				if st.Raffle.Code != "K7P2QX" || st.Raffle.Title != "Rifa da quermesse" || st.Raffle.Status != "pending" ||
					st.Counts != (public.Counts{People: 6, Tickets: 12}) || st.Round != nil || len(st.Winners) != 0 ||
					st.Seq != 2 || len(st.NamesSample) != 1 || st.NamesSample[0] != "Pessoa" {
					t.Errorf("state = %s", body)
				}
			}},
			{"pending", "k7p2qx", 200, nil}, // codes are upper-cased
			{"open", "K7P2QX", 200, func(t *testing.T, st public.State, body string) {
				if st.Raffle.Status != "in_progress" || st.Round == nil || st.Round.CountdownEndsAt != st.Round.StartedAt+int64(st.Raffle.CountdownSeconds)*1000 ||
					len(st.Round.Positions) != 2 || st.Round.Offline {
					t.Errorf("state = %s", body)
				}
			}},
			{"drawn", "K7P2QX", 200, func(t *testing.T, st public.State, body string) {
				if st.Raffle.Status != "completed" || st.Round != nil || len(st.Winners) != 3 || st.Raffle.DrawnAt == nil {
					t.Fatalf("state = %s", body)
				}
				// Position 1, then position 2 invalidated and redrawn.
				w := st.Winners
				if w[0].Position != 1 || !w[0].Valid || w[1].Position != 2 || w[1].Valid || w[1].InvalidatedAt == nil ||
					w[2].Position != 2 || !w[2].Valid || w[1].RoundID == w[2].RoundID {
					t.Errorf("winners = %s", body)
				}
				for _, x := range w {
					if x.Email == nil || !strings.HasPrefix(*x.Email, "pe***@e***.com") || x.TicketNumber == nil || x.Name != "Pessoa" {
						t.Errorf("winner = %+v", x)
					}
				}
				if strings.Contains(body, "Desistiu") || strings.Contains(body, "@example.com") || strings.Contains(body, "seed") {
					t.Errorf("private data in %s", body)
				}
			}},
			{"deleted", "K7P2QX", 404, nil},
			{"pending", "ZZZZZZ", 404, nil},
			{"pending", "K7P2", 404, nil},
		}
		for _, c := range cases {
			t.Run(c.stage+"/"+c.code, func(t *testing.T) {
				e := newEnv(t, storetest.MustOpenDB(t, db.Dialect()), httpapi.Config{})
				auditFixture(c.stage)(t, e)
				status, st, body := getPublicState(t, e, c.code)
				if status != c.status {
					t.Fatalf("status %d, want %d: %s", status, c.status, body)
				}
				if status == 404 && !strings.Contains(body, `"code":"raffle_not_found","message":"Sorteio não encontrado."`) {
					t.Errorf("404 body = %s", body)
				}
				if c.check != nil {
					c.check(t, st, body)
				}
			})
		}
	})
}

func TestPublicLookupsRateLimited(t *testing.T) {
	t.Parallel()
	db := storetest.MustOpenDB(t, "sqlite")
	e := newEnv(t, db, httpapi.Config{})
	auditFixture("pending")(t, e)
	// newEnv allows 10 lookups a minute per address, states and lists alike.
	for i := 0; i < 10; i++ {
		path := "/api/public/raffles/K7P2QX"
		if i%2 == 1 {
			path += "/participants"
		}
		if res := e.do(t, request{method: "GET", path: path, remote: "10.1.1.1:5"}); res.StatusCode != 200 {
			t.Fatalf("lookup %d: %d", i, res.StatusCode)
		}
	}
	res := e.do(t, request{method: "GET", path: "/api/public/raffles/K7P2QX", remote: "10.1.1.1:6"})
	if res.StatusCode != 429 || res.Header.Get("Retry-After") == "" {
		t.Fatalf("11th lookup: %d, Retry-After %q", res.StatusCode, res.Header.Get("Retry-After"))
	}
	if res := e.do(t, request{method: "GET", path: "/api/public/raffles/K7P2QX", remote: "10.1.1.2:5"}); res.StatusCode != 200 {
		t.Fatalf("another address: %d", res.StatusCode)
	}
}

type peoplePage struct {
	Total  int             `json:"total"`
	Offset int             `json:"offset"`
	People []public.Person `json:"people"`
}

// namedEntrants makes one person per name, each with two tickets numbered
// from first and an e-mail made from their position. Ids increase in that
// order: tickets added together are listed in id order.
func namedEntrants(names []string, first int) [][]ticket {
	out := make([][]ticket, len(names))
	ids := make([]string, 2*len(names))
	for i := range ids {
		ids[i] = core.NewID(time.Now())
	}
	sort.Strings(ids)
	for i, n := range names {
		g := person(n, 2)
		for j := range g {
			g[j].ID = ids[2*i+j]
			num, mail := fmt.Sprintf("%04d", first+2*i+j), fmt.Sprintf("entrante%d@exemplo.com.br", first+i)
			g[j].TicketNumber, g[j].Email = &num, &mail
		}
		out[i] = g
	}
	return out
}

func TestPublicParticipants(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, httpapi.Config{})
		e.handler = wire(t, db, e.cfg, e.hub, e.viewers, looseLimits(), e.clock.Now)
		c := newClient(mustSignUp(t, e, "org@example.com", "segredo1"))
		rid := core.NewID(time.Now())
		names := []string{"Ana Souza", "João Conceição", "Bruno Lima", "Joana Dark", "Márcia 100%", "Zé_Ninguém"}
		// Two additions, which may fall in one millisecond: ids order them.
		all := namedEntrants(names, 1)
		wantStatuses(t, c.push(t, e, c.op(rid, "raffle.create", createPayload(rid, "K7P2QX")),
			c.op(rid, "participants.add", addPayload(all[:3]...)), c.op(rid, "participants.add", addPayload(all[3:]...))),
			"applied", "applied", "applied")

		cases := []struct {
			query  string
			status int
			total  int
			names  []string
		}{
			{"", 200, 6, names},
			{"?limit=2", 200, 6, names[:2]},
			{"?limit=2&offset=4", 200, 6, names[4:]},
			{"?offset=6", 200, 6, nil},
			{"?q=JOAO", 200, 1, []string{"João Conceição"}},
			{"?q=conceicao", 200, 1, []string{"João Conceição"}},
			{"?q=jo", 200, 2, []string{"João Conceição", "Joana Dark"}},
			{"?q=marcia", 200, 1, []string{"Márcia 100%"}},
			{"?q=%25", 200, 1, []string{"Márcia 100%"}}, // a literal %, not a wildcard
			{"?q=_", 200, 1, []string{"Zé_Ninguém"}},
			{"?q=0008", 200, 1, []string{"Joana Dark"}}, // ticket 0008 is Joana's second
			{"?q=00", 200, 6, names},                    // a prefix of every number
			{"?q=008", 200, 0, nil},                     // numbers match by prefix only
			{"?q=entrante", 200, 0, nil},                // never by e-mail
			{"?q=exemplo", 200, 0, nil},
			{"?limit=101", 400, 0, nil},
			{"?limit=0", 400, 0, nil},
			{"?offset=-1", 400, 0, nil},
			{"?q=" + strings.Repeat("a", 101), 400, 0, nil},
			{"?q=%C3", 400, 0, nil}, // not UTF-8
		}
		for _, cs := range cases {
			res := e.do(t, request{method: "GET", path: "/api/public/raffles/K7P2QX/participants" + cs.query})
			body := readBody(t, res)
			if res.StatusCode != cs.status {
				t.Errorf("%s: %d %s", cs.query, res.StatusCode, body)
				continue
			}
			if cs.status != 200 {
				continue
			}
			var page peoplePage
			if err := json.Unmarshal([]byte(body), &page); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range page.People {
				got = append(got, p.Name)
				if len(p.Tickets) != 2 || p.Email == nil || !strings.HasPrefix(*p.Email, "en***@e***.br") {
					t.Errorf("%s: person %+v", cs.query, p)
				}
			}
			if page.Total != cs.total || fmt.Sprint(got) != fmt.Sprint(cs.names) {
				t.Errorf("%s: total %d %v, want %d %v", cs.query, page.Total, got, cs.total, cs.names)
			}
			if strings.Contains(body, "@exemplo") {
				t.Errorf("%s: a full e-mail in %s", cs.query, body)
			}
		}
		if s := c.getJSON(t, e, "/api/public/raffles/ZZZZZZ/participants", nil); s != 404 {
			t.Errorf("unknown code: %d", s)
		}
	})
}
