// What a viewer's page holds between server states: the newest public state, the rounds this
// viewer saw open (only they get the show; someone arriving after the draw sees the result at
// once), and the reveal being played.
import { prizeOf } from '@/protocol/prizes'
import type { PublicState } from '@/protocol/public-state'
import type { OpenRound, RevealPlan, RevealWinner } from '@/lib/reveal-timeline'

export interface LiveState {
  state: PublicState | null
  /** Rounds seen open by this viewer, with their countdown end (server time). */
  watched: Readonly<Record<string, number>>
  /** Rounds whose reveal was started (never played twice). */
  played: readonly string[]
  show: RevealPlan | null
  /** A round this viewer saw open that closed without winners: the organiser abandoned it. */
  abandoned: string | null
}

export type LiveAction =
  /** `now` is the server's clock at receipt. */
  | { type: 'state'; state: PublicState; now: number }
  /** The viewer closed the finished show. */
  | { type: 'close' }

export const initialLive: LiveState = { state: null, watched: {}, played: [], show: null, abandoned: null }

export function openRound(state: PublicState | null): OpenRound | null {
  const round = state?.round
  if (!round) return null
  return { id: round.id, startedAt: round.started_at, countdownEndsAt: round.countdown_ends_at }
}

/**
 * The first draw's alternates when `roundId` is the first draw (no other round drew before it; a
 * called alternate's time is its call's): a redraw reveals its place alone.
 */
function alternatesOf(state: PublicState, roundId: string, drawnAt: number): RevealWinner[] {
  const earlier = state.winners.some((w) => w.round_id !== roundId && !w.promoted && w.drawn_at < drawnAt)
  if (earlier) return []
  return (state.alternates ?? []).map((a) => ({ position: a.rank, name: a.name, ticketNumber: a.ticket_number }))
}

/**
 * The reveal for the newest watched round whose winners are in `state` and that was not played. It
 * starts when the server recorded the result (never before the countdown's end), on the server's
 * clock: every screen of the room, the organiser's included, plays the same frame at the same time,
 * however late its copy of the result arrived.
 */
function nextShow(state: PublicState, watched: Readonly<Record<string, number>>, played: readonly string[]): RevealPlan | null {
  for (let i = state.winners.length - 1; i >= 0; i--) {
    const roundId = state.winners[i]!.round_id
    const endsAt = watched[roundId]
    if (endsAt === undefined || played.includes(roundId)) continue
    const own = state.winners.filter((w) => w.round_id === roundId)
    const drawnAt = Math.max(...own.map((w) => w.drawn_at))
    const winners = own
      .sort((a, b) => a.position - b.position)
      .map((w) => ({ position: w.position, name: w.name, ticketNumber: w.ticket_number, prize: prizeOf(state.raffle.prizes, w.position) }))
    return { roundId, startsAt: Math.max(drawnAt, endsAt), winners, alternates: alternatesOf(state, roundId, drawnAt), names: state.names_sample }
  }
  return null
}

export function liveReducer(live: LiveState, action: LiveAction): LiveState {
  if (action.type === 'close') return live.show ? { ...live, show: null } : live
  const { state } = action
  if (live.state && state.seq <= live.state.seq) return live
  let { watched, played, show } = live
  const round = state.round
  if (round && watched[round.id] === undefined) {
    watched = { ...watched, [round.id]: round.countdown_ends_at }
    // A new round (a redraw) takes the stage from a finished show.
    if (show && show.roundId !== round.id) show = null
  }
  watched = watchCorrections(live, state, watched)
  const next = nextShow(state, watched, played)
  if (next) {
    show = next
    played = [...played, next.roundId]
  }
  return { state, watched, played, show, abandoned: abandonedRound(live, state) }
}

/**
 * A corrected Loteria Federal result is revealed as a new result to a viewer who was there: one who
 * saw the replaced round open, or who was on the page when the correction came. Its show starts
 * when the correction was recorded.
 */
function watchCorrections(live: LiveState, state: PublicState, watched: Readonly<Record<string, number>>): Readonly<Record<string, number>> {
  const known = new Set((live.state?.corrections ?? []).map((c) => c.round_id))
  let out = watched
  for (const c of state.corrections ?? []) {
    if (out[c.replaced_by] !== undefined || (out[c.round_id] === undefined && (!live.state || known.has(c.round_id)))) continue
    out = { ...out, [c.replaced_by]: c.replaced_at }
  }
  return out
}

/**
 * The round the room was told about and that is gone with no result: the server names the latest
 * round when it was abandoned (a viewer who opens the page afterwards is told too); before servers
 * did, a round seen open that closes without a winner of its own. Cleared when another round opens
 * or a result arrives.
 */
function abandonedRound(live: LiveState, state: PublicState): string | null {
  if (state.round) return null
  if (state.abandoned_round !== undefined) return state.abandoned_round?.id ?? null
  const was = live.state?.round?.id
  if (was === undefined) return state.winners.length > (live.state?.winners.length ?? 0) ? null : live.abandoned
  return state.winners.some((w) => w.round_id === was) ? null : was
}
