package draw

import (
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
)

// Refused is a round a device drew offline whose start the server refused
// (docs/draw-algorithm.md §11): the room may have seen its winners, so the
// record keeps it, never counted. What it holds is what the device declared:
// the server never had the device's list, only its digest and size.
type Refused struct {
	DrawID           string `json:"draw_id"`
	Kind             string `json:"kind"`
	Positions        []int  `json:"positions"`
	ClientCommitment string `json:"client_commitment"`
	PoolSize         int    `json:"pool_size"`
	PoolDigest       string `json:"pool_digest"`
	// Reason is why the server refused it, one of RefusedReasons.
	Reason string `json:"reason"`
	// DeviceAt is when the device opened the round, by its own clock: the
	// time in its draw id (a UUIDv7). RefusedAt is the server's clock.
	DeviceAt  int64 `json:"device_at"`
	RefusedAt int64 `json:"refused_at"`
	// ClientSeed and Winners come with the device's completion, when it
	// arrived and its seed matched the commitment; empty before.
	ClientSeed string          `json:"client_seed,omitempty"`
	Winners    []RefusedWinner `json:"winners"`
	RevealedAt *int64          `json:"revealed_at,omitempty"`
}

// RefusedWinner is one winner the device drew in a refused round. The number
// and name are the server's for that ticket, absent when the ticket never
// reached the server (Name empty).
type RefusedWinner struct {
	Position     int     `json:"position"`
	TicketID     string  `json:"ticket_id"`
	TicketNumber *string `json:"ticket_number"`
	Name         string  `json:"name"`
}

// RefusedReasons is the closed set of reasons a refused round is kept for,
// each with its one line (sync/testdata/catalogue.json, "round_reasons"; the
// device says the same, pwa/src/protocol/round-reasons.ts): the refusals two
// devices of one organiser cause when one drew offline.
var RefusedReasons = map[string]string{
	"pool_changed":       "a lista mudou em outro aparelho antes da sincronização",
	"settings_changed":   "as configurações mudaram em outro aparelho antes da sincronização",
	"draw_started":       "o sorteio já tinha sido feito em outro aparelho",
	"draw_completed":     "o sorteio já tinha sido feito em outro aparelho",
	"draw_open":          "havia uma rodada em andamento em outro aparelho",
	"position_taken":     "este lugar já foi re-sorteado em outro aparelho",
	"raffle_not_found":   "o sorteio foi excluído em outro aparelho",
	"not_enough_tickets": "faltaram bilhetes: a lista mudou em outro aparelho antes da sincronização",
	"not_enough_people":  "faltaram pessoas: a lista mudou em outro aparelho antes da sincronização",
	"no_eligible":        "não restava ninguém para re-sortear: a lista mudou em outro aparelho",
}

// The problems of refused rounds, word for word the verification page's
// (pwa/src/features/verify-draw/refused-rounds.ts); refused-rounds.json holds
// them as both must give them.
const (
	msgRefusedReason    = "Rodada recusada sem um motivo conhecido."
	msgRefusedKind      = "Rodada recusada de tipo desconhecido: só há sorteio e re-sorteio."
	msgRefusedTime      = "A hora do aparelho desta rodada recusada não é a do seu identificador."
	msgRefusedSeedBad   = "A semente revelada desta rodada recusada é inválida: deveria ter 64 caracteres hexadecimais."
	msgRefusedSeed      = "A semente revelada desta rodada recusada não corresponde ao compromisso que o aparelho declarou."
	msgRefusedNoSeed    = "Esta rodada recusada tem vencedores, mas nenhuma semente revelada."
	msgRefusedPlace     = "O %dº lugar não é um dos lugares desta rodada recusada."
	msgRefusedCounted   = "Esta rodada recusada também está entre as rodadas que valem."
	msgRefusedWinner    = "O %dº lugar desta rodada recusada está na lista de vencedores que valem."
	msgRefusedRecompute = "Os vencedores desta rodada recusada não saem da sua semente e da lista que ela declarou."
)

// RefusedCheck is what a verifier says of one refused round.
type RefusedCheck struct {
	Problems []string
	// Recomputed says its winners were recomputed: its declared pool is one
	// the record derives (the first draw's, or a redraw's), so the list is
	// known. Otherwise only the seed against the commitment is checked.
	Recomputed bool
}

// VerifyRefused checks the refused rounds of a history: a reason of the
// closed set, the device's time as its draw id says, the revealed seed
// against the commitment the device declared, and that none of them counts
// (neither among the rounds nor among the winners). When a round's declared
// digest and size are those of a pool the record derives, its winners are
// recomputed too.
func VerifyRefused(e Export) []RefusedCheck {
	out := make([]RefusedCheck, len(e.RefusedRounds))
	counted := map[string]bool{}
	for _, r := range e.Draws {
		counted[r.DrawID] = true
	}
	for _, a := range e.Abandoned {
		counted[a.DrawID] = true
	}
	var pools *knownPools
	for i, r := range e.RefusedRounds {
		c := &out[i]
		add := func(format string, args ...any) { c.Problems = append(c.Problems, fmt.Sprintf(format, args...)) }
		if _, ok := RefusedReasons[r.Reason]; !ok {
			add(msgRefusedReason)
		}
		if r.Kind != "draw" && r.Kind != "redraw" {
			add(msgRefusedKind)
		}
		if at, ok := DrawIDTime(r.DrawID); !ok || at != r.DeviceAt {
			add(msgRefusedTime)
		}
		if counted[r.DrawID] {
			add(msgRefusedCounted)
		} else {
			for _, w := range e.Winners {
				if w.DrawID == r.DrawID {
					add(msgRefusedWinner, w.Position)
				}
			}
		}
		for _, w := range r.Winners {
			if !containsInt(r.Positions, w.Position) {
				add(msgRefusedPlace, w.Position)
			}
		}
		if r.ClientSeed == "" {
			if len(r.Winners) > 0 {
				add(msgRefusedNoSeed)
			}
			continue
		}
		seed, err := hex.DecodeString(r.ClientSeed)
		if err != nil || len(seed) != 32 {
			add(msgRefusedSeedBad)
			continue
		}
		if !commits(seed, r.ClientCommitment) {
			add(msgRefusedSeed)
			continue
		}
		if pools == nil {
			pools = derivePools(e)
		}
		if pool, ok := pools.find(strings.ToLower(r.PoolDigest), r.PoolSize); ok {
			c.Recomputed = true
			if !sameWinners(seed, pool, r, pools.allowDup) {
				add(msgRefusedRecompute)
			}
		}
	}
	return out
}

// knownPools are the pools a record derives, by digest: the first draw's,
// each redraw's, and the one a redraw opened after the last round would have.
type knownPools struct {
	byDigest map[string][]Ticket
	allowDup bool
}

func derivePools(e Export) *knownPools {
	k := &knownPools{byDigest: map[string][]Ticket{}}
	var first []Ticket
	var won []string
	keep := func(pool []Ticket) {
		d := Digest(pool)
		k.byDigest[hex.EncodeToString(d[:])] = pool
	}
	for _, r := range e.Draws {
		switch {
		case r.Kind == "draw" && first == nil:
			first, k.allowDup = Canonical(r.Pool), r.AllowDuplicateWins
			keep(first)
		case r.Kind == "redraw" && first != nil:
			keep(RedrawPool(first, won, k.allowDup))
		}
		won = append(won, r.Winners...)
	}
	if first != nil {
		keep(RedrawPool(first, won, k.allowDup))
	}
	return k
}

func (k *knownPools) find(digest string, size int) ([]Ticket, bool) {
	pool, ok := k.byDigest[digest]
	return pool, ok && len(pool) == size
}

// sameWinners: the device's winners, by place, are the ones its seed picks
// from pool for its places.
func sameWinners(seed []byte, pool []Ticket, r Refused, allowDup bool) bool {
	picked, err := Pick(seed, pool, len(r.Positions), allowDup)
	if err != nil || len(picked) != len(r.Winners) {
		return false
	}
	for k, w := range r.Winners {
		if w.Position != r.Positions[k] || w.TicketID != picked[k].ID {
			return false
		}
	}
	return true
}

// DrawIDTime is the Unix ms time a draw id (a UUIDv7 the device made when
// it opened the round) carries in its first 48 bits: the device's clock.
func DrawIDTime(id string) (int64, bool) {
	if len(id) != 36 || id[8] != '-' || id[14] != '7' {
		return 0, false
	}
	ms, err := strconv.ParseInt(id[:8]+id[9:13], 16, 64)
	return ms, err == nil
}

func containsInt(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}
