package protocol

import "github.com/tidwall/gjson"

// AlternatesSchemaVersion is the first schema version that knows prizes
// and alternates. A device before it opens first draws without alternates
// (docs/sync-protocol.md, "Prizes and alternates").
const AlternatesSchemaVersion = 4

// FederalSchemaVersion is the first schema version that knows the Loteria
// Federal. A device before it reads a closed list as a round of its own
// kind, open, that nobody will ever reveal: it would wait on it for good.
// Its pulls are answered without such rounds (docs/sync-protocol.md,
// "Loteria Federal").
const FederalSchemaVersion = 5

// CorrectionSchemaVersion is the first schema version that knows
// draw.correct, the correction of a Loteria Federal result.
const CorrectionSchemaVersion = 6

// FederalDrawChange says whether a logged op is one of the Loteria Federal's
// draw ops: closing the list (draw.start with method "federal") or its
// result (draw.complete with the prizes). A device before
// FederalSchemaVersion is sent the raffle's snapshot instead of a page
// holding one.
func FederalDrawChange(typ string, payload []byte) bool {
	switch typ {
	case TypeDrawStart:
		return gjson.GetBytes(payload, "method").Str == MethodFederal
	case TypeDrawComplete:
		return gjson.GetBytes(payload, "prizes").Exists()
	}
	return false
}

// RoundsForOlder is the raffle's rounds as a device before
// FederalSchemaVersion is sent them: a closed Loteria Federal list whose
// result is not in yet is left out, so the raffle reads as under way on
// another device, its participants frozen, until the result arrives as a
// completed round with its winners.
func RoundsForOlder(rounds []Round) []Round {
	out := make([]Round, 0, len(rounds))
	for _, r := range rounds {
		if r.IsFederal() && r.Open() {
			continue
		}
		out = append(out, r)
	}
	return out
}

// alternatesFor is how many alternates a first draw started by m draws:
// the raffle's count, or none for a device that cannot draw them.
func alternatesFor(m DrawStart, r *Raffle) int {
	if m.Older {
		return 0
	}
	return r.AlternatesCount
}
