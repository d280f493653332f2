package protocol

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"

	"github.com/sorteio/sorteio/sync/draw"
)

// drawPool is 30 tickets of 10 people, in canonical order.
func drawPool() []draw.Ticket {
	var pool []draw.Ticket
	for i := 0; i < 30; i++ {
		num := fmt.Sprintf("%03d", i%3+1)
		pool = append(pool, draw.Ticket{ID: fmt.Sprintf("0192f0c1-0000-7000-8000-%012x", i),
			GroupID: fmt.Sprintf("0192f0c1-0000-7000-8100-%012x", i/3), TicketNumber: &num, Name: fmt.Sprintf("Pessoa %d", i/3)})
	}
	return pool
}

func digestOf(pool []draw.Ticket) string {
	d := draw.Digest(pool)
	return hex.EncodeToString(d[:])
}

func seedOf(s string) []byte {
	sum := sha256.Sum256([]byte(s))
	return sum[:]
}

const drawID = "0192f0c1-0000-7000-8000-00000000d001"

// drawState is a pending raffle of 3 winners over drawPool.
func drawState() State {
	r := pending(RaffleTickets)
	r.WinnersCount, r.CountdownSeconds = 3, 10
	return State{Raffle: r, Tickets: 30, Groups: 10, Pool: drawPool(), Now: 1_763_700_000_000}
}

func startOp() DrawStart {
	return DrawStart{DrawID: drawID, ClientCommitment: draw.Commitment(seedOf("cliente")), PoolDigest: digestOf(drawPool()), PoolSize: 30}
}

// completedState is drawState after its first draw, online, completed.
func completedState(t *testing.T) State {
	t.Helper()
	st := drawState()
	rd := NewRound(startOp(), st, seedOf("servidor"))
	st.Rounds = []Round{rd}
	st.Now += 10_000 // the countdown's end
	m, rej := Check(DrawComplete{DrawID: drawID, ClientSeed: hex.EncodeToString(seedOf("cliente"))}, st)
	if rej != nil {
		t.Fatal(rej)
	}
	st.Rounds[0].Completion = &m.(DrawComplete).Result.Completion
	for _, w := range st.Rounds[0].Winners {
		st.Winners = append(st.Winners, Winner{ID: w.ID, DrawID: drawID, Position: w.Position, TicketID: w.TicketID, IsValid: true})
	}
	st.Raffle.Status = StatusCompleted
	return st
}

func wantReason(t *testing.T, rej *Rejection, want string) {
	t.Helper()
	got := ""
	if rej != nil {
		got = rej.Reason
	}
	if got != want {
		t.Fatalf("Check = %q, want %q", got, want)
	}
}

func TestDrawStartRules(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(st *State, m *DrawStart)
		want string
	}{
		{"valid", func(*State, *DrawStart) {}, ""},
		{"someone else's raffle", func(st *State, _ *DrawStart) { st.Raffle = nil }, ReasonRaffleNotFound},
		{"deleted raffle", func(st *State, _ *DrawStart) { st.Raffle.Deleted = true }, ReasonRaffleNotFound},
		{"already started", func(st *State, _ *DrawStart) { st.Raffle.Status = StatusInProgress }, ReasonDrawStarted},
		{"already drawn", func(st *State, _ *DrawStart) { st.Raffle.Status = StatusCompleted }, ReasonDrawStarted},
		{"round id taken", func(st *State, _ *DrawStart) { st.DrawIDTaken = true }, ReasonInvalidPayload},
		{"more winners than tickets", func(st *State, _ *DrawStart) { st.Raffle.WinnersCount = 31 }, ReasonNotEnoughTickets},
		{"more winners than people", func(st *State, _ *DrawStart) { st.Raffle.WinnersCount = 11 }, ReasonNotEnoughPeople},
		{"more winners than people, duplicates allowed", func(st *State, _ *DrawStart) {
			st.Raffle.WinnersCount, st.Raffle.AllowDuplicateWins = 11, true
		}, ""},
		{"the device drew with the same settings", func(_ *State, m *DrawStart) {
			m.WinnersCount, m.AllowDuplicateWins = ptr(3), ptr(false)
		}, ""},
		{"the device saw another winners count", func(_ *State, m *DrawStart) { m.WinnersCount = ptr(2) }, ReasonSettingsChanged},
		{"the device saw duplicates allowed", func(_ *State, m *DrawStart) { m.AllowDuplicateWins = ptr(true) }, ReasonSettingsChanged},
		{"a ticket more than the device saw", func(_ *State, m *DrawStart) { m.PoolSize = 29 }, ReasonPoolChanged},
		{"another pool of the same size", func(_ *State, m *DrawStart) { m.PoolDigest = digestOf(drawPool()[1:]) }, ReasonPoolChanged},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, m := drawState(), startOp()
			tc.edit(&st, &m)
			_, rej := Check(m, st)
			wantReason(t, rej, tc.want)
		})
	}
}

func TestNewRound(t *testing.T) {
	st := drawState()
	rd := NewRound(startOp(), st, seedOf("servidor"))
	if rd.Kind != KindDraw || fmt.Sprint(rd.Positions) != "[1 2 3]" || rd.WinnersCount != 3 || rd.CountdownSeconds != 10 ||
		rd.StartedAt != st.Now || rd.Number != 1 || rd.PoolSize != 30 || !rd.Open() || rd.Offline {
		t.Fatalf("first draw round = %+v", rd)
	}
	offline := startOp()
	offline.Offline = true
	if rd := NewRound(offline, st, seedOf("servidor")); !rd.Offline {
		t.Fatal("the round does not keep the mode its start declared")
	}
	if rd.ServerCommitment != draw.Commitment(seedOf("servidor")) || rd.Secret != hex.EncodeToString(seedOf("servidor")) {
		t.Fatal("server seed and commitment do not match")
	}
	st = completedState(t)
	rd = NewRound(WinnerRedraw{DrawStart: offline, Position: 2}, st, seedOf("outro"))
	if rd.Kind != KindRedraw || fmt.Sprint(rd.Positions) != "[2]" || rd.WinnersCount != 1 || rd.CountdownSeconds != 0 || rd.Number != 2 ||
		!rd.Offline {
		t.Fatalf("redraw round = %+v", rd)
	}
}

func TestDrawCompleteRules(t *testing.T) {
	client := seedOf("cliente")
	server := seedOf("servidor")
	// open is the raffle with its first round started online or offline.
	open := func(offline bool) State {
		st := drawState()
		start := startOp()
		start.Offline = offline
		st.Rounds = []Round{NewRound(start, st, server)}
		st.Raffle.Status = StatusInProgress
		st.Now += 10_000 // the countdown's end on the server's clock
		return st
	}
	online := DrawComplete{DrawID: drawID, ClientSeed: hex.EncodeToString(client)}

	// Online: the server combines both seeds.
	m, rej := Check(online, open(false))
	wantReason(t, rej, "")
	want, _ := draw.Pick(draw.CombineSeeds(client, server), drawPool(), 3, false)
	res := m.(DrawComplete).Result
	if len(res.Winners) != 3 || res.Offline || res.ServerSeed != hex.EncodeToString(server) ||
		res.Seed != hex.EncodeToString(draw.CombineSeeds(client, server)) || res.CompletedAt != open(false).Now {
		t.Fatalf("result = %+v", res)
	}
	for i, w := range res.Winners {
		if w.TicketID != want[i].ID || w.Position != i+1 || w.ID != WinnerID(drawID, i+1) {
			t.Fatalf("winner %d = %+v, want ticket %s", i, w, want[i].ID)
		}
	}

	// Offline: the device's seed alone, and its winners must follow.
	alone, _ := draw.Pick(client, drawPool(), 3, false)
	offline := DrawComplete{DrawID: drawID, ClientSeed: hex.EncodeToString(client), Offline: true,
		Winners: []string{alone[0].ID, alone[1].ID, alone[2].ID}}
	m, rej = Check(offline, open(true))
	wantReason(t, rej, "")
	if r := m.(DrawComplete).Result; !r.Offline || r.Seed != hex.EncodeToString(client) || r.Winners[2].TicketID != alone[2].ID {
		t.Fatalf("offline result = %+v", r)
	}

	for _, tc := range []struct {
		name string
		edit func(st *State, m *DrawComplete)
		want string
	}{
		{"someone else's raffle", func(st *State, _ *DrawComplete) { st.Raffle = nil }, ReasonRaffleNotFound},
		{"unknown round", func(_ *State, m *DrawComplete) { m.DrawID = "0192f0c1-0000-7000-8000-00000000d999" }, ReasonDrawNotFound},
		{"completed round", func(st *State, _ *DrawComplete) { st.Rounds[0].Completion = &Completion{} }, ReasonDrawCompleted},
		{"completed round of the other mode", func(st *State, _ *DrawComplete) {
			st.Rounds[0].Completion, st.Rounds[0].Offline = &Completion{}, false
		}, ReasonDrawCompleted},
		// The attack: commit online, then complete with the device's seed
		// alone, which it may have chosen for the winners it gives.
		{"a round started online, completed offline", func(st *State, _ *DrawComplete) { st.Rounds[0].Offline = false }, ReasonModeMismatch},
		{"a round started offline, completed online", func(_ *State, m *DrawComplete) { m.Offline, m.Winners = false, nil }, ReasonModeMismatch},
		{"another mode and another seed", func(st *State, m *DrawComplete) {
			st.Rounds[0].Offline, m.ClientSeed = false, hex.EncodeToString(seedOf("outra"))
		}, ReasonModeMismatch},
		{"another seed", func(_ *State, m *DrawComplete) { m.ClientSeed = hex.EncodeToString(seedOf("outra")) }, ReasonSeedMismatch},
		{"an abandoned round", func(st *State, _ *DrawComplete) { at := st.Now; st.Rounds[0].AbandonedAt = &at }, ReasonDrawAbandoned},
		// Offline, the device's own countdown decided; the start reaches the
		// server later anyway.
		{"offline, before the server's countdown ends", func(st *State, _ *DrawComplete) { st.Now -= 5_000 }, ""},
		{"forged winners", func(_ *State, m *DrawComplete) { m.Winners[0], m.Winners[1] = m.Winners[1], m.Winners[0] }, ReasonResultMismatch},
		{"a winner short", func(_ *State, m *DrawComplete) { m.Winners = m.Winners[:2] }, ReasonResultMismatch},
		{"the online winners sent as offline", func(_ *State, m *DrawComplete) {
			m.Winners = []string{want[0].ID, want[1].ID, want[2].ID}
		}, ReasonResultMismatch},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, m := open(true), offline
			m.Winners = append([]string(nil), offline.Winners...)
			tc.edit(&st, &m)
			_, rej := Check(m, st)
			wantReason(t, rej, tc.want)
		})
	}
}

// An online reveal before the countdown's end on the server's clock is
// refused with its own reason; from the end on it applies.
func TestEarlyRevealRefused(t *testing.T) {
	st := drawState()
	st.Rounds = []Round{NewRound(startOp(), st, seedOf("servidor"))}
	st.Raffle.Status = StatusInProgress
	reveal := DrawComplete{DrawID: drawID, ClientSeed: hex.EncodeToString(seedOf("cliente"))}
	for _, tc := range []struct {
		after int64
		want  string
	}{{10, ReasonCountdownRunning}, {9_999, ReasonCountdownRunning}, {10_000, ""}, {60_000, ""}} {
		at := st
		at.Now = st.Now + tc.after
		_, rej := Check(reveal, at)
		wantReason(t, rej, tc.want)
	}
}

func TestAbandonRules(t *testing.T) {
	const grace = 60_000
	// open: the first round started online, its 10 s countdown then the
	// grace over.
	open := func() State {
		st := drawState()
		st.Rounds = []Round{NewRound(startOp(), st, seedOf("servidor"))}
		st.Raffle.Status = StatusInProgress
		st.AbandonGrace = grace
		st.Now += 10_000 + grace
		return st
	}
	m, rej := Check(DrawAbandon{DrawID: drawID}, open())
	wantReason(t, rej, "")
	if m.(DrawAbandon).DrawID != drawID {
		t.Fatalf("abandon = %+v", m)
	}
	for _, tc := range []struct {
		name string
		edit func(st *State)
		want string
	}{
		{"during the countdown", func(st *State) { st.Now -= grace + 5_000 }, ReasonAbandonTooEarly},
		{"during the grace", func(st *State) { st.Now-- }, ReasonAbandonTooEarly},
		{"not the owner (or no raffle)", func(st *State) { st.Raffle = nil }, ReasonRaffleNotFound},
		{"a deleted raffle", func(st *State) { st.Raffle.Deleted = true }, ReasonRaffleNotFound},
		{"unknown round", func(st *State) { st.Rounds[0].DrawID = "0192f0c1-0000-7000-8000-00000000d999" }, ReasonDrawNotFound},
		{"already completed", func(st *State) { st.Rounds[0].Completion = &Completion{} }, ReasonDrawCompleted},
		{"already abandoned", func(st *State) { at := st.Now; st.Rounds[0].AbandonedAt = &at }, ReasonDrawAbandoned},
		{"an offline round, after the grace", func(st *State) { st.Rounds[0].Offline = true }, ""},
		{"a redraw (no countdown), after the grace", func(st *State) {
			st.Rounds[0].Kind, st.Rounds[0].CountdownSeconds, st.Now = KindRedraw, 0, st.Rounds[0].StartedAt+grace
		}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := open()
			tc.edit(&st)
			_, rej := Check(DrawAbandon{DrawID: drawID}, st)
			wantReason(t, rej, tc.want)
		})
	}
	// Once abandoned, the round no longer blocks a redraw or a new start.
	st := open()
	at := st.Now
	st.Rounds[0].AbandonedAt = &at
	if st.Rounds[0].Open() {
		t.Fatal("an abandoned round is still open")
	}
}

func TestRedrawRules(t *testing.T) {
	invalidated := func(t *testing.T) State {
		st := completedState(t)
		st.Winners[1].IsValid = false // position 2
		return st
	}
	redrawOf := func(st State) WinnerRedraw {
		pool := RedrawPool(st, false)
		return WinnerRedraw{DrawStart: DrawStart{DrawID: "0192f0c1-0000-7000-8000-00000000d002",
			ClientCommitment: draw.Commitment(seedOf("c2")), PoolDigest: digestOf(pool), PoolSize: len(pool)}, Position: 2}
	}
	for _, tc := range []struct {
		name string
		edit func(st *State, m *WinnerRedraw)
		want string
	}{
		{"valid", func(*State, *WinnerRedraw) {}, ""},
		{"someone else's raffle", func(st *State, _ *WinnerRedraw) { st.Raffle = nil }, ReasonRaffleNotFound},
		{"before the draw", func(st *State, _ *WinnerRedraw) { st.Raffle.Status = StatusPending }, ReasonNotDrawn},
		{"during the draw", func(st *State, _ *WinnerRedraw) { st.Raffle.Status = StatusInProgress }, ReasonNotDrawn},
		{"a round is open", func(st *State, _ *WinnerRedraw) {
			st.Rounds = append(st.Rounds, Round{DrawStarted: DrawStarted{DrawID: "0192f0c1-0000-7000-8000-00000000d003"}})
		}, ReasonDrawOpen},
		{"the position has a valid winner", func(_ *State, m *WinnerRedraw) { m.Position = 1 }, ReasonPositionTaken},
		{"the position has no winner", func(_ *State, m *WinnerRedraw) { m.Position = 4 }, ReasonPositionTaken},
		{"round id taken", func(st *State, _ *WinnerRedraw) { st.DrawIDTaken = true }, ReasonInvalidPayload},
		{"the device saw the first draw's pool", func(_ *State, m *WinnerRedraw) {
			m.PoolDigest, m.PoolSize = digestOf(drawPool()), 30
		}, ReasonPoolChanged},
		{"everyone has won", func(st *State, _ *WinnerRedraw) {
			for g := 0; g < 10; g++ {
				st.Winners = append(st.Winners, Winner{Position: 50 + g, TicketID: st.Pool[g*3].ID, IsValid: true})
			}
		}, ReasonNoEligible},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := invalidated(t)
			m := redrawOf(st)
			tc.edit(&st, &m)
			_, rej := Check(m, st)
			wantReason(t, rej, tc.want)
		})
	}

	// The redraw's completion draws from the redraw pool: never a winner so
	// far, nor anyone of their groups.
	st := invalidated(t)
	m := redrawOf(st)
	st.Rounds = append(st.Rounds, NewRound(m, st, seedOf("s2")))
	excluded := map[string]bool{}
	for _, w := range st.Winners {
		for _, tk := range st.Pool {
			if tk.ID == w.TicketID {
				excluded[tk.GroupID] = true
			}
		}
	}
	for i := 0; i < 50; i++ {
		// A fresh round per seed: commitments are per round.
		client := seedOf(fmt.Sprint("redraw ", i))
		st.Rounds[1].ClientCommitment = draw.Commitment(client)
		got, rej := Check(DrawComplete{DrawID: m.DrawID, ClientSeed: hex.EncodeToString(client)}, st)
		if rej != nil {
			t.Fatal(rej)
		}
		w := got.(DrawComplete).Result.Winners
		if len(w) != 1 || w[0].Position != 2 || w[0].ID != WinnerID(m.DrawID, 2) {
			t.Fatalf("redraw winners = %+v", w)
		}
		for _, tk := range st.Pool {
			if tk.ID == w[0].TicketID && excluded[tk.GroupID] {
				t.Fatalf("seed %d redrew %s, of a group that already won", i, tk.ID)
			}
		}
	}
}

func TestInvalidateRules(t *testing.T) {
	st := completedState(t)
	valid := WinnerInvalidate{WinnerID: WinnerID(drawID, 1)}
	_, rej := Check(valid, st)
	wantReason(t, rej, "")
	_, rej = Check(WinnerInvalidate{WinnerID: WinnerID(drawID, 9)}, st)
	wantReason(t, rej, ReasonWinnerNotFound)
	st.Winners[0].IsValid = false
	_, rej = Check(valid, st)
	wantReason(t, rej, ReasonWinnerInvalid)
	st.Raffle.Status = StatusInProgress
	_, rej = Check(valid, st)
	wantReason(t, rej, ReasonNotDrawn)
	st.Raffle = nil
	_, rej = Check(valid, st)
	wantReason(t, rej, ReasonRaffleNotFound)
}

func TestNeedsPool(t *testing.T) {
	st := drawState()
	if NeedsPool(startOp(), st) != PoolFull || NeedsPool(WinnerInvalidate{}, st) != PoolNone {
		t.Fatal("start needs the whole pool; invalidate none")
	}
	st.Raffle.Status = StatusInProgress
	if NeedsPool(startOp(), st) != PoolNone {
		t.Fatal("a start that will be refused read the pool")
	}
	if NeedsPool(DrawComplete{DrawID: drawID}, st) != PoolNone {
		t.Fatal("a completion of an unknown round read the pool")
	}
	st.Rounds = []Round{{DrawStarted: DrawStarted{DrawID: drawID}}}
	if NeedsPool(DrawComplete{DrawID: drawID}, st) != PoolDraw {
		t.Fatal("an open round's completion needs ids and groups")
	}
	if NeedsPool(DrawComplete{DrawID: drawID, Offline: true}, st) != PoolNone {
		t.Fatal("a completion in another mode than the start's read the pool")
	}
	st.Raffle.Status = StatusCompleted
	if NeedsPool(WinnerRedraw{}, st) != PoolFull {
		t.Fatal("a redraw's digest needs the whole pool")
	}
}

// Every completed round's audit record verifies, redraws included.
func TestAuditRecordsVerify(t *testing.T) {
	st := completedState(t)
	invalidated := st.Now
	st.Winners[1].IsValid, st.Winners[1].InvalidatedAt = false, &invalidated
	pool := RedrawPool(st, false)
	m := WinnerRedraw{DrawStart: DrawStart{DrawID: "0192f0c1-0000-7000-8000-00000000d002",
		ClientCommitment: draw.Commitment(seedOf("c2")), PoolDigest: digestOf(pool), PoolSize: len(pool), Offline: true}, Position: 2}
	st.Rounds = append(st.Rounds, NewRound(m, st, seedOf("s2")))
	done, rej := Check(DrawComplete{DrawID: m.DrawID, ClientSeed: hex.EncodeToString(seedOf("c2")), Offline: true,
		Winners: []string{mustPick(t, seedOf("c2"), pool)}}, st)
	if rej != nil {
		t.Fatal(rej)
	}
	st.Rounds[1].Completion = &done.(DrawComplete).Result.Completion
	w := st.Rounds[1].Winners[0]
	st.Winners = append(st.Winners, Winner{ID: w.ID, DrawID: m.DrawID, Position: 2, TicketID: w.TicketID, IsValid: true})

	var exp draw.Export
	for _, rd := range st.Rounds {
		rec := AuditRecord(rd, st.Pool)
		if rec.DrawID != rd.DrawID || rec.Online == rd.Offline || rec.Round != rd.Number || (rd.Kind == KindRedraw) != (rec.Pool == nil) {
			t.Fatalf("record = %+v", rec)
		}
		exp.Draws = append(exp.Draws, rec)
	}
	// The invalidation the redraw needs (draw.CheckStory), as the public winners list gives it.
	for _, w := range PublicWinners(st.Winners) {
		exp.Winners = append(exp.Winners, draw.Standing{DrawID: w.DrawID, Position: w.Position, TicketID: w.TicketID,
			IsValid: w.IsValid, InvalidatedAt: w.InvalidatedAt})
	}
	for i, p := range draw.VerifyExport(exp) {
		if len(p) != 0 {
			t.Fatalf("round %d: %v", i+1, p)
		}
	}
}

func mustPick(t *testing.T, seed []byte, pool []draw.Ticket) string {
	t.Helper()
	w, err := draw.Pick(seed, pool, 1, false)
	if err != nil {
		t.Fatal(err)
	}
	return w[0].ID
}
