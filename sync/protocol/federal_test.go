package protocol

import (
	"fmt"
	"testing"

	"github.com/sorteio/sorteio/sync/draw"
)

type federalRuleCase struct {
	Name    string           `json:"name"`
	Check   string           `json:"check"`
	Raffle  Raffle           `json:"raffle"`
	Numbers []*string        `json:"numbers"`
	Federal *FederalSettings `json:"federal"`
	Now     int64            `json:"now"`
	Want    *Rejection       `json:"want"`
}

// The Loteria Federal's rules over a raffle's state, shared with the PWA:
// the reason and the filled message must be exactly the vectors'.
func TestFederalRuleVectors(t *testing.T) {
	for _, c := range readVectors[federalRuleCase](t, "../testdata/ops/federal-rules.json", 15) {
		t.Run(c.Name, func(t *testing.T) {
			var got *Rejection
			switch c.Check {
			case "settings":
				pool := make([]draw.Ticket, len(c.Numbers))
				for i, n := range c.Numbers {
					pool[i] = draw.Ticket{ID: fmt.Sprintf("t%06d", i), GroupID: fmt.Sprintf("g%06d", i), TicketNumber: n}
				}
				got = CheckFederalSettings(c.Raffle, draw.Canonical(pool))
			case "close", "result":
				got = FederalTime(c.Check == "result", *c.Federal, c.Now)
			default:
				t.Fatalf("unknown check %q", c.Check)
			}
			switch {
			case c.Want == nil && got != nil:
				t.Fatalf("refused: %v", got)
			case c.Want != nil && (got == nil || *got != *c.Want):
				t.Fatalf("got %v, want %v", got, c.Want)
			}
		})
	}
}
