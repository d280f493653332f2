package protocol

import (
	"github.com/sorteio/sorteio/sync/draw"
	"github.com/tidwall/gjson"
)

// The Loteria Federal's two draw ops reuse the seeded draw's (schema version
// 5): draw.start with method 'federal' closes the list for the extraction
// ('Fechar a lista para a extração'), and draw.complete with the five prizes
// enters its result. So the rounds, winners, reveal and record work as for a
// seeded draw; only what proves the winners differs.

// decodeFederalClose reads draw.start with method 'federal': the pool and
// the settings the device saw, and no commitment (there is no seed). It is
// always online: the server's clock decides whether the extraction is still
// ahead.
func decodeFederalClose(p gjson.Result, m DrawStart) (Mutation, *Rejection) {
	if p.Get("client_commitment").Exists() || p.Get("alternates_count").Exists() ||
		(p.Get("offline").Exists() && p.Get("offline").Type != gjson.False) {
		return nil, Reject(ReasonInvalidPayload)
	}
	var ok bool
	if m.PoolDigest, ok = hexField(p, "pool_digest"); !ok {
		return nil, Reject(ReasonInvalidPayload)
	}
	size, rej := reqInt(p, "pool_size")
	if rej != nil || size < 1 {
		return nil, Reject(ReasonInvalidPayload)
	}
	m.PoolSize = size
	if m.Federal, rej = decodeFederal(p.Get("federal")); rej != nil {
		return nil, rej
	}
	if rej := decodeSeenSettings(p, &m); rej != nil {
		return nil, rej
	}
	return m, nil
}

// decodeFederalResult reads draw.complete with the five prizes as typed and
// the winners the device computed from them (ticket ids in position order).
func decodeFederalResult(p gjson.Result, m DrawComplete) (Mutation, *Rejection) {
	if p.Get("client_seed").Exists() || p.Get("alternates").Exists() ||
		(p.Get("offline").Exists() && p.Get("offline").Type != gjson.False) {
		return nil, Reject(ReasonInvalidPayload)
	}
	list := p.Get("prizes")
	if !list.IsArray() || len(list.Array()) > 10 {
		return nil, Reject(ReasonInvalidPayload)
	}
	for _, it := range list.Array() {
		if it.Type != gjson.String || len(it.Str) > 20 {
			return nil, Reject(ReasonInvalidPayload)
		}
		m.Prizes = append(m.Prizes, it.Str)
	}
	if _, err := draw.Federal(draw.FederalRule{Kind: draw.RuleUnits}, m.Prizes, nil, 0, true); err != nil {
		return nil, federalRejection(err)
	}
	winners := p.Get("winners")
	if !winners.IsArray() || len(winners.Array()) < 1 || len(winners.Array()) > MaxWinners {
		return nil, Reject(ReasonInvalidPayload)
	}
	var ok bool
	if m.Winners, ok = ticketIDs(winners.Array()); !ok {
		return nil, Reject(ReasonInvalidPayload)
	}
	return m, nil
}

// checkFederalClose closes the list: the raffle must draw by the Loteria
// Federal with the settings the device saw, the extraction must still be
// ahead on the server's clock, every ticket a number the rule reaches, and
// the rule equal for the list.
func checkFederalClose(m DrawStart, st State) (Mutation, *Rejection) {
	if rej := editable(st.Raffle); rej != nil {
		return nil, rej
	}
	r := st.Raffle
	if st.DrawIDTaken {
		return nil, Reject(ReasonInvalidPayload)
	}
	if !r.IsFederal() || r.Federal == nil || *r.Federal != *m.Federal ||
		(m.WinnersCount != nil && *m.WinnersCount != r.WinnersCount) ||
		(m.AllowDuplicateWins != nil && *m.AllowDuplicateWins != r.AllowDuplicateWins) {
		return nil, Reject(ReasonFederalNotChosen)
	}
	if rej := FederalTime(false, *r.Federal, st.Now); rej != nil {
		return nil, rej
	}
	zeros := []string{"00000", "00000", "00000", "00000", "00000"}
	if _, err := draw.Federal(r.Federal.DrawRule(), zeros, st.Pool, r.WinnersCount, r.AllowDuplicateWins); err != nil {
		return nil, federalRejection(err)
	}
	// Every ticket of the list the same chance, within 1 % (§12.2a).
	if _, err := draw.FederalChances(r.Federal.DrawRule(), st.Pool); err != nil {
		return nil, federalRejection(err)
	}
	if !samePool(st.Pool, m) {
		return nil, Reject(ReasonPoolChanged)
	}
	return m, nil
}

// newFederalRound is the round a closed list opens: the extraction's
// settings instead of commitments, no countdown and no alternates.
func newFederalRound(m DrawStart, st State) Round {
	r := st.Raffle
	rd := Round{RaffleID: r.ID}
	rd.Number = len(st.Rounds) + 1
	rd.Kind, rd.WinnersCount, rd.AllowDuplicateWins = KindDraw, r.WinnersCount, r.AllowDuplicateWins
	for p := 1; p <= r.WinnersCount; p++ {
		rd.Positions = append(rd.Positions, p)
	}
	rd.DrawID, rd.PoolDigest, rd.PoolSize = m.DrawID, m.PoolDigest, m.PoolSize
	f := *r.Federal
	rd.Method, rd.Federal = MethodFederal, &f
	rd.StartedAt = st.Now
	rd.AbandonableAt = f.ExtractionAt
	return rd
}

// checkFederalResult takes the five prizes once the extraction's time has
// passed on the server's clock, recomputes the winners from them and the
// closed list, and refuses winners that do not follow. A second entry is
// refused: a typo is corrected by a new round that keeps this one.
func checkFederalResult(m DrawComplete, round *Round, st State) (Mutation, *Rejection) {
	if round.Completion != nil {
		return nil, Reject(ReasonFederalResultEntered)
	}
	if rej := openRound(round); rej != nil {
		return nil, rej
	}
	if rej := FederalTime(true, *round.Federal, st.Now); rej != nil {
		return nil, rej
	}
	res, err := draw.Federal(round.Federal.DrawRule(), m.Prizes, st.Pool, round.WinnersCount, round.AllowDuplicateWins)
	if err != nil {
		return nil, federalRejection(err)
	}
	if len(res.Steps) != len(m.Winners) {
		return nil, Reject(ReasonResultMismatch)
	}
	out := &DrawCompleted{DrawID: round.DrawID, Completion: Completion{CompletedAt: st.Now, Prizes: m.Prizes}}
	for i, step := range res.Steps {
		if m.Winners[i] != step.Ticket.ID {
			return nil, Reject(ReasonResultMismatch)
		}
		pos := round.Positions[i]
		out.Winners = append(out.Winners, WinnerRef{ID: WinnerID(round.DrawID, pos), Position: pos, TicketID: step.Ticket.ID})
	}
	m.Result = out
	return m, nil
}

// FederalTime is the extraction's time against the server's clock: the list
// closes only before it, and its result is taken only from it on.
func FederalTime(result bool, f FederalSettings, now int64) *Rejection {
	switch {
	case result && now < f.ExtractionAt:
		return Reject(ReasonFederalTooEarly)
	case !result && now >= f.ExtractionAt:
		return Reject(ReasonFederalNotFuture)
	}
	return nil
}
