package protocol

import (
	"slices"

	"github.com/tidwall/gjson"
)

// TypeDrawCorrect is schema version 6: a Loteria Federal result typed wrong
// is corrected by a new round over the same closed list, and the wrong one
// stays in the record as replaced, with the time of the correction
// (docs/draw-algorithm.md §12.7). A round of its own, like a redraw, so the
// record never loses what was published.
const TypeDrawCorrect = "draw.correct"

// DrawCorrect is 'Corrigir o resultado': the new round's id, the round it
// replaces, the five prizes as typed again and the winners the device
// computed from them (ticket ids in position order).
type DrawCorrect struct {
	DrawID   string
	Replaces string
	Prizes   []string
	Winners  []string
	// Result is set by Check: what the server records and logs.
	Result *DrawCorrected
}

func (DrawCorrect) OpType() string { return TypeDrawCorrect }

// DrawCorrected is the logged draw.correct payload: the new round, already
// completed, and when the round it replaces stopped counting.
type DrawCorrected struct {
	DrawStarted
	Completion
	Replaces   string `json:"replaces"`
	ReplacedAt int64  `json:"replaced_at"`
}

// Round returns the new round as the rules and snapshots see it.
func (c DrawCorrected) Round(raffleID string) Round {
	comp := c.Completion
	return Round{DrawStarted: c.DrawStarted, Completion: &comp, RaffleID: raffleID, Replaces: c.Replaces}
}

// decodeDrawCorrect reads draw.correct: a Loteria Federal completion
// (decodeDrawComplete, so the draw id, prizes and winners are checked as the
// first entry's are) naming the round it replaces.
func decodeDrawCorrect(p gjson.Result) (Mutation, *Rejection) {
	r := p.Get("replaces")
	if !p.Get("prizes").Exists() || r.Type != gjson.String || !IsUUID(r.Str) {
		return nil, Reject(ReasonInvalidPayload)
	}
	res, rej := decodeDrawComplete(p)
	if rej != nil {
		return nil, rej
	}
	dc := res.(DrawComplete)
	if dc.DrawID == r.Str {
		return nil, Reject(ReasonInvalidPayload)
	}
	return DrawCorrect{DrawID: dc.DrawID, Replaces: r.Str, Prizes: dc.Prizes, Winners: dc.Winners}, nil
}

// checkCorrect lets the owner replace the raffle's result in force: the
// last round, a Loteria Federal one with its result entered, none of whose
// winners was invalidated (nothing was built on it yet). The new prizes
// must differ, and the device's winners must be the ones they give over
// the same closed list.
func checkCorrect(m DrawCorrect, st State) (Mutation, *Rejection) {
	if st.Raffle == nil || st.Raffle.Deleted {
		return nil, Reject(ReasonRaffleNotFound)
	}
	if st.DrawIDTaken {
		return nil, Reject(ReasonInvalidPayload)
	}
	old := st.Round(m.Replaces)
	switch {
	case old == nil:
		return nil, Reject(ReasonDrawNotFound)
	case !old.IsFederal() || old.Federal == nil:
		return nil, Reject(ReasonFederalNotChosen)
	case old.Completion == nil:
		return nil, Reject(ReasonNotDrawn)
	case old.ReplacedAt != nil || st.Rounds[len(st.Rounds)-1].DrawID != old.DrawID:
		return nil, Reject(ReasonFederalCorrectionNotLatest)
	}
	for _, w := range st.Winners {
		if !w.IsValid || w.PromotedAt != nil {
			return nil, Reject(ReasonFederalCorrectionNotLatest)
		}
	}
	if slices.Equal(old.Completion.Prizes, m.Prizes) {
		return nil, Reject(ReasonFederalCorrectionSame)
	}
	// The same checks as the first entry's, over the same closed list.
	probe := *old
	probe.Completion = nil
	done, rej := checkFederalResult(DrawComplete{DrawID: m.DrawID, Prizes: m.Prizes, Winners: m.Winners}, &probe, st)
	if rej != nil {
		return nil, rej
	}
	res := done.(DrawComplete).Result
	start := old.DrawStarted
	start.DrawID, start.Number, start.StartedAt = m.DrawID, len(st.Rounds)+1, st.Now
	for i := range res.Winners {
		res.Winners[i].ID = WinnerID(m.DrawID, res.Winners[i].Position)
	}
	m.Result = &DrawCorrected{DrawStarted: start, Completion: res.Completion, Replaces: old.DrawID, ReplacedAt: st.Now}
	return m, nil
}
