package store

import (
	"context"
	"encoding/json"

	"github.com/sorteio/sorteio/sync/protocol"
)

// laterNumbers is what the adds of one push hold, so that the numbers the
// server gives an op keep clear of the numbers the device's later ops of
// the same raffle hold (protocol.Later): a names-only import renumbered on
// a clash must not take the numbers the device's next import typed, which
// would then be refused for clashing with the device's own tickets. For
// each raffle (the device's id) and number, the place in the push of the
// last add that typed it and of the last add that holds it at all.
type laterNumbers struct {
	typed, held map[string]map[string]int
}

type laterKey struct{}

type laterAt struct {
	numbers *laterNumbers
	index   int
}

// laterNumbersOf reads the numbers of a push's adds; nil when the push has
// fewer than two adds (no add has a later one). Only the numbers are read,
// in their normal form; a payload that does not decode holds none (its op
// is refused on its own).
func laterNumbersOf(ops []protocol.Op) *laterNumbers {
	adds := 0
	for _, op := range ops {
		if op.Type == protocol.TypeParticipantsAdd {
			adds++
		}
	}
	if adds < 2 {
		return nil
	}
	l := &laterNumbers{typed: map[string]map[string]int{}, held: map[string]map[string]int{}}
	for i, op := range ops {
		if op.Type != protocol.TypeParticipantsAdd {
			continue
		}
		var p struct {
			Tickets []struct {
				TicketNumber *string `json:"ticket_number"`
				Provisional  bool    `json:"provisional"`
			} `json:"tickets"`
		}
		if json.Unmarshal(op.Payload, &p) != nil {
			continue
		}
		for _, t := range p.Tickets {
			if t.TicketNumber == nil {
				continue
			}
			n, rej := protocol.TicketNumber(*t.TicketNumber)
			if rej != nil || n == "" {
				continue
			}
			put(l.held, op.RaffleID, n, i)
			if !t.Provisional {
				put(l.typed, op.RaffleID, n, i)
			}
		}
	}
	return l
}

func put(m map[string]map[string]int, raffleID, n string, i int) {
	if m[raffleID] == nil {
		m[raffleID] = map[string]int{}
	}
	m[raffleID][n] = i
}

// at marks ctx as the push's op at index i.
func (l *laterNumbers) at(ctx context.Context, i int) context.Context {
	if l == nil {
		return ctx
	}
	return context.WithValue(ctx, laterKey{}, laterAt{numbers: l, index: i})
}

// laterOf is what the ops after ctx's op in its push hold in the raffle
// (the device's id); the zero Later outside a push.
func laterOf(ctx context.Context, raffleID string) protocol.Later {
	a, ok := ctx.Value(laterKey{}).(laterAt)
	if !ok {
		return protocol.Later{}
	}
	typed, held := a.numbers.typed[raffleID], a.numbers.held[raffleID]
	return protocol.Later{
		Typed: func(n string) bool { i, ok := typed[n]; return ok && i > a.index },
		Held:  func(n string) bool { i, ok := held[n]; return ok && i > a.index },
	}
}
