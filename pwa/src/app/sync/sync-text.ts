// The words of the sync status, in one place so the bar and its tests agree.
import { formatDateTime } from '@/lib/dates'
import type { SyncStatus } from '@/sync/status'

const count = new Intl.NumberFormat('pt-BR')

export function pendingText(n: number, refused = 0, others = 0): string {
  if (n === 0) return refused === 0 && others === 0 ? 'Tudo sincronizado' : 'Nada pendente'
  return n === 1 ? '1 alteração pendente' : `${count.format(n)} alterações pendentes`
}

/** Changes of another account queued on this device: never 'Tudo sincronizado' while they wait. */
export function othersText(n: number): string {
  return `${n === 1 ? '1 alteração de outra conta aguarda' : `${count.format(n)} alterações de outra conta aguardam`} neste aparelho`
}

/** Changes the server refused that wait, on this device, for the person to settle them. */
export function refusedText(n: number): string {
  return n === 1 ? '1 alteração não enviada' : `${count.format(n)} alterações não enviadas`
}

/** The toast of refused changes: how many, and that they are kept. */
export function refusedToastText(message: string, n: number): string {
  return `${message} ${n === 1 ? 'A alteração ficou' : `As ${count.format(n)} alterações ficaram`} guardada${n === 1 ? '' : 's'} em 'Não enviados'.`
}

export function lastSyncText(at: number | null): string {
  return at === null ? 'Ainda não sincronizado' : `Última sincronização: ${formatDateTime(at)}`
}

/** A problem the user can act on (or should know about), or null. */
export function problemText(status: SyncStatus): string | null {
  switch (status.error) {
    case 'unauthenticated':
      return 'Entre novamente para sincronizar'
    case 'forbidden_client':
      return 'Sincronização bloqueada neste aparelho'
    case 'server':
      return 'Servidor indisponível; tentando novamente'
    case 'refused':
      return 'Alterações recusadas pelo servidor'
    default:
      return null
  }
}

/** Below a refusal: the server's words, and that nothing was thrown away. */
export function refusedDetail(detail: string | null): string {
  const kept = 'As alterações continuam guardadas neste aparelho.'
  return detail ? `${detail} ${kept}` : kept
}

export const PENDING_BEFORE_UPDATE = 'Há alterações pendentes: conecte-se para enviá-las antes de atualizar.'

/**
 * The toast title of a change the server refused, from the spec's error catalogue, by what the
 * change was; the server's reason goes below it.
 */
export function rejectionTitle(opType: string): string {
  switch (opType) {
    case 'raffle.create':
      return 'Erro ao criar sorteio'
    case 'raffle.update':
      return 'Não foi possível atualizar sorteio'
    case 'raffle.delete':
      return 'Erro ao excluir'
    case 'participants.add':
      return 'Não foi possível adicionar participante'
    case 'participants.remove_group':
      return 'Não foi possível remover participante'
    case 'draw.start':
      return 'Não foi possível iniciar o sorteio'
    case 'draw.complete':
      return 'Não foi possível concluir o sorteio'
    case 'winner.invalidate':
      return 'Não foi possível invalidar o vencedor'
    case 'winner.redraw':
      return 'Não foi possível realizar o re-sorteio'
    default:
      return 'Alteração recusada pelo servidor'
  }
}

/** A setting this device changed, replaced by another device's later change (last writer wins). */
export function overwrittenText(field: string, value: unknown): string {
  switch (field) {
    case 'title':
      return `O título foi alterado em outro aparelho para “${String(value)}”.`
    case 'description':
      return 'A descrição foi alterada em outro aparelho.'
    case 'winners_count':
      return `O número de vencedores foi alterado em outro aparelho para ${String(value)}.`
    case 'countdown_seconds':
      return `A contagem regressiva foi alterada em outro aparelho para ${String(value)} segundos.`
    case 'allow_duplicate_wins':
      return value ? 'Outro aparelho passou a permitir que a mesma pessoa ganhe mais de uma vez.' : 'Outro aparelho deixou de permitir que a mesma pessoa ganhe mais de uma vez.'
    case 'alternates_count':
      return `O número de suplentes foi alterado em outro aparelho para ${String(value)}.`
    case 'draw_method':
      return `O método de sorteio foi alterado em outro aparelho para “${value === 'federal' ? 'Loteria Federal' : 'Sorteio verificável'}”.`
    case 'federal': {
      const concurso = (value as { concurso?: unknown } | null)?.concurso
      return typeof concurso === 'number'
        ? `As configurações da Loteria Federal foram alteradas em outro aparelho (concurso ${concurso}).`
        : 'As configurações da Loteria Federal foram alteradas em outro aparelho.'
    }
  }
  const prize = /^prize:(\d+)$/.exec(field)
  if (prize) {
    const name = typeof value === 'string' ? value.trim() : ''
    return name === '' ? `O ${prize[1]}º prêmio foi apagado em outro aparelho.` : `O ${prize[1]}º prêmio foi alterado em outro aparelho para “${name}”.`
  }
  return 'Uma configuração foi alterada em outro aparelho.'
}

export const OVERWRITTEN_DETAIL = 'Vale a alteração mais recente; a deste aparelho foi substituída.'

/** At most this many runs of numbers are named; the rest are counted. */
const RENUMBERED_RUNS = 4

/** Whether b is the number after a, both all digits of one width ('009' → '010'). */
function follows(a: string, b: string): boolean {
  return /^\d+$/.test(a) && /^\d+$/.test(b) && a.length === b.length && BigInt(b) === BigInt(a) + 1n
}

/**
 * The numbers the server replaced, as runs: 'Bilhetes renumerados pelo servidor: 001–005 → 051–055'
 * (a run: both sides count up by one together).
 */
export function renumberedText(numbers: readonly (readonly [string, string])[]): string {
  const runs: Array<{ from: [string, string]; to: [string, string]; count: number }> = []
  for (const [from, to] of numbers) {
    const last = runs.at(-1)
    if (last && follows(last.from[1], from) && follows(last.to[1], to)) {
      last.from[1] = from
      last.to[1] = to
      last.count++
    } else runs.push({ from: [from, from], to: [to, to], count: 1 })
  }
  const span = ([first, last]: [string, string]) => (first === last ? first : `${first}–${last}`)
  const named = runs.slice(0, RENUMBERED_RUNS).map((r) => `${span(r.from)} → ${span(r.to)}`)
  const rest = runs.slice(RENUMBERED_RUNS).reduce((n, r) => n + r.count, 0)
  const more = rest === 0 ? '' : ` e mais ${rest} ${rest === 1 ? 'bilhete' : 'bilhetes'}`
  return `Bilhetes renumerados pelo servidor: ${named.join(', ')}${more}`
}

export const RENUMBERED_DETAIL = 'Outro aparelho já tinha usado esses números. As pessoas continuam na lista, com os números novos.'
