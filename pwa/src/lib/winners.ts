// How every screen lists winners. History is never erased: an invalidated winner stays listed
// beside the one redrawn for its place.

export interface WinnerOrderFields {
  position: number
  isValid: boolean
  invalidatedAt: number | null
}

/** By position; within a position the valid winner first, then the invalidated ones, latest first. */
export function orderWinners<T extends WinnerOrderFields>(winners: readonly T[]): T[] {
  return [...winners].sort(
    (a, b) =>
      a.position - b.position ||
      Number(b.isValid) - Number(a.isValid) ||
      (b.invalidatedAt ?? 0) - (a.invalidatedAt ?? 0),
  )
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
