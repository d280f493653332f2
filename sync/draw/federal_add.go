package draw

import "strconv"

// FederalAdded checks the ticket numbers an add brings to a raffle that
// draws by the Loteria Federal (docs/draw-algorithm.md §12.1), against the
// numbers it holds: the list's own rules, applied to the new tickets only,
// so a raffle that chose the method keeps a list the rule can read. In the
// list's order of checks, the first failure winning: each new number made of
// digits (federal_ticket_not_numeric), in the add's order; none of the
// value of a held number or of one before it in the add
// (federal_ticket_repeated, naming the earlier one first); the highest new
// number within the digits the rule reaches (federal_digits_short). Held
// numbers are not judged: a list the rule cannot read is refused when it
// closes, as before. The order of held does not matter.
func FederalAdded(rule FederalRule, held, added []string) error {
	for _, n := range added {
		if !IsDigits(n) {
			return federalErr("federal_ticket_not_numeric", "numero", n)
		}
	}
	first := make(map[string]string, len(held)+len(added))
	for _, n := range held {
		// Of two held numbers of one value (kept from before the rule), the
		// first by text is named, whatever order they are read in.
		if v := NumberValue(n); IsDigits(n) && (first[v] == "" || n < first[v]) {
			first[v] = n
		}
	}
	top := ""
	for _, n := range added {
		v := NumberValue(n)
		if earlier := first[v]; earlier != "" {
			return federalErr("federal_ticket_repeated", "numero", earlier, "outro", n)
		}
		first[v] = n
		if top == "" || compareValues(NumberValue(top), v) < 0 {
			top = n
		}
	}
	if rule.Kind == RuleRemainder {
		// The rule reads positions: any number of digits.
		return nil
	}
	reach := rule.Digits
	if rule.Kind == RuleUnits || reach == 0 {
		// Digits 0 reads as many digits as the highest number has, up to 5.
		reach = 5
	}
	if needed := len(NumberValue(top)); top != "" && needed > reach {
		return federalErr("federal_digits_short", "algarismos", strconv.Itoa(reach), "numero", top, "necessarios", strconv.Itoa(needed))
	}
	return nil
}
