package draw

import "fmt"

// Standing is a winner's state as the public audit record lists it
// (`winners`): an invalidated winner's place may be redrawn, and only after
// invalidated_at.
type Standing struct {
	DrawID        string `json:"draw_id,omitempty"` // the round that drew it; informative
	Position      int    `json:"position"`
	TicketID      string `json:"ticket_id"`
	IsValid       bool   `json:"is_valid"`
	InvalidatedAt *int64 `json:"invalidated_at"`
}

// The story's problems, word for word the verification page's
// (pwa/src/features/verify-draw/round-story.ts); sync/testdata/draw/
// records-tampered.json holds them as both must give them.
const (
	msgRedrawFirst        = "Re-sorteio antes de qualquer sorteio inicial concluído: não há de onde derivar o conjunto de bilhetes."
	msgSecondDraw         = "Sorteio inicial depois de outro já concluído: depois do primeiro sorteio só há re-sorteios de lugares invalidados."
	msgUnknownKind        = "Rodada de tipo desconhecido: só há sorteio e re-sorteio."
	msgRedrawPlaces       = "Um re-sorteio preenche um só lugar, mas este sorteia %d."
	msgSetting            = "Esta rodada muda a regra de repetir pessoas do sorteio inicial."
	msgNeverDrawn         = "Re-sorteio do %dº lugar, que nenhuma rodada anterior sorteou."
	msgNotInvalidated     = "Re-sorteio do %dº lugar, cujo vencedor não foi invalidado."
	msgBeforeInvalidation = "Re-sorteio do %dº lugar iniciado antes da invalidação do vencedor desse lugar."
	msgTicketTwice        = "O %dº lugar vai para um bilhete que já ganhou o %dº lugar na %dª rodada."
	msgPersonTwice        = "O %dº lugar vai para uma pessoa que já ganhou o %dº lugar na %dª rodada, e este sorteio não permite repetir pessoas."
)

// stage is where a raffle's story stands between two completed rounds.
type stage int

const (
	undrawn stage = iota // no completed round yet (abandoned ones may come first)
	drawn                // the first draw completed: only redraws of invalidated places follow
)

// storyStep is what a completed round of one kind does at one stage: it is
// refused (with why), or allowed with its own checks, and leads to next.
type storyStep struct {
	refused string
	check   func(s *story, r Record) []string
	next    stage
}

// storyRules is the table of allowed transitions (docs/draw-algorithm.md
// §10). A kind missing from a stage's row is refused as unknown; a new kind
// of round (or of event) is a new column here.
var storyRules = map[stage]map[string]storyStep{
	undrawn: {
		"draw":   {next: drawn},
		"redraw": {refused: msgRedrawFirst, next: undrawn},
	},
	drawn: {
		"draw":   {refused: msgSecondDraw, next: drawn},
		"redraw": {check: (*story).redrawsInvalidated, next: drawn},
	},
}

// prize is a place won: in which round (its number) and which place.
type prize struct{ round, position int }

// placeWon names one winner: a ticket wins a place at most once.
type placeWon struct {
	position int
	ticket   string
}

type story struct {
	// The first draw's alternates, how many were called in order, which
	// were called, and its round number (an alternate's place was won there).
	alternates []string
	called     int
	promoted   map[string]bool
	firstRound int

	stage     stage
	first     bool              // the first draw has been seen (its pool read)
	allowDup  bool              // the first draw's setting, the raffle's
	groupOf   map[string]string // ticket -> person, from the first draw's pool
	holders   map[int]string    // place -> the ticket that won it last
	tickets   map[string]prize  // ticket -> its first prize
	people    map[string]prize  // person -> their first prize
	standings map[placeWon]Standing
}

// CheckStory checks the rounds together, not each alone: a first draw only
// as the first completed round, a redraw only of a place whose winner was
// invalidated before it started, no ticket winning twice and no person
// unless the raffle allows it. It lists, per record of e.Draws, what cannot
// have happened (empty when the story holds).
func CheckStory(e Export) [][]string {
	draws, _ := replayStory(e)
	return draws
}

// replayStory reads the completed rounds and the promotions as one story:
// a promotion comes before every round that started after it was made.
func replayStory(e Export) (draws, promotions [][]string) {
	s := story{groupOf: map[string]string{}, holders: map[int]string{}, tickets: map[string]prize{},
		people: map[string]prize{}, standings: map[placeWon]Standing{}, promoted: map[string]bool{}}
	for _, w := range e.Winners {
		s.standings[placeWon{w.Position, w.TicketID}] = w
	}
	draws, promotions = make([][]string, len(e.Draws)), make([][]string, len(e.Promotions))
	next := 0
	for i, r := range e.Draws {
		for ; next < len(e.Promotions) && e.Promotions[next].PromotedAt <= r.StartedAt; next++ {
			promotions[next] = s.promote(e.Algorithm, e.Promotions[next])
		}
		if r.Replaced() {
			// Set aside like an abandoned round; its list is the
			// correction's, which publishes none.
			for _, t := range r.Pool {
				s.groupOf[t.ID] = t.GroupID
			}
			draws[i] = checkReplaced(e, i)
			continue
		}
		draws[i] = s.step(i, r)
		if r.Replaces != "" {
			draws[i] = append(draws[i], checkCorrection(e, i)...)
		}
	}
	for ; next < len(e.Promotions); next++ {
		promotions[next] = s.promote(e.Algorithm, e.Promotions[next])
	}
	return draws, promotions
}

// step checks one completed round against the story so far, then adds it.
func (s *story) step(i int, r Record) []string {
	var problems []string
	rule, known := storyRules[s.stage][r.Kind]
	switch {
	case !known:
		problems = append(problems, msgUnknownKind)
		rule.next = s.stage
	case rule.refused != "":
		problems = append(problems, rule.refused)
	case rule.check != nil:
		problems = append(problems, rule.check(s, r)...)
	}
	round := i + 1
	if r.Round > 0 {
		round = r.Round
	}
	if r.Kind == "draw" && !s.first {
		s.first, s.allowDup = true, r.AllowDuplicateWins
		s.alternates, s.firstRound = r.Alternates, round
		for _, t := range r.Pool {
			s.groupOf[t.ID] = t.GroupID
		}
	} else if s.first && r.AllowDuplicateWins != s.allowDup {
		problems = append(problems, msgSetting)
	}
	if r.Kind == "redraw" && (r.AlternatesCount != 0 || len(r.Alternates) > 0) {
		problems = append(problems, msgRedrawAlternates)
	}
	for k, ticket := range r.Winners {
		position := place(r, k)
		problems = append(problems, s.won(ticket, prize{round, position})...)
		s.holders[position] = ticket
	}
	s.stage = rule.next
	return problems
}

// won records a prize and says whether its ticket, or its person when
// nobody may win twice, had already won one.
func (s *story) won(ticket string, p prize) []string {
	if before, ok := s.tickets[ticket]; ok {
		return []string{fmt.Sprintf(msgTicketTwice, p.position, before.position, before.round)}
	}
	s.tickets[ticket] = p
	group, ok := s.groupOf[ticket]
	if !ok {
		return nil // not in the pool: the recomputation says so
	}
	if before, ok := s.people[group]; ok && !s.allowDup {
		return []string{fmt.Sprintf(msgPersonTwice, p.position, before.position, before.round)}
	} else if !ok {
		s.people[group] = p
	}
	return nil
}

// redrawsInvalidated: a redraw fills one place, and only one whose last
// winner was invalidated before the redraw started.
func (s *story) redrawsInvalidated(r Record) []string {
	var problems []string
	if len(r.Positions) != 1 {
		problems = append(problems, fmt.Sprintf(msgRedrawPlaces, len(r.Positions)))
	}
	for _, p := range r.Positions {
		holder, ok := s.holders[p]
		if !ok {
			problems = append(problems, fmt.Sprintf(msgNeverDrawn, p))
			continue
		}
		w, ok := s.standings[placeWon{p, holder}]
		switch {
		case !ok || w.IsValid || w.InvalidatedAt == nil:
			problems = append(problems, fmt.Sprintf(msgNotInvalidated, p))
		case *w.InvalidatedAt > r.StartedAt:
			problems = append(problems, fmt.Sprintf(msgBeforeInvalidation, p))
		}
	}
	return problems
}

// place is the place a record's k-th winner fills.
func place(r Record, k int) int {
	if k < len(r.Positions) {
		return r.Positions[k]
	}
	return k + 1
}
