// The engine's writes to the local tables: server state in, then the account's still-pending ops
// on top, always in one transaction so screens never see a raffle without its pending changes.
import { applyOp, applyOps, raffleFromWire } from '@/db/apply'
import { drawFromWire, keepKnown, winnerFromWire } from '@/db/apply-draw'
import { pendingOpsOfRaffle } from '@/db/outbox'
import { writeTx } from '@/db/raffles'
import type { SorteioDB } from '@/db/schema'
import { putSnapshotColumns, putTicketBatches } from '@/db/tickets'
import type { Snapshot } from '@/protocol/wire'

/** Per-account keys of the meta table. */
export const metaKey = {
  /** Position in the account's raffle feed. */
  feedCursor: (userId: string) => `feed:${userId}`,
  /** Unix ms of the last complete push + pull. */
  lastSync: (userId: string) => `lastSync:${userId}`,
  /** Raffles to rebuild from the server after a rejection; kept until the rebuild is done. */
  rebase: (userId: string) => `rebase:${userId}`,
}

/** Whether this device ever finished a push + pull for the account (a new device has not). */
export async function everSynced(database: SorteioDB, userId: string): Promise<boolean> {
  return (await database.meta.get(metaKey.lastSync(userId))) !== undefined
}

/** A read-write transaction over everything the engine touches: the same scope as local writes. */
export function syncTx<T>(database: SorteioDB, fn: () => Promise<T>): Promise<T> {
  return writeTx(database, fn)
}

/** Re-applies the account's pending ops of a raffle, oldest first. Inside syncTx. */
export async function reapplyPending(database: SorteioDB, userId: string, raffleId: string): Promise<void> {
  const pending = await pendingOpsOfRaffle(database, userId, raffleId)
  await applyOps(
    database,
    userId,
    raffleId,
    pending.map((op) => ({ type: op.type, payload: op.payload, at: op.createdAt })),
  )
}

/** Drops a raffle, its tickets and its cursor from this device. Inside syncTx. */
export function removeRaffle(database: SorteioDB, userId: string, raffleId: string, at: number): Promise<void> {
  return applyOp(database, userId, raffleId, 'raffle.delete', {}, at)
}

/**
 * Replaces a raffle with the server's snapshot (null: the server has no such raffle). Inside syncTx.
 * The device's draw secrets are not the raffle's: they stay, so a round this device started can
 * still be revealed after the rebuild. What it saw of the rounds is kept too (see keepKnown).
 */
export async function replaceRaffle(database: SorteioDB, userId: string, raffleId: string, snap: Snapshot | null, at: number): Promise<void> {
  // What this device saw of the rounds before (first commitments, modes, result checks) outlives the rebuild.
  const before = new Map((await database.draws.where('raffleId').equals(raffleId).toArray()).map((d) => [d.id, d]))
  await removeRaffle(database, userId, raffleId, at)
  if (snap) {
    const raffle = raffleFromWire(userId, snap.raffle)
    await database.raffles.put(raffle)
    // Straight into chunks of 5,000: no record per ticket on the way, and from a columns snapshot
    // no object per ticket either. A server before columns answers objects.
    if (snap.format === 'columns') await putSnapshotColumns(database, raffle, snap.tickets)
    else await putTicketBatches(database, raffle, [{ tickets: snap.participants, at }])
    const rounds = (snap.draws ?? []).map((d) => drawFromWire(raffleId, d))
    await Promise.all([
      database.draws.bulkPut(rounds.map((d) => keepKnown(before.get(d.id), d))),
      database.winners.bulkPut((snap.winners ?? []).map((w) => winnerFromWire(raffleId, w))),
      database.syncState.put({ raffleId, cursor: snap.cursor, headSeq: snap.head_seq }),
    ])
  }
  await reapplyPending(database, userId, raffleId)
}

export async function rebaseList(database: SorteioDB, userId: string): Promise<string[]> {
  return ((await database.meta.get(metaKey.rebase(userId)))?.value as string[] | undefined) ?? []
}

/** Adds raffles to the rebuild list. Inside syncTx. */
export async function markForRebase(database: SorteioDB, userId: string, raffleIds: Iterable<string>): Promise<void> {
  const list = new Set(await rebaseList(database, userId))
  for (const id of raffleIds) list.add(id)
  await database.meta.put({ key: metaKey.rebase(userId), value: [...list] })
}

export async function unmarkRebase(database: SorteioDB, userId: string, raffleId: string): Promise<void> {
  const list = (await rebaseList(database, userId)).filter((id) => id !== raffleId)
  await database.meta.put({ key: metaKey.rebase(userId), value: list })
}

/**
 * Notes that this device now holds the raffle through `seq` when that follows what it held, so the
 * feed does not make it download its own changes. The cursor stays: it only moves when pulling.
 */
export async function advanceHead(database: SorteioDB, raffleId: string, seq: number): Promise<void> {
  const state = await database.syncState.get(raffleId)
  if (seq !== (state?.headSeq ?? 0) + 1) return
  if (!(await database.raffles.get(raffleId))) return
  await database.syncState.put({ raffleId, cursor: state?.cursor ?? '', headSeq: seq })
}
