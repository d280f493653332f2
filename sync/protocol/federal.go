package protocol

import (
	"errors"

	"github.com/sorteio/sorteio/sync/draw"
	"github.com/tidwall/gjson"
)

// Draw methods (schema version 5): the seeded draw, or the Loteria Federal
// rules of docs/draw-algorithm.md §12. A raffle without one uses the seeded.
const (
	MethodSeeded  = "seeded"
	MethodFederal = "federal"
)

// MaxConcurso is the highest concurso number accepted (Caixa's numbers have
// five digits).
const MaxConcurso = 99_999

// FederalSettings names the extraction a Loteria Federal raffle follows: the
// concurso, its time (Unix ms, a whole minute) and the rule with its digits.
type FederalSettings struct {
	Concurso     int    `json:"concurso"`
	ExtractionAt int64  `json:"extraction_at"`
	Rule         string `json:"rule"`
	Digits       int    `json:"digits"`
}

// DrawRule is the settings' rule as the draw reads it.
func (f FederalSettings) DrawRule() draw.FederalRule {
	return draw.FederalRule{Kind: f.Rule, Digits: f.Digits}
}

// IsFederal says whether the raffle draws by the Loteria Federal.
func (r *Raffle) IsFederal() bool { return r.DrawMethod == MethodFederal }

// decodeDrawMethod reads draw_method of raffle.update.
func decodeDrawMethod(p gjson.Result) (*string, *Rejection) {
	v := p.Get("draw_method")
	if !v.Exists() {
		return nil, nil
	}
	if v.Type != gjson.String || (v.Str != MethodSeeded && v.Str != MethodFederal) {
		return nil, Reject(ReasonDrawMethodInvalid)
	}
	s := v.Str
	return &s, nil
}

// decodeFederal reads a federal settings object: the concurso, the time (a
// whole minute between 2020 and 2100) and a known rule with valid digits.
func decodeFederal(v gjson.Result) (*FederalSettings, *Rejection) {
	if !v.IsObject() {
		return nil, Reject(ReasonInvalidPayload)
	}
	if rej := onlyKeys(v, []string{"concurso", "extraction_at", "rule", "digits"}); rej != nil {
		return nil, rej
	}
	var f FederalSettings
	var rej *Rejection
	if f.Concurso, rej = reqInt(v, "concurso"); rej != nil || f.Concurso < 1 || f.Concurso > MaxConcurso {
		return nil, Reject(ReasonFederalConcurso)
	}
	at, rej := reqInt(v, "extraction_at")
	if rej != nil || int64(at) < MinCreatedAt || int64(at) >= MaxCreatedAt || at%60_000 != 0 {
		return nil, Reject(ReasonFederalTime)
	}
	f.ExtractionAt = int64(at)
	rule := v.Get("rule")
	if rule.Type != gjson.String {
		return nil, Reject(ReasonFederalRuleUnknown)
	}
	f.Rule = rule.Str
	if f.Digits, rej = reqInt(v, "digits"); rej != nil {
		return nil, Reject(ReasonFederalDigitsInvalid)
	}
	// The draw's own check of the rule, with five well-formed prizes.
	if _, err := draw.Federal(f.DrawRule(), []string{"00000", "00000", "00000", "00000", "00000"}, nil, 0, true); err != nil {
		return nil, federalRejection(err)
	}
	// A concurso drawn before the extraction's date would let the list
	// close with its result known (docs/draw-algorithm.md §12.5a).
	if err := draw.CheckConcurso(f.Concurso, f.ExtractionAt); err != nil {
		return nil, federalRejection(err)
	}
	return &f, nil
}

// federalRejection turns the draw's refusal into a rejection with the filled
// message ('… precisa de 4.').
func federalRejection(err error) *Rejection {
	var fe *draw.FederalError
	if errors.As(err, &fe) {
		return &Rejection{Reason: fe.Code, Message: fe.Error()}
	}
	return Reject(ReasonInvalidPayload)
}

// FederalPoolNeeded says whether a raffle.update needs the raffle's tickets:
// it leaves the raffle on the Loteria Federal with a method or rule that
// changes, and the tickets must all be numbers the rule reaches.
func FederalPoolNeeded(m Mutation, st State) bool {
	u, ok := m.(RaffleUpdate)
	if !ok || st.Raffle == nil || st.Raffle.Deleted || (u.DrawMethod == nil && u.Federal == nil) {
		return false
	}
	r := *st.Raffle
	u.ApplyTo(&r)
	return r.IsFederal() && r.Type == RaffleTickets && r.Federal != nil
}

// CheckFederalSettings checks a raffle as an update would leave it: the
// Loteria Federal needs a ticket raffle, its settings, and every ticket a
// number the rule reaches (pool in canonical order; one per ticket).
func CheckFederalSettings(r Raffle, pool []draw.Ticket) *Rejection {
	if !r.IsFederal() {
		return nil
	}
	if r.Type != RaffleTickets {
		return Reject(ReasonFederalSimpleRaffle)
	}
	if r.Federal == nil {
		return Reject(ReasonFederalSettingsMissing)
	}
	prizes := []string{"00000", "00000", "00000", "00000", "00000"}
	if _, err := draw.Federal(r.Federal.DrawRule(), prizes, pool, 0, true); err != nil {
		return federalRejection(err)
	}
	return nil
}

// FederalAddNeeds says whether an add needs the raffle's ticket numbers
// (State.HeldNumbers): its raffle draws by the Loteria Federal.
func FederalAddNeeds(m Mutation, st State) bool {
	_, ok := m.(ParticipantsAdd)
	return ok && st.Raffle != nil && st.Raffle.IsFederal() && st.Raffle.Type == RaffleTickets && st.Raffle.Federal != nil
}

// FederalAddNeedsHeld says whether one of an add's numbers is not above
// bound, the raffle's number bound: every held all-digit number is at or
// under it by value, so a number above it repeats none, and neither does one
// the server fills in after the highest (a ticket without a number). Numbers
// added after the highest, as the app fills them in, need no read of a list
// that grows with every push.
func FederalAddNeedsHeld(m Mutation, bound string) bool {
	add, _ := m.(ParticipantsAdd)
	for _, t := range add.Tickets {
		if t.TicketNumber != nil && !NumberAbove(bound, *t.TicketNumber) {
			return true
		}
	}
	return false
}

// checkFederalAdd refuses, whole, an add that would leave a Loteria Federal
// raffle with a ticket its rule cannot read (draw.FederalAdded): the op is
// refused like the settings that would allow it, with the ticket named, and
// the device keeps it in 'Não enviados'.
func checkFederalAdd(r Raffle, held []string, tickets []Ticket) *Rejection {
	if !r.IsFederal() || r.Federal == nil {
		return nil
	}
	added := make([]string, len(tickets))
	for i, t := range tickets {
		if t.TicketNumber != nil {
			added[i] = *t.TicketNumber
		}
	}
	if err := draw.FederalAdded(r.Federal.DrawRule(), held, added); err != nil {
		return federalRejection(err)
	}
	return nil
}

func checkUpdate(m RaffleUpdate, st State) (Mutation, *Rejection) {
	if rej := editable(st.Raffle); rej != nil {
		return nil, rej
	}
	if m.DrawMethod == nil && m.Federal == nil {
		return m, nil
	}
	r := *st.Raffle
	m.ApplyTo(&r)
	if rej := CheckFederalSettings(r, st.Pool); rej != nil {
		return nil, rej
	}
	return m, nil
}
