package draw

import "strings"

// FederalReasons are the reasons a Loteria Federal draw is refused and their
// pt-BR messages, with {placeholders} filled by FederalError
// (sync/testdata/catalogue.json, "federal_reasons"; the device says the same,
// pwa/src/protocol/federal-reasons.ts). The last two are the reason codes the
// seeded draw already has, with the same messages.
var FederalReasons = map[string]string{
	"federal_rule_unknown":       "Regra da Loteria Federal desconhecida: escolha 'Resto da divisão pelo número de bilhetes', 'Final do 1º prêmio' ou 'Unidades dos cinco prêmios'.",
	"federal_digits_invalid":     "Número de algarismos inválido: 'Final do 1º prêmio' usa de 1 a 5; 'Unidades dos cinco prêmios', sempre 5; 'Resto da divisão pelo número de bilhetes' não usa algarismos.",
	"federal_rule_unequal":       "Com esta lista, a regra não dá a mesma chance a todos os bilhetes: o bilhete {numero} teria {chance} de chance; {outros}. Escolha 'Resto da divisão pelo número de bilhetes', que dá a mesma chance a qualquer lista.",
	"federal_prizes_count":       "Informe os cinco prêmios da extração, do 1º ao 5º (foram informados {quantidade}).",
	"federal_prize_invalid":      "O {posicao}º prêmio deve ter 5 algarismos, como a Caixa publica (recebido: “{valor}”).",
	"federal_ticket_unnumbered":  "Há bilhete sem número: na Loteria Federal, cada bilhete precisa de um número só com algarismos.",
	"federal_ticket_not_numeric": "O bilhete “{numero}” não é só algarismos: na Loteria Federal, cada bilhete precisa de um número só com algarismos.",
	"federal_ticket_repeated":    "Os bilhetes “{numero}” e “{outro}” são o mesmo número na Loteria Federal: deixe só um deles.",
	"federal_digits_short":       "A regra alcança números de até {algarismos} algarismos, mas o maior bilhete, {numero}, precisa de {necessarios}.",
	"federal_concurso_past":      "O concurso {concurso} foi sorteado antes da data da extração: pelo calendário da Loteria Federal (quartas e sábados), a extração de {data} é a do concurso {esperado}, aproximadamente. Confira o concurso e a data no site da Caixa.",
	"not_enough_tickets":         "Não há bilhetes suficientes para sortear todos os vencedores.",
	"not_enough_people":          "Não há participantes diferentes suficientes para sortear todos os vencedores sem repetir pessoas.",
}

// FederalError is a refused Loteria Federal draw: its reason code and the
// values its message names.
type FederalError struct {
	Code   string
	Params map[string]string
}

// federalErr makes an error from a code and name, value pairs.
func federalErr(code string, pairs ...string) *FederalError {
	e := &FederalError{Code: code, Params: map[string]string{}}
	for i := 0; i+1 < len(pairs); i += 2 {
		e.Params[pairs[i]] = pairs[i+1]
	}
	return e
}

// Error is the pt-BR message, ready to show.
func (e *FederalError) Error() string {
	// One pass over the template: a value that holds braces (a typed prize)
	// is never read as a placeholder.
	var b strings.Builder
	rest := FederalReasons[e.Code]
	for {
		open := strings.IndexByte(rest, '{')
		end := strings.IndexByte(rest[open+1:], '}')
		if open < 0 || end < 0 {
			b.WriteString(rest)
			return b.String()
		}
		name := rest[open+1 : open+1+end]
		b.WriteString(rest[:open])
		if v, ok := e.Params[name]; ok {
			b.WriteString(v)
		} else {
			b.WriteString("{" + name + "}")
		}
		rest = rest[open+2+end:]
	}
}
