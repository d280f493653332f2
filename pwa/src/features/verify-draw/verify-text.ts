// The pt-BR wording of the verification page, in one place so the screen and its tests agree.
import type { AuditRound } from '@/features/verify-draw/audit-record'

/** [2] → '2º lugar'; [1, 2, 3] → '1º, 2º e 3º lugares' */
export function placesText(positions: readonly number[]): string {
  const places = positions.map((p) => `${p}º`)
  if (places.length <= 1) return `${places[0] ?? ''} lugar`
  return `${places.slice(0, -1).join(', ')} e ${places[places.length - 1]} lugares`
}

/** '1ª rodada: sorteio', '2ª rodada: re-sorteio' */
export function roundTitle(round: AuditRound, index: number): string {
  return `${index + 1}ª rodada: ${round.kind === 'draw' ? 'sorteio' : 're-sorteio'}`
}

export const ONLINE_TEXT =
  'Sorteio online: a semente combina uma parte escolhida pelo dispositivo do organizador e outra escolhida pelo ' +
  'servidor. Cada lado publicou o SHA-256 da sua parte (o compromisso) antes de conhecer a do outro, então ' +
  'nenhum dos dois escolheu o resultado sozinho.'

export const OFFLINE_TEXT =
  'Sorteio OFFLINE: a semente foi escolhida somente pelo dispositivo do organizador, sem a participação do ' +
  'servidor. A conta abaixo prova que os vencedores seguem dessa semente e da lista de bilhetes, mas não prova ' +
  'que a semente foi sorteada de forma justa.'

export function offlineWarning(count: number): string {
  return count === 1
    ? 'Atenção: 1 rodada foi OFFLINE, com a semente escolhida somente pelo dispositivo do organizador.'
    : `Atenção: ${count} rodadas foram OFFLINE, com a semente escolhida somente pelo dispositivo do organizador.`
}

export function progressText(done: number, total: number, rounds: number, stepsPerRound: number): string {
  const round = Math.min(Math.floor(done / stepsPerRound) + 1, rounds)
  return `Conferindo a rodada ${round} de ${rounds}... (${Math.round((done / Math.max(total, 1)) * 100)}%)`
}

export const NETWORK_FAILURE = 'Sem conexão com o servidor. Verifique sua internet e tente novamente.'
