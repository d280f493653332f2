// How every screen lists winners. History is never erased: an invalidated winner stays listed
// beside the one redrawn for its place.

export interface WinnerOrderFields {
  position: number
  isValid: boolean
  invalidatedAt: number | null
}

/** By position; within a position the valid winner first, then the invalidated ones, latest first. */
export function orderWinners<T extends WinnerOrderFields>(winners: readonly T[]): T[] {
  return [...winners].sort((a, b) => a.position - b.position || Number(b.isValid) - Number(a.isValid) || (b.invalidatedAt ?? 0) - (a.invalidatedAt ?? 0))
}

/**
 * The positions left without a valid winner, each with the winner invalidated last there: the one
 * entry that offers the redraw (a place invalidated twice must not show two redraw buttons).
 */
export function vacantPositions<T extends WinnerOrderFields>(winners: readonly T[]): Map<number, T> {
  const filled = new Set(winners.filter((w) => w.isValid).map((w) => w.position))
  const vacant = new Map<number, T>()
  for (const w of orderWinners(winners)) {
    if (!filled.has(w.position) && !vacant.has(w.position)) vacant.set(w.position, w)
  }
  return vacant
}

/** A place left empty by an invalidation, until a new draw fills it. */
export interface WinnerGap {
  gap: true
  position: number
}

/**
 * What the room's lists show: the valid winners, and a gap where a place lost its winner, so the
 * list does not jump from the 1st to the 3rd place (the reason is the organiser's, never shown).
 */
export function withGaps<T extends WinnerOrderFields>(winners: readonly T[]): Array<T | WinnerGap> {
  const valid: Array<T | WinnerGap> = winners.filter((w) => w.isValid)
  const gaps = [...vacantPositions(winners).keys()].map((position): WinnerGap => ({ gap: true, position }))
  return [...valid, ...gaps].sort((a, b) => a.position - b.position)
}

export function isGap<T>(entry: T | WinnerGap): entry is WinnerGap {
  return typeof entry === 'object' && entry !== null && 'gap' in entry
}
