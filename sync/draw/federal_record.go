package draw

import (
	"encoding/hex"
	"errors"
	"fmt"
)

// FederalRecord is what a Loteria Federal round publishes instead of seeds:
// the extraction (concurso and time, Unix ms), the rule, the five prizes as
// the organiser entered them, and each winner's line (informative: every
// verifier recomputes them).
type FederalRecord struct {
	Algorithm    string      `json:"algorithm"`
	Concurso     int         `json:"concurso"`
	ExtractionAt int64       `json:"extraction_at"`
	Rule         FederalRule `json:"rule"`
	Prizes       []string    `json:"prizes"`
	Steps        []string    `json:"steps,omitempty"`
}

// VerifyFederal recomputes a Loteria Federal round: the pool's size and
// digest, then the winners the rule gives from the recorded prizes. An
// empty list means the winners follow; the reader still compares the five
// prizes with Caixa's published result of that concurso.
func VerifyFederal(r Record) []string {
	var problems []string
	add := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	switch r.Federal.Algorithm {
	case FederalAlgorithm:
	case FederalAlgorithmV1:
		// Version 1 had two rules; a record of it naming a later one is not
		// what that version computed.
		if r.Federal.Rule.Kind == RuleRemainder {
			add("a regra %q não existe em %s", r.Federal.Rule.Kind, FederalAlgorithmV1)
			return problems
		}
	default:
		add("algoritmo da Loteria Federal desconhecido: %q", r.Federal.Algorithm)
		return problems
	}
	canon := Canonical(r.Pool)
	if len(canon) != r.PoolSize {
		add("o conjunto tem %d bilhetes, mas o registro diz %d", len(canon), r.PoolSize)
	}
	if d := Digest(canon); hex.EncodeToString(d[:]) != r.PoolDigest {
		add("a impressão digital do conjunto de bilhetes não confere")
	}
	res, err := Federal(r.Federal.Rule, r.Federal.Prizes, canon, r.WinnersCount, r.AllowDuplicateWins)
	if err != nil {
		var fe *FederalError
		if errors.As(err, &fe) {
			add("a regra da Loteria Federal não se aplica: %s", fe.Error())
		}
		return problems
	}
	if len(res.Steps) != len(r.Winners) {
		add("o registro tem %d vencedores, o cálculo dá %d", len(r.Winners), len(res.Steps))
		return problems
	}
	for i, step := range res.Steps {
		if step.Ticket.ID != r.Winners[i] {
			add("%dº vencedor: o registro diz %s, o cálculo dá %s", i+1, r.Winners[i], step.Ticket.ID)
		}
	}
	return problems
}

// FederalLines are a recorded round's lines as the rule gives them from its
// prizes, or nil when it does not apply.
func FederalLines(r Record) []string {
	res, err := Federal(r.Federal.Rule, r.Federal.Prizes, Canonical(r.Pool), r.WinnersCount, r.AllowDuplicateWins)
	if err != nil {
		return nil
	}
	out := make([]string, len(res.Steps))
	for i, s := range res.Steps {
		out[i] = s.Line
	}
	return out
}
