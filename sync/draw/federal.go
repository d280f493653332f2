package draw

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// FederalAlgorithm names the Loteria Federal rules in audit records
// (docs/draw-algorithm.md §12): the winners follow from the five prizes of a
// published extraction and the list closed before it, with no seed at all.
// Version 2 adds RuleRemainder; a round under the rules of version 1 is
// still recorded as version 1 (FederalAlgorithmOf), so records made before
// keep verifying as they were.
const (
	FederalAlgorithm   = "loteria-federal-v2"
	FederalAlgorithmV1 = "loteria-federal-v1"
)

// FederalAlgorithmOf is the version a round under the rule is recorded with:
// the first that has the rule.
func FederalAlgorithmOf(kind string) string {
	if kind == RuleRemainder {
		return FederalAlgorithm
	}
	return FederalAlgorithmV1
}

// The rules a raffle may choose.
const (
	// RuleFinal is 'Final do 1º prêmio': the last digits of the 1st prize.
	RuleFinal = "final-1-premio"
	// RuleUnits is 'Unidades dos cinco prêmios': the units digit of the 1st
	// to the 5th prize, read from the 1st down.
	RuleUnits = "unidades-5-premios"
	// RuleRemainder is 'Resto da divisão pelo número de bilhetes'
	// (loteria-federal-v2): the five prizes written one after the other,
	// divided by the count of tickets still eligible; the remainder is a
	// position in that list sorted by number. Equal for any list.
	RuleRemainder = "resto-5-premios"
)

// FederalRule is a rule and its digits. Digits 0 means, for RuleFinal, the
// number of digits of the raffle's highest ticket; RuleUnits always uses 5.
type FederalRule struct {
	Kind   string `json:"kind"`
	Digits int    `json:"digits"`
}

// FederalStep is one winner and how it follows from the prizes, in the line
// shown to anyone checking it ('1º prêmio 50366 → final 366 → bilhete 366').
type FederalStep struct {
	Position int    `json:"position"`
	Ticket   Ticket `json:"ticket"`
	Line     string `json:"line"`
}

// FederalResult is the number the rule formed (with its digits, "0366") and
// the winners in position order.
type FederalResult struct {
	Formed string        `json:"formed"`
	Steps  []FederalStep `json:"steps"`
}

// Federal applies a rule to the five prizes (as Caixa publishes them, five
// digits each) and the closed list: the first winner is the ticket with the
// formed number or the next above it, wrapping to the lowest; each next
// position takes the next ticket after the previous winner, skipping tickets
// that already won and, when duplicates are not allowed, tickets of a person
// who already won. Bad input is a *FederalError and no result.
func Federal(rule FederalRule, prizes []string, pool []Ticket, count int, allowDuplicates bool) (FederalResult, error) {
	if err := checkRule(rule, prizes); err != nil {
		return FederalResult{}, err
	}
	byValue, err := numbered(pool)
	if err != nil {
		return FederalResult{}, err
	}
	k, err := ruleDigits(rule, byValue)
	if err != nil {
		return FederalResult{}, err
	}
	if count > len(byValue) {
		return FederalResult{}, federalErr("not_enough_tickets")
	}
	if !allowDuplicates && count > countGroups(byValue) {
		return FederalResult{}, federalErr("not_enough_people")
	}
	if rule.Kind == RuleRemainder {
		formed := strings.Join(prizes, "")
		return FederalResult{Formed: formed, Steps: walkRemainder(byValue, formed, count, allowDuplicates)}, nil
	}
	formed, formation := formedNumber(rule.Kind, k, prizes)
	return FederalResult{Formed: formed, Steps: walk(byValue, formed, formation, count, allowDuplicates)}, nil
}

func checkRule(rule FederalRule, prizes []string) error {
	switch rule.Kind {
	case RuleFinal:
		if rule.Digits < 0 || rule.Digits > 5 {
			return federalErr("federal_digits_invalid")
		}
	case RuleUnits:
		if rule.Digits != 0 && rule.Digits != 5 {
			return federalErr("federal_digits_invalid")
		}
	case RuleRemainder:
		if rule.Digits != 0 {
			return federalErr("federal_digits_invalid")
		}
	default:
		return federalErr("federal_rule_unknown")
	}
	if len(prizes) != 5 {
		return federalErr("federal_prizes_count", "quantidade", strconv.Itoa(len(prizes)))
	}
	for i, p := range prizes {
		if len(p) != 5 || !IsDigits(p) {
			return federalErr("federal_prize_invalid", "posicao", strconv.Itoa(i+1), "valor", p)
		}
	}
	return nil
}

// valued is a ticket and the number it stands for: its digits without
// leading zeros, so "0366" and "366" are one number.
type valued struct {
	*Ticket
	value string
}

// numbered checks every ticket has a number of digits only, none standing
// for the same number as another, and returns them by that number. A refusal
// names the tickets first in canonical (id) order, as every implementation
// does; ids are unique, so ordering by number then id needs no stable sort.
func numbered(pool []Ticket) ([]valued, error) {
	bad := -1
	for i := range pool {
		n := pool[i].TicketNumber
		if (n == nil || !IsDigits(*n)) && (bad < 0 || pool[i].ID < pool[bad].ID) {
			bad = i
		}
	}
	if bad >= 0 {
		if pool[bad].TicketNumber == nil {
			return nil, federalErr("federal_ticket_unnumbered")
		}
		return nil, federalErr("federal_ticket_not_numeric", "numero", *pool[bad].TicketNumber)
	}
	out := make([]valued, len(pool))
	for i := range pool {
		out[i] = valued{&pool[i], NumberValue(*pool[i].TicketNumber)}
	}
	slices.SortFunc(out, func(a, b valued) int {
		return cmp.Or(compareValues(a.value, b.value), strings.Compare(a.ID, b.ID))
	})
	for i := 1; i < len(out); i++ {
		if out[i].value == out[i-1].value {
			return nil, federalErr("federal_ticket_repeated", "numero", *out[i-1].TicketNumber, "outro", *out[i].TicketNumber)
		}
	}
	return out, nil
}

// ruleDigits is how many digits the rule reads, refusing a list whose
// highest number needs more.
func ruleDigits(rule FederalRule, byValue []valued) (int, error) {
	needed := 1
	top := ""
	if len(byValue) > 0 {
		last := byValue[len(byValue)-1]
		needed, top = len(last.value), *last.TicketNumber
	}
	k := rule.Digits
	if rule.Kind == RuleRemainder {
		// Any number of digits: the rule reads positions, not numbers.
		return 0, nil
	}
	if rule.Kind == RuleUnits {
		k = 5
	} else if k == 0 {
		k = min(needed, 5)
	}
	if needed > k {
		return 0, federalErr("federal_digits_short", "algarismos", strconv.Itoa(k), "numero", top, "necessarios", strconv.Itoa(needed))
	}
	return k, nil
}

func formedNumber(kind string, k int, prizes []string) (formed, formation string) {
	if kind == RuleFinal {
		formed = prizes[0][5-k:]
		return formed, "1º prêmio " + prizes[0] + " → final " + formed
	}
	var b strings.Builder
	for _, p := range prizes {
		b.WriteByte(p[4])
	}
	formed = b.String()
	return formed, "Unidades do 1º ao 5º prêmio: " + strings.Join(prizes, ", ") + " → " + formed
}

// walk finds the winners: all numbers have at most 5 digits here, so they
// compare as integers.
func walk(byValue []valued, formed, formation string, count int, allowDuplicates bool) []FederalStep {
	nums := make([]int, len(byValue))
	for i, t := range byValue {
		nums[i], _ = strconv.Atoi(t.value)
	}
	target, _ := strconv.Atoi(formed)
	steps := make([]FederalStep, 0, count)
	wonTicket := make(map[string]bool, count)
	wonGroup := make(map[string]bool, count)
	prev := 0
	for position := 1; position <= count; position++ {
		var line strings.Builder
		j := 0
		if position == 1 {
			j, _ = slices.BinarySearch(nums, target)
			line.WriteString(formation)
			switch {
			case j == len(nums):
				j = 0
				line.WriteString(" → sem bilhete " + formed + " nem acima, volta ao menor")
			case nums[j] != target:
				line.WriteString(" → sem bilhete " + formed + ", próximo acima")
			}
		} else {
			line.WriteString("Depois do bilhete " + *byValue[prev].TicketNumber)
			for j = prev + 1; ; j++ {
				if j == len(byValue) {
					j = 0
					line.WriteString(" → volta ao menor")
				}
				t := byValue[j]
				if wonTicket[t.ID] {
					line.WriteString(" → pula " + *t.TicketNumber + " (já premiado)")
				} else if !allowDuplicates && wonGroup[t.GroupID] {
					line.WriteString(" → pula " + *t.TicketNumber + " (pessoa já premiada)")
				} else {
					break
				}
			}
		}
		t := byValue[j]
		line.WriteString(" → bilhete " + *t.TicketNumber)
		steps = append(steps, FederalStep{Position: position, Ticket: *t.Ticket, Line: line.String()})
		wonTicket[t.ID], wonGroup[t.GroupID] = true, true
		prev = j
	}
	return steps
}

func countGroups(byValue []valued) int {
	seen := make(map[string]bool)
	for _, t := range byValue {
		seen[t.GroupID] = true
	}
	return len(seen)
}
