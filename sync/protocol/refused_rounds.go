package protocol

import (
	"encoding/hex"

	"github.com/sorteio/sorteio/sync/draw"
)

// RefusedRound is the refused round a rejected op opens, when the op is the
// start of a round drawn offline (draw.start or winner.redraw with offline
// set) and the reason one two devices cause (draw.RefusedReasons): the room
// may have seen its winners, so the public record keeps it, never counted
// (docs/draw-algorithm.md §11). ok is false for any other rejection.
func RefusedRound(m Mutation, st State, reason string) (r draw.Refused, ok bool) {
	if st.Raffle == nil {
		return r, false
	}
	if _, known := draw.RefusedReasons[reason]; !known {
		return r, false
	}
	var start DrawStart
	switch m := m.(type) {
	case DrawStart:
		start, r.Kind = m, KindDraw
		n := st.Raffle.WinnersCount
		if m.WinnersCount != nil {
			// The places the device drew: its settings, not the server's.
			n = *m.WinnersCount
		}
		for p := 1; p <= n; p++ {
			r.Positions = append(r.Positions, p)
		}
	case WinnerRedraw:
		start, r.Kind, r.Positions = m.DrawStart, KindRedraw, []int{m.Position}
	default:
		return r, false
	}
	if !start.Offline {
		// An online round was never drawn: nobody saw a result.
		return r, false
	}
	at, _ := draw.DrawIDTime(start.DrawID)
	r.DrawID, r.ClientCommitment, r.PoolDigest, r.PoolSize = start.DrawID, start.ClientCommitment, start.PoolDigest, start.PoolSize
	r.Reason, r.DeviceAt, r.RefusedAt, r.Winners = reason, at, st.Now, []draw.RefusedWinner{}
	return r, true
}

// RevealRefused reads the offline completion of a refused round that has
// not been revealed: its seed must match the commitment the start declared,
// and its winners fill the round's places in order. The numbers and names
// are left to the store (the server's tickets, when it has them).
func RevealRefused(m DrawComplete, r draw.Refused) ([]draw.RefusedWinner, bool) {
	if !m.Offline || r.ClientSeed != "" || len(m.Winners) != len(r.Positions) {
		return nil, false
	}
	seed, err := hex.DecodeString(m.ClientSeed)
	if err != nil || draw.Commitment(seed) != r.ClientCommitment {
		return nil, false
	}
	out := make([]draw.RefusedWinner, len(m.Winners))
	for i, id := range m.Winners {
		out[i] = draw.RefusedWinner{Position: r.Positions[i], TicketID: id}
	}
	return out, true
}

// RefusedCompletion says which round an offline completion refused as
// draw_not_found (raffle_not_found for a deleted raffle) may reveal: its
// start may have been refused and kept.
func RefusedCompletion(m Mutation, reason string) (DrawComplete, bool) {
	c, ok := m.(DrawComplete)
	return c, ok && c.Offline && (reason == ReasonDrawNotFound || reason == ReasonRaffleNotFound)
}
