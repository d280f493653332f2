package httpapi_test

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/sorteio/sorteio/sync/draw"
	"github.com/sorteio/sorteio/sync/protocol"
)

// simRound is a round as a device knows it: enough to place its winners.
type simRound struct {
	Kind      string
	Positions []int
}

type simWinner struct {
	DrawID   string
	Position int
	TicketID string
	Valid    bool
}

// applyDraw applies a draw op, the device's own or a pulled one (which
// carries the server's facts: kinds, positions, winners of online draws).
func (r *simRaffle) applyDraw(typ string, payload json.RawMessage) {
	switch typ {
	case "draw.start", "winner.redraw":
		var p struct {
			DrawID    string `json:"draw_id"`
			Position  int    `json:"position"`
			Positions []int  `json:"positions"`
		}
		_ = json.Unmarshal(payload, &p)
		rd := simRound{Kind: "redraw", Positions: p.Positions}
		if typ == "draw.start" {
			rd.Kind = "draw"
			r.Status = "in_progress"
			if rd.Positions == nil { // the device's own op: positions 1..winners
				for i := 1; i <= r.WinnersCount; i++ {
					rd.Positions = append(rd.Positions, i)
				}
			}
		} else if rd.Positions == nil {
			rd.Positions = []int{p.Position}
		}
		r.Rounds[p.DrawID] = rd
	case "draw.complete":
		var p struct {
			DrawID  string          `json:"draw_id"`
			Winners json.RawMessage `json:"winners"`
		}
		_ = json.Unmarshal(payload, &p)
		rd := r.Rounds[p.DrawID]
		var refs []protocol.WinnerRef
		var ids []string // the device's own offline completion names tickets only
		if json.Unmarshal(p.Winners, &ids) == nil {
			for i, id := range ids {
				if i < len(rd.Positions) {
					refs = append(refs, protocol.WinnerRef{ID: protocol.WinnerID(p.DrawID, rd.Positions[i]), Position: rd.Positions[i], TicketID: id})
				}
			}
		} else {
			_ = json.Unmarshal(p.Winners, &refs)
		}
		for _, w := range refs {
			r.Winners[w.ID] = simWinner{DrawID: p.DrawID, Position: w.Position, TicketID: w.TicketID, Valid: true}
		}
		if rd.Kind == "draw" {
			r.Status = "completed"
		}
	case "winner.invalidate":
		var p struct {
			WinnerID string `json:"winner_id"`
		}
		_ = json.Unmarshal(payload, &p)
		if w, ok := r.Winners[p.WinnerID]; ok {
			w.Valid = false
			r.Winners[p.WinnerID] = w
		}
	}
}

// loadDraws takes a snapshot's rounds and winners.
func (r *simRaffle) loadDraws(snap snapshotBody) {
	for _, rd := range snap.Draws {
		r.Rounds[rd.DrawID] = simRound{Kind: rd.Kind, Positions: rd.Positions}
	}
	for _, w := range snap.Winners {
		r.Winners[w.ID] = simWinner{DrawID: w.DrawID, Position: w.Position, TicketID: w.TicketID, Valid: w.IsValid}
	}
}

func (r *simRaffle) describeWinners() string {
	ids := make([]string, 0, len(r.Winners))
	for id := range r.Winners {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var b strings.Builder
	for _, id := range ids {
		w := r.Winners[id]
		fmt.Fprintf(&b, "  winner %s %d %s valid=%v\n", id[24:], w.Position, w.TicketID[24:], w.Valid)
	}
	return b.String()
}

// pool is the canonical pool as this device sees the raffle.
func (r *simRaffle) pool() []draw.Ticket {
	pool := make([]draw.Ticket, 0, len(r.Tickets))
	for _, t := range r.Tickets {
		pool = append(pool, draw.Ticket{ID: t.ID, GroupID: t.GroupID, TicketNumber: t.TicketNumber, Name: t.Name})
	}
	return draw.Canonical(pool)
}

// actDraw makes a draw op from the device's view, which may be stale (the
// server then refuses it and the device rebuilds): a first draw, online or
// offline; an invalidation; or a redraw of an invalidated position.
func (d *device) actDraw(id string, r *simRaffle) bool {
	rd := round{id: newRound().id, seed: draw.NewSeed()}
	switch r.Status {
	case "pending":
		pool := r.pool()
		if len(pool) == 0 {
			return false
		}
		if r.WinnersCount > 3 {
			d.enqueue(id, "raffle.update", map[string]any{"winners_count": 1 + d.rng.IntN(3)})
		}
		if d.rng.IntN(2) == 0 {
			d.enqueue(id, "draw.start", rd.start(pool))
			d.enqueue(id, "draw.complete", rd.complete())
			return true
		}
		// Offline: the start declares it, and the device draws alone.
		// As the PWA does, the start names the settings drawn with.
		start := offline(rd.start(pool))
		start["winners_count"], start["allow_duplicate_wins"] = r.WinnersCount, r.AllowDuplicateWins
		d.drawOffline(id, rd, "draw.start", start, pool, r.WinnersCount, r.AllowDuplicateWins)
		return true
	case "completed":
		var won []string
		invalid := map[int]bool{}
		valid := map[int]bool{}
		for wid, w := range r.Winners {
			won = append(won, w.TicketID)
			if w.Valid {
				valid[w.Position] = true
				if d.rng.IntN(3) == 0 {
					d.enqueue(id, "winner.invalidate", map[string]any{"winner_id": wid, "reason": " Não veio "})
					return true
				}
			} else {
				invalid[w.Position] = true
			}
		}
		for pos := range invalid {
			if valid[pos] {
				continue
			}
			pool := draw.RedrawPool(r.pool(), won, r.AllowDuplicateWins)
			if len(pool) == 0 {
				return false
			}
			if d.rng.IntN(2) == 0 {
				// Offline: another device may redraw the same place first.
				d.drawOffline(id, rd, "winner.redraw", offline(rd.redraw(pos, pool)), pool, 1, r.AllowDuplicateWins)
				return true
			}
			d.enqueue(id, "winner.redraw", rd.redraw(pos, pool))
			d.enqueue(id, "draw.complete", rd.complete())
			return true
		}
	}
	return false
}

// simOffline is a round this device drew offline: what the room saw, which
// the public record must keep if the server refuses the round.
type simOffline struct {
	raffleID, drawID   string
	startOp, completOp string
	seed               []byte
	winners            []string
}

// drawOffline queues an offline start (or redraw) and, when the device's
// pool allows the draw, its completion with the winners it drew alone.
func (d *device) drawOffline(id string, rd round, typ string, start map[string]any, pool []draw.Ticket, count int, dup bool) {
	d.enqueue(id, typ, start)
	o := simOffline{raffleID: id, drawID: rd.id, startOp: d.made[len(d.made)-1], seed: rd.seed}
	won, err := draw.Pick(rd.seed, pool, count, dup)
	if err == nil {
		o.winners = ticketIDs(won)
		d.enqueue(id, "draw.complete", map[string]any{"draw_id": rd.id, "client_seed": hex.EncodeToString(rd.seed),
			"offline": true, "winners": o.winners})
		o.completOp = d.made[len(d.made)-1]
	}
	d.offline = append(d.offline, o)
}
