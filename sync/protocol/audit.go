package protocol

import (
	"sort"
	"strconv"
	"strings"

	"github.com/sorteio/sorteio/sync/draw"
)

// AuditRecord is a completed round's public record (docs/draw-algorithm.md
// §9). Only a first draw carries its pool (every ticket): a redraw's is
// derived from it, by the server when it checks the redraw and by every
// verifier (draw.VerifyExport), so the record grows by a few hundred bytes a
// redraw, not by a pool.
func AuditRecord(rd Round, pool []draw.Ticket) draw.Record {
	rec := draw.Record{DrawID: rd.DrawID, Round: rd.Number, Kind: rd.Kind, Positions: rd.Positions,
		ClientCommitment: rd.ClientCommitment, ServerCommitment: rd.ServerCommitment,
		PoolSize: rd.PoolSize, PoolDigest: rd.PoolDigest, WinnersCount: rd.WinnersCount,
		AllowDuplicateWins: rd.AllowDuplicateWins, Winners: []string{}, StartedAt: rd.StartedAt,
		AlternatesCount: rd.AlternatesCount}
	// A correction's list is the replaced round's, published with it.
	if rd.Kind != KindRedraw && rd.Replaces == "" {
		rec.Pool = pool
	}
	rec.Replaces, rec.ReplacedBy = rd.Replaces, rd.ReplacedBy
	if rd.ReplacedAt != nil {
		rec.ReplacedAt = *rd.ReplacedAt
	}
	if c := rd.Completion; c != nil {
		rec.Online, rec.ClientSeed, rec.ServerSeed, rec.CompletedAt = !rd.Offline, c.ClientSeed, c.ServerSeed, c.CompletedAt
		for _, w := range c.Winners {
			rec.Winners = append(rec.Winners, w.TicketID)
		}
		rec.Alternates = c.Alternates
		if d := c.DeviceTimes; d != nil && rd.Offline {
			rec.DeviceStartedAt, rec.DeviceCompletedAt, rec.DeviceClockOffset = &d.DeviceStartedAt, &d.DeviceCompletedAt, d.DeviceClockOffset
		}
	}
	if rd.IsFederal() && rd.Federal != nil {
		rec.Online = false
		rec.Federal = &draw.FederalRecord{Algorithm: draw.FederalAlgorithmOf(rd.Federal.Rule), Concurso: rd.Federal.Concurso,
			ExtractionAt: rd.Federal.ExtractionAt, Rule: rd.Federal.DrawRule(), Prizes: []string{}}
		if rd.Completion != nil {
			rec.Federal.Prizes = rd.Completion.Prizes
			withPool := rec
			withPool.Pool = pool
			rec.Federal.Steps = draw.FederalLines(withPool)
		}
	}
	return rec
}

// AbandonedRecord is an abandoned round as published: what its start made
// public, and when it was abandoned. No seed: the server's was never
// revealed, and the device's was lost with it.
func AbandonedRecord(rd Round) draw.Abandoned {
	a := draw.Abandoned{DrawID: rd.DrawID, Round: rd.Number, Kind: rd.Kind, Positions: rd.Positions, Online: !rd.Offline,
		ClientCommitment: rd.ClientCommitment, ServerCommitment: rd.ServerCommitment, PoolSize: rd.PoolSize,
		PoolDigest: rd.PoolDigest, StartedAt: rd.StartedAt}
	if rd.AbandonedAt != nil {
		a.AbandonedAt = *rd.AbandonedAt
	}
	return a
}

// PublicWinner is a winner as the public sees it: the fact and time of an
// invalidation, never its reason (the organiser's own note).
type PublicWinner struct {
	ID            string `json:"id"`
	DrawID        string `json:"draw_id"`
	Position      int    `json:"position"`
	TicketID      string `json:"ticket_id"`
	IsValid       bool   `json:"is_valid"`
	InvalidatedAt *int64 `json:"invalidated_at"`
	PromotedAt    *int64 `json:"promoted_at,omitempty"`
}

// Promotions are the alternates called to places, in the order of the
// calls, as the public record lists them (docs/draw-algorithm.md §10a).
func Promotions(ws []Winner) []draw.Promotion {
	out := []draw.Promotion{}
	for _, w := range ws {
		if w.PromotedAt == nil {
			continue
		}
		_, rank, _ := strings.Cut(w.ID, ":a")
		n, _ := strconv.Atoi(rank)
		out = append(out, draw.Promotion{WinnerID: w.ID, Position: w.Position, Alternate: n, TicketID: w.TicketID, PromotedAt: *w.PromotedAt})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].PromotedAt < out[j].PromotedAt })
	return out
}

// PublicWinners drops the invalidation reasons.
func PublicWinners(ws []Winner) []PublicWinner {
	out := make([]PublicWinner, len(ws))
	for i, w := range ws {
		out[i] = PublicWinner{ID: w.ID, DrawID: w.DrawID, Position: w.Position, TicketID: w.TicketID, IsValid: w.IsValid,
			InvalidatedAt: w.InvalidatedAt, PromotedAt: w.PromotedAt}
	}
	return out
}
