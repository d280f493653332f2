// Applies one op (local, or pulled from the server's log) to the local tables. Ops are state
// transforms that can be applied again without harm: after pulling server changes the engine
// re-applies the still-pending local ops on top, and the screens show server state plus pending work.
// Must run inside writeTx (db/raffles.ts): the draw ops also touch draws, winners and meta.
import { applyDrawOp, deleteDrawsOf } from '@/db/apply-draw'
import type { RaffleRow, SorteioDB } from '@/db/schema'
import { deleteRaffleTickets, putTicketBatches, removeGroupTickets, type TicketBatch } from '@/db/tickets'
import { mergePrizes, type Prize } from '@/protocol/prizes'
import type { RaffleWire, TicketWire } from '@/protocol/wire'

export function raffleFromWire(ownerId: string, w: RaffleWire): RaffleRow {
  return {
    id: w.id,
    ownerId,
    code: w.code,
    title: w.title,
    description: w.description ?? '',
    type: w.type,
    status: w.status ?? 'pending',
    winnersCount: w.winners_count,
    countdownSeconds: w.countdown_seconds,
    allowDuplicateWins: w.allow_duplicate_wins ?? false,
    drawnAt: w.drawn_at ?? null,
    createdAt: w.created_at,
    prizes: mergePrizes([], w.prizes),
    alternatesCount: w.alternates_count ?? 0,
    // Only when chosen, so raffles that never chose read as before.
    ...(w.draw_method ? { drawMethod: w.draw_method } : {}),
    ...(w.federal ? { federal: w.federal } : {}),
  }
}

const settingFields: Record<string, keyof RaffleRow> = {
  title: 'title',
  description: 'description',
  winners_count: 'winnersCount',
  countdown_seconds: 'countdownSeconds',
  allow_duplicate_wins: 'allowDuplicateWins',
  alternates_count: 'alternatesCount',
  draw_method: 'drawMethod',
  federal: 'federal',
}

export async function applyOp(database: SorteioDB, ownerId: string, raffleId: string, type: string, payload: unknown, at: number): Promise<void> {
  const p = (payload ?? {}) as Record<string, unknown>
  switch (type) {
    case 'raffle.create':
      await database.raffles.put(raffleFromWire(ownerId, p as unknown as RaffleWire))
      return
    case 'raffle.update': {
      const changes: Partial<RaffleRow> = {}
      for (const [wire, field] of Object.entries(settingFields)) {
        if (wire in p) (changes as Record<string, unknown>)[field] = p[wire]
      }
      if (Array.isArray(p.prizes)) {
        // Each position is its own field: merged into what the raffle holds, as on the server.
        const current = await database.raffles.get(raffleId)
        changes.prizes = mergePrizes(current?.prizes, p.prizes as Prize[])
      }
      await database.raffles.update(raffleId, changes)
      return
    }
    case 'raffle.delete':
      await deleteRaffleTickets(database, raffleId)
      await deleteDrawsOf(database, raffleId)
      await database.raffles.delete(raffleId)
      await database.syncState.delete(raffleId)
      return
    case 'participants.add': {
      const raffle = await database.raffles.get(raffleId)
      if (!raffle) return
      await putTicketBatches(database, raffle, [{ tickets: (p.tickets ?? []) as TicketWire[], at }])
      return
    }
    case 'participants.remove_group':
      await removeGroupTickets(database, raffleId, String(p.group_id))
      return
    case 'draw.start':
    case 'winner.redraw':
    case 'draw.complete':
    case 'winner.invalidate':
    case 'draw.abandon':
    case 'winner.promote':
    case 'draw.correct':
      await applyDrawOp(database, raffleId, type, p, at)
      return
    default:
      // An op type from a newer version: pulls load the snapshot instead (see KNOWN_OP_TYPES in @/protocol/wire).
      return
  }
}

/** One op to apply, as a pulled change or a pending outbox row carries it. */
export interface OpToApply {
  type: string
  payload: unknown
  at: number
}

/**
 * Applies ops in order, like applyOp one by one, but a run of consecutive participants.add ops is
 * written together: one read of the summary, full chunks, one bulkPut.
 */
export async function applyOps(database: SorteioDB, ownerId: string, raffleId: string, ops: readonly OpToApply[]): Promise<void> {
  for (let i = 0; i < ops.length;) {
    const op = ops[i]!
    if (op.type !== 'participants.add') {
      await applyOp(database, ownerId, raffleId, op.type, op.payload, op.at)
      i++
      continue
    }
    let end = i
    while (end < ops.length && ops[end]!.type === 'participants.add') end++
    const raffle = await database.raffles.get(raffleId)
    if (raffle) {
      const batches: TicketBatch[] = ops.slice(i, end).map((add) => ({ tickets: ((add.payload ?? {}) as { tickets?: TicketWire[] }).tickets ?? [], at: add.at }))
      await putTicketBatches(database, raffle, batches)
    }
    i = end
  }
}
