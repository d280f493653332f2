// The show's words, the same on the phones, the big screen and the organiser's screens.
import { placeLabel } from '@/protocol/prizes'
import type { RevealWinner, ShowFrame } from '@/lib/reveal-timeline'

export const ALTERNATES_HEADING = 'Suplentes'

/** '1º suplente'. */
export function alternateLabel(rank: number): string {
  return `${rank}º suplente`
}

export function secondsText(n: number): string {
  return n === 1 ? 'segundo' : 'segundos'
}

export const SKIP_TEXT = 'Pular animação'

/** '1º Lugar' (with its prize) for a winner, '1º suplente' for an alternate. */
export function revealLabel(winner: RevealWinner, alternate = false): string {
  return alternate ? alternateLabel(winner.position) : placeLabel(winner.position, winner.prize ?? '')
}

/** What a screen reader hears of a frame: each winner and alternate as it is revealed. */
export function announcedText(frame: ShowFrame): string {
  const winners = frame.kind === 'reveal' ? frame.revealed : frame.kind === 'done' ? frame.winners : []
  const alternates = frame.kind === 'reveal' || frame.kind === 'done' ? frame.alternates : []
  return [...winners.map((w) => `${revealLabel(w)}: ${w.name}.`), ...alternates.map((a) => `${revealLabel(a, true)}: ${a.name}.`)].join(' ')
}
