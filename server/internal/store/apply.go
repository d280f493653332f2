package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/sorteio/sorteio/sync/draw"
	"github.com/sorteio/sorteio/sync/protocol"
)

// applied is what the apply step hands to the log.
type applied struct {
	// payload is logged as the change's payload: the op's own, or what only
	// the server knows (a new raffle's final code, a round's commitment).
	payload any
	// code is the raffle code the server chose when the client's was taken.
	code string
	// key is the raffle's server key, under which the change is logged.
	key string
	// renumbered counts provisional ticket numbers the rules replaced, and
	// refused lists tickets left out for a taken typed number.
	renumbered int
	refused    []protocol.RefusedTicket
}

// apply writes one checked op. Each case calls the SQL of the op's resource
// (raffles.go, tickets.go, draws.go); a new op type adds a case here and a
// function there. A rejection is for what only the write itself can see (an
// id taken by another account's row, a ticket id the raffle holds); the case
// leaves nothing written then, and the rejection is recorded in this same
// transaction. The rules checked the rest.
func (db *DB) apply(ctx context.Context, tx *sql.Tx, userID string, m protocol.Mutation, st protocol.State, now time.Time) (applied, *protocol.Rejection, error) {
	switch m := m.(type) {
	case protocol.RaffleCreate:
		r := m.Raffle
		r.OwnerID = userID
		key, code, created, err := db.createRaffle(ctx, tx, r, now)
		if err != nil || !created {
			return applied{}, rejectIf(!created, protocol.ReasonRaffleExists), err
		}
		done := applied{key: key}
		if code != r.Code {
			done.code = code
		}
		r.Code = code
		done.payload = r
		return done, nil, nil
	case protocol.RaffleUpdate:
		r := *st.Raffle
		m.ApplyTo(&r)
		return applied{payload: m}, nil, db.updateRaffle(ctx, tx, r)
	case protocol.RaffleDelete:
		return applied{payload: struct{}{}}, nil, db.deleteRaffle(ctx, tx, st.Raffle.ID, now)
	case protocol.ParticipantsAdd:
		newPeople := 0
		for _, g := range protocol.GroupIDs(m) {
			if st.GroupTickets[g] == 0 {
				newPeople++
			}
		}
		// A large op's log JSON is made on another core while its tickets go
		// in; a phone's few tickets are encoded in line (a goroutine saves
		// nothing there).
		var body any = m
		if len(m.Tickets) >= aheadTickets {
			body = encodeAhead(m)
		}
		taken, err := db.addTickets(ctx, tx, st.Raffle.ID, m.Tickets, st.GroupTickets, newPeople, now)
		return applied{payload: body, renumbered: m.Renumbered, refused: m.Refused}, rejectIf(taken, protocol.ReasonParticipantExists), err
	case protocol.ParticipantsRemoveGroup:
		return applied{payload: m}, nil, db.removeGroup(ctx, tx, st.Raffle.ID, m.GroupID, st.GroupTickets[m.GroupID])
	case protocol.DrawStart, protocol.WinnerRedraw:
		rd := protocol.NewRound(m, st, draw.NewSeed())
		return applied{payload: rd.DrawStarted}, nil, db.startRound(ctx, tx, rd)
	case protocol.DrawComplete:
		kind := st.Round(m.Result.DrawID).Kind
		return applied{payload: m.Result}, nil, db.completeRound(ctx, tx, st.Raffle.ID, kind, m.Result)
	case protocol.WinnerInvalidate:
		ev := protocol.WinnerInvalidated{WinnerID: m.WinnerID, Reason: m.Reason, InvalidatedAt: st.Now}
		return applied{payload: ev}, nil, db.invalidateWinner(ctx, tx, st.Raffle.ID, ev)
	case protocol.WinnerPromote:
		return applied{payload: m.Result}, nil, db.promoteAlternate(ctx, tx, st.Raffle.ID, *m.Result)
	case protocol.DrawCorrect:
		return applied{payload: m.Result}, nil, db.correctRound(ctx, tx, st.Raffle.ID, *st.Round(m.Replaces), m.Result)
	case protocol.DrawAbandon:
		ev := protocol.DrawAbandoned{DrawID: m.DrawID, AbandonedAt: st.Now}
		return applied{payload: ev}, nil, db.abandonRound(ctx, tx, st.Raffle.ID, st.Round(m.DrawID).Kind, ev)
	}
	return applied{}, nil, fmt.Errorf("apply: no case for %T", m)
}

// rejectIf returns the rejection for reason when cond holds.
func rejectIf(cond bool, reason string) *protocol.Rejection {
	if cond {
		return protocol.Reject(reason)
	}
	return nil
}
