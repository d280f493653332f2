// Prizes per position (sync/protocol/prizes.go): each position is its own last-writer-wins field,
// an empty name clears it, and positions beyond the winners count are kept but not shown.
import { LIMITS } from '@/protocol/rules'
import type { PrizeWire } from '@/protocol/wire'

export type Prize = PrizeWire

/** Sets each changed position on the current prizes; the result is in position order, without empty names. */
export function mergePrizes(current: readonly Prize[] | null | undefined, changed: readonly Prize[] | null | undefined): Prize[] {
  const byPosition = new Map<number, string>()
  for (const p of current ?? []) byPosition.set(p.position, p.name)
  for (const p of changed ?? []) byPosition.set(p.position, p.name)
  return [...byPosition]
    .filter(([, name]) => name !== '')
    .map(([position, name]) => ({ position, name }))
    .sort((a, b) => a.position - b.position)
}

/** The prize of a position, or ''. */
export function prizeOf(prizes: readonly Prize[] | null | undefined, position: number): string {
  return prizes?.find((p) => p.position === position)?.name ?? ''
}

/** The prizes of positions 1..winners, as every screen shows them. */
export function shownPrizes(prizes: readonly Prize[] | null | undefined, winners: number): Prize[] {
  return (prizes ?? []).filter((p) => p.position <= winners && p.name !== '')
}

/** '1º prêmio · Bicicleta', or '1º Lugar' when the position has no prize. */
export function placeLabel(position: number, prize: string): string {
  return prize ? `${position}º prêmio · ${prize}` : `${position}º Lugar`
}

/**
 * A place whose winner was invalidated and not yet filled again: '2º Lugar: aguardando suplente ou
 * novo sorteio' while an alternate is left to call, '2º Lugar: aguardando novo sorteio' once none is
 * (docs/decisions.md).
 */
export function gapLabel(position: number, prize: string, alternateLeft: boolean): string {
  return `${placeLabel(position, prize)}: aguardando ${alternateLeft ? 'suplente ou novo sorteio' : 'novo sorteio'}`
}

/** The positions whose prize fields show: the winners count typed, within 1..100 (1 when not a number). */
export function prizePositions(winners: number): number[] {
  const n = Number.isInteger(winners) ? Math.min(Math.max(winners, 1), LIMITS.maxWinners) : 1
  return Array.from({ length: n }, (_, i) => i + 1)
}

/** The prize of each position 1..winners by index (null where none), as the ata takes them. */
export function prizesByIndex(prizes: readonly Prize[] | null | undefined, winners: number): Array<string | null> {
  return Array.from({ length: Math.max(0, winners) }, (_, i) => prizeOf(prizes, i + 1) || null)
}
