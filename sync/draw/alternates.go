package draw

import "fmt"

// PickWithAlternates draws the winners and then the alternates in one pick
// of winners+alternates places (docs/draw-algorithm.md §5a): the same
// stream and the same duplicate rule continue past the last position, so
// the record proves the alternates as it proves the winners, and with no
// alternates the winners are sorteio-v1's.
func PickWithAlternates(seed []byte, canonical []Ticket, winners, alternates int, allowDuplicates bool) (won, next []Ticket, err error) {
	picked, err := Pick(seed, canonical, winners+alternates, allowDuplicates)
	if err != nil {
		return nil, nil, err
	}
	return picked[:winners], picked[winners:], nil
}

// Shortfall is how many more tickets (or people, when nobody may win
// twice) a draw of places needs: 0 when it can be drawn. The start button
// says it; the server refuses such a start.
func Shortfall(places, tickets, people int, allowDuplicates bool) (missing int, byPeople bool) {
	if tickets < places {
		return places - tickets, false
	}
	if !allowDuplicates && people < places {
		return places - people, true
	}
	return 0, false
}

// Promotion is an alternate called to a place whose winner was invalidated
// ('Chamar suplente'), as the public record lists it.
type Promotion struct {
	// WinnerID is the winner the alternate becomes ({first draw}:a{rank});
	// informative.
	WinnerID string `json:"winner_id,omitempty"`
	Position int    `json:"position"`
	// Alternate is the alternate's rank (1 for the first); informative:
	// the ticket is what the story checks.
	Alternate  int    `json:"alternate"`
	TicketID   string `json:"ticket_id"`
	PromotedAt int64  `json:"promoted_at"`
}

// The promotions' problems, word for word the verification page's
// (pwa/src/features/verify-draw/alternates-story.ts); sync/testdata/draw/
// alternates.json holds them as both must give them.
const (
	msgV1Alternates             = "Um registro sorteio-v1 não tem suplentes."
	msgRedrawAlternates         = "Um re-sorteio não sorteia suplentes."
	msgPromotionFirst           = "Suplente chamado antes de qualquer sorteio inicial concluído."
	msgNotAlternate             = "O bilhete chamado para o %dº lugar não é suplente do sorteio inicial."
	msgAlternateTwice           = "O %dº suplente foi chamado mais de uma vez."
	msgAlternateOrder           = "Chamado o %dº suplente quando o próximo era o %dº."
	msgPromotionNeverDrawn      = "Suplente chamado para o %dº lugar, que nenhuma rodada sorteou."
	msgPromotionNotInvalidated  = "Suplente chamado para o %dº lugar, cujo vencedor não foi invalidado."
	msgPromotionBeforeInvalided = "Suplente chamado para o %dº lugar antes da invalidação do vencedor desse lugar."
)

// CheckPromotions lists, per promotion of e.Promotions, what cannot have
// happened (docs/draw-algorithm.md §10a): each calls the next alternate of
// the first draw not yet called, once, to a place whose last winner was
// invalidated at or before the call; the story of the rounds includes them.
func CheckPromotions(e Export) [][]string {
	_, promotions := replayStory(e)
	return promotions
}

// promote checks one promotion against the story so far, then adds it: the
// alternate now holds the place (a later redraw or call needs its
// invalidation).
func (s *story) promote(algorithm string, p Promotion) []string {
	if algorithm == AlgorithmV1 {
		return []string{msgV1Alternates}
	}
	if !s.first {
		return []string{msgPromotionFirst}
	}
	var problems []string
	rank := -1
	for i, a := range s.alternates {
		if a == p.TicketID {
			rank = i
			break
		}
	}
	switch {
	case rank < 0:
		problems = append(problems, fmt.Sprintf(msgNotAlternate, p.Position))
	case s.promoted[p.TicketID]:
		problems = append(problems, fmt.Sprintf(msgAlternateTwice, rank+1))
	case rank != s.called:
		problems = append(problems, fmt.Sprintf(msgAlternateOrder, rank+1, s.called+1))
	}
	if holder, ok := s.holders[p.Position]; !ok {
		problems = append(problems, fmt.Sprintf(msgPromotionNeverDrawn, p.Position))
	} else {
		w, ok := s.standings[placeWon{p.Position, holder}]
		switch {
		case !ok || w.IsValid || w.InvalidatedAt == nil:
			problems = append(problems, fmt.Sprintf(msgPromotionNotInvalidated, p.Position))
		case *w.InvalidatedAt > p.PromotedAt:
			problems = append(problems, fmt.Sprintf(msgPromotionBeforeInvalided, p.Position))
		}
	}
	if rank >= 0 && !s.promoted[p.TicketID] {
		s.promoted[p.TicketID] = true
		s.called = max(s.called, rank+1)
	}
	problems = append(problems, s.won(p.TicketID, prize{s.firstRound, p.Position})...)
	s.holders[p.Position] = p.TicketID
	return problems
}
