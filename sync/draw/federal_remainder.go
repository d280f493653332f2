package draw

import (
	"slices"
	"strconv"
)

// walkRemainder finds the winners under RuleRemainder: formed is the five
// prizes one after the other (25 digits); each place takes, among the
// tickets still eligible sorted by number, the one whose position (from 0)
// is formed's remainder when divided by how many they are. A ticket that
// won leaves the list and, when duplicates are not allowed, so does every
// ticket of its person. Each place is then any eligible ticket with the same
// chance, to within one in 10^25/n.
func walkRemainder(byValue []valued, formed string, count int, allowDuplicates bool) []FederalStep {
	eligible := slices.Clone(byValue)
	steps := make([]FederalStep, 0, count)
	for position := 1; position <= count; position++ {
		n := len(eligible)
		r := remainder(formed, n)
		t := eligible[r]
		var line string
		if position == 1 {
			line = "Prêmios do 1º ao 5º em sequência: " + formed
		} else if n > 1 {
			line = "Restam " + strconv.Itoa(n) + " bilhetes"
		} else {
			line = "Resta 1 bilhete"
		}
		line += " → resto da divisão por " + strconv.Itoa(n) + ": " + strconv.Itoa(r) +
			" → " + strconv.Itoa(r+1) + "º de " + strconv.Itoa(n) + " → bilhete " + *t.TicketNumber
		steps = append(steps, FederalStep{Position: position, Ticket: *t.Ticket, Line: line})
		eligible = slices.DeleteFunc(eligible, func(o valued) bool {
			return o.ID == t.ID || (!allowDuplicates && o.GroupID == t.GroupID)
		})
	}
	return steps
}

// remainder is the decimal number digits (any length) modulo n, digit by
// digit so it never overflows: n is at most a raffle's count of tickets, and
// r*10+9 stays below 10n.
func remainder(digits string, n int) int {
	r := 0
	for i := 0; i < len(digits); i++ {
		r = (r*10 + int(digits[i]-'0')) % n
	}
	return r
}
