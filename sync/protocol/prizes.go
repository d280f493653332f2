package protocol

import (
	"slices"
	"unicode/utf8"

	"github.com/tidwall/gjson"

	"github.com/sorteio/sorteio/sync/draw"
)

// Prizes and alternates (schema version 4, docs/sync-protocol.md "Prizes
// and alternates").
const (
	// MaxPrize is the longest prize name, in characters.
	MaxPrize = 120
	// MaxAlternates is the most alternates a raffle may ask for.
	MaxAlternates = 10
)

// Prize names what one position wins; the audit record carries the same.
type Prize = draw.Prize

// prizeKeys are the fields of one prize.
var prizeKeys = []string{"position", "name"}

// decodePrizes reads a list of prizes: each position 1..MaxWinners at most
// once, each name through the one-line text rule. An empty name clears its
// position (an update) or is left out (a create). The list comes back in
// position order.
func decodePrizes(v gjson.Result) ([]Prize, *Rejection) {
	if !v.IsArray() {
		return nil, Reject(ReasonInvalidPayload)
	}
	items := v.Array()
	if len(items) > MaxWinners {
		return nil, Reject(ReasonInvalidPayload)
	}
	out := make([]Prize, 0, len(items))
	seen := map[int]bool{}
	for _, it := range items {
		if !it.IsObject() {
			return nil, Reject(ReasonInvalidPayload)
		}
		if rej := onlyKeys(it, prizeKeys); rej != nil {
			return nil, rej
		}
		pos, rej := reqInt(it, "position")
		if rej != nil || pos < 1 || pos > MaxWinners || seen[pos] {
			return nil, Reject(ReasonInvalidPayload)
		}
		seen[pos] = true
		name, rej := checkPrize(it.Get("name"))
		if rej != nil {
			return nil, rej
		}
		out = append(out, Prize{Position: pos, Name: name})
	}
	slices.SortFunc(out, func(a, b Prize) int { return a.Position - b.Position })
	return out, nil
}

// checkPrize cleans one prize name: a one-line text of at most MaxPrize
// characters; absent or null is empty.
func checkPrize(v gjson.Result) (string, *Rejection) {
	s, rej := optionalString(v)
	if rej != nil {
		return "", rej
	}
	if s, rej = cleanLine(s); rej != nil {
		return "", rej
	}
	if utf8.RuneCountInString(s) > MaxPrize {
		return "", Reject(ReasonPrizeTooLong)
	}
	return s, nil
}

// decodeAlternates reads an alternates count, 0..MaxAlternates.
func decodeAlternates(p gjson.Result) (int, *Rejection) {
	n, rej := reqInt(p, "alternates_count")
	if rej != nil {
		return 0, rej
	}
	if n < 0 || n > MaxAlternates {
		return 0, Reject(ReasonAlternatesOutOfRange)
	}
	return n, nil
}

// MergePrizes sets each changed position on the raffle's prizes (last
// writer wins per position; an empty name clears it) and returns the new
// list, in position order, without empty names. Positions beyond the
// winners count are kept: lowering the count and raising it again brings
// them back, and nothing typed is lost.
func MergePrizes(current, changed []Prize) []Prize {
	byPos := make(map[int]string, len(current)+len(changed))
	for _, p := range current {
		byPos[p.Position] = p.Name
	}
	for _, p := range changed {
		byPos[p.Position] = p.Name
	}
	out := make([]Prize, 0, len(byPos))
	for pos, name := range byPos {
		if name != "" {
			out = append(out, Prize{Position: pos, Name: name})
		}
	}
	slices.SortFunc(out, func(a, b Prize) int { return a.Position - b.Position })
	return out
}

// PrizeOf is the prize of a position, or "".
func PrizeOf(prizes []Prize, position int) string {
	for _, p := range prizes {
		if p.Position == position {
			return p.Name
		}
	}
	return ""
}

// ShownPrizes are the prizes of positions 1..winners: what every screen
// and the public state show.
func ShownPrizes(prizes []Prize, winners int) []Prize {
	out := []Prize{}
	for _, p := range prizes {
		if p.Position <= winners && p.Name != "" {
			out = append(out, p)
		}
	}
	return out
}
