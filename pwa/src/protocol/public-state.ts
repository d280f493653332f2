// The public projection of a raffle as the server sends it (docs/api.md, "Public raffle"), over
// HTTP and on the public WebSocket. Times are Unix milliseconds on the server's clock. E-mails are
// already masked by the server; nothing here is private.
import type { FederalSettingsWire } from '@/protocol/wire'

export type PublicRaffleType = 'simple' | 'tickets'
export type PublicRaffleStatus = 'pending' | 'in_progress' | 'completed'

export interface PublicRaffle {
  code: string
  title: string
  description: string
  type: PublicRaffleType
  status: PublicRaffleStatus
  winners_count: number
  countdown_seconds: number
  allow_duplicate_wins: boolean
  drawn_at: number | null
  created_at: number
  /** The prizes of positions 1..winners_count (absent from servers before them). */
  prizes?: Array<{ position: number; name: string }>
  alternates_count?: number
  /** The Loteria Federal extraction that decides the winners (absent: the seeded draw). */
  federal?: FederalSettingsWire
}

/** The open round, only while one is open. */
export interface PublicRound {
  id: string
  started_at: number
  countdown_ends_at: number
  offline: boolean
  positions: number[]
  /** The pool's digest (SHA-256, hex) and tickets, fixed at the start (older servers: absent). */
  pool_digest?: string
  pool_size?: number
}

export interface PublicWinner {
  position: number
  ticket_number: string | null
  name: string
  /** Masked (`jo***@g***.com`) or null. */
  email: string | null
  valid: boolean
  invalidated_at: number | null
  round_id: string
  /** When it was drawn, or, for an alternate called to the place, when it was called. */
  drawn_at: number
  /** An alternate called to the place ('Chamar suplente'); absent otherwise and from older servers; `drawn_at` is then the call's time. */
  promoted?: boolean
  /**
   * Drawn on the organiser's device without a connection: `drawn_at` is then when the server received
   * the result, `device_drawn_at` when the device drew it (its own clock) and `device_clock_offset`
   * how far that clock was from the server's at its last sync (server minus device, ms), when sent.
   */
  offline?: boolean
  device_drawn_at?: number
  device_clock_offset?: number
}

export interface PublicState {
  /** The raffle's change-log position this state reflects; grows with every change. */
  seq: number
  server_time: number
  raffle: PublicRaffle
  counts: { people: number; tickets: number }
  round: PublicRound | null
  /** Every winner of every round, valid or not. */
  winners: PublicWinner[]
  /** Up to 50 names of the pool, for the reveal's shuffle. */
  names_sample: string[]
  /** The first draw's alternates in order (absent from servers before them). */
  alternates?: PublicAlternate[]
  /** The raffle's latest round, when it was abandoned and no round came after it (absent from servers before it). */
  abandoned_round?: { id: string; abandoned_at: number } | null
  /** Loteria Federal results replaced by a correction, oldest first (absent from servers before them). */
  corrections?: PublicCorrection[]
}

/** A replaced Loteria Federal result: its round, the round that replaced it and when, its five prizes as entered. */
export interface PublicCorrection {
  round_id: string
  replaced_by: string
  replaced_at: number
  prizes: string[]
}

export interface PublicAlternate {
  rank: number
  ticket_number: string | null
  name: string
  email: string | null
  /** The place it was called to, absent while it was not (and from older servers). */
  called_to?: number
}

export interface PublicPerson {
  name: string
  email: string | null
  tickets: Array<string | null>
}

export interface PublicParticipantsPage {
  total: number
  offset: number
  people: PublicPerson[]
}

export interface PublicCheckAnswer {
  found: boolean
  tickets: Array<string | null>
}

/** What the public WebSocket sends. */
export type PublicFeedMessage =
  | { type: 'hello'; server_time: number }
  | ({ type: 'state' } & PublicState)
  | { type: 'gone' }
  /** No raffle has the code yet: the socket stays open and its state comes when one does. */
  | { type: 'waiting' }

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** Whether a decoded body has the shape of a PublicState (enough to render it safely). */
export function isPublicState(value: unknown): value is PublicState {
  if (!isObject(value)) return false
  const { seq, raffle, counts, winners, round } = value
  return (
    typeof seq === 'number' &&
    isObject(raffle) &&
    typeof raffle.code === 'string' &&
    typeof raffle.status === 'string' &&
    isObject(counts) &&
    Array.isArray(winners) &&
    (round === null || round === undefined || isObject(round))
  )
}

/** One WebSocket text frame, or null for anything this version does not understand. */
export function parseFeedMessage(text: string): PublicFeedMessage | null {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  if (!isObject(value)) return null
  if (value.type === 'hello' && typeof value.server_time === 'number') return { type: 'hello', server_time: value.server_time }
  if (value.type === 'gone') return { type: 'gone' }
  if (value.type === 'waiting') return { type: 'waiting' }
  if (value.type === 'state' && isPublicState(value)) {
    const state = value as unknown as PublicState
    return { ...state, round: state.round ?? null, names_sample: state.names_sample ?? [], type: 'state' }
  }
  return null
}

/** Completed with no round open: the server lets caches keep such a state for a few seconds. */
export function isSettled(state: Pick<PublicState, 'raffle' | 'round'>): boolean {
  return state.raffle.status === 'completed' && state.round === null
}

/** An alternate not yet called to a place: an empty place may still be filled by one. */
export function alternateLeft(alternates: readonly PublicAlternate[] | undefined): boolean {
  return (alternates ?? []).some((a) => a.called_to === undefined || a.called_to === null)
}
