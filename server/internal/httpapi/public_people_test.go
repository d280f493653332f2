package httpapi_test

import (
	"fmt"
	"sort"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// People added by one op share their creation time; their ids, made by any
// client, need not follow the order they were given in. The list then goes
// by first ticket number, the same on every page and on both databases.
func TestPublicParticipantsOrderWithinOneMillisecond(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, httpapi.Config{})
		e.handler = wire(t, db, e.cfg, e.hub, e.viewers, looseLimits(), e.clock.Now)
		c := newClient(mustSignUp(t, e, "org@example.com", "segredo1"))
		rid := core.NewID(time.Now())
		const people = 8
		ids := make([]string, 2*people)
		for i := range ids {
			ids[i] = core.NewID(time.Now())
		}
		// Ids decrease while the numbers increase: an order by id alone
		// lists the people backwards.
		sort.Sort(sort.Reverse(sort.StringSlice(ids)))
		var all [][]ticket
		var want []string
		for i := range people {
			g := person(fmt.Sprintf("Pessoa %d", i+1), 2)
			for j := range g {
				g[j].ID = ids[2*i+j]
			}
			g[0].GroupID = g[0].ID
			g[1].GroupID = g[0].ID
			all = append(all, g)
			want = append(want, g[0].Name+" "+*g[0].TicketNumber+" "+*g[1].TicketNumber)
		}
		wantStatuses(t, c.push(t, e, c.op(rid, "raffle.create", createPayload(rid, "K7P2QX")),
			c.op(rid, "participants.add", addPayload(all...))), "applied", "applied")

		list := func(query string) []string {
			var page peoplePage
			if s := c.getJSON(t, e, "/api/public/raffles/K7P2QX/participants"+query, &page); s != 200 {
				t.Fatalf("%s: %d", query, s)
			}
			var out []string
			for _, p := range page.People {
				line := p.Name
				for _, n := range p.Tickets {
					line += " " + *n
				}
				out = append(out, line)
			}
			return out
		}
		if got := list(""); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("list = %v\nwant %v", got, want)
		}
		var paged []string
		for offset := 0; offset < people; offset += 3 {
			paged = append(paged, list(fmt.Sprintf("?limit=3&offset=%d", offset))...)
		}
		if fmt.Sprint(paged) != fmt.Sprint(want) {
			t.Errorf("pages = %v\nwant %v", paged, want)
		}
		if got := list("?q=pessoa"); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("search = %v\nwant %v", got, want)
		}
	})
}
