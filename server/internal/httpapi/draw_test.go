package httpapi_test

import (
	"encoding/hex"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/draw"
	"github.com/sorteio/sorteio/sync/protocol"
)

// An online draw through HTTP: the start publishes both commitments, the
// reveal makes the server combine the seeds and record the winners at once.
func TestOnlineDraw(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		people := crowd(8, 3)
		d := newDrawing(t, db, 3, false, people...)
		e, c, rid, pool := d.e, d.c, d.rid, d.pool
		rd := newRound()

		wantStatuses(t, c.push(t, e, c.op(rid, "raffle.update", map[string]any{"countdown_seconds": 10})), "applied")
		before := e.clock.Now().UnixMilli()
		wantStatuses(t, c.push(t, e, c.op(rid, "draw.start", rd.start(pool))), "applied")
		var started protocol.DrawStarted
		if err := json.Unmarshal(c.logged(t, e, rid, "draw.start")[0], &started); err != nil {
			t.Fatal(err)
		}
		if started.DrawID != rd.id || started.Kind != "draw" || !slices.Equal(started.Positions, []int{1, 2, 3}) ||
			started.WinnersCount != 3 || started.CountdownSeconds != 10 || started.AllowDuplicateWins || started.Offline ||
			started.PoolSize != 24 || started.ClientCommitment != draw.Commitment(rd.seed) ||
			!protocol.IsHex256(started.ServerCommitment) || started.StartedAt < before || started.StartedAt > e.clock.Now().UnixMilli() {
			t.Fatalf("logged start = %+v", started)
		}
		openSnap := readBody(t, e.do(t, request{method: "GET", path: "/api/sync/raffles/" + rid + "/snapshot", cookie: c.cookie}))
		openLog := readBody(t, e.do(t, request{method: "GET", path: "/api/sync/raffles/" + rid + "/changes", cookie: c.cookie}))
		snap := c.snapshot(t, e, rid)
		if snap.Raffle.Status != "in_progress" || len(snap.Draws) != 1 || !snap.Draws[0].Open() || len(snap.Winners) != 0 {
			t.Fatalf("snapshot while open: %+v draws %+v", snap.Raffle, snap.Draws)
		}
		for _, leak := range []string{`"server_seed"`, `"client_seed"`, `"seed"`} {
			if strings.Contains(openSnap, leak) || strings.Contains(openLog, leak) {
				t.Fatalf("an open round shows %s:\n%s\n%s", leak, openSnap, openLog)
			}
		}

		// Nothing but the draw changes the raffle now.
		wantStatuses(t, c.push(t, e,
			c.op(rid, "participants.add", addPayload(person("Tarde", 1))),
			c.op(rid, "participants.remove_group", map[string]any{"group_id": people[0][0].GroupID}),
			c.op(rid, "raffle.update", map[string]any{"winners_count": 1}),
			c.op(rid, "raffle.delete", map[string]any{}),
		), "rejected:draw_started", "rejected:draw_started", "rejected:draw_started", "rejected:draw_in_progress")

		// The countdown is the server's: a reveal before its end is refused
		// with its own reason and changes nothing; the same seed is taken
		// once the server's clock reaches the end.
		early := c.op(rid, "draw.complete", rd.complete())
		wantStatuses(t, c.push(t, e, early), "rejected:countdown_running")
		if snap := c.snapshot(t, e, rid); snap.Raffle.Status != "in_progress" || !snap.Draws[0].Open() || len(snap.Winners) != 0 {
			t.Fatalf("an early reveal changed the raffle: %+v %+v", snap.Raffle, snap.Draws)
		}
		e.clock.advance(9 * time.Second)
		wantStatuses(t, c.push(t, e, c.op(rid, "draw.complete", rd.complete())), "rejected:countdown_running")
		e.clock.advance(time.Second)
		wantStatuses(t, c.push(t, e, c.op(rid, "draw.complete", rd.complete())), "applied")
		done := c.completion(t, e, rid)
		server, _ := hex.DecodeString(done.ServerSeed)
		if draw.Commitment(server) != started.ServerCommitment {
			t.Fatal("the revealed server seed is not the committed one")
		}
		seed := draw.CombineSeeds(rd.seed, server)
		want, _ := draw.Pick(seed, pool, 3, false)
		if done.Offline || done.Seed != hex.EncodeToString(seed) || done.ClientSeed != hex.EncodeToString(rd.seed) || len(done.Winners) != 3 {
			t.Fatalf("logged completion = %+v", done)
		}
		for i, w := range done.Winners {
			if w.TicketID != want[i].ID || w.Position != i+1 || w.ID != rd.id+":"+string(rune('1'+i)) {
				t.Fatalf("winner %d = %+v, want %s", i+1, w, want[i].ID)
			}
		}
		// The open round's answers never held the seed now revealed.
		if strings.Contains(openSnap, done.ServerSeed) || strings.Contains(openLog, done.ServerSeed) {
			t.Fatal("the server seed leaked before the completion")
		}

		snap = c.snapshot(t, e, rid)
		if snap.Raffle.Status != "completed" || snap.Raffle.DrawnAt == nil || *snap.Raffle.DrawnAt != done.CompletedAt {
			t.Fatalf("raffle after the draw = %+v", snap.Raffle)
		}
		if d := snap.Draws[0]; d.Open() || d.ServerSeed != done.ServerSeed || d.Seed != done.Seed || len(d.Winners) != 3 {
			t.Fatalf("snapshot round = %+v", d)
		}
		if len(snap.Winners) != 3 || !snap.Winners[0].IsValid || snap.Winners[0].TicketID != want[0].ID || snap.Winners[2].DrawID != rd.id {
			t.Fatalf("snapshot winners = %+v", snap.Winners)
		}

		// One completion per round, one draw per raffle.
		other := newRound()
		wantStatuses(t, c.push(t, e,
			c.op(rid, "draw.complete", rd.complete()),
			c.op(rid, "draw.start", other.start(pool)),
		), "rejected:draw_completed", "rejected:draw_started")
		if n, w := storetest.CountDrawRows(t, db, rid); n != 1 || w != 3 {
			t.Fatalf("%d rounds and %d winners stored, want 1 and 3", n, w)
		}
	})
}

// A round declared offline by its start is completed offline, with the
// device's seed alone; an online reveal of it is refused.
func TestOfflineDraw(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDrawing(t, db, 4, true, crowd(6, 2)...)
		e, c, rid, pool := d.e, d.c, d.rid, d.pool
		rd := newRound()
		complete, ids := rd.completeOffline(t, pool, 4, true)
		start := offline(rd.start(pool))
		start["winners_count"], start["allow_duplicate_wins"] = 4, true // what the device drew with
		// Pushed when the network came back, with an online reveal of the
		// same round (which its start did not declare).
		wantStatuses(t, c.push(t, e, c.op(rid, "draw.start", start), c.op(rid, "draw.complete", rd.complete())),
			"applied", "rejected:mode_mismatch")
		var started protocol.DrawStarted
		if err := json.Unmarshal(c.logged(t, e, rid, "draw.start")[0], &started); err != nil || !started.Offline {
			t.Fatalf("logged start = %+v (%v)", started, err)
		}
		logged := storetest.CountChanges(t, db, rid)
		snap := c.snapshot(t, e, rid)
		if snap.Raffle.Status != "in_progress" || !snap.Draws[0].Open() || !snap.Draws[0].Offline || len(snap.Winners) != 0 {
			t.Fatalf("after the online reveal: %+v %+v %+v", snap.Raffle, snap.Draws, snap.Winners)
		}

		wantStatuses(t, c.push(t, e, c.op(rid, "draw.complete", complete)), "applied")
		if n := storetest.CountChanges(t, db, rid); n != logged+1 {
			t.Fatalf("%d changes logged, want %d", n, logged+1)
		}
		done := c.completion(t, e, rid)
		if !done.Offline || done.Seed != hex.EncodeToString(rd.seed) || !protocol.IsHex256(done.ServerSeed) {
			t.Fatalf("offline completion = %+v", done)
		}
		for i, w := range done.Winners {
			if w.TicketID != ids[i] {
				t.Fatalf("winner %d = %s, the device drew %s", i+1, w.TicketID, ids[i])
			}
		}
		snap = c.snapshot(t, e, rid)
		if snap.Raffle.Status != "completed" || snap.Draws[0].Completion == nil || !snap.Draws[0].Offline {
			t.Fatalf("snapshot = %+v %+v", snap.Raffle, snap.Draws)
		}
		a := c.audit(t, e, rid)
		if len(a.Draws) != 1 || a.Draws[0].Online {
			t.Fatalf("audit rounds = %+v, want one offline", a.Draws)
		}
		if p := draw.Verify(a.Draws[0]); len(p) != 0 {
			t.Fatalf("the offline round does not verify: %v", p)
		}
	})
}

// The attack: a device tries seeds until one picks the winner it wants,
// commits to it online (the server's commitment is published, viewers see
// the countdown), then reveals it "offline", alone. The start declared the
// round online, so only an online completion closes it.
func TestOnlineRoundCannotCompleteOffline(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDrawing(t, db, 2, false, crowd(10, 1)...)
		e, c, rid, pool := d.e, d.c, d.rid, d.pool
		cousin := pool[7].ID
		var rd round
		for rd = newRound(); ; rd = newRound() {
			if won, _ := draw.Pick(rd.seed, pool, 2, false); won[0].ID == cousin {
				break
			}
		}
		wantStatuses(t, c.push(t, e, c.op(rid, "draw.start", rd.start(pool))), "applied")
		logged := storetest.CountChanges(t, db, rid)

		ground, ids := rd.completeOffline(t, pool, 2, false)
		if ids[0] != cousin {
			t.Fatal("the ground seed does not pick the cousin")
		}
		wrongSeed, _ := newRound().completeOffline(t, pool, 2, false)
		wrongSeed["draw_id"] = rd.id
		wantStatuses(t, c.push(t, e, c.op(rid, "draw.complete", ground), c.op(rid, "draw.complete", wrongSeed)),
			"rejected:mode_mismatch", "rejected:mode_mismatch")

		if n := storetest.CountChanges(t, db, rid); n != logged {
			t.Fatalf("refused completions logged: %d changes, want %d", n, logged)
		}
		snap := c.snapshot(t, e, rid)
		if snap.Raffle.Status != "in_progress" || len(snap.Winners) != 0 || !snap.Draws[0].Open() || snap.Draws[0].Offline {
			t.Fatalf("the refused completion changed the raffle: %+v %+v %+v", snap.Raffle, snap.Draws, snap.Winners)
		}
		if n, w := storetest.CountDrawRows(t, db, rid); n != 1 || w != 0 {
			t.Fatalf("%d rounds and %d winners stored, want 1 and 0", n, w)
		}

		// The same device completes online: the server's seed is combined in.
		wantStatuses(t, c.push(t, e, c.op(rid, "draw.complete", rd.complete())), "applied")
		done := c.completion(t, e, rid)
		server, _ := hex.DecodeString(done.ServerSeed)
		want, _ := draw.Pick(draw.CombineSeeds(rd.seed, server), pool, 2, false)
		if done.Offline || done.Seed != hex.EncodeToString(draw.CombineSeeds(rd.seed, server)) ||
			!slices.Equal([]string{done.Winners[0].TicketID, done.Winners[1].TicketID}, ticketIDs(want)) {
			t.Fatalf("online completion = %+v", done)
		}
		if a := c.audit(t, e, rid); len(a.Draws) != 1 || !a.Draws[0].Online {
			t.Fatalf("audit rounds = %+v, want one online", a.Draws)
		}
	})
}

// A completion that does not follow from its seed and pool changes nothing.
func TestForgedCompletions(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDrawing(t, db, 2, false, crowd(10, 1)...)
		e, c, rid, pool := d.e, d.c, d.rid, d.pool
		rd := newRound()
		wantStatuses(t, c.push(t, e, c.op(rid, "draw.start", offline(rd.start(pool)))), "applied")
		logged := storetest.CountChanges(t, db, rid)

		forged, ids := rd.completeOffline(t, pool, 2, false)
		for _, tk := range pool {
			if !slices.Contains(ids, tk.ID) {
				forged["winners"] = []string{ids[0], tk.ID} // the organiser's cousin
				break
			}
		}
		wrongSeed, _ := rd.completeOffline(t, pool, 2, false)
		wrongSeed["client_seed"] = hex.EncodeToString(draw.NewSeed())
		unknown, _ := newRound().completeOffline(t, pool, 2, false)
		wantStatuses(t, c.push(t, e,
			c.op(rid, "draw.complete", forged),
			c.op(rid, "draw.complete", wrongSeed),
			c.op(rid, "draw.complete", unknown),
		), "rejected:result_mismatch", "rejected:seed_mismatch", "rejected:draw_not_found")

		if n := storetest.CountChanges(t, db, rid); n != logged {
			t.Fatalf("refused completions logged: %d changes, want %d", n, logged)
		}
		snap := c.snapshot(t, e, rid)
		if snap.Raffle.Status != "in_progress" || len(snap.Winners) != 0 || !snap.Draws[0].Open() {
			t.Fatalf("refused completions changed the raffle: %+v %+v", snap.Raffle, snap.Winners)
		}
		// The round stays open for the true result.
		honest, _ := rd.completeOffline(t, pool, 2, false)
		wantStatuses(t, c.push(t, e, c.op(rid, "draw.complete", honest)), "applied")
	})
}

// Two devices of one organiser start at once: the first start wins, and the
// other's start and completion are refused, its completion with it.
func TestTwoDevicesStartTheDraw(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, httpapi.Config{})
		cookie := mustSignUp(t, e, "ana@example.com", "segredo1")
		phone, laptop := newClient(cookie), newClient(cookie)
		people := crowd(5, 2)
		rid := drawRaffle(t, e, phone, 1, false, people...)
		pool := poolOf(people...)
		a, b := newRound(), newRound()
		wantStatuses(t, phone.push(t, e, phone.op(rid, "draw.start", a.start(pool))), "applied")
		bDone, _ := b.completeOffline(t, pool, 1, false)
		wantStatuses(t, laptop.push(t, e, laptop.op(rid, "draw.start", b.start(pool)), laptop.op(rid, "draw.complete", bDone)),
			"rejected:draw_started", "rejected:draw_not_found")
		wantStatuses(t, phone.push(t, e, phone.op(rid, "draw.complete", a.complete())), "applied")
		if done := phone.completion(t, e, rid); done.DrawID != a.id {
			t.Fatalf("completed round %s, want the phone's %s", done.DrawID, a.id)
		}
	})
}

func TestDrawStartRefusals(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, httpapi.Config{})
		c := newClient(mustSignUp(t, e, "ana@example.com", "segredo1"))
		bia := newClient(mustSignUp(t, e, "bia@example.com", "segredo1"))

		two := crowd(2, 2) // 4 tickets, 2 people
		rid := drawRaffle(t, e, c, 3, false, two...)
		pool := poolOf(two...)
		wantStatuses(t, c.push(t, e, c.op(rid, "draw.start", newRound().start(pool))), "rejected:not_enough_people")
		wantStatuses(t, c.push(t, e, c.op(rid, "raffle.update", map[string]any{"winners_count": 5, "allow_duplicate_wins": true}),
			c.op(rid, "draw.start", newRound().start(pool))), "applied", "rejected:not_enough_tickets")
		wantStatuses(t, c.push(t, e, c.op(rid, "raffle.update", map[string]any{"winners_count": 4})), "applied")

		// The device saw one ticket fewer, or one more, than the server holds.
		wantStatuses(t, c.push(t, e,
			c.op(rid, "draw.start", newRound().start(pool[1:])),
			c.op(rid, "draw.start", newRound().start(append(slices.Clone(pool), poolOf(person("Zé", 1))...))),
		), "rejected:pool_changed", "rejected:pool_changed")
		// Another device changed the settings after this one drew offline.
		stale := newRound().start(pool)
		stale["winners_count"], stale["allow_duplicate_wins"] = 3, true
		wantStatuses(t, c.push(t, e, c.op(rid, "draw.start", stale)), "rejected:settings_changed")
		// A renamed ticket: same size, another digest.
		renamed := slices.Clone(pool)
		renamed[0].Name = "Outro nome"
		wantStatuses(t, c.push(t, e, c.op(rid, "draw.start", newRound().start(renamed))), "rejected:pool_changed")
		// Another account's raffle, and winner ops before any draw.
		wantStatuses(t, bia.push(t, e, bia.op(rid, "draw.start", newRound().start(pool))), "rejected:raffle_not_found")
		wantStatuses(t, c.push(t, e,
			c.op(rid, "winner.invalidate", map[string]any{"winner_id": core.NewID(time.Now()) + ":1"}),
			c.op(rid, "winner.redraw", newRound().redraw(1, pool)),
		), "rejected:not_drawn", "rejected:not_drawn")
		if d, w := storetest.CountDrawRows(t, db, rid); d != 0 || w != 0 {
			t.Fatalf("refused starts stored %d rounds, %d winners", d, w)
		}
		snap := c.snapshot(t, e, rid)
		if snap.Raffle.Status != "pending" || len(snap.Draws) != 0 {
			t.Fatalf("refused starts changed the raffle: %+v", snap.Raffle)
		}
	})
}
