// The show as a pure function of time: the countdown to the round's end on the server's clock, the
// wait for the result, then the reveal, position by position (spec section 9): a 100 ms name
// shuffle for 3000 ms, the winner, 2000 ms before the next position; then the alternates
// ('Suplentes'), faster: 1200 ms of shuffle and 800 ms each; 500 ms after the last one
// 'Parabéns!'. Every screen of the room (phones, the big screen, the organiser's tab) computes the
// same frame from the same server time, so the room sees one show; tests drive it with any `now`.

export const SHUFFLE_TICK_MS = 100
export const POSITION_MS = 3000
export const BETWEEN_POSITIONS_MS = 2000
export const BEFORE_DONE_MS = 500
export const ALTERNATE_MS = 1200
export const BETWEEN_ALTERNATES_MS = 800

export interface RevealWinner {
  position: number
  name: string
  ticketNumber: string | null
  /** The position's prize, '' when none. */
  prize?: string
}

export interface RevealPlan {
  roundId: string
  /** Server time the first shuffle starts. */
  startsAt: number
  /** The server's winners of the round, by position: revealed in this order, exactly these. */
  winners: RevealWinner[]
  /** The first draw's alternates in order (`position` is the rank), revealed after the winners. */
  alternates?: RevealWinner[]
  /** Names to shuffle through (a sample of the pool). */
  names: string[]
  /** A line above the reveal: a result drawn without a connection, shown to a room that did not see it ('Sorteio realizado sem conexão às 20:15'). */
  intro?: string
}

export interface OpenRound {
  id: string
  startedAt: number
  countdownEndsAt: number
}

export type ShowFrame =
  | { kind: 'idle' }
  /** `seconds` never exceeds the round's countdown length. */
  | { kind: 'countdown'; seconds: number; total: number }
  /** The countdown is over; the result has not arrived yet. */
  | { kind: 'drawing' }
  | {
      kind: 'reveal'
      /** The winners, then the alternates ('Suplentes'). */
      stage: 'winners' | 'alternates'
      /** The place being revealed now (index into the stage's list). */
      index: number
      /** Still shuffling for `index`: `name` is a pool name (null with reduced motion). */
      shuffling: boolean
      name: string | null
      /** Winners already revealed, in order (includes `index` once it stopped shuffling). */
      revealed: RevealWinner[]
      /** Alternates already revealed, in order. */
      alternates: RevealWinner[]
    }
  | { kind: 'done'; winners: RevealWinner[]; alternates: RevealWinner[] }

function winnersPart(count: number): number {
  return count <= 0 ? 0 : count * POSITION_MS + (count - 1) * BETWEEN_POSITIONS_MS
}

function alternatesPart(count: number): number {
  return count <= 0 ? 0 : BETWEEN_POSITIONS_MS + count * ALTERNATE_MS + (count - 1) * BETWEEN_ALTERNATES_MS
}

/** How long a reveal of `count` positions and `alternates` alternates lasts, up to 'Parabéns!'. */
export function revealDuration(count: number, alternates = 0): number {
  return winnersPart(count) + (count > 0 ? alternatesPart(alternates) : 0) + BEFORE_DONE_MS
}

/** A well-mixed index for (position, tick): deterministic, so it needs no random source. */
function mix(a: number, b: number): number {
  let h = (Math.imul(a + 1, 0x9e3779b1) ^ Math.imul(b + 1, 0x85ebca77)) >>> 0
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0
  return (h ^ (h >>> 13)) >>> 0
}

/** The shuffled name at `tick` of position `index`: each tick hops 1 to n-1 places, so no name shows twice in a row. */
export function shuffleName(names: readonly string[], index: number, tick: number): string | null {
  if (names.length === 0) return null
  let i = mix(index, 0) % names.length
  // At most 30 hops (3000 ms / 100 ms): cheap enough to walk from the start on every frame.
  for (let k = 1; k <= tick && names.length > 1; k++) i = (i + 1 + (mix(index, k) % (names.length - 1))) % names.length
  return names[i]!
}

function revealFrame(plan: RevealPlan, now: number, reducedMotion: boolean): ShowFrame {
  const { winners } = plan
  const alternates = plan.alternates ?? []
  const elapsed = Math.max(0, now - plan.startsAt)
  if (winners.length === 0 || elapsed >= revealDuration(winners.length, alternates.length)) return { kind: 'done', winners, alternates }
  const names = plan.names.length > 0 ? plan.names : winners.map((w) => w.name)
  const shuffled = (index: number, into: number) => (reducedMotion ? null : shuffleName(names, index, Math.floor(into / SHUFFLE_TICK_MS)))
  const main = winnersPart(winners.length)
  // The last winner holds the headline for the usual 2000 ms before the alternates begin.
  if (elapsed < main + BETWEEN_POSITIONS_MS || alternates.length === 0) {
    const slot = POSITION_MS + BETWEEN_POSITIONS_MS
    const index = Math.min(winners.length - 1, Math.floor(elapsed / slot))
    const into = elapsed - index * slot
    if (into < POSITION_MS) {
      return { kind: 'reveal', stage: 'winners', index, shuffling: true, name: shuffled(index, into), revealed: winners.slice(0, index), alternates: [] }
    }
    return { kind: 'reveal', stage: 'winners', index, shuffling: false, name: winners[index]!.name, revealed: winners.slice(0, index + 1), alternates: [] }
  }
  // The alternates' shuffle draws on the same names, from indexes the winners did not use.
  const slot = ALTERNATE_MS + BETWEEN_ALTERNATES_MS
  const after = elapsed - main - BETWEEN_POSITIONS_MS
  const index = Math.min(alternates.length - 1, Math.floor(after / slot))
  const into = after - index * slot
  if (into < ALTERNATE_MS) {
    return {
      kind: 'reveal',
      stage: 'alternates',
      index,
      shuffling: true,
      name: shuffled(winners.length + index, into),
      revealed: winners,
      alternates: alternates.slice(0, index),
    }
  }
  return { kind: 'reveal', stage: 'alternates', index, shuffling: false, name: alternates[index]!.name, revealed: winners, alternates: alternates.slice(0, index + 1) }
}

/**
 * The frame at server time `now`: a running reveal first, else the open round's countdown (or the
 * wait for its result), else nothing.
 */
export function showFrame(round: OpenRound | null, plan: RevealPlan | null, now: number, reducedMotion = false): ShowFrame {
  if (plan) return revealFrame(plan, now, reducedMotion)
  if (!round) return { kind: 'idle' }
  const total = Math.max(0, Math.round((round.countdownEndsAt - round.startedAt) / 1000))
  const left = Math.ceil((round.countdownEndsAt - now) / 1000)
  if (left > 0) return { kind: 'countdown', seconds: Math.min(total, left), total }
  return { kind: 'drawing' }
}

/** Milliseconds until the frame may change next (for scheduling the next paint). */
export function nextFrameIn(frame: ShowFrame): number | null {
  switch (frame.kind) {
    case 'idle':
    case 'done':
      return null
    case 'countdown':
    case 'drawing':
      return 250
    case 'reveal':
      return SHUFFLE_TICK_MS
  }
}
