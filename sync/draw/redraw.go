package draw

// RedrawPool is the pool of a redraw (docs/draw-algorithm.md §6): the
// canonical pool minus the ticket of every winner so far, valid or
// invalidated, and, when the same person may not win twice, every other
// ticket of their groups. An invalidated winner was disqualified, so it never
// comes back. The canonical order is kept.
func RedrawPool(canonical []Ticket, winnerTickets []string, allowDuplicates bool) []Ticket {
	out := make([]Ticket, 0, len(canonical))
	if len(winnerTickets) == 0 {
		return append(out, canonical...)
	}
	won := make(map[string]bool, len(winnerTickets))
	for _, id := range winnerTickets {
		won[id] = true
	}
	groups := map[string]bool{}
	if !allowDuplicates {
		for _, t := range canonical {
			if won[t.ID] {
				groups[t.GroupID] = true
			}
		}
	}
	for _, t := range canonical {
		if !won[t.ID] && !groups[t.GroupID] {
			out = append(out, t)
		}
	}
	return out
}
