package auditreport

import (
	"strings"
	"time"

	"github.com/sorteio/sorteio/sync/draw"
)

// CaixaResults is Caixa's page of the Loteria Federal's results, named for
// the reader to open: nothing here fetches it.
const CaixaResults = "https://loterias.caixa.gov.br/Paginas/Federal.aspx"

// writeFederal prints how a Loteria Federal round's winners follow from its
// five prizes, recomputed here, and what the reader must still compare with
// Caixa's published result.
func writeFederal(p printer, rec draw.Record) {
	f := rec.Federal
	p.line("   Loteria Federal, concurso %d, extração de %s; regra %s", f.Concurso, when(f.ExtractionAt), ruleText(f.Rule))
	p.line("   Prêmios como informados: %s", strings.Join(f.Prizes, ", "))
	for i, line := range draw.FederalLines(rec) {
		p.line("   %dº lugar: %s", i+1, line)
	}
	p.line("   Compare os cinco prêmios com o resultado publicado pela Caixa: %s (concurso %d, extração de %s)", CaixaResults, f.Concurso, brasiliaDate(f.ExtractionAt))
}

func ruleText(r draw.FederalRule) string {
	switch r.Kind {
	case draw.RuleUnits:
		return "'Unidades dos cinco prêmios'"
	case draw.RuleRemainder:
		return "'Resto da divisão pelo número de bilhetes'"
	}
	return "'Final do 1º prêmio'"
}

// writeReplacement says that a Loteria Federal result was replaced by a
// correction, and when, or that the round corrects the one before it.
func writeReplacement(p printer, rec draw.Record) {
	if rec.Replaced() {
		p.line("   RESULTADO SUBSTITUÍDO em %s pela correção seguinte: não vale, fica no registro.", when(rec.ReplacedAt))
	}
	if rec.Replaces != "" {
		p.line("   Correção do resultado anterior: é este o resultado que vale.")
	}
}

// brasiliaDate is the extraction's date in Brasília (UTC−3 all year), as
// DD/MM/AAAA: the date Caixa's results page lists.
func brasiliaDate(ms int64) string {
	return time.UnixMilli(ms).In(time.FixedZone("BRT", -3*3600)).Format("02/01/2006")
}
