package httpapi_test

import (
	"encoding/json"
	"fmt"
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

type changesPage struct {
	Changes []struct {
		Seq     int64           `json:"seq"`
		OpID    string          `json:"op_id"`
		Type    string          `json:"type"`
		Payload json.RawMessage `json:"payload"`
	} `json:"changes"`
	Cursor  string `json:"cursor"`
	More    bool   `json:"more"`
	Refetch bool   `json:"refetch"`
}

func TestPushThenPull(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, c, rid := signedUpWithRaffleID(t, db)
		ana, bia := person("Ana", 3), person("Bia", 1)
		res := c.push(t, e,
			c.op(rid, "raffle.create", createPayload(rid, "K7P2QX")),
			c.op(rid, "raffle.update", map[string]any{"title": "  Rifa de Natal ", "winners_count": 2}),
			c.op(rid, "participants.add", addPayload(ana, bia)),
			c.op(rid, "participants.remove_group", map[string]any{"group_id": bia[0].GroupID}),
		)
		wantStatuses(t, res, "applied", "applied", "applied", "applied")
		for i, r := range res {
			if r.Seq != int64(i+1) {
				t.Errorf("op %d: seq %d, want %d", i+1, r.Seq, i+1)
			}
		}

		var page changesPage
		if s := c.getJSON(t, e, "/api/sync/raffles/"+rid+"/changes", &page); s != 200 {
			t.Fatalf("changes: %d", s)
		}
		if len(page.Changes) != 4 || page.More {
			t.Fatalf("changes: %d (more %v), want 4", len(page.Changes), page.More)
		}
		if !strings.Contains(string(page.Changes[1].Payload), `"title":"Rifa de Natal"`) {
			t.Errorf("the log keeps the normalised update: %s", page.Changes[1].Payload)
		}

		var snap snapshotBody
		c.getJSON(t, e, "/api/sync/raffles/"+rid+"/snapshot", &snap)
		if snap.Raffle.Title != "Rifa de Natal" || snap.Raffle.WinnersCount != 2 || snap.HeadSeq != 4 {
			t.Errorf("snapshot raffle = %+v head %d", snap.Raffle, snap.HeadSeq)
		}
		if len(snap.Participants) != 3 || snap.Participants[0].Name != "Ana" {
			t.Errorf("snapshot participants = %+v, want Ana's 3 tickets", snap.Participants)
		}
		if snap.Cursor != page.Cursor {
			t.Errorf("snapshot cursor %q != last page cursor %q", snap.Cursor, page.Cursor)
		}

		// Nothing after the last cursor.
		var next changesPage
		c.getJSON(t, e, "/api/sync/raffles/"+rid+"/changes?after="+page.Cursor, &next)
		if len(next.Changes) != 0 || next.Cursor != page.Cursor {
			t.Errorf("after the head: %d changes, cursor %q", len(next.Changes), next.Cursor)
		}

		var feed struct {
			Raffles []store.FeedEntry `json:"raffles"`
			Cursor  string            `json:"cursor"`
		}
		c.getJSON(t, e, "/api/sync/raffles", &feed)
		if len(feed.Raffles) != 1 || feed.Raffles[0].HeadSeq != 4 || feed.Raffles[0].Code != "K7P2QX" {
			t.Fatalf("feed = %+v", feed.Raffles)
		}
		// The feed after its cursor is empty until something changes.
		c.getJSON(t, e, "/api/sync/raffles?after="+feed.Cursor, &feed)
		if len(feed.Raffles) != 0 {
			t.Fatalf("feed after cursor = %+v, want empty", feed.Raffles)
		}
	})
}

func TestPushIsIdempotent(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, c, rid := signedUpWithRaffleID(t, db)
		create := c.op(rid, "raffle.create", createPayload(rid, "K7P2QX"))
		bad := c.op(rid, "raffle.update", map[string]any{"winners_count": 500})
		add := c.op(rid, "participants.add", addPayload(person("Ana", 2)))
		first := c.push(t, e, create, bad, add)
		wantStatuses(t, first, "applied", "rejected:winners_out_of_range", "applied")

		again := c.push(t, e, create, bad, add)
		wantStatuses(t, again, "duplicate", "duplicate", "duplicate")
		if again[0].Seq != first[0].Seq || again[2].Seq != first[2].Seq || again[1].Reason != "winners_out_of_range" {
			t.Fatalf("duplicates changed their answers: %+v vs %+v", again, first)
		}
		if n := storetest.CountChanges(t, db, rid); n != 2 {
			t.Fatalf("log has %d entries, want 2", n)
		}
		// The same tickets under a new op id are refused: their numbers are
		// taken, and without numbers their ids (ids are global).
		dupTickets := c.op(rid, "participants.add", add.Payload)
		var unnumbered []ticket
		for _, tk := range add.Payload.(map[string]any)["tickets"].([]ticket) {
			tk.TicketNumber = nil
			unnumbered = append(unnumbered, tk)
		}
		dupIDs := c.op(rid, "participants.add", addPayload(unnumbered))
		wantStatuses(t, c.push(t, e, dupTickets, dupIDs), "rejected:ticket_number_taken", "rejected:participant_exists")
	})
}

func TestMutationIDs(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, c, rid := signedUpWithRaffleID(t, db)
		rejected := c.op(rid, "raffle.update", map[string]any{"title": "x"}) // raffle does not exist yet
		create := c.op(rid, "raffle.create", createPayload(rid, "K7P2QX"))
		wantStatuses(t, c.push(t, e, rejected, create), "rejected:raffle_not_found", "applied")

		// An op numbered below the last one would reorder history.
		old := testOp{OpID: core.NewID(time.Now()), MutationID: 1, RaffleID: rid, Type: "raffle.update", Payload: map[string]any{"title": "y"}}
		wantStatuses(t, c.push(t, e, old), "rejected:stale_mutation")
		// A gap is fine.
		c.mutation += 10
		wantStatuses(t, c.push(t, e, c.op(rid, "raffle.update", map[string]any{"title": "z"})), "applied")
	})
}

func TestConflictRulesOverHTTP(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, httpapi.Config{})
		ana := newClient(mustSignUp(t, e, "ana@example.com", "segredo1"))
		bia := newClient(mustSignUp(t, e, "bia@example.com", "segredo1"))
		rid := core.NewID(time.Now())
		p := person("Carla", 2)
		wantStatuses(t, ana.push(t, e,
			ana.op(rid, "raffle.create", createPayload(rid, "K7P2QX")),
			ana.op(rid, "participants.add", addPayload(p)),
		), "applied", "applied")

		// Another account's raffle behaves like a missing one, for every op
		// (a create makes Bia a raffle of her own: existence_test.go).
		wantStatuses(t, bia.push(t, e,
			bia.op(rid, "raffle.update", map[string]any{"title": "roubado"}),
			bia.op(rid, "participants.add", addPayload(person("X", 1))),
			bia.op(rid, "participants.remove_group", map[string]any{"group_id": p[0].GroupID}),
			bia.op(rid, "raffle.delete", map[string]any{}),
		), "rejected:raffle_not_found", "rejected:raffle_not_found", "rejected:raffle_not_found", "rejected:raffle_not_found")

		// Removing someone who is not there.
		wantStatuses(t, ana.push(t, e, ana.op(rid, "participants.remove_group",
			map[string]any{"group_id": core.NewID(time.Now())})), "rejected:group_not_found")

		// 1,000 tickets a person, across ops.
		big := person("Dani", 1000)
		wantStatuses(t, ana.push(t, e,
			ana.op(rid, "participants.add", addPayload(big[:600])),
			ana.op(rid, "participants.add", addPayload(big[600:])),
		), "applied", "applied")
		one := person("Dani", 1)
		one[0].GroupID = big[0].GroupID
		wantStatuses(t, ana.push(t, e, ana.op(rid, "participants.add", addPayload(one))), "rejected:too_many_tickets_per_person")

		// Once the draw has started, nothing but the draw changes the raffle.
		storetest.SetRaffleStatus(t, db, rid, protocol.StatusInProgress)
		wantStatuses(t, ana.push(t, e,
			ana.op(rid, "raffle.update", map[string]any{"title": "tarde"}),
			ana.op(rid, "participants.add", addPayload(person("Eva", 1))),
			ana.op(rid, "participants.remove_group", map[string]any{"group_id": p[0].GroupID}),
			ana.op(rid, "raffle.delete", map[string]any{}),
		), "rejected:draw_started", "rejected:draw_started", "rejected:draw_started", "rejected:draw_in_progress")
		storetest.SetRaffleStatus(t, db, rid, protocol.StatusCompleted)
		wantStatuses(t, ana.push(t, e,
			ana.op(rid, "raffle.update", map[string]any{"title": "tarde"}),
			ana.op(rid, "raffle.delete", map[string]any{}),
			ana.op(rid, "raffle.update", map[string]any{"title": "depois"}),
		), "rejected:draw_started", "applied", "rejected:raffle_not_found")

		// The deleted raffle leaves the pulls but stays in the feed as deleted.
		if s := ana.getJSON(t, e, "/api/sync/raffles/"+rid+"/snapshot", nil); s != 404 {
			t.Fatalf("snapshot of a deleted raffle: %d, want 404", s)
		}
		var feed struct {
			Raffles []store.FeedEntry `json:"raffles"`
		}
		ana.getJSON(t, e, "/api/sync/raffles", &feed)
		if len(feed.Raffles) != 1 || !feed.Raffles[0].Deleted {
			t.Fatalf("feed = %+v, want the raffle marked deleted", feed.Raffles)
		}
	})
}

func TestPeopleAndTicketCaps(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("writes 100,000 tickets")
	}
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, c, rid := signedUpWithRaffleID(t, db)
		wantStatuses(t, c.push(t, e, c.op(rid, "raffle.create", createPayload(rid, "K7P2QX"))), "applied")

		// 10,000 people of 1 ticket, then 90,000 more tickets for the first 90 of them, numbered
		// apart from the other tests' tickets (person's numbers go round at 100,000).
		var seq int64
		capsPerson := func(name string, n int) []ticket { return numberedPerson(name, n, func() int64 { seq++; return seq }) }
		var people [][]ticket
		for i := 0; i < protocol.MaxPeople; i++ {
			people = append(people, capsPerson("P", 1))
		}
		var ops []testOp
		for i := 0; i < len(people); i += 5000 {
			ops = append(ops, c.op(rid, "participants.add", addPayload(people[i:i+5000]...)))
		}
		wantStatuses(t, c.push(t, e, ops...), "applied", "applied")
		wantStatuses(t, c.push(t, e, c.op(rid, "participants.add", addPayload(capsPerson("Nova", 1)))), "rejected:too_many_people")

		ops = ops[:0]
		for i := 0; i < 90; i++ {
			more := capsPerson("P", 999)
			for j := range more {
				more[j].GroupID = people[i][0].GroupID
			}
			ops = append(ops, c.op(rid, "participants.add", addPayload(more)))
		}
		res := c.push(t, e, ops...)
		for i, r := range res {
			if r.Status != "applied" {
				t.Fatalf("op %d: %+v", i, r)
			}
		}
		// 10,000 + 89,910 = 99,910 tickets: 90 more fit, 91 do not.
		extra := capsPerson("P", 91)
		for j := range extra {
			extra[j].GroupID = people[100][0].GroupID
		}
		wantStatuses(t, c.push(t, e, c.op(rid, "participants.add", addPayload(extra))), "rejected:too_many_tickets")
		wantStatuses(t, c.push(t, e, c.op(rid, "participants.add", addPayload(extra[:90]))), "applied")
		tickets, groups := storetest.Counters(t, db, rid)
		if tickets != protocol.MaxTickets || groups != protocol.MaxPeople {
			t.Fatalf("counters: %d tickets, %d people", tickets, groups)
		}
	})
}

func userIDOf(t *testing.T, e *env, c *client) string {
	t.Helper()
	var body struct {
		User struct {
			ID string `json:"id"`
		} `json:"user"`
	}
	c.getJSON(t, e, "/api/auth/session", &body)
	return body.User.ID
}

func TestCodeCollisionIsResolvedByTheServer(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, httpapi.Config{})
		ana := newClient(mustSignUp(t, e, "ana@example.com", "segredo1"))
		bia := newClient(mustSignUp(t, e, "bia@example.com", "segredo1"))
		r1, r2 := core.NewID(time.Now()), core.NewID(time.Now())
		first := ana.push(t, e, ana.op(r1, "raffle.create", createPayload(r1, "K7P2QX")))
		second := bia.push(t, e, bia.op(r2, "raffle.create", createPayload(r2, "K7P2QX")))
		if first[0].Code != "" {
			t.Fatalf("first create got a new code %q", first[0].Code)
		}
		if second[0].Status != "applied" || !protocol.IsCode(second[0].Code) || second[0].Code == "K7P2QX" {
			t.Fatalf("colliding create: %+v, want applied with a new code", second[0])
		}
		var snap snapshotBody
		bia.getJSON(t, e, "/api/sync/raffles/"+r2+"/snapshot", &snap)
		if snap.Raffle.Code != second[0].Code {
			t.Fatalf("stored code %q, told %q", snap.Raffle.Code, second[0].Code)
		}
		var page changesPage
		bia.getJSON(t, e, "/api/sync/raffles/"+r2+"/changes", &page)
		if !strings.Contains(string(page.Changes[0].Payload), second[0].Code) {
			t.Fatalf("the log keeps the old code: %s", page.Changes[0].Payload)
		}
	})
}

func TestPullPagingAndCursors(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, c, rid := signedUpWithRaffleID(t, db)
		ops := []testOp{c.op(rid, "raffle.create", createPayload(rid, "K7P2QX"))}
		for i := 0; i < 4; i++ {
			ops = append(ops, c.op(rid, "raffle.update", map[string]any{"countdown_seconds": i}))
		}
		c.push(t, e, ops...)

		var seqs []int64
		cursor := ""
		for pages := 0; ; pages++ {
			var page changesPage
			c.getJSON(t, e, "/api/sync/raffles/"+rid+"/changes?limit=2&after="+cursor, &page)
			for _, ch := range page.Changes {
				seqs = append(seqs, ch.Seq)
			}
			cursor = page.Cursor
			if !page.More {
				break
			}
			if pages > 5 {
				t.Fatal("paging does not end")
			}
		}
		if len(seqs) != 5 || seqs[0] != 1 || seqs[4] != 5 {
			t.Fatalf("paged seqs = %v, want 1..5", seqs)
		}

		// A new epoch (compaction, restore) makes old cursors refetch.
		storetest.SetEpoch(t, db, rid, 2)
		var page changesPage
		c.getJSON(t, e, "/api/sync/raffles/"+rid+"/changes?after="+cursor, &page)
		if !page.Refetch {
			t.Fatalf("old-epoch cursor: %+v, want refetch", page)
		}
		// A cursor past the head (a restored, older log) refetches too.
		c.getJSON(t, e, "/api/sync/raffles/"+rid+"/changes?after="+protocol.Cursor{Epoch: 2, Seq: 99}.String(), &page)
		if !page.Refetch {
			t.Fatal("cursor past the head did not refetch")
		}
	})
}

func TestSyncBadInput(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, httpapi.Config{})
		anaCookie := mustSignUp(t, e, "ana@example.com", "segredo1")
		ana := newClient(anaCookie)
		rid := core.NewID(time.Now())
		ana.push(t, e, ana.op(rid, "raffle.create", createPayload(rid, "K7P2QX")))
		biaCookie := mustSignUp(t, e, "bia@example.com", "segredo1")
		bia := newClient(biaCookie)

		many := make([]testOp, 501)
		for i := range many {
			many[i] = ana.op(rid, "raffle.update", map[string]any{"title": "x"})
		}
		// The version this build speaks, as pushBody writes it.
		current := fmt.Sprintf(`"schema_version":%d`, protocol.SchemaVersion)
		for _, tc := range []struct {
			name   string
			req    request
			status int
			want   string
		}{
			{"push without a session", request{method: "POST", path: "/api/sync/push", body: pushBody(ana.id)}, 401, "unauthenticated"},
			{"push with a bad client id", request{method: "POST", path: "/api/sync/push", body: pushBody("abc"), cookie: anaCookie}, 400, "client_id"},
			{"push from a future version", request{method: "POST", path: "/api/sync/push", cookie: anaCookie,
				body: strings.Replace(pushBody(ana.id), current, fmt.Sprintf(`"schema_version":%d`, protocol.SchemaVersion+1), 1)}, 400, "Atualize a página"},
			{"push from the previous version", request{method: "POST", path: "/api/sync/push", cookie: anaCookie,
				body: strings.Replace(pushBody(ana.id, ana.op(rid, "raffle.update", map[string]any{"title": "v5"})),
					current, fmt.Sprintf(`"schema_version":%d`, protocol.SchemaVersion-1), 1)}, 200, `"status":"applied"`},
			{"push from the oldest version still taken", request{method: "POST", path: "/api/sync/push", cookie: anaCookie,
				body: strings.Replace(pushBody(ana.id, ana.op(rid, "raffle.update", map[string]any{"title": "v2"})),
					current, `"schema_version":2`, 1)}, 200, `"status":"applied"`},
			{"push from a version too old", request{method: "POST", path: "/api/sync/push", cookie: anaCookie,
				body: strings.Replace(pushBody(ana.id), current, `"schema_version":1`, 1)}, 400, "Atualize a página"},
			{"push of 501 ops", request{method: "POST", path: "/api/sync/push", body: pushBody(ana.id, many...), cookie: anaCookie}, 400, "500"},
			{"push with another account's client id", request{method: "POST", path: "/api/sync/push", cookie: biaCookie,
				body: pushBody(ana.id, bia.op(core.NewID(time.Now()), "raffle.create", createPayload(core.NewID(time.Now()), "AAAAAA")))},
				403, "forbidden_client"},
			{"push of another account's ops under this session", request{method: "POST", path: "/api/sync/push", cookie: biaCookie,
				body: strings.Replace(pushBody(bia.id, bia.op(rid, "raffle.update", map[string]any{"title": "x"})), `"client_id"`, `"user_id":"`+userIDOf(t, e, ana)+`","client_id"`, 1)},
				403, "outra conta"},
			{"push of malformed JSON", request{method: "POST", path: "/api/sync/push", body: `{"ops":[`, cookie: anaCookie}, 400, "invalid_json"},
			{"pull with a bad cursor", request{method: "GET", path: "/api/sync/raffles/" + rid + "/changes?after=zzz", cookie: anaCookie}, 400, "Cursor inválido"},
			{"pull with a bad limit", request{method: "GET", path: "/api/sync/raffles/" + rid + "/changes?limit=5000", cookie: anaCookie}, 400, "limite"},
			{"pull of another account's raffle", request{method: "GET", path: "/api/sync/raffles/" + rid + "/changes", cookie: biaCookie}, 404, "not_found"},
			{"snapshot of another account's raffle", request{method: "GET", path: "/api/sync/raffles/" + rid + "/snapshot", cookie: biaCookie}, 404, "not_found"},
			{"pull of a missing raffle", request{method: "GET", path: "/api/sync/raffles/nada/changes", cookie: anaCookie}, 404, "not_found"},
			{"feed without a session", request{method: "GET", path: "/api/sync/raffles"}, 401, "unauthenticated"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				res := e.do(t, tc.req)
				body := readBody(t, res)
				if res.StatusCode != tc.status || !strings.Contains(body, tc.want) {
					t.Fatalf("%d %s; want %d with %q", res.StatusCode, body, tc.status, tc.want)
				}
			})
		}
		// Another account's raffle and a missing one answer the same body.
		a := readBody(t, e.do(t, request{method: "GET", path: "/api/sync/raffles/" + rid + "/snapshot", cookie: biaCookie}))
		b := readBody(t, e.do(t, request{method: "GET", path: "/api/sync/raffles/" + core.NewID(time.Now()) + "/snapshot", cookie: biaCookie}))
		if a != b {
			t.Fatalf("another's raffle %q differs from a missing one %q", a, b)
		}
		// The create and the updates of versions 3 and 2; nothing else.
		if n := storetest.CountChanges(t, db, rid); n != 3 {
			t.Fatalf("bad input changed the log: %d entries", n)
		}
	})
}

// The snapshot's JSON is what the PWA reads.
func TestSnapshotShape(t *testing.T) {
	t.Parallel()
	db := storetest.MustOpenDB(t, "sqlite")
	e, c, rid := signedUpWithRaffleID(t, db)
	ana := person("Ana", 1)
	num := "001"
	ana[0].TicketNumber = &num
	c.push(t, e, c.op(rid, "raffle.create", createPayload(rid, "K7P2QX")), c.op(rid, "participants.add", addPayload(ana)))
	res := e.do(t, request{method: "GET", path: "/api/sync/raffles/" + rid + "/snapshot", cookie: c.cookie})
	body := readBody(t, res)
	for _, want := range []string{`"raffle":{"id":"` + rid, `"code":"K7P2QX"`, `"status":"pending"`, `"allow_duplicate_wins":false`,
		`"drawn_at":null`, `"participants":[{"id":`, `"ticket_number":"001"`, `"email":null`, `"cursor":"`, `"head_seq":2`,
		`"draws":[]`, `"winners":[]`, `"server_time":`} {
		if !strings.Contains(body, want) {
			t.Errorf("snapshot lacks %s: %s", want, body)
		}
	}
	if res.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("snapshot is cacheable: %q", res.Header.Get("Cache-Control"))
	}
}

// Push, changes and snapshot answers carry the server's clock (Unix ms), from
// which devices estimate their offset for the draw's countdown.
func TestServerTime(t *testing.T) {
	t.Parallel()
	db := storetest.MustOpenDB(t, "sqlite")
	e, c, rid := signedUpWithRaffleID(t, db)
	before := time.Now().UnixMilli()
	push := e.do(t, request{method: "POST", path: "/api/sync/push", cookie: c.cookie,
		body: pushBody(c.id, c.op(rid, "raffle.create", createPayload(rid, "K7P2QX")))})
	for name, res := range map[string]*http.Response{
		"push":     push,
		"changes":  e.do(t, request{method: "GET", path: "/api/sync/raffles/" + rid + "/changes", cookie: c.cookie}),
		"refetch":  e.do(t, request{method: "GET", path: "/api/sync/raffles/" + rid + "/changes?after=" + protocol.Cursor{Epoch: 9, Seq: 1}.String(), cookie: c.cookie}),
		"snapshot": e.do(t, request{method: "GET", path: "/api/sync/raffles/" + rid + "/snapshot", cookie: c.cookie}),
	} {
		var body struct {
			ServerTime int64 `json:"server_time"`
		}
		raw := readBody(t, res)
		if err := json.Unmarshal([]byte(raw), &body); err != nil || body.ServerTime < before || body.ServerTime > time.Now().UnixMilli() {
			t.Errorf("%s: server_time %d not in [%d, now]: %s", name, body.ServerTime, before, raw)
		}
	}
}
