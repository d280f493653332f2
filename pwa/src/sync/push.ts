// Pushing the signed-in account's outbox, oldest op first. An op leaves the outbox only when the
// server answered it (applied, duplicate or rejected); anything else keeps it for the next try.
import type { OutboxRow, SorteioDB } from '@/db/schema'
import { NetworkError } from '@/lib/api'
import type { SyncApi } from '@/sync/api'
import { advanceHead, markForRebase, rebaseList, replaceRaffle, syncTx, unmarkRebase } from '@/sync/local'
import { REASON_MESSAGES, utf8Length } from '@/protocol/rules'
import { DRAW_OP_TYPES, type OpResult, SCHEMA_VERSION, type WireOp } from '@/protocol/wire'

export type SyncEvent =
  | { type: 'rejected'; raffleId: string; opType: string; reason: string; message: string }
  | { type: 'code-changed'; raffleId: string; code: string }
  | { type: 'unauthenticated' }
  | { type: 'forbidden-client'; message: string }

export interface SyncContext {
  db: SorteioDB
  api: SyncApi
  userId: string
  now: () => number
  emit: (event: SyncEvent) => void
  signal?: AbortSignal
}

export const MAX_OPS_PER_PUSH = 500
// The server takes 32 MiB a push; 5,000-ticket ops can reach megabytes each, so batches stay well under.
export const MAX_PUSH_BYTES = 8 * 1024 * 1024

export function toWire(op: OutboxRow): WireOp {
  return {
    op_id: op.opId,
    mutation_id: op.mutationId,
    raffle_id: op.raffleId,
    type: op.type,
    base_seq: op.baseSeq ?? 0,
    payload: op.payload,
  }
}

/**
 * The next ops to send: the oldest ones, all of one client id (a push speaks for one client), at most
 * 500 and about 8 MiB. Rows of one account come in seq order: an index keeps equal keys in key order.
 */
export async function nextBatch(database: SorteioDB, userId: string, maxBytes = MAX_PUSH_BYTES): Promise<OutboxRow[]> {
  const rows = await database.outbox.where('userId').equals(userId).limit(MAX_OPS_PER_PUSH).toArray()
  const batch: OutboxRow[] = []
  let bytes = 0
  for (const row of rows) {
    if (row.clientId !== rows[0]!.clientId) break
    bytes += utf8Length(JSON.stringify(row.payload ?? null))
    if (batch.length > 0 && bytes > maxBytes) break
    batch.push(row)
  }
  return batch
}

const messageOf = (r: OpResult) => r.message || REASON_MESSAGES[r.reason ?? ''] || 'Alteração recusada pelo servidor.'

/**
 * Records the server's answers in one transaction. Results are matched in order: the server applies
 * ops in order, so what it answered is a prefix; an op without its answer stays queued.
 * Returns how many ops were answered and the events to report.
 */
async function settle(ctx: SyncContext, batch: OutboxRow[], results: OpResult[]): Promise<{ answered: number; events: SyncEvent[] }> {
  const { db, userId } = ctx
  return syncTx(db, async () => {
    const events: SyncEvent[] = []
    const rejected = new Set<string>()
    let answered = 0
    for (const [i, op] of batch.entries()) {
      const r = results[i]
      if (!r || r.op_id !== op.opId) break
      answered++
      await db.outbox.delete(op.seq!)
      // A duplicate repeats the first answer: with a reason it was a rejection this device never heard of.
      if (r.status === 'rejected' || r.reason) {
        // One toast a raffle: ops that depended on the first rejected one fail after it.
        if (!rejected.has(op.raffleId)) {
          events.push({ type: 'rejected', raffleId: op.raffleId, opType: op.type, reason: r.reason ?? '', message: messageOf(r) })
        }
        rejected.add(op.raffleId)
        continue
      }
      if (r.code) {
        const raffle = await db.raffles.get(op.raffleId)
        if (raffle && raffle.code !== r.code) {
          await db.raffles.update(op.raffleId, { code: r.code })
          events.push({ type: 'code-changed', raffleId: op.raffleId, code: r.code })
        }
      }
      // The server logs a draw op with facts only it knows (its commitment, the start time, the
      // winners): this device does not hold that change yet, so the pull must fetch it.
      if (r.seq && !DRAW_OP_TYPES.has(op.type)) await advanceHead(db, op.raffleId, r.seq)
    }
    if (rejected.size > 0) await markForRebase(db, userId, rejected)
    return { answered, events }
  })
}

/** Rebuilds every raffle marked after a rejection: the server's snapshot plus the pending ops. */
export async function rebaseMarked(ctx: SyncContext): Promise<void> {
  for (const raffleId of await rebaseList(ctx.db, ctx.userId)) {
    const snap = await ctx.api.snapshot(raffleId, ctx.signal)
    await syncTx(ctx.db, async () => {
      await replaceRaffle(ctx.db, ctx.userId, raffleId, snap, ctx.now())
      await unmarkRebase(ctx.db, ctx.userId, raffleId)
    })
  }
}

/**
 * Pushes the next batch and records its answers (rebuilding raffles with rejections). Resolves false
 * when there was nothing to push; throws when the push failed.
 */
export async function pushBatch(ctx: SyncContext): Promise<boolean> {
  const batch = await nextBatch(ctx.db, ctx.userId)
  if (batch.length === 0) return false
  const body = { client_id: batch[0]!.clientId, user_id: ctx.userId, schema_version: SCHEMA_VERSION, ops: batch.map(toWire) }
  const { results } = await ctx.api.push(body, ctx.signal)
  const { answered, events } = await settle(ctx, batch, Array.isArray(results) ? results : [])
  for (const event of events) ctx.emit(event)
  await rebaseMarked(ctx)
  // Fewer answers than ops is not the protocol; retry later rather than loop on it now.
  if (answered < batch.length) throw new NetworkError('Resposta incompleta do servidor.')
  return true
}

/**
 * Pushes until the account's outbox is empty. Throws on the first failed request. Rebuilds left
 * over from a failed round go first, so the screens stop showing rejected changes as soon as possible.
 */
export async function pushOutbox(ctx: SyncContext): Promise<void> {
  await rebaseMarked(ctx)
  while (await pushBatch(ctx)) {
    // Each batch is recorded before the next is read.
  }
}
