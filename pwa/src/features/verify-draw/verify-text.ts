// The pt-BR wording of the verification page, in one place so the screen and its tests agree.
import { extractionText } from '@/protocol/federal-time'
import type { AuditRound } from '@/features/verify-draw/audit-record'
import { formatDateTime, formatDateTimeSeconds } from '@/lib/dates'

/** [2] → '2º lugar'; [1, 2, 3] → '1º, 2º e 3º lugares' */
export function placesText(positions: readonly number[]): string {
  const places = positions.map((p) => `${p}º`)
  if (places.length <= 1) return `${places[0] ?? ''} lugar`
  return `${places.slice(0, -1).join(', ')} e ${places[places.length - 1]} lugares`
}

/** '1ª rodada: sorteio', '2ª rodada: re-sorteio' (the raffle's round number when the record has it) */
export function roundTitle(round: Pick<AuditRound, 'kind' | 'round'>, index: number): string {
  return `${round.round ?? index + 1}ª rodada: ${round.kind === 'draw' ? 'sorteio' : 're-sorteio'}`
}

/** 'Rodada abandonada em 21/11/2025, 14:30:05' */
export function abandonedText(at: number): string {
  return `Rodada abandonada em ${formatDateTimeSeconds(at)}`
}

/** 'Sorteio excluído pelo organizador em 21/11/2025, 14:30' */
export function deletedText(at: number): string {
  return `Sorteio excluído pelo organizador em ${formatDateTime(at)}`
}

export const ABANDONED_TEXT =
  'O aparelho que iniciou esta rodada não revelou a sua semente, e o organizador a abandonou depois do fim da ' +
  'contagem regressiva e do prazo de tolerância. Ela não tem resultado: uma nova rodada foi ou pode ser iniciada.'

export const ABANDONED_ONLINE_TEXT = 'Como a semente do servidor nunca foi revelada, ninguém, nem o organizador, pôde saber qual seria o resultado desta rodada.'

export const ABANDONED_OFFLINE_TEXT = 'Esta rodada era OFFLINE: o aparelho do organizador pode ter conhecido o resultado antes de abandoná-la.'

export const ONLINE_TEXT =
  'Sorteio online: a semente combina uma parte escolhida pelo dispositivo do organizador e outra escolhida pelo ' +
  'servidor. Cada lado publicou o SHA-256 da sua parte (o compromisso) antes de conhecer a do outro, então ' +
  'nenhum dos dois escolheu o resultado sozinho.'

export const OFFLINE_TEXT =
  'Sorteio OFFLINE: a semente foi escolhida somente pelo dispositivo do organizador, sem a participação do ' +
  'servidor. A conta abaixo prova que os vencedores seguem dessa semente e da lista de bilhetes, mas não prova ' +
  'que a semente foi sorteada de forma justa.'

/** Under an offline round's times: which clock they are, and when the server received the result. */
export function receivedText(completedAt: number, onDevice: boolean): string {
  const received = formatDateTimeSeconds(completedAt)
  return onDevice
    ? `Sorteio feito sem conexão: os horários acima são os do relógio do aparelho do organizador. O servidor recebeu o resultado em ${received}.`
    : `Sorteio feito sem conexão: os horários acima são os de quando o servidor recebeu a rodada; o aparelho não informou o seu.`
}

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

/** 'Sorteio recusado', 'Re-sorteio recusado': a refused offline round's title. */
export function refusedTitle(kind: string): string {
  return kind === 'redraw' ? 'Re-sorteio recusado' : 'Sorteio recusado'
}

/** 'Não valeu: a lista mudou em outro aparelho antes da sincronização.' */
export function refusedReasonText(line: string): string {
  return `Não valeu: ${line}.`
}

export const REFUSED_ROUND_TEXT =
  'Esta rodada foi feita sem conexão, em um aparelho do organizador, e recusada pelo servidor quando o aparelho ' +
  'sincronizou. Ela fica no registro para que não desapareça, mas os seus sorteados não contam como vencedores.'

export const REFUSED_RECOMPUTED_TEXT = 'A semente confere com o compromisso do aparelho, e os sorteados foram recalculados neste navegador a partir dela e da lista declarada.'

export const REFUSED_SEED_TEXT =
  'A semente confere com o compromisso do aparelho. A lista de bilhetes do aparelho não está no registro, então os sorteados não podem ser recalculados aqui.'

export const REFUSED_NO_SEED_TEXT = 'O aparelho não revelou a semente desta rodada: não há sorteados registrados.'

/** The verdict's note on refused rounds: they are in the record and do not count. */
export function refusedSummary(count: number): string {
  return count === 1
    ? '1 rodada feita offline foi recusada pelo servidor: ela está no registro, mas não conta.'
    : `${count} rodadas feitas offline foram recusadas pelo servidor: elas estão no registro, mas não contam.`
}

export const CORRECTION_ROUND_TEXT = 'Correção do resultado anterior, sobre a mesma lista fechada e a mesma extração: é este o resultado que vale.'

/** 'Resultado substituído em …': a Loteria Federal result typed wrong, kept in the record, that no longer counts. */
export function replacedText(at: number): string {
  return `Resultado substituído em ${extractionText(at)} pela correção seguinte: não vale, e fica no registro com os prêmios que foram informados.`
}
