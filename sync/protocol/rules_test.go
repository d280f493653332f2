package protocol

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func ptr[T any](v T) *T { return &v }

func pending(typ string) *Raffle {
	return &Raffle{ID: "r", Type: typ, Status: StatusPending, WinnersCount: 1}
}

func tickets(group string, n int) []Ticket {
	out := make([]Ticket, n)
	for i := range out {
		out[i] = Ticket{ID: strings.Repeat("t", 3) + string(rune(i)), Name: "Ana", GroupID: group, TicketNumber: ptr(fmt.Sprintf("%03d", i+1))}
	}
	return out
}

func TestConflictRules(t *testing.T) {
	inProgress := pending(RaffleTickets)
	inProgress.Status = StatusInProgress
	completed := pending(RaffleTickets)
	completed.Status = StatusCompleted
	deleted := pending(RaffleTickets)
	deleted.Deleted = true

	for _, tc := range []struct {
		name string
		m    Mutation
		st   State
		want string
	}{
		{"create on a free id", RaffleCreate{}, State{}, ""},
		{"create on a taken id", RaffleCreate{}, State{Exists: true}, ReasonRaffleExists},
		{"update a pending raffle", RaffleUpdate{Title: ptr("x")}, State{Raffle: pending(RaffleSimple)}, ""},
		{"update someone else's or a missing raffle", RaffleUpdate{Title: ptr("x")}, State{}, ReasonRaffleNotFound},
		{"update a deleted raffle", RaffleUpdate{Title: ptr("x")}, State{Raffle: deleted}, ReasonRaffleNotFound},
		{"update once the draw started", RaffleUpdate{Title: ptr("x")}, State{Raffle: inProgress}, ReasonDrawStarted},
		{"update a completed raffle", RaffleUpdate{Title: ptr("x")}, State{Raffle: completed}, ReasonDrawStarted},
		{"delete a pending raffle", RaffleDelete{}, State{Raffle: pending(RaffleSimple)}, ""},
		{"delete a completed raffle", RaffleDelete{}, State{Raffle: completed}, ""},
		{"delete during the draw", RaffleDelete{}, State{Raffle: inProgress}, ReasonDrawInProgress},
		{"delete twice", RaffleDelete{}, State{Raffle: deleted}, ReasonRaffleNotFound},
		{"add while pending", ParticipantsAdd{Tickets: tickets("g", 2)}, State{Raffle: pending(RaffleTickets)}, ""},
		{"add once the draw started", ParticipantsAdd{Tickets: tickets("g", 1)}, State{Raffle: inProgress}, ReasonDrawStarted},
		{"add to a missing raffle", ParticipantsAdd{Tickets: tickets("g", 1)}, State{}, ReasonRaffleNotFound},
		{"add up to 100,000 tickets", ParticipantsAdd{Tickets: tickets("g", 1)},
			State{Raffle: pending(RaffleTickets), Tickets: MaxTickets - 1, Groups: 5}, ""},
		{"add past 100,000 tickets", ParticipantsAdd{Tickets: tickets("g", 2)},
			State{Raffle: pending(RaffleTickets), Tickets: MaxTickets - 1, Groups: 5}, ReasonTooManyTickets},
		{"the 10,000th person", ParticipantsAdd{Tickets: tickets("new", 1)},
			State{Raffle: pending(RaffleTickets), Tickets: 9999, Groups: MaxPeople - 1}, ""},
		{"the 10,001st person", ParticipantsAdd{Tickets: tickets("new", 1)},
			State{Raffle: pending(RaffleTickets), Tickets: 10000, Groups: MaxPeople}, ReasonTooManyPeople},
		{"more tickets for a known person at the people cap", ParticipantsAdd{Tickets: tickets("old", 1)},
			State{Raffle: pending(RaffleTickets), Tickets: 10000, Groups: MaxPeople, GroupTickets: map[string]int{"old": 1}}, ""},
		{"1,000 tickets for one person", ParticipantsAdd{Tickets: tickets("g", 10)},
			State{Raffle: pending(RaffleTickets), Tickets: 990, Groups: 1, GroupTickets: map[string]int{"g": 990}}, ""},
		{"1,001 tickets for one person", ParticipantsAdd{Tickets: tickets("g", 11)},
			State{Raffle: pending(RaffleTickets), Tickets: 990, Groups: 1, GroupTickets: map[string]int{"g": 990}}, ReasonTooManyTicketsPerOne},
		{"remove a group while pending", ParticipantsRemoveGroup{GroupID: "g"},
			State{Raffle: pending(RaffleTickets), GroupTickets: map[string]int{"g": 3}}, ""},
		{"remove a missing group", ParticipantsRemoveGroup{GroupID: "g"},
			State{Raffle: pending(RaffleTickets), GroupTickets: map[string]int{}}, ReasonGroupNotFound},
		{"remove once the draw started", ParticipantsRemoveGroup{GroupID: "g"},
			State{Raffle: completed, GroupTickets: map[string]int{"g": 3}}, ReasonDrawStarted},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, rej := Check(tc.m, tc.st)
			got := ""
			if rej != nil {
				got = rej.Reason
			}
			if got != tc.want {
				t.Fatalf("Check = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestTicketNumbersOnlyForTicketRaffles(t *testing.T) {
	m, rej := Check(ParticipantsAdd{Tickets: tickets("g", 2)}, State{Raffle: pending(RaffleSimple)})
	if rej != nil {
		t.Fatal(rej)
	}
	for _, tk := range m.(ParticipantsAdd).Tickets {
		if tk.TicketNumber != nil {
			t.Fatalf("simple raffle kept ticket number %q", *tk.TicketNumber)
		}
	}
	m, _ = Check(ParticipantsAdd{Tickets: tickets("g", 1)}, State{Raffle: pending(RaffleTickets)})
	if m.(ParticipantsAdd).Tickets[0].TicketNumber == nil {
		t.Fatal("ticket raffle lost its ticket number")
	}
}

func TestLastWriterWinsPerField(t *testing.T) {
	r := Raffle{Title: "A", Description: "d", WinnersCount: 1, CountdownSeconds: 10}
	RaffleUpdate{Title: ptr("B")}.ApplyTo(&r)
	RaffleUpdate{WinnersCount: ptr(3)}.ApplyTo(&r)
	RaffleUpdate{Title: ptr("C"), CountdownSeconds: ptr(0)}.ApplyTo(&r)
	want := Raffle{Title: "C", Description: "d", WinnersCount: 3, CountdownSeconds: 0}
	if !reflect.DeepEqual(r, want) {
		t.Fatalf("after updates: %+v, want %+v", r, want)
	}
}

// Each position's prize is its own field: an update naming one position
// leaves the others, an empty name clears one, and lowering the winners
// count keeps the prizes of the positions that remain (and the others, so
// raising it again loses nothing typed).
func TestPrizesLastWriterWinsPerPosition(t *testing.T) {
	r := Raffle{WinnersCount: 3}
	RaffleUpdate{Prizes: []Prize{{Position: 1, Name: "Bicicleta"}, {Position: 3, Name: "Vale"}}}.ApplyTo(&r)
	RaffleUpdate{Prizes: []Prize{{Position: 2, Name: "Cesta"}}}.ApplyTo(&r)
	RaffleUpdate{Prizes: []Prize{{Position: 1, Name: "Moto"}, {Position: 3, Name: ""}}}.ApplyTo(&r)
	RaffleUpdate{WinnersCount: ptr(1), Prizes: []Prize{{Position: 4, Name: "Rádio"}}}.ApplyTo(&r)
	want := []Prize{{Position: 1, Name: "Moto"}, {Position: 2, Name: "Cesta"}, {Position: 4, Name: "Rádio"}}
	if !reflect.DeepEqual(r.Prizes, want) {
		t.Fatalf("prizes %+v, want %+v", r.Prizes, want)
	}
	if got := ShownPrizes(r.Prizes, r.WinnersCount); !reflect.DeepEqual(got, []Prize{{Position: 1, Name: "Moto"}}) {
		t.Fatalf("shown with 1 winner: %+v", got)
	}
	if got := ShownPrizes(r.Prizes, 2); !reflect.DeepEqual(got, []Prize{{Position: 1, Name: "Moto"}, {Position: 2, Name: "Cesta"}}) {
		t.Fatalf("shown with 2 winners: %+v", got)
	}
}
