// What a device says when the server refuses a round it drew offline. The room may have seen those
// winners, so the refusal names the round, why in one line, and who had been drawn here; a generic
// rejection would let a draw vanish without a trace (docs/sync-protocol.md, "Refused offline rounds").
import { drawOverview } from '@/db/draw-queries'
import type { OutboxRow, SorteioDB } from '@/db/schema'
import { ROUND_REASON_LINES } from '@/protocol/round-reasons'
import { REASON_MESSAGES, SIMPLE_RAFFLE_MESSAGES } from '@/protocol/rules'

/**
 * A list that shrank keeps the catalogue's message on this device (it says what is missing, in a
 * simple raffle's words too); the other refusals two devices cause say the public record's line.
 */
const CATALOGUE_FIRST = new Set(['not_enough_tickets', 'not_enough_people', 'no_eligible'])

const ROUND_OPS = new Set(['draw.start', 'winner.redraw', 'draw.complete'])

/** Refusals of a completion that leave the round open: the right seed can still complete it. */
const STILL_OPEN = new Set(['result_mismatch', 'seed_mismatch', 'mode_mismatch'])

/** The round an op belongs to, when it is part of a round this device declared offline. */
function offlineRoundOf(op: OutboxRow): string | null {
  if (!ROUND_OPS.has(op.type)) return null
  const payload = op.payload as { draw_id?: unknown; offline?: unknown } | null
  return payload?.offline === true && typeof payload.draw_id === 'string' ? payload.draw_id : null
}

/** A reason's one line: its own, or the catalogue's message (a simple raffle's) without its final stop. */
export function roundReasonLine(reason: string, simple = false): string {
  const own = CATALOGUE_FIRST.has(reason) ? undefined : ROUND_REASON_LINES[reason]
  if (own) return own
  const catalogue = (simple ? SIMPLE_RAFFLE_MESSAGES[reason] : undefined) ?? REASON_MESSAGES[reason]
  const message = (catalogue ?? 'o servidor recusou a rodada').replace(/\.$/, '')
  return message.charAt(0).toLowerCase() + message.slice(1)
}

/**
 * The full text for a refused op of an offline round that drew winners here ('O sorteio feito
 * offline neste aparelho não valeu: …'), or null for any other op (a round refused before it drew
 * showed no one: its reason's own message says enough). Reads the round and its winners as this
 * device drew them, before the rebuild from the server's snapshot takes them away. Inside syncTx.
 */
export async function refusedRoundText(database: SorteioDB, op: OutboxRow, reason: string): Promise<string | null> {
  const drawId = offlineRoundOf(op)
  if (!drawId || STILL_OPEN.has(reason)) return null
  const { rounds, winners } = await drawOverview(op.raffleId, database)
  const round = rounds.find((r) => r.id === drawId)
  const redraw = op.type === 'winner.redraw' || round?.kind === 'redraw'
  const simple = (await database.raffles.get(op.raffleId))?.type === 'simple'
  const drawn = winners.filter((w) => w.drawId === drawId).map((w) => `${w.position}º ${w.name}${!simple && w.ticketNumber ? ` (bilhete ${w.ticketNumber})` : ''}`)
  if (drawn.length === 0) return null
  const text = `O ${redraw ? 're-sorteio' : 'sorteio'} feito offline neste aparelho não valeu: ${roundReasonLine(reason, simple)}.`
  return `${text} ${drawn.length === 1 ? 'Sorteado' : 'Sorteados'} aqui: ${drawn.join(', ')}.`
}
