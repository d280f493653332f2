package protocol

// checkPromote is 'Chamar suplente' (docs/draw-algorithm.md §10a): on a
// drawn raffle with no open round, a position whose last winner was
// invalidated (and none is valid) takes the first draw's next alternate not
// yet called. The server picks which, so two devices calling at once get
// the first and the second, never the same one twice.
func checkPromote(m WinnerPromote, st State) (Mutation, *Rejection) {
	if rej := drawn(st.Raffle); rej != nil {
		return nil, rej
	}
	if rej := refillable(st, m.Position); rej != nil {
		return nil, rej
	}
	first := firstDraw(st)
	if first == nil {
		return nil, Reject(ReasonNoAlternateLeft)
	}
	called := map[string]bool{}
	for _, w := range st.Winners {
		if w.PromotedAt != nil {
			called[w.TicketID] = true
		}
	}
	for i, ticket := range first.Completion.Alternates {
		if !called[ticket] {
			m.Result = &WinnerPromoted{WinnerID: AlternateWinnerID(first.DrawID, i+1), Position: m.Position,
				Alternate: i + 1, TicketID: ticket, PromotedAt: st.Now}
			return m, nil
		}
	}
	return nil, Reject(ReasonNoAlternateLeft)
}

// firstDraw is the raffle's completed first draw (the one with alternates),
// or nil.
func firstDraw(st State) *Round {
	for i := range st.Rounds {
		if rd := &st.Rounds[i]; rd.Kind == KindDraw && rd.Completion != nil {
			return rd
		}
	}
	return nil
}

// refillable checks that a position may be filled again, by a redraw or an
// alternate: no round is open, and the position's last winner was
// invalidated with none valid.
func refillable(st State, position int) *Rejection {
	for _, rd := range st.Rounds {
		if rd.Open() {
			return Reject(ReasonDrawOpen)
		}
	}
	invalidated, valid := false, false
	for _, w := range st.Winners {
		if w.Position == position {
			invalidated = invalidated || !w.IsValid
			valid = valid || w.IsValid
		}
	}
	if !invalidated || valid {
		return Reject(ReasonPositionTaken)
	}
	return nil
}
