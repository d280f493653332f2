// What a viewer's page holds between server states: the newest public state, the rounds this
// viewer saw open (only they get the show; someone arriving after the draw sees the result at
// once), and the reveal being played.
import { prizeOf } from '@/protocol/prizes'
import type { PublicState } from '@/protocol/public-state'
import type { OpenRound, RevealPlan, RevealWinner } from '@/lib/reveal-timeline'
import { offlineIntro } from '@/features/public-raffle/public-text'

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
function nextShow(state: PublicState, previous: PublicState | null, watched: Readonly<Record<string, number>>, played: readonly string[], now: number): RevealPlan | null {
  for (let i = state.winners.length - 1; i >= 0; i--) {
    const roundId = state.winners[i]!.round_id
    if (played.includes(roundId)) continue
    const own = state.winners.filter((w) => w.round_id === roundId && w.promoted !== true)
    if (own.length === 0) continue
    const drawnAt = Math.max(...own.map((w) => w.drawn_at))
    const offline = own.every((w) => w.offline === true)
    let startsAt: number
    if (watched[roundId] !== undefined) startsAt = Math.max(drawnAt, watched[roundId]!)
    else if (offline && arrivedNow(previous, roundId)) startsAt = offlineStart(drawnAt, now)
    else continue
    const winners = own
      .sort((a, b) => a.position - b.position)
      .map((w) => ({ position: w.position, name: w.name, ticketNumber: w.ticket_number, prize: prizeOf(state.raffle.prizes, w.position) }))
    const plan: RevealPlan = { roundId, startsAt, winners, alternates: alternatesOf(state, roundId, drawnAt), names: state.names_sample }
    if (offline) plan.intro = offlineIntro(own[0]!.device_drawn_at)
    return plan
  }
  return null
}

/**
 * A round drawn without a connection reaches the room only when the organiser's device syncs: a
 * viewer who was on the page then (its previous state did not have the round) gets its reveal, once;
 * one who opens or reloads the page afterwards sees the result at once.
 */
function arrivedNow(previous: PublicState | null, roundId: string): boolean {
  return previous !== null && !previous.winners.some((w) => w.round_id === roundId)
}

/**
 * Every screen that got the result as the server recorded it starts together from that moment (as an
 * online reveal does); one whose copy came later (a big screen reconnecting after the Wi-Fi came
 * back) starts on receipt, so it plays the reveal whole rather than land on its end.
 */
export const OFFLINE_IN_STEP_MS = 2000
function offlineStart(drawnAt: number, now: number): number {
  return now - drawnAt <= OFFLINE_IN_STEP_MS ? drawnAt : now
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
  const next = nextShow(state, live.state, watched, played, action.now)
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
