package protocol

import "github.com/sorteio/sorteio/sync/draw"

// State is what the rules need to know about the raffle an op targets. The
// store loads it inside the op's transaction, under the raffle's head lock.
type State struct {
	// Raffle is nil when it does not exist or belongs to someone else (the
	// two must look the same to the caller).
	Raffle *Raffle
	// Exists is true when the id is taken at all, by anyone (for create).
	Exists bool
	// OwnerRaffles counts the caller's raffles that are not deleted, and
	// MaxRaffles is the account's quota (0: none); both for create.
	OwnerRaffles, MaxRaffles int
	// Tickets and Groups count the raffle's current participants.
	Tickets, Groups int
	// GroupTickets counts current tickets of each group the op names.
	GroupTickets map[string]int
	// TakenNumbers holds the ticket numbers the op sends that the raffle
	// already has; HighestNumber is its highest all-digit number (loaded
	// when a ticket comes without one). Ticket raffles only.
	TakenNumbers  map[string]bool
	HighestNumber string
	// Later is what the device's later ops of the raffle in the same push
	// hold: numbers the server gives keep clear of them (NumberTickets).
	Later Later
	// HeldNumbers is every ticket number of the raffle, loaded for an add
	// to a raffle that draws by the Loteria Federal (checkFederalAdd).
	HeldNumbers []string
	// RemovedGroups holds the groups the op names that were removed after
	// the op's base_seq: the device added to someone it did not know was gone.
	RemovedGroups map[string]bool

	// What the draw ops need (loaded only for them).
	// Now is the server's clock, Unix ms: the times of what the op records.
	Now int64
	// Pool is every ticket of the raffle in canonical order, with the
	// fields NeedsPool asks for.
	Pool []draw.Ticket
	// Rounds are the raffle's rounds in order; the last one may be open.
	Rounds []Round
	// Winners is every winner of the raffle, valid or not, in round order.
	Winners []Winner
	// DrawIDTaken says the new round's id is already used in this raffle
	// (draw ids are per raffle, like ticket ids).
	DrawIDTaken bool
	// AbandonGrace is how long (ms) after its countdown a round's device
	// still has to reveal it before the owner may abandon it.
	AbandonGrace int64
}

// Check applies the conflict rules to a decoded mutation. It may normalise
// the mutation (ticket numbers are dropped for simple raffles), so it returns
// the mutation to apply.
func Check(m Mutation, st State) (Mutation, *Rejection) {
	switch m := m.(type) {
	case RaffleCreate:
		if st.Exists {
			return nil, Reject(ReasonRaffleExists)
		}
		if m.Raffle.CreatedAt > st.Now+MaxClockAhead {
			return nil, Reject(ReasonInvalidCreatedAt)
		}
		if st.MaxRaffles > 0 && st.OwnerRaffles >= st.MaxRaffles {
			return nil, Reject(ReasonTooManyRaffles)
		}
		return m, nil
	case RaffleUpdate:
		return checkUpdate(m, st)
	case RaffleDelete:
		if st.Raffle == nil || st.Raffle.Deleted {
			return nil, Reject(ReasonRaffleNotFound)
		}
		if st.Raffle.Status == StatusInProgress {
			return nil, Reject(ReasonDrawInProgress)
		}
		return m, nil
	case ParticipantsAdd:
		if rej := editable(st.Raffle); rej != nil {
			return nil, rej
		}
		return checkAdd(m, st)
	case ParticipantsRemoveGroup:
		if rej := editable(st.Raffle); rej != nil {
			return nil, rej
		}
		if st.GroupTickets[m.GroupID] == 0 {
			return nil, Reject(ReasonGroupNotFound)
		}
		return m, nil
	case DrawStart:
		return checkDrawStart(m, st)
	case WinnerRedraw:
		return checkRedraw(m, st)
	case DrawComplete:
		return checkComplete(m, st)
	case WinnerInvalidate:
		return checkInvalidate(m, st)
	case WinnerPromote:
		return checkPromote(m, st)
	case DrawAbandon:
		return checkAbandon(m, st)
	case DrawCorrect:
		return checkCorrect(m, st)
	}
	return nil, Reject(ReasonUnknownType)
}

// editable: nothing but the draw changes a raffle once its draw has started.
func editable(r *Raffle) *Rejection {
	return inStatus(r, StatusPending, ReasonDrawStarted)
}

// inStatus checks that the raffle exists and has the status, else rejects
// with otherwise.
func inStatus(r *Raffle, status, otherwise string) *Rejection {
	if r == nil || r.Deleted {
		return Reject(ReasonRaffleNotFound)
	}
	if r.Status != status {
		return Reject(otherwise)
	}
	return nil
}

func checkAdd(m ParticipantsAdd, st State) (Mutation, *Rejection) {
	if st.Tickets+len(m.Tickets) > MaxTickets {
		return nil, Reject(ReasonTooManyTickets)
	}
	perGroup := map[string]int{}
	for _, t := range m.Tickets {
		perGroup[t.GroupID]++
	}
	// A removal wins over an add to the same person made without knowing of it.
	for g := range perGroup {
		if st.RemovedGroups[g] && st.GroupTickets[g] == 0 {
			return nil, Reject(ReasonGroupRemoved)
		}
	}
	newGroups := 0
	for g, n := range perGroup {
		have := st.GroupTickets[g]
		if have == 0 {
			newGroups++
		}
		if have+n > MaxTicketsPerOne {
			return nil, Reject(ReasonTooManyTicketsPerOne)
		}
	}
	if st.Groups+newGroups > MaxPeople {
		return nil, Reject(ReasonTooManyPeople)
	}
	if st.Raffle.Type == RaffleSimple {
		// The spec keeps ticket numbers only for ticket raffles.
		out := ParticipantsAdd{Tickets: make([]Ticket, len(m.Tickets))}
		for i, t := range m.Tickets {
			t.TicketNumber, t.Provisional = nil, false
			out.Tickets[i] = t
		}
		return out, nil
	}
	numbered, rej := NumberTickets(m.Tickets, func(n string) bool { return st.TakenNumbers[n] }, st.HighestNumber, st.Later)
	if rej != nil {
		return nil, rej
	}
	if rej := checkFederalAdd(*st.Raffle, st.HeldNumbers, numbered.Tickets); rej != nil {
		return nil, rej
	}
	return ParticipantsAdd(numbered), nil
}

// GroupIDs lists the distinct groups an op names (for loading State).
func GroupIDs(m Mutation) []string {
	switch m := m.(type) {
	case ParticipantsAdd:
		seen := map[string]bool{}
		var out []string
		for _, t := range m.Tickets {
			if !seen[t.GroupID] {
				seen[t.GroupID] = true
				out = append(out, t.GroupID)
			}
		}
		return out
	case ParticipantsRemoveGroup:
		return []string{m.GroupID}
	}
	return nil
}
