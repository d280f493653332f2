// Which tickets a round draws from (docs/draw-algorithm.md §1 and §6), in canonical order. Pure, so
// the device that draws and whoever checks a round build the same pool from the same rows.
import { canonical, type DrawTicket } from '@/protocol/draw'

/** A first draw: every ticket of the raffle. */
export function firstDrawPool(tickets: readonly DrawTicket[]): DrawTicket[] {
  return [...canonical(tickets)]
}

/**
 * A redraw: every ticket minus the ticket of every winner so far, valid or invalidated (an
 * invalidated winner was disqualified), and, when the same person may not win twice, every other
 * ticket of those winners' groups.
 */
export function redrawPool(tickets: readonly DrawTicket[], winnerTicketIds: Iterable<string>, allowDuplicates: boolean): DrawTicket[] {
  const out = new Set(winnerTicketIds)
  const groupOut = new Set<string>()
  if (!allowDuplicates) for (const t of tickets) if (out.has(t.id)) groupOut.add(t.group_id)
  return canonical(tickets.filter((t) => !out.has(t.id) && !groupOut.has(t.group_id)))
}
