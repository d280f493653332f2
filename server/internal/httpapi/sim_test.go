package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/server/internal/ws"
)

// simServer is the real handler over a real database, restartable: a restart
// closes the database and opens it again from the same place.
type simServer struct {
	t   *testing.T
	dsn string
	mu  sync.RWMutex
	db  *store.DB
	h   http.Handler
}

func (s *simServer) start() {
	db, err := store.Open(context.Background(), s.dsn, storetest.Logger(s.t))
	if err != nil {
		s.t.Fatalf("open: %v", err)
	}
	s.db = db
	hub := ws.NewHub(storetest.Logger(s.t))
	s.h = testHandler(s.t, db, httpapi.Config{}, hub, looseLimits(), time.Now)
}

func (s *simServer) restart() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.db.Close()
	s.start()
}

func (s *simServer) do(method, path, body string, cookie *http.Cookie) (int, string) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	if body != "" {
		r.Header.Set("Content-Type", "application/json")
	}
	if cookie != nil {
		r.AddCookie(cookie)
	}
	w := httptest.NewRecorder()
	s.h.ServeHTTP(w, r)
	return w.Code, w.Body.String()
}

// device is one simulated PWA: local state, an outbox, cursors.
type device struct {
	name     string
	rng      *rand.Rand
	srv      *simServer
	cookie   *http.Cookie
	id       string
	mutation int64
	state    simState
	outbox   []testOp
	cursors  map[string]string
	feed     string
	// answered records every op id the server said it applied (with seq).
	answered map[string]int64
	// made lists every op this device queued; refused keeps, as the PWA's
	// 'Não enviados' does, each one the server refused, with its reason.
	made    []string
	refused map[string]string
	// offline lists the rounds this device drew offline (sim_refused_test.go).
	offline []simOffline
	errs    []string
}

func (d *device) fail(format string, args ...any) {
	d.errs = append(d.errs, d.name+": "+fmt.Sprintf(format, args...))
}

func (d *device) enqueue(raffleID, typ string, payload any) {
	d.mutation++
	op := testOp{OpID: core.NewID(time.Now()), MutationID: d.mutation, RaffleID: raffleID, Type: typ, Payload: payload}
	raw, _ := json.Marshal(payload)
	d.state.applyChange(raffleID, typ, raw)
	d.outbox = append(d.outbox, op)
	d.made = append(d.made, op.OpID)
}

func (d *device) randomRaffle() (string, *simRaffle) {
	for id, r := range d.state {
		return id, r // map order is random enough here
	}
	return "", nil
}

// act makes one random local change, as an organiser would; a draw op with
// probability drawing.
func (d *device) act(drawing float64) {
	id, r := d.randomRaffle()
	if r != nil && d.rng.Float64() < drawing && d.actDraw(id, r) {
		return
	}
	p := d.rng.Float64()
	switch {
	case r == nil || p < 0.12:
		rid := core.NewID(time.Now())
		codes := []string{"AAAAAA", "BBBBBB", "CCCCCC"} // few codes: collisions happen
		pl := createPayload(rid, codes[d.rng.IntN(len(codes))])
		pl["type"] = []string{"simple", "tickets"}[d.rng.IntN(2)]
		d.enqueue(rid, "raffle.create", pl)
	case p < 0.45:
		fields := []map[string]any{
			{"title": fmt.Sprintf("Rifa %s %d", d.name, d.rng.IntN(100))},
			{"description": fmt.Sprintf("desc %d", d.rng.IntN(100))},
			{"winners_count": 1 + d.rng.IntN(100)},
			{"countdown_seconds": d.rng.IntN(301)},
			{"allow_duplicate_wins": d.rng.IntN(2) == 1},
			{"winners_count": 0}, // invalid: rejected, and the raffle is rebuilt
		}
		d.enqueue(id, "raffle.update", fields[d.rng.IntN(len(fields))])
	case p < 0.8:
		tickets := person(fmt.Sprintf("P%d", d.rng.IntN(50)), 1+d.rng.IntN(4))
		if len(r.Tickets) > 0 && d.rng.IntN(3) == 0 {
			for _, t := range r.Tickets {
				for i := range tickets {
					tickets[i].GroupID, tickets[i].Name = t.GroupID, t.Name
				}
				break
			}
		}
		d.enqueue(id, "participants.add", addPayload(tickets))
	case p < 0.95:
		for _, t := range r.Tickets {
			d.enqueue(id, "participants.remove_group", map[string]any{"group_id": t.GroupID})
			return
		}
	default:
		d.enqueue(id, "raffle.delete", map[string]any{})
	}
}

// sync pushes the outbox and pulls. With faults on, answers get lost and
// requests get delivered twice, as on a venue's network.
func (d *device) sync(faults bool) {
	if len(d.outbox) > 0 {
		batch := d.outbox[:min(len(d.outbox), 40)]
		body := pushBody(d.id, batch...)
		status, resp := d.srv.do("POST", "/api/sync/push", body, d.cookie)
		if faults && d.rng.Float64() < 0.1 {
			status, resp = d.srv.do("POST", "/api/sync/push", body, d.cookie) // delivered twice
		}
		if faults && d.rng.Float64() < 0.2 {
			return // the answer was lost: the ops stay and are retried
		}
		if status != 200 {
			d.fail("push: %d %s", status, resp)
			return
		}
		var out struct{ Results []opResult }
		_ = json.Unmarshal([]byte(resp), &out)
		rebuild := map[string]bool{}
		for i, res := range out.Results {
			op := batch[i]
			switch res.Status {
			case "applied", "duplicate":
				if res.Seq > 0 {
					if prev, ok := d.answered[op.OpID]; ok && prev != res.Seq {
						d.fail("op %s answered seq %d then %d", op.OpID, prev, res.Seq)
					}
					d.answered[op.OpID] = res.Seq
				} else if res.Reason != "" {
					// A rejection whose first answer was lost: kept like any other.
					d.keep(op, res)
					rebuild[op.RaffleID] = true
				}
				if res.Code != "" && d.state[op.RaffleID] != nil {
					d.state[op.RaffleID].Code = res.Code
				}
			case "rejected":
				d.keep(op, res)
				rebuild[op.RaffleID] = true
			default:
				d.fail("unknown status %q", res.Status)
			}
		}
		d.outbox = append([]testOp(nil), d.outbox[len(out.Results):]...)
		for rid := range rebuild {
			d.rebuild(rid)
		}
	}
	d.pull()
}

// keep moves a refused op out of the outbox into the device's refused ops;
// a refusal without a reason could not be explained to anyone.
func (d *device) keep(op testOp, res opResult) {
	if res.Reason == "" || res.Message == "" {
		d.fail("op %s refused without a reason or message: %+v", op.OpID, res)
	}
	d.refused[op.OpID] = res.Reason
}

// everyOpSettled checks the invariant of two devices meeting again: each op
// a device queued was applied on the server or is kept on it with its
// reason, never neither and never both.
func (d *device) everyOpSettled(logged map[string]int) error {
	for _, id := range d.made {
		_, applied := d.answered[id]
		reason, kept := d.refused[id]
		switch {
		case applied && kept:
			return fmt.Errorf("%s: op %s both applied and refused (%s)", d.name, id, reason)
		case !applied && !kept:
			return fmt.Errorf("%s: op %s neither applied nor kept", d.name, id)
		case applied && logged[id] != 1:
			return fmt.Errorf("%s: applied op %s is in the log %d times", d.name, id, logged[id])
		case kept && logged[id] != 0:
			return fmt.Errorf("%s: refused op %s (%s) is in the log", d.name, id, reason)
		}
	}
	return nil
}

// rebuild replaces a raffle with the server's snapshot plus pending ops.
func (d *device) rebuild(rid string) {
	status, body := d.srv.do("GET", "/api/sync/raffles/"+rid+"/snapshot", "", d.cookie)
	delete(d.state, rid)
	delete(d.cursors, rid)
	if status == 200 {
		var snap snapshotBody
		_ = json.Unmarshal([]byte(body), &snap)
		raw, _ := json.Marshal(snap.Raffle)
		d.state.applyChange(rid, "raffle.create", raw)
		ts := make([]ticket, len(snap.Participants))
		for i, p := range snap.Participants {
			ts[i] = ticket{ID: p.ID, Name: p.Name, Email: p.Email, TicketNumber: p.TicketNumber, GroupID: p.GroupID}
		}
		if len(ts) > 0 {
			raw, _ = json.Marshal(addPayload(ts))
			d.state.applyChange(rid, "participants.add", raw)
		}
		d.state[rid].loadDraws(snap)
		d.cursors[rid] = snap.Cursor
	} else if status != 404 {
		d.fail("snapshot: %d %s", status, body)
	}
	d.reapplyPending(rid)
}

func (d *device) reapplyPending(rid string) {
	for _, op := range d.outbox {
		if op.RaffleID == rid {
			raw, _ := json.Marshal(op.Payload)
			d.state.applyChange(rid, op.Type, raw)
		}
	}
}

func (d *device) pull() {
	for {
		status, body := d.srv.do("GET", "/api/sync/raffles?after="+d.feed, "", d.cookie)
		if status != 200 {
			d.fail("feed: %d %s", status, body)
			return
		}
		var feed struct {
			Raffles []store.FeedEntry
			Cursor  string
			More    bool
		}
		_ = json.Unmarshal([]byte(body), &feed)
		for _, r := range feed.Raffles {
			if r.Deleted {
				delete(d.state, r.ID)
				delete(d.cursors, r.ID)
				d.reapplyPending(r.ID)
				continue
			}
			d.pullRaffle(r.ID)
		}
		d.feed = feed.Cursor
		if !feed.More {
			return
		}
	}
}

func (d *device) pullRaffle(rid string) {
	for {
		status, body := d.srv.do("GET", "/api/sync/raffles/"+rid+"/changes?limit=7&after="+d.cursors[rid], "", d.cookie)
		if status == 404 {
			return // deleted meanwhile; the feed will say so
		}
		if status != 200 {
			d.fail("changes: %d %s", status, body)
			return
		}
		var page changesPage
		_ = json.Unmarshal([]byte(body), &page)
		if page.Refetch {
			d.rebuild(rid)
			return
		}
		for _, ch := range page.Changes {
			d.state.applyChange(rid, ch.Type, ch.Payload)
		}
		d.cursors[rid] = page.Cursor
		if !page.More {
			break
		}
	}
	d.reapplyPending(rid)
}

// serverState reads an account's raffles as a brand-new device would.
func serverState(t *testing.T, srv *simServer, cookie *http.Cookie) simState {
	fresh := &device{name: "fresh", srv: srv, cookie: cookie, state: simState{}, cursors: map[string]string{}, answered: map[string]int64{}}
	fresh.pull()
	for rid := range fresh.state {
		fresh.rebuild(rid) // from the snapshot, not the log: the two must agree
	}
	if len(fresh.errs) > 0 {
		t.Fatal(strings.Join(fresh.errs, "\n"))
	}
	return fresh.state
}

func TestSyncSimulation(t *testing.T) {
	t.Parallel()
	kept := 0
	for _, seed := range []uint64{1, 2, 3} {
		for _, dialect := range storetest.Dialects() {
			t.Run(fmt.Sprintf("seed=%d/%s", seed, dialect), func(t *testing.T) {
				kept += runSimulation(t, seed, dialect, 4, 120)
			})
		}
	}
	if kept == 0 && !t.Failed() {
		t.Fatal("no round drawn offline was refused in any run: the invariant on refused rounds tested nothing")
	}
}

// runSimulation runs the devices and checks the invariants; it returns how
// many refused offline rounds it found in the public records.
func runSimulation(t *testing.T, seed uint64, dialect string, devices, steps int) int {
	srv := &simServer{t: t, dsn: storetest.MigratedDSN(t, dialect)}
	srv.start()
	defer func() { srv.db.Close() }()

	// Two accounts, two devices each: the same organiser on a phone and a laptop.
	var devs []*device
	for acct := 0; acct < 2; acct++ {
		status, _ := srv.do("POST", "/api/auth/signup", fmt.Sprintf(`{"email":"org%d@example.com","password":"segredo1"}`, acct), nil)
		if status != 201 {
			t.Fatalf("seed %d: sign-up %d", seed, status)
		}
	}
	for i := 0; i < devices; i++ {
		devs = append(devs, &device{name: fmt.Sprintf("d%d", i), rng: rand.New(rand.NewPCG(seed, uint64(i))), srv: srv,
			id: core.NewID(time.Now()), state: simState{}, cursors: map[string]string{}, answered: map[string]int64{}, refused: map[string]string{}})
	}
	// Each device signs in for its own session cookie.
	for i, d := range devs {
		r := httptest.NewRequest("POST", "/api/auth/signin", strings.NewReader(fmt.Sprintf(`{"email":"org%d@example.com","password":"segredo1"}`, i%2)))
		r.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		srv.mu.RLock()
		srv.h.ServeHTTP(w, r)
		srv.mu.RUnlock()
		for _, c := range w.Result().Cookies() {
			if c.Name == "sorteio_session" {
				d.cookie = c
			}
		}
		if d.cookie == nil {
			t.Fatalf("seed %d: %s has no session", seed, d.name)
		}
	}

	// In each phase a device syncs after a step with probability online: at
	// 0 every device is offline at once, and they meet again after it; a
	// step is a draw op with probability drawing.
	phase := func(n int, online, drawing float64) {
		var wg sync.WaitGroup
		for _, d := range devs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for s := 0; s < n; s++ {
					if d.rng.Float64() < 0.7 {
						d.act(drawing)
					}
					if d.rng.Float64() < online {
						d.sync(true)
					}
					time.Sleep(time.Duration(d.rng.IntN(1500)) * time.Microsecond)
				}
			}()
		}
		wg.Wait()
	}
	phase(steps/2, 0.35, 0.15)
	srv.restart()          // some ops were applied but their answers lost: the retries must find them
	phase(steps/4, 0, 0.5) // every device offline, drawing: rounds are refused when they meet
	phase(steps-steps/2-steps/4, 0.35, 0.15)

	// Then the network is good: every device drains its outbox and pulls.
	for round := 0; round < 30; round++ {
		pending := 0
		for _, d := range devs {
			d.sync(false)
			pending += len(d.outbox)
		}
		if pending == 0 {
			break
		}
	}
	for _, d := range devs {
		d.pull()
		if len(d.outbox) > 0 {
			t.Fatalf("seed %d: %s still has %d ops queued", seed, d.name, len(d.outbox))
		}
		if len(d.errs) > 0 {
			t.Fatalf("seed %d:\n%s", seed, strings.Join(d.errs, "\n"))
		}
	}

	winners := 0
	for _, d := range devs {
		want := serverState(t, srv, d.cookie).describe()
		if got := d.state.describe(); got != want {
			t.Fatalf("seed %d: %s diverged from the server.\n--- device\n%s--- server\n%s", seed, d.name, got, want)
		}
		winners += strings.Count(want, "  winner ")
	}
	if winners == 0 {
		t.Fatalf("seed %d: no draw was completed: the simulation did too little", seed)
	}

	// Every op answered as applied is in the log exactly once, and nothing
	// else is.
	logged := storetest.LoggedOpIDs(t, srv.db)
	count := map[string]int{}
	for _, id := range logged {
		count[id]++
	}
	applied, refused := 0, 0
	for _, d := range devs {
		if err := d.everyOpSettled(count); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		applied += len(d.answered)
		refused += len(d.refused)
	}
	for id, n := range count {
		if n != 1 {
			t.Fatalf("seed %d: op %s logged %d times", seed, id, n)
		}
	}
	if applied != len(logged) {
		t.Fatalf("seed %d: %d ops answered applied, %d logged", seed, applied, len(logged))
	}
	if applied < 50 {
		t.Fatalf("seed %d: only %d ops applied: the simulation did too little", seed, applied)
	}
	if refused == 0 {
		t.Fatalf("seed %d: no op was refused: the simulation never had two devices disagree", seed)
	}
	kept := refusedRoundsKept(t, srv, devs)
	t.Logf("seed %d: %d ops applied and logged once each, %d refused and kept with their reasons; %d winners seen by the devices; %d refused offline rounds in the record",
		seed, applied, refused, winners, kept)
	return kept
}
