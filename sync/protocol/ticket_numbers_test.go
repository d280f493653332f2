package protocol

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"testing"
)

// The vectors are shared with the PWA, which numbers tickets before queueing.
func TestTicketNumberVectors(t *testing.T) {
	raw, err := os.ReadFile("../testdata/tickets/numbers.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []struct {
			Name        string
			Existing    []string
			Numbers     []*string
			Provisional []int
			Want        []string
			Renumbered  int
			Refused     []int
			Reason      string
		}
	}
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Cases) < 10 {
		t.Fatalf("only %d cases", len(file.Cases))
	}
	for _, c := range file.Cases {
		t.Run(c.Name, func(t *testing.T) {
			tickets := make([]Ticket, len(c.Numbers))
			var sent []string
			for i, n := range c.Numbers {
				tickets[i] = Ticket{ID: fmt.Sprint(i), Name: "Ana", GroupID: "g", TicketNumber: n, Provisional: slices.Contains(c.Provisional, i)}
				if n != nil {
					sent = append(sent, *n)
				}
			}
			// What the store loads: which sent numbers are taken, and the highest.
			taken := map[string]bool{}
			for _, n := range sent {
				taken[n] = slices.Contains(c.Existing, n)
			}
			st := State{Raffle: pending(RaffleTickets), TakenNumbers: taken, HighestNumber: HighestNumber(c.Existing)}
			m, rej := Check(ParticipantsAdd{Tickets: tickets}, st)
			if c.Reason != "" {
				if rej == nil || rej.Reason != c.Reason {
					t.Fatalf("got %v, want %s", rej, c.Reason)
				}
				return
			}
			if rej != nil {
				t.Fatalf("rejected: %v", rej)
			}
			var got []string
			for _, tk := range m.(ParticipantsAdd).Tickets {
				got = append(got, *tk.TicketNumber)
				if tk.Provisional {
					t.Errorf("ticket %s still provisional: the log must hold the final number", tk.ID)
				}
			}
			add := m.(ParticipantsAdd)
			if !slices.Equal(got, c.Want) || add.Renumbered != c.Renumbered {
				t.Fatalf("got %v (%d renumbered), want %v (%d)", got, add.Renumbered, c.Want, c.Renumbered)
			}
			var refused []int
			for _, r := range add.Refused {
				i := slices.IndexFunc(tickets, func(tk Ticket) bool { return tk.ID == r.ID })
				if r.Reason != ReasonTicketNumberTaken || r.TicketNumber != *tickets[i].TicketNumber {
					t.Errorf("refused %+v", r)
				}
				refused = append(refused, i)
			}
			if !slices.Equal(refused, c.Refused) {
				t.Fatalf("refused tickets %v, want %v", refused, c.Refused)
			}
		})
	}
}

// The normal form numbers are stored and compared in: the look-alikes of
// "001" are "001" or refused.
func TestTicketNumberNormalForm(t *testing.T) {
	type vector struct {
		Name, Input, Reason string
		Output              *string
	}
	for _, v := range readVectors[vector](t, "../testdata/tickets/normal-form.json", 20) {
		t.Run(v.Name, func(t *testing.T) {
			got, rej := TicketNumber(v.Input)
			switch {
			case v.Output != nil && (rej != nil || got != *v.Output):
				t.Fatalf("%q -> %q %v; want %q", v.Input, got, rej, *v.Output)
			case v.Output == nil && (rej == nil || rej.Reason != v.Reason):
				t.Fatalf("%q -> %q %v; want %s", v.Input, got, rej, v.Reason)
			case v.Output != nil:
				if again, rej := TicketNumber(got); rej != nil || again != got {
					t.Fatalf("not stable: %q -> %q -> %q %v", v.Input, got, again, rej)
				}
			}
		})
	}
}

// The highest all-digit number, shared with the PWA's highestNumber
// (pwa/src/lib/ticket-numbers.ts), which reads its chunks' numbers with it.
func TestHighestNumberVectors(t *testing.T) {
	raw, err := os.ReadFile("../testdata/tickets/numbers.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Highest []struct {
			Name    string
			Numbers []string
			Want    string
		}
	}
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Highest) < 5 {
		t.Fatalf("only %d cases", len(file.Highest))
	}
	for _, c := range file.Highest {
		if got := HighestNumber(c.Numbers); got != c.Want {
			t.Errorf("%s: HighestNumber(%q) = %q, want %q", c.Name, c.Numbers, got, c.Want)
		}
	}
}

func TestNextNumber(t *testing.T) {
	for in, want := range map[string]string{"": "001", "0": "001", "009": "010", "099": "100", "999": "1000", "0999": "1000", "1234": "1235"} {
		if got := NextNumber(in); got != want {
			t.Errorf("NextNumber(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNumberAbove(t *testing.T) {
	for _, c := range []struct {
		bound, n string
		want     bool
	}{
		{"", "001", true},
		{"", "0", true},
		{"", "A1", false},
		{"", "", false},
		{"010", "011", true},
		{"010", "10", false},   // the value of the bound: "10" may be held
		{"010", "0010", false}, // likewise
		{"010", "009", false},
		{"999", "1000", true},
		{"1000", "999", false},
		{"0999", "01000", true},
		{"010", "11a", false},
		{"99999999999999999999", "100000000000000000000", true}, // no size limit
	} {
		if got := NumberAbove(c.bound, c.n); got != c.want {
			t.Errorf("NumberAbove(%q, %q) = %v, want %v", c.bound, c.n, got, c.want)
		}
	}
}
