// Why a round drawn offline did not count, in one line: the closed set of refusals for which the
// server keeps a refused round in the public record (sync/draw/refused.go RefusedReasons; the list in
// sync/testdata/catalogue.json "round_reasons", checked by catalogue.test.ts).
export const ROUND_REASON_LINES: Readonly<Record<string, string>> = {
  pool_changed: 'a lista mudou em outro aparelho antes da sincronização',
  settings_changed: 'as configurações mudaram em outro aparelho antes da sincronização',
  draw_started: 'o sorteio já tinha sido feito em outro aparelho',
  draw_completed: 'o sorteio já tinha sido feito em outro aparelho',
  draw_open: 'havia uma rodada em andamento em outro aparelho',
  position_taken: 'este lugar já foi re-sorteado em outro aparelho',
  raffle_not_found: 'o sorteio foi excluído em outro aparelho',
  not_enough_tickets: 'faltaram bilhetes: a lista mudou em outro aparelho antes da sincronização',
  not_enough_people: 'faltaram pessoas: a lista mudou em outro aparelho antes da sincronização',
  no_eligible: 'não restava ninguém para re-sortear: a lista mudou em outro aparelho',
}
