package protocol

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sorteio/sorteio/sync/draw"
	"golang.org/x/text/unicode/norm"
)

// Ticket numbers in a ticket raffle name one ticket each: a number already
// held in the raffle (or twice in one op) refuses its ticket, and a ticket sent
// without one gets the next free number: the highest all-digit number in the
// raffle plus one, zero-padded to 3 digits ("001" in an empty raffle). A
// number the device chose itself (Ticket.Provisional) is never refused: on a
// clash it is replaced by the next free one.
// Numbers are compared as the text stored ("7" and "007" are two numbers),
// in one normal form (TicketNumber); the PWA applies the same rule
// (sync/testdata/tickets/numbers.json and normal-form.json).

// TicketNumber is a ticket number as typed or imported, in the form it is
// stored and compared in ("" when none): folded with NFKC (full-width
// "００1" is "001"), through the text rule, and with no format character
// left anywhere, not even a joiner an emoji would allow: "0\u200b01" would
// otherwise read as "001" beside it. A refused number is text_invalid; one
// over MaxTicketNumber characters is invalid_ticket_number.
func TicketNumber(s string) (string, *Rejection) {
	// ASCII digits are their own normal form and pass the text rule: an
	// import's 100,000 numbers skip NFKC and the rule's scans.
	if len(s) <= MaxTicketNumber && draw.IsDigits(s) {
		return s, nil
	}
	s, ok := CleanLine(norm.NFKC.String(s))
	if !ok || strings.ContainsFunc(s, func(r rune) bool { return unicode.Is(unicode.Cf, r) }) {
		return "", Reject(ReasonTextInvalid)
	}
	if utf8.RuneCountInString(s) > MaxTicketNumber {
		return "", Reject(ReasonInvalidTicketNumber)
	}
	return s, nil
}

// NumberWidth is the width generated numbers are zero-padded to.
const NumberWidth = 3

// HighestNumber returns the all-digit number of highest value among numbers,
// or "" when there is none.
func HighestNumber(numbers []string) string {
	best := ""
	for _, n := range numbers {
		if NumberAbove(best, n) {
			best = n
		}
	}
	return best
}

// NumberAbove reports whether n is an all-digit number of higher value than
// bound, an all-digit number or "" (none). A raffle whose all-digit numbers
// are all at most bound cannot hold such an n: equal texts have equal
// values, and a text with a non-digit is never all digits. The server skips
// looking such numbers up (store.loadTicketNumbers).
func NumberAbove(bound, n string) bool {
	return draw.IsDigits(n) && (bound == "" || draw.LessNumber(bound, n))
}

// NextNumber returns the number after highest ("" gives "001"), padded to
// NumberWidth digits.
func NextNumber(highest string) string {
	digits := []byte(strings.TrimLeft(highest, "0"))
	i := len(digits) - 1
	for ; i >= 0 && digits[i] == '9'; i-- {
		digits[i] = '0'
	}
	if i >= 0 {
		digits[i]++
	} else {
		digits = append([]byte{'1'}, digits...)
	}
	s := string(digits)
	if len(s) < NumberWidth {
		s = strings.Repeat("0", NumberWidth-len(s)) + s
	}
	return s
}

// RefusedTicket is a ticket of an applied op that was not added: its typed
// number is held in the raffle, or claimed before it in the same op.
type RefusedTicket struct {
	ID           string `json:"id"`
	TicketNumber string `json:"ticket_number"`
	Reason       string `json:"reason"`
}

// Numbered is what NumberTickets makes of one op's tickets.
type Numbered struct {
	// Tickets are the tickets to add, with every number filled in.
	Tickets []Ticket
	// Renumbered counts the provisional numbers replaced.
	Renumbered int
	// Refused lists the tickets whose typed number is taken, in op order.
	Refused []RefusedTicket
}

// Later is what the device's later ops of the same raffle hold (in the same
// push): the numbers a person typed there, and every number there, typed or
// chosen by the device. A number the server gives never takes one of them,
// and a provisional number of this op that a later op typed gives way to it
// (a typed number wins over one the app chose). The zero Later holds none.
type Later struct {
	Typed, Held func(string) bool
}

func (l Later) typed(n string) bool { return l.Typed != nil && l.Typed(n) }
func (l Later) held(n string) bool  { return l.Held != nil && l.Held(n) }

// NumberTickets applies the rule to the tickets of one op: taken reports
// whether a number is already held in the raffle, highest is the raffle's
// HighestNumber. Typed numbers claim theirs first, in op order; one that is
// taken (or claimed before it in the op) refuses that ticket only, and the
// whole op when every ticket is refused. A provisional number that is taken,
// or typed by a later op of the device (later), counts as no number and gets
// the next free one, like a ticket sent without one; the next free number
// skips the numbers later ops hold.
func NumberTickets(tickets []Ticket, taken func(string) bool, highest string, later Later) (Numbered, *Rejection) {
	var res Numbered
	out := make([]Ticket, 0, len(tickets))
	seen := make(map[string]bool, len(tickets))
	claim := func(n string) {
		seen[n] = true
		if NumberAbove(highest, n) {
			highest = n
		}
	}
	for _, t := range tickets {
		if t.TicketNumber != nil && !t.Provisional {
			if n := *t.TicketNumber; seen[n] || taken(n) {
				res.Refused = append(res.Refused, RefusedTicket{ID: t.ID, TicketNumber: n, Reason: ReasonTicketNumberTaken})
				continue
			}
			claim(*t.TicketNumber)
		}
		out = append(out, t)
	}
	if len(out) == 0 {
		return Numbered{}, Reject(ReasonTicketNumberTaken)
	}
	for i, t := range out {
		if t.TicketNumber == nil || !t.Provisional {
			continue
		}
		out[i].Provisional = false
		if n := *t.TicketNumber; seen[n] || taken(n) || later.typed(n) {
			out[i].TicketNumber = nil
			res.Renumbered++
			continue
		}
		claim(*t.TicketNumber)
	}
	for i := range out {
		if out[i].TicketNumber == nil {
			n := NextNumber(highest)
			for later.held(n) {
				n = NextNumber(n)
			}
			out[i].TicketNumber = &n
			highest = n
		}
	}
	res.Tickets = out
	return res, nil
}

// NeedsHighest reports whether numbering the op's tickets reads the raffle's
// highest number: a ticket came without a number, or with a provisional one
// that is taken (in the raffle or earlier in the op) or typed by a later op
// of the device (later).
func NeedsHighest(m Mutation, taken map[string]bool, later Later) bool {
	add, ok := m.(ParticipantsAdd)
	if !ok {
		return false
	}
	seen := make(map[string]int, len(add.Tickets))
	for _, t := range add.Tickets {
		if t.TicketNumber == nil {
			return true
		}
		seen[*t.TicketNumber]++
	}
	for _, t := range add.Tickets {
		if t.Provisional && (taken[*t.TicketNumber] || seen[*t.TicketNumber] > 1 || later.typed(*t.TicketNumber)) {
			return true
		}
	}
	return false
}

// TicketNumbers lists the numbers an op sends (the store looks them up).
func TicketNumbers(m Mutation) (numbers []string) {
	add, ok := m.(ParticipantsAdd)
	if !ok {
		return nil
	}
	for _, t := range add.Tickets {
		if t.TicketNumber != nil {
			numbers = append(numbers, *t.TicketNumber)
		}
	}
	return numbers
}
