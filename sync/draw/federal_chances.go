package draw

import (
	"strconv"
	"strings"
)

// FederalChances is each ticket's chance at the 1st place under a rule, for
// a closed list, in words ('Cada bilhete tem 1 chance em 71'), or the
// refusal federal_rule_unequal when the rule would give one ticket more than
// 1 % (relative) more chance than another (docs/draw-algorithm.md §12.2a).
// Under 'Final do 1º prêmio' and 'Unidades dos cinco prêmios' a ticket wins
// the 1st place for every formed number from just above the ticket below it
// up to its own (the lowest also for those above the highest); under
// RuleRemainder every ticket has one remainder in n. The list's own refusals
// come first, as in Federal.
func FederalChances(rule FederalRule, pool []Ticket) (string, error) {
	if err := checkRule(rule, []string{"00000", "00000", "00000", "00000", "00000"}); err != nil {
		return "", err
	}
	byValue, err := numbered(pool)
	if err != nil {
		return "", err
	}
	k, err := ruleDigits(rule, byValue)
	if err != nil {
		return "", err
	}
	n := len(byValue)
	if rule.Kind == RuleRemainder || n == 0 {
		return ChanceText(n, true), nil
	}
	space := 1
	for range k {
		space *= 10
	}
	counts := make([]int, n)
	prev := -1
	for i, t := range byValue {
		v, _ := strconv.Atoi(t.value)
		counts[i] = v - prev
		prev = v
	}
	counts[0] += space - 1 - prev
	top, bottom := 0, 0
	for i, c := range counts {
		if c > counts[top] {
			top = i
		}
		if c < counts[bottom] {
			bottom = i
		}
	}
	if 100*counts[top] <= 101*counts[bottom] {
		return ChanceText(n, counts[top] == counts[bottom]), nil
	}
	others := "cada um dos outros, " + percent(counts[bottom], k)
	for i, c := range counts {
		if i != top && c != counts[bottom] {
			others = "o bilhete " + *byValue[bottom].TicketNumber + ", " + percent(counts[bottom], k)
			break
		}
	}
	return "", federalErr("federal_rule_unequal", "numero", *byValue[top].TicketNumber, "chance", percent(counts[top], k), "outros", others)
}

// ChanceText is a ticket's chance at the 1st place in words, for n tickets.
func ChanceText(n int, exact bool) string {
	if exact {
		return "Cada bilhete tem 1 chance em " + thousands(n) + "."
	}
	return "Cada bilhete tem cerca de 1 chance em " + thousands(n) + "."
}

// percent is count in 10^k as a percentage in pt-BR, exactly ('30 %',
// '99,7 %', '0,001 %'): count*100 has at most k-2 decimals.
func percent(count, k int) string {
	s := strconv.Itoa(count * 100)
	for len(s) <= k {
		s = "0" + s
	}
	whole, frac := s[:len(s)-k], strings.TrimRight(s[len(s)-k:], "0")
	if frac != "" {
		whole += "," + frac
	}
	return whole + " %"
}

// thousands writes n with pt-BR's thousands separator (60.000).
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "." + s[i:]
	}
	return s
}
