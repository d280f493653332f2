// Why a Loteria Federal draw is refused, in pt-BR, with {placeholders} filled by FederalError: the
// same map as the server's (sync/draw/federal_errors.go FederalReasons; the list in
// sync/testdata/catalogue.json "federal_reasons", checked by catalogue.test.ts). The last two are
// the seeded draw's reason codes, with their messages.
export const FEDERAL_REASONS: Readonly<Record<string, string>> = {
  federal_rule_unknown: "Regra da Loteria Federal desconhecida: escolha 'Resto da divisão pelo número de bilhetes', 'Final do 1º prêmio' ou 'Unidades dos cinco prêmios'.",
  federal_digits_invalid:
    "Número de algarismos inválido: 'Final do 1º prêmio' usa de 1 a 5; 'Unidades dos cinco prêmios', sempre 5; 'Resto da divisão pelo número de bilhetes' não usa algarismos.",
  federal_prizes_count: 'Informe os cinco prêmios da extração, do 1º ao 5º (foram informados {quantidade}).',
  federal_prize_invalid: 'O {posicao}º prêmio deve ter 5 algarismos, como a Caixa publica (recebido: “{valor}”).',
  federal_ticket_unnumbered: 'Há bilhete sem número: na Loteria Federal, cada bilhete precisa de um número só com algarismos.',
  federal_ticket_not_numeric: 'O bilhete “{numero}” não é só algarismos: na Loteria Federal, cada bilhete precisa de um número só com algarismos.',
  federal_ticket_repeated: 'Os bilhetes “{numero}” e “{outro}” são o mesmo número na Loteria Federal: deixe só um deles.',
  federal_digits_short: 'A regra alcança números de até {algarismos} algarismos, mas o maior bilhete, {numero}, precisa de {necessarios}.',
  federal_rule_unequal:
    "Com esta lista, a regra não dá a mesma chance a todos os bilhetes: o bilhete {numero} teria {chance} de chance; {outros}. Escolha 'Resto da divisão pelo número de bilhetes', que dá a mesma chance a qualquer lista.",
  federal_concurso_past:
    'O concurso {concurso} foi sorteado antes da data da extração: pelo calendário da Loteria Federal (quartas e sábados), a extração de {data} é a do concurso {esperado}, aproximadamente. Confira o concurso e a data no site da Caixa.',
  not_enough_tickets: 'Não há bilhetes suficientes para sortear todos os vencedores.',
  not_enough_people: 'Não há participantes diferentes suficientes para sortear todos os vencedores sem repetir pessoas.',
}

/** A refused Loteria Federal draw: its reason code, the values its message names, and the message. */
export class FederalError extends Error {
  constructor(
    readonly code: string,
    readonly params: Readonly<Record<string, string>> = {},
  ) {
    // One pass: a typed value holding braces is shown as typed, never read as a placeholder.
    super((FEDERAL_REASONS[code] ?? code).replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole))
    this.name = 'FederalError'
  }
}
