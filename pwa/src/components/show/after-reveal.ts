// A result's toast ('Sorteio realizado!', 'Vencedor re-sorteado!') must not tell the organiser
// before the room sees it: the screen that plays a raffle's reveals takes the toasts of that
// raffle's rounds and shows each when the round's reveal is over there. With no such screen open,
// a toast shows at once.

/** Takes `show`, the toast of `roundId`'s result, and calls it once that round is revealed. */
export type RevealHold = (roundId: string, show: () => void) => void

const holds = new Map<string, RevealHold>()

/** Calls `show` now, or hands it to the screen revealing `raffleId`'s rounds. */
export function afterReveal(raffleId: string, roundId: string, show: () => void): void {
  const hold = holds.get(raffleId)
  if (hold) hold(roundId, show)
  else show()
}

/** The screen revealing `raffleId`'s rounds takes their toasts, until the returned release. */
export function holdRevealToasts(raffleId: string, hold: RevealHold): () => void {
  holds.set(raffleId, hold)
  return () => {
    if (holds.get(raffleId) === hold) holds.delete(raffleId)
  }
}
