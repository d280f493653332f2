// Which reveal the organiser's draw tab plays: the room's, in step. A round this tab saw open (or
// waiting for the server) that completes, a first draw or a redraw of one place, is revealed on the
// server's clock from the moment the server recorded it, exactly as the phones and the big screen
// do (public-raffle/live-show.ts), so the organiser never learns a name before the room; a round
// completed before the tab opened shows its result at once. Pure, for the tests.
import type { DrawRow } from '@/db/schema'
import type { AlternateDetails } from '@/db/draw-queries'
import { prizeOf, type Prize } from '@/protocol/prizes'
import { revealDuration, type OpenRound, type RevealPlan, type RevealWinner, type ShowFrame } from '@/lib/reveal-timeline'
import type { RaffleRow } from '@/db/schema'
import type { WinnerView } from '@/features/manage-raffle/draw/WinnersList'

export interface ShowState {
  /** Rounds seen not yet completed while the tab was open. */
  watched: ReadonlySet<string>
  /** Rounds whose reveal was started (never played twice). */
  played: ReadonlySet<string>
  plan: RevealPlan | null
}

export const initialShow: ShowState = { watched: new Set(), played: new Set(), plan: null }

export interface ShowInputs {
  rounds: readonly DrawRow[]
  winners: readonly WinnerView[]
  alternates: readonly AlternateDetails[]
  prizes: readonly Prize[] | undefined
  /** Names to shuffle through. */
  names: string[]
}

const countdownEnds = (r: DrawRow) => r.startedAt + r.countdownSeconds * 1000

/** The reveal of a completed round: its winners by position, and a first draw's alternates. */
export function planOf(round: DrawRow, inputs: ShowInputs): RevealPlan {
  const winners: RevealWinner[] = inputs.winners
    .filter((w) => w.drawId === round.id)
    .sort((a, b) => a.position - b.position)
    .map((w) => ({ position: w.position, name: w.name, ticketNumber: w.ticketNumber, prize: prizeOf(inputs.prizes ?? [], w.position) }))
  const alternates = round.kind === 'draw' ? inputs.alternates.map((a) => ({ position: a.rank, name: a.name, ticketNumber: a.ticketNumber })) : []
  const recorded = round.completedAt ?? countdownEnds(round)
  return { roundId: round.id, startsAt: Math.max(recorded, countdownEnds(round)), winners, alternates, names: inputs.names }
}

/** The next state for these rounds: `prev` itself when nothing changed (a render may set it). */
export function nextShowState(prev: ShowState, inputs: ShowInputs): ShowState {
  let { watched, played, plan } = prev
  const open = inputs.rounds.filter((r) => (r.state === 'open' || r.state === 'revealing') && !watched.has(r.id))
  if (open.length > 0) watched = new Set([...watched, ...open.map((r) => r.id)])
  const done = inputs.rounds.findLast((r) => r.state === 'completed' && watched.has(r.id) && !played.has(r.id))
  // The winners arrive with the completion, in the same transaction: without them, wait.
  if (done && inputs.winners.some((w) => w.drawId === done.id)) {
    played = new Set([...played, done.id])
    plan = planOf(done, inputs)
  }
  if (watched === prev.watched && played === prev.played) return prev
  return { watched, played, plan }
}

/**
 * When the toast of `roundId`'s result may show, on this device's clock (`offsetMs`: server minus
 * local): at the end of its reveal here ('Parabéns!'); at once once that reveal was skipped or
 * closed, or when the tab shows the round without a reveal (completed before the tab saw it open);
 * null while the tab has not read the round's result yet.
 */
export function announceAt(roundId: string, show: ShowState, rounds: readonly DrawRow[], offsetMs: number): number | null {
  const { plan } = show
  if (plan?.roundId === roundId) return plan.startsAt + revealDuration(plan.winners.length, plan.alternates?.length ?? 0) - offsetMs
  if (show.played.has(roundId)) return -Infinity
  const round = rounds.find((r) => r.id === roundId)
  if (round?.state !== 'completed') return null
  // A round watched open is revealed once its winners are read (nextShowState).
  return show.watched.has(roundId) ? null : -Infinity
}

/** At most `max` names spread over the list, for the shuffle (the public page gets 50 too). */
export function sampleNames(names: readonly string[], max = 50): string[] {
  if (names.length <= max) return [...names]
  const step = names.length / max
  return Array.from({ length: max }, (_, i) => names[Math.floor(i * step)]!)
}

/** The round whose countdown (or wait for the server) the presentation shows. */
export function presenterRound(current: DrawRow | null): OpenRound | null {
  if (!current) return null
  return { id: current.id, startedAt: current.startedAt, countdownEndsAt: countdownEnds(current) }
}

/** A drawn raffle's result as the show's last frame: the valid winners and the alternates. */
export function resultFrame(
  raffle: Pick<RaffleRow, 'status' | 'prizes'>,
  view: { winners: readonly WinnerView[]; alternates?: readonly AlternateDetails[] } | undefined,
): ShowFrame | null {
  if (raffle.status !== 'completed' || !view) return null
  const winners = view.winners
    .filter((w) => w.isValid)
    .map((w) => ({ position: w.position, name: w.name, ticketNumber: w.ticketNumber, prize: prizeOf(raffle.prizes ?? [], w.position) }))
  const alternates = (view.alternates ?? []).map((a) => ({ position: a.rank, name: a.name, ticketNumber: a.ticketNumber }))
  return { kind: 'done', winners, alternates }
}
