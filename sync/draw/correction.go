package draw

import "slices"

// A Loteria Federal result corrected by a new round (docs/draw-algorithm.md
// §12.7): the replaced round stays in the record with the time of the
// correction and the round that replaced it, and no longer counts; the
// correction is the next round, over the same closed list and extraction,
// with other prizes. The sentences are word for word those of the
// verification page (pwa/src/features/verify-draw/round-story.ts);
// sync/testdata/draw/federal-records.json holds them.
const (
	msgReplacedNotFederal  = "Só um resultado da Loteria Federal pode ser substituído por uma correção."
	msgReplacedNoSuccessor = "Resultado marcado como substituído, mas a rodada seguinte do registro não o corrige."
	msgReplacedBeforeEntry = "Resultado substituído antes de ter sido informado."
	msgReplacedCounts      = "Um resultado substituído não vale, mas o registro conta um vencedor dele."
	msgCorrectionOrphan    = "Correção de um resultado que o registro não marca como substituído por ela."
	msgCorrectionSame      = "A correção repete os cinco prêmios do resultado que substitui: nada foi corrigido."
	msgCorrectionOther     = "A correção não usa a mesma lista fechada e a mesma extração do resultado que substitui."
)

// Replaced says whether the record is a result a correction replaced.
func (r Record) Replaced() bool { return r.ReplacedBy != "" || r.ReplacedAt != 0 }

// checkReplaced: a replaced round is a Loteria Federal result, replaced
// after it was entered, by the next round of the record, and none of its
// winners counts.
func checkReplaced(e Export, i int) []string {
	r := e.Draws[i]
	var problems []string
	if r.Federal == nil {
		problems = append(problems, msgReplacedNotFederal)
	}
	if i+1 >= len(e.Draws) || r.ReplacedBy == "" || e.Draws[i+1].DrawID != r.ReplacedBy || e.Draws[i+1].Replaces != r.DrawID {
		problems = append(problems, msgReplacedNoSuccessor)
	}
	if r.ReplacedAt < r.CompletedAt {
		problems = append(problems, msgReplacedBeforeEntry)
	}
	for _, w := range e.Winners {
		if w.DrawID != "" && w.DrawID == r.DrawID {
			problems = append(problems, msgReplacedCounts)
			break
		}
	}
	return problems
}

// checkCorrection: a correction follows the round it replaces, over the
// same list and extraction, with other prizes.
func checkCorrection(e Export, i int) []string {
	r := e.Draws[i]
	if i == 0 || e.Draws[i-1].DrawID != r.Replaces || e.Draws[i-1].ReplacedBy != r.DrawID {
		return []string{msgCorrectionOrphan}
	}
	old := e.Draws[i-1]
	if r.Federal == nil || old.Federal == nil || r.PoolDigest != old.PoolDigest || r.PoolSize != old.PoolSize ||
		r.WinnersCount != old.WinnersCount || r.AllowDuplicateWins != old.AllowDuplicateWins ||
		r.Federal.Concurso != old.Federal.Concurso || r.Federal.ExtractionAt != old.Federal.ExtractionAt || r.Federal.Rule != old.Federal.Rule {
		return []string{msgCorrectionOther}
	}
	if slices.Equal(r.Federal.Prizes, old.Federal.Prizes) {
		return []string{msgCorrectionSame}
	}
	return nil
}
