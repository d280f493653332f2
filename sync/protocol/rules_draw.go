package protocol

import (
	"encoding/hex"
	"errors"

	"github.com/sorteio/sorteio/sync/draw"
)

// IsDrawOp says whether m is one of the draw ops, whose state (rounds and
// winners) the store loads.
func IsDrawOp(m Mutation) bool {
	switch m.(type) {
	case DrawStart, WinnerRedraw, DrawComplete, WinnerInvalidate, DrawAbandon, WinnerPromote, DrawCorrect:
		return true
	}
	return false
}

// PoolNeed is how much of the raffle's pool the rules need for an op: the
// store reads up to 100,000 tickets only for an op that can get as far as
// using them, and only the fields it uses.
type PoolNeed int

const (
	PoolNone PoolNeed = iota
	// PoolDraw is ids and groups in canonical order: all a draw uses.
	PoolDraw
	// PoolFull is every field, which the digest covers.
	PoolFull
)

// NeedsPool says how much of the pool m needs, given the state loaded so far
// (raffle, rounds, winners).
func NeedsPool(m Mutation, st State) PoolNeed {
	if st.Raffle == nil || st.Raffle.Deleted {
		return PoolNone
	}
	switch m := m.(type) {
	case DrawStart:
		if st.Raffle.Status == StatusPending {
			return PoolFull
		}
	case WinnerRedraw:
		if st.Raffle.Status == StatusCompleted {
			return PoolFull
		}
	case DrawCorrect:
		// The correction's rules read the ticket numbers of the same closed list.
		if rd := st.Round(m.Replaces); rd != nil && rd.IsFederal() && rd.Completion != nil && st.Raffle.Status == StatusCompleted {
			return PoolFull
		}
	case DrawComplete:
		// The Loteria Federal's rules read the ticket numbers.
		if rd := st.Round(m.DrawID); rd != nil && rd.Open() && rd.IsFederal() && m.Prizes != nil {
			return PoolFull
		}
		// The digest was checked when the round opened; the pool cannot
		// have changed since.
		if rd := st.Round(m.DrawID); rd != nil && rd.Open() && !rd.IsFederal() && rd.Offline == m.Offline && m.Prizes == nil {
			return PoolDraw
		}
	}
	return PoolNone
}

// Round returns the raffle's round with that id, or nil.
func (st State) Round(drawID string) *Round {
	for i := range st.Rounds {
		if st.Rounds[i].DrawID == drawID {
			return &st.Rounds[i]
		}
	}
	return nil
}

// NewDrawID returns the round id m opens ("" for other ops), so the store
// can tell whether it is taken.
func NewDrawID(m Mutation) string {
	switch m := m.(type) {
	case DrawStart:
		return m.DrawID
	case WinnerRedraw:
		return m.DrawID
	case DrawCorrect:
		return m.DrawID
	}
	return ""
}

func checkDrawStart(m DrawStart, st State) (Mutation, *Rejection) {
	if m.Federal != nil {
		return checkFederalClose(m, st)
	}
	if st.Raffle != nil && st.Raffle.IsFederal() {
		// A Loteria Federal raffle is drawn only by its extraction.
		return nil, Reject(ReasonFederalNotChosen)
	}
	if rej := editable(st.Raffle); rej != nil {
		return nil, rej
	}
	r := st.Raffle
	if st.DrawIDTaken {
		return nil, Reject(ReasonInvalidPayload)
	}
	if (m.WinnersCount != nil && *m.WinnersCount != r.WinnersCount) ||
		(m.AllowDuplicateWins != nil && *m.AllowDuplicateWins != r.AllowDuplicateWins) ||
		(m.AlternatesCount != nil && *m.AlternatesCount != r.AlternatesCount) {
		return nil, Reject(ReasonSettingsChanged)
	}
	// The alternates are drawn in the same round: the pool must hold
	// winners and alternates together.
	if missing, byPeople := draw.Shortfall(r.WinnersCount+alternatesFor(m, r), len(st.Pool), st.Groups, r.AllowDuplicateWins); missing > 0 {
		if byPeople {
			return nil, Reject(ReasonNotEnoughPeople)
		}
		return nil, Reject(ReasonNotEnoughTickets)
	}
	if !samePool(st.Pool, m) {
		return nil, Reject(ReasonPoolChanged)
	}
	return m, nil
}

// drawn: the winner ops need the first draw completed.
func drawn(r *Raffle) *Rejection {
	return inStatus(r, StatusCompleted, ReasonNotDrawn)
}

func checkRedraw(m WinnerRedraw, st State) (Mutation, *Rejection) {
	if rej := drawn(st.Raffle); rej != nil {
		return nil, rej
	}
	r := st.Raffle
	if rej := refillable(st, m.Position); rej != nil {
		return nil, rej
	}
	if st.DrawIDTaken {
		return nil, Reject(ReasonInvalidPayload)
	}
	pool := RedrawPool(st, r.AllowDuplicateWins)
	if len(pool) == 0 {
		return nil, Reject(ReasonNoEligible)
	}
	if !samePool(pool, m.DrawStart) {
		return nil, Reject(ReasonPoolChanged)
	}
	return m, nil
}

// RedrawPool is the pool of a redraw opened now: every ticket but those of
// every winner so far (and their people's, without duplicates).
func RedrawPool(st State, allowDuplicates bool) []draw.Ticket {
	won := make([]string, 0, len(st.Winners))
	for _, w := range st.Winners {
		won = append(won, w.TicketID)
	}
	// Alternates leave every later pool too (docs/draw-algorithm.md §6):
	// they were drawn, and may yet be called to a place.
	for _, rd := range st.Rounds {
		if rd.Completion != nil {
			won = append(won, rd.Completion.Alternates...)
		}
	}
	return draw.RedrawPool(st.Pool, won, allowDuplicates)
}

func samePool(pool []draw.Ticket, m DrawStart) bool {
	if len(pool) != m.PoolSize {
		return false
	}
	d := draw.Digest(pool)
	return hex.EncodeToString(d[:]) == m.PoolDigest
}

// NewRound is the round a checked draw.start or winner.redraw opens, with
// the server's seed (kept secret until the completion).
func NewRound(m Mutation, st State, serverSeed []byte) Round {
	r := st.Raffle
	rd := Round{RaffleID: r.ID, Secret: hex.EncodeToString(serverSeed)}
	rd.Number = len(st.Rounds) + 1
	var start DrawStart
	switch m := m.(type) {
	case DrawStart:
		if m.Federal != nil {
			return newFederalRound(m, st)
		}
		start = m
		rd.Kind, rd.WinnersCount, rd.CountdownSeconds = KindDraw, r.WinnersCount, r.CountdownSeconds
		rd.AlternatesCount = alternatesFor(m, r)
		for p := 1; p <= r.WinnersCount; p++ {
			rd.Positions = append(rd.Positions, p)
		}
	case WinnerRedraw:
		start = m.DrawStart
		// A redraw fills one position at once: no countdown.
		rd.Kind, rd.WinnersCount, rd.Positions = KindRedraw, 1, []int{m.Position}
	}
	rd.DrawID, rd.ClientCommitment, rd.PoolDigest, rd.PoolSize = start.DrawID, start.ClientCommitment, start.PoolDigest, start.PoolSize
	rd.Offline = start.Offline
	rd.ServerCommitment = draw.Commitment(serverSeed)
	rd.AllowDuplicateWins = r.AllowDuplicateWins
	rd.StartedAt = st.Now
	rd.AbandonableAt = rd.RevealDue() + st.AbandonGrace
	return rd
}

// checkComplete recomputes the round's winners. Online, the seed combines
// both revealed seeds; offline it is the device's alone, and the winners the
// device sent must be exactly the ones it gives. The mode is the one the
// start declared: a device that committed online and then completed offline
// could have tried seeds until one gave the winner it wanted.
func checkComplete(m DrawComplete, st State) (Mutation, *Rejection) {
	if rd := st.Round(m.DrawID); rd != nil && st.Raffle != nil && !st.Raffle.Deleted && (rd.IsFederal() || m.Prizes != nil) {
		if !rd.IsFederal() || m.Prizes == nil {
			return nil, Reject(ReasonModeMismatch)
		}
		return checkFederalResult(m, rd, st)
	}
	round, rej := liveRound(st, m.DrawID)
	if rej != nil {
		return nil, rej
	}
	if m.Offline != round.Offline {
		return nil, Reject(ReasonModeMismatch)
	}
	// The room's countdown is the server's: an online seed revealed before
	// it ends is refused, and the device sends it again when it does.
	if !m.Offline && st.Now < round.RevealDue() {
		return nil, Reject(ReasonCountdownRunning)
	}
	client, _ := hex.DecodeString(m.ClientSeed)
	if draw.Commitment(client) != round.ClientCommitment {
		return nil, Reject(ReasonSeedMismatch)
	}
	// Nothing changes the pool while a round is open (participants are
	// frozen once drawn, and the only new winners are this round's), so it
	// is the one whose digest was published at the start.
	pool := st.Pool
	if round.Kind == KindRedraw {
		pool = RedrawPool(st, round.AllowDuplicateWins)
	}
	seed := client
	if !m.Offline {
		server, _ := hex.DecodeString(round.Secret)
		seed = draw.CombineSeeds(client, server)
	}
	picked, alternates, err := draw.PickWithAlternates(seed, pool, round.WinnersCount, round.AlternatesCount, round.AllowDuplicateWins)
	if err != nil {
		// Checked when the round opened; only a changed pool gets here.
		if errors.Is(err, draw.ErrNotEnoughPeople) {
			return nil, Reject(ReasonNotEnoughPeople)
		}
		return nil, Reject(ReasonNotEnoughTickets)
	}
	if m.Offline && (!sameTickets(m.Winners, picked) || !sameTickets(m.Alternates, alternates)) {
		return nil, Reject(ReasonResultMismatch)
	}
	res := &DrawCompleted{DrawID: round.DrawID, Offline: round.Offline, Completion: Completion{ClientSeed: m.ClientSeed,
		ServerSeed: round.Secret, Seed: hex.EncodeToString(seed), CompletedAt: st.Now, DeviceTimes: m.Device}}
	for i, w := range picked {
		pos := round.Positions[i]
		res.Winners = append(res.Winners, WinnerRef{ID: WinnerID(round.DrawID, pos), Position: pos, TicketID: w.ID})
	}
	for _, a := range alternates {
		res.Alternates = append(res.Alternates, a.ID)
	}
	m.Result = res
	return m, nil
}

// openRound: a round that was completed or abandoned takes no further op.
// liveRound is the raffle's round drawID while it is still open: neither
// completed nor abandoned.
func liveRound(st State, drawID string) (*Round, *Rejection) {
	if st.Raffle == nil || st.Raffle.Deleted {
		return nil, Reject(ReasonRaffleNotFound)
	}
	round := st.Round(drawID)
	if round == nil {
		return nil, Reject(ReasonDrawNotFound)
	}
	return round, openRound(round)
}

func openRound(rd *Round) *Rejection {
	switch {
	case rd.AbandonedAt != nil:
		return Reject(ReasonDrawAbandoned)
	case rd.Completion != nil:
		return Reject(ReasonDrawCompleted)
	}
	return nil
}

// checkAbandon lets the owner give up an open round once its countdown and
// the grace after it are over on the server's clock, so a raffle whose
// device was lost before revealing is never stuck. Online nothing leaks (the
// server seed is never revealed); the round stays in the public record.
func checkAbandon(m DrawAbandon, st State) (Mutation, *Rejection) {
	round, rej := liveRound(st, m.DrawID)
	if rej != nil {
		return nil, rej
	}
	if round.IsFederal() {
		// A closed list stays closed: its winners come from the extraction.
		return nil, Reject(ReasonFederalClosed)
	}
	if st.Now < round.RevealDue()+st.AbandonGrace {
		// The grace now, not the one published at the start (AbandonableAt):
		// the server's setting decides.
		return nil, Reject(ReasonAbandonTooEarly)
	}
	return m, nil
}

func sameTickets(ids []string, picked []draw.Ticket) bool {
	if len(ids) != len(picked) {
		return false
	}
	for i, t := range picked {
		if ids[i] != t.ID {
			return false
		}
	}
	return true
}

func checkInvalidate(m WinnerInvalidate, st State) (Mutation, *Rejection) {
	if rej := drawn(st.Raffle); rej != nil {
		return nil, rej
	}
	for _, w := range st.Winners {
		if w.ID == m.WinnerID {
			if !w.IsValid {
				return nil, Reject(ReasonWinnerInvalid)
			}
			return m, nil
		}
	}
	return nil, Reject(ReasonWinnerNotFound)
}
