package protocol

import (
	"fmt"
	"slices"
	"testing"
)

type federalAddCase struct {
	Name    string     `json:"name"`
	Raffle  Raffle     `json:"raffle"`
	Held    []string   `json:"held"`
	Tickets []Ticket   `json:"tickets"`
	Want    *Rejection `json:"want"`
	Numbers []string   `json:"numbers"`
}

// An add to a Loteria Federal raffle, shared with the PWA: the whole op is
// refused with the vectors' reason and filled message, or adds their numbers.
func TestFederalAddVectors(t *testing.T) {
	for _, c := range readVectors[federalAddCase](t, "../testdata/ops/federal-add.json", 15) {
		t.Run(c.Name, func(t *testing.T) {
			r := c.Raffle
			r.Status = StatusPending
			st := State{Raffle: &r, Tickets: len(c.Held), Groups: len(c.Held), TakenNumbers: map[string]bool{},
				HighestNumber: HighestNumber(c.Held)}
			for _, n := range c.Held {
				st.TakenNumbers[n] = true
			}
			for i := range c.Tickets {
				c.Tickets[i].ID = fmt.Sprintf("t%06d", i)
				c.Tickets[i].GroupID, c.Tickets[i].Name = c.Tickets[i].ID, "Ana"
			}
			add := ParticipantsAdd{Tickets: c.Tickets}
			// The held list is given only when the bound says it is needed, as
			// the store does: a repeat the bound let through fails the case.
			if FederalAddNeeds(add, st) && FederalAddNeedsHeld(add, HighestNumber(c.Held)) {
				st.HeldNumbers = c.Held
			}
			got, rej := Check(add, st)
			switch {
			case c.Want != nil && (rej == nil || *rej != *c.Want):
				t.Fatalf("got %v, want %v", rej, c.Want)
			case c.Want == nil && rej != nil:
				t.Fatalf("refused: %v", rej)
			case c.Want == nil:
				var numbers []string
				for _, tk := range got.(ParticipantsAdd).Tickets {
					numbers = append(numbers, *tk.TicketNumber)
				}
				if !slices.Equal(numbers, c.Numbers) {
					t.Fatalf("numbers %v, want %v", numbers, c.Numbers)
				}
			}
		})
	}
}
