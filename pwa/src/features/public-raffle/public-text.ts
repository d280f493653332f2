import type { BadgeTone } from '@/components/ui/Badge'
import { clockWarning } from '@/protocol/device-time'
import { placeLabel } from '@/protocol/prizes'
import type { PublicRaffleStatus, PublicRaffleType, PublicState } from '@/protocol/public-state'
import { formatDateTime, formatTime } from '@/lib/dates'

export const PUBLIC_STATUS: Record<PublicRaffleStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Aguardando', tone: 'warning' },
  in_progress: { label: 'Em andamento', tone: 'info' },
  completed: { label: 'Finalizado', tone: 'success' },
}

export const PUBLIC_TYPE: Record<PublicRaffleType, string> = { simple: 'Simples', tickets: 'Com Bilhetes' }

/** Above this many tickets the list waits for the viewer to ask for it (spec section 9). */
export const FULL_LIST_LIMIT = 2000

export const NOT_FOUND_TITLE = 'Sorteio não encontrado'
export const NOT_FOUND_HINT = 'Verifique o código e tente novamente'
/** A code no raffle has yet (its organiser has not synced it): the page waits for it. */
export const waitingText = (code: string) => `Aguardando o sorteio ${code}…`
export const WAITING_HINT = 'Ele aparece aqui assim que o organizador sincronizar. Confira se o código está certo.'
/** Under 'Sorteio não encontrado' while the page keeps listening for the code (a raffle not synced yet). */
export const STILL_LISTENING = 'Se o organizador ainda não sincronizou este sorteio, ele aparece aqui sozinho, sem recarregar a página.'
export const NO_TICKETS_FOUND = 'Nenhum bilhete encontrado para este e-mail'

export const count = (n: number) => n.toLocaleString('pt-BR')

/** '1º Lugar', or '1º prêmio · Bicicleta' when the position has a prize. */
export function placeText(position: number, prize = ''): string {
  return placeLabel(position, prize)
}

/** The public link of a raffle, as the organiser shares it. */
export function publicLink(origin: string, code: string): string {
  return `${origin}/sorteio/${code}`
}

/**
 * The tab's title of a public raffle's screens: its title once read, else what is known. A code no
 * raffle has is 'Sorteio não encontrado' on the page (most such codes are mistyped) and a waiting
 * screen on the big screen (set up before the organiser syncs).
 */
export function publicTitle(code: string, load: string, title: string | undefined, big = false): string {
  if (load === 'notFound') return NOT_FOUND_TITLE
  if (load === 'waiting') return big ? waitingText(code) : NOT_FOUND_TITLE
  return title?.trim() || `Sorteio ${code}`
}

/** A round the room saw open, abandoned by its organiser (spec: never back to 'Aguardando' without a word). */
export const ABANDONED_TEXT = 'Rodada anulada pelo organizador'

/**
 * When the raffle was drawn: 'Sorteado em …' (the server's time); for a first draw made without a
 * connection, the organiser's device's time, said to be the device's, with the server's receipt beside
 * it, and a word when that clock was off by more than 2 minutes at its last sync.
 */
export function drawnLines(state: PublicState): string[] {
  const { raffle } = state
  if (raffle.drawn_at === null || raffle.status !== 'completed') return []
  const first = state.winners.find((w) => w.drawn_at === raffle.drawn_at && w.promoted !== true)
  if (!first?.offline) return [`Sorteado em ${formatDateTime(raffle.drawn_at)}`]
  const received = `recebido pelo servidor em ${formatDateTime(raffle.drawn_at)}`
  if (first.device_drawn_at === undefined) return [`Sorteado sem conexão no aparelho do organizador; ${received}`]
  const warning = clockWarning(first.device_clock_offset)
  return [`Sorteado sem conexão em ${formatDateTime(first.device_drawn_at)} (relógio do aparelho do organizador); ${received}`, ...(warning ? [warning] : [])]
}

/**
 * The line before the reveal of a result drawn without a connection, for a room that did not see it:
 * 'Sorteio realizado sem conexão às 20:15' (the organiser's device's clock, this screen's time zone);
 * without the time when the device did not send it.
 */
export function offlineIntro(deviceDrawnAt: number | undefined): string {
  return deviceDrawnAt === undefined ? 'Sorteio realizado sem conexão' : `Sorteio realizado sem conexão às ${formatTime(deviceDrawnAt)}`
}
