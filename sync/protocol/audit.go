package protocol

import "github.com/sorteio/sorteio/sync/draw"

// RoundPool is the pool a round was drawn from: every ticket for a first
// draw; for a redraw, every ticket but those of the winners of the rounds
// before it (participants are frozen once drawn, so this is the pool whose
// digest the round published).
func RoundPool(rd Round, canonical []draw.Ticket, rounds []Round, winners []Winner) []draw.Ticket {
	if rd.Kind != KindRedraw {
		return canonical
	}
	earlier := map[string]bool{}
	for _, other := range rounds {
		if other.Number < rd.Number {
			earlier[other.DrawID] = true
		}
	}
	var won []string
	for _, w := range winners {
		if earlier[w.DrawID] {
			won = append(won, w.TicketID)
		}
	}
	return draw.RedrawPool(canonical, won, rd.AllowDuplicateWins)
}

// AuditRecord is a completed round's public record (docs/draw-algorithm.md
// §9) over its pool, which anyone can verify with draw.Verify.
func AuditRecord(rd Round, pool []draw.Ticket) draw.Record {
	rec := draw.Record{DrawID: rd.DrawID, Kind: rd.Kind, Positions: rd.Positions,
		ClientCommitment: rd.ClientCommitment, ServerCommitment: rd.ServerCommitment,
		Pool: pool, PoolSize: rd.PoolSize, PoolDigest: rd.PoolDigest, WinnersCount: rd.WinnersCount,
		AllowDuplicateWins: rd.AllowDuplicateWins, Winners: []string{}, StartedAt: rd.StartedAt}
	if c := rd.Completion; c != nil {
		rec.Online, rec.ClientSeed, rec.ServerSeed, rec.CompletedAt = !rd.Offline, c.ClientSeed, c.ServerSeed, c.CompletedAt
		for _, w := range c.Winners {
			rec.Winners = append(rec.Winners, w.TicketID)
		}
	}
	return rec
}
