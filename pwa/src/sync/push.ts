// Pushing the signed-in account's outbox, oldest op first. An op leaves the outbox only when the
// server answered it (applied, duplicate or rejected: then it moves to the refused ops, db/refused.ts);
// anything else keeps it for the next try.
import type { OutboxRow, SorteioDB } from '@/db/schema'
import { ApiError, NetworkError } from '@/lib/api'
import type { SyncApi } from '@/sync/api'
import { keepRefused } from '@/db/refused'
import { noteOwnSettings, snapshotOverwrites, type Overwrite } from '@/sync/overwritten'
import { noteRenumbered, renumberings, type Renumbering } from '@/sync/renumbered'
import { advanceHead, markForRebase, rebaseList, replaceRaffle, syncTx, unmarkRebase } from '@/sync/local'
import { REASON_MESSAGES, SIMPLE_RAFFLE_MESSAGES } from '@/protocol/rules'
import { refusedRoundText } from '@/sync/refused-round'
import { DRAW_OP_TYPES, type OpResult, SCHEMA_VERSION, type WireOp } from '@/protocol/wire'

export type SyncEvent =
  /**
   * The first refused op of a raffle in one push (a refused offline round outweighs it) and how many
   * of its ops were refused, all kept; lasting: a round drawn offline did not count, and the toast
   * stays until the person closes it.
   */
  | { type: 'rejected'; raffleId: string; opType: string; reason: string; message: string; count: number; lasting?: true }
  | { type: 'code-changed'; raffleId: string; code: string }
  /** A setting this device changed was replaced by another device's later change. */
  | { type: 'overwritten'; raffleId: string; field: string; value: unknown }
  /** Numbers this device chose that the server replaced (another device gave them out), once held. */
  | { type: 'renumbered'; raffleId: string; numbers: readonly Renumbering[] }
  | { type: 'unauthenticated' }
  | { type: 'forbidden-client'; message: string }
  | { type: 'push-refused'; message: string }

export interface SyncContext {
  db: SorteioDB
  api: SyncApi
  userId: string
  now: () => number
  emit: (event: SyncEvent) => void
  signal?: AbortSignal
}

export const MAX_OPS_PER_PUSH = 500
// The server takes 32 MiB a push; the envelope around the ops is a few hundred bytes. As few pushes
// as that allows: an import of 100,000 tickets (20 ops of 5,000, about 15 MB) goes in one.
export const MAX_PUSH_BYTES = 31 * 1024 * 1024

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

/** Ops to push with each one's wire JSON in UTF-8, made once: it sizes the batch and is the body. */
export interface EncodedBatch {
  rows: OutboxRow[]
  encoded: Uint8Array<ArrayBuffer>[]
}

/**
 * The next ops to send: the oldest ones, all of one client id (a push speaks for one client), at most
 * `maxOps` and about `maxBytes`. Rows of one account come in seq order: an index keeps equal keys in
 * key order. The keys are read first, then one op a read, stopping at the first that does not fit:
 * a long outbox of big ops is never read whole to send its head, and each op is encoded in a task
 * of its own (the read's answer), so a batch of megabytes never holds the page in one long task.
 */
export async function nextEncodedBatch(database: SorteioDB, userId: string, maxBytes = MAX_PUSH_BYTES, maxOps = MAX_OPS_PER_PUSH): Promise<EncodedBatch> {
  const encoder = new TextEncoder()
  const batch: EncodedBatch = { rows: [], encoded: [] }
  let bytes = 0
  for (const seq of await database.outbox.where('userId').equals(userId).primaryKeys()) {
    const row = await database.outbox.get(seq)
    if (!row) continue // answered meanwhile by another round
    const count = batch.rows.length
    if (count > 0 && (count >= maxOps || row.clientId !== batch.rows[0]!.clientId)) break
    const op = encoder.encode(JSON.stringify(toWire(row)))
    if (count > 0 && bytes + op.length > maxBytes) break
    bytes += op.length
    batch.rows.push(row)
    batch.encoded.push(op)
  }
  return batch
}

export async function nextBatch(database: SorteioDB, userId: string, maxBytes = MAX_PUSH_BYTES, maxOps = MAX_OPS_PER_PUSH): Promise<OutboxRow[]> {
  return (await nextEncodedBatch(database, userId, maxBytes, maxOps)).rows
}

/**
 * The push body, JSON in UTF-8, from ops already encoded. A Blob of the parts: nothing big is
 * encoded or copied into one buffer on the page, and fetch sends the Blob as it is.
 */
export function pushBody(userId: string, clientId: string, ops: readonly Uint8Array<ArrayBuffer>[]): Blob {
  const parts: BlobPart[] = [`{"client_id":${JSON.stringify(clientId)},"user_id":${JSON.stringify(userId)},"schema_version":${SCHEMA_VERSION},"ops":[`]
  ops.forEach((op, i) => parts.push(...(i > 0 ? [',', op] : [op])))
  parts.push(']}')
  return new Blob(parts, { type: 'application/json' })
}

/**
 * The server refused a whole push in a way a retry cannot change (400, 413 for a single op): the
 * ops stay queued and the status bar says so, instead of retrying forever.
 */
export class PushRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
    this.name = 'PushRefused'
  }
}

/** Answers to a whole push that come back the same on every retry of the same ops. */
const DETERMINISTIC = new Set([400, 413, 415, 422])

const messageOf = (r: OpResult) => r.message || REASON_MESSAGES[r.reason ?? ''] || 'Alteração recusada pelo servidor.'

/** The rejection's text; for a simple raffle, without the tickets it never shows. Inside syncTx. */
async function rejectionText(database: SorteioDB, op: OutboxRow, r: OpResult): Promise<string> {
  const simple = SIMPLE_RAFFLE_MESSAGES[r.reason ?? '']
  if (simple && (await database.raffles.get(op.raffleId))?.type === 'simple') return simple
  return messageOf(r)
}

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
    const refusals = new Map<string, { round: boolean; event: Extract<SyncEvent, { type: 'rejected' }> }>()
    let answered = 0
    for (const [i, op] of batch.entries()) {
      const r = results[i]
      if (!r || r.op_id !== op.opId) break
      answered++
      await db.outbox.delete(op.seq!)
      // An online reveal sent before the server's countdown ended: not a failure, nothing to tell the
      // user. The round opens again on this device, and the finisher reveals it a little later.
      if (r.reason === 'countdown_running' && op.type === 'draw.complete') {
        await retryReveal(db, op)
        rejected.add(op.raffleId)
        continue
      }
      // A duplicate repeats the first answer: with a reason it was a rejection this device never heard of.
      if (r.status === 'rejected' || r.reason) {
        const round = await refusedRoundText(db, op, r.reason ?? '')
        const message = round ?? (await rejectionText(db, op, r))
        // Kept, with its reason, until the person settles it: nothing refused leaves the device.
        await keepRefused(db, op, r.reason ?? '', message, ctx.now())
        // One toast a raffle: ops that depended on the first rejected one fail after it. A refused
        // offline round outweighs what came before it (the room saw its winners).
        const first = refusals.get(op.raffleId)
        if (first && !(round && !first.round)) first.event.count++
        else {
          const count = (first?.event.count ?? 0) + 1
          const event = { type: 'rejected' as const, raffleId: op.raffleId, opType: op.type, reason: r.reason ?? '', message, count }
          refusals.set(op.raffleId, { round: round !== null, event: round ? { ...event, lasting: true } : event })
        }
        rejected.add(op.raffleId)
        continue
      }
      // Tickets the server left out (a typed number taken meanwhile), or an add answered again without
      // what it said the first time: the raffle is rebuilt from the server.
      if (op.type === 'participants.add' && r.seq && (r.renumbered ?? 0) > 0) await noteRenumbered(db, userId, op, r.seq)
      if (op.type === 'participants.add' && (r.refused?.length || r.status === 'duplicate')) {
        if (r.refused?.length) {
          // The tickets left out are kept like a refused op of their own ('Não enviados').
          const message = refusedText(op, r.refused)
          await keepRefused(db, refusedPart(op, r.refused), 'ticket_number_taken', message, ctx.now())
          events.push({ type: 'rejected', raffleId: op.raffleId, opType: op.type, reason: 'ticket_number_taken', message, count: 1 })
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
      // winners), and an add whose provisional numbers clashed with the numbers it stored instead:
      // this device does not hold that change yet, so the pull must fetch it.
      if (r.seq && !DRAW_OP_TYPES.has(op.type) && !(r.renumbered ?? 0)) await advanceHead(db, op.raffleId, r.seq)
      if (r.seq && op.type === 'raffle.update') await noteOwnSettings(db, userId, op.raffleId, op.payload, r.seq)
    }
    if (rejected.size > 0) await markForRebase(db, userId, rejected)
    for (const { event } of refusals.values()) events.push(event)
    return { answered, events }
  })
}

/** Names each ticket the server left out: 'Roberto Lima (bilhete 050): já existe o bilhete 050 neste sorteio'. */
export function refusedText(op: OutboxRow, refused: NonNullable<OpResult['refused']>): string {
  const names = new Map(((op.payload as { tickets?: { id: string; name: string }[] } | null)?.tickets ?? []).map((t) => [t.id, t.name]))
  return refused.map((r) => `${names.get(r.id) ?? 'Bilhete'} (bilhete ${r.ticket_number}): já existe o bilhete ${r.ticket_number} neste sorteio`).join('; ')
}

/** The add as far as the server left it out: its refused tickets alone. */
function refusedPart(op: OutboxRow, refused: NonNullable<OpResult['refused']>): OutboxRow {
  const ids = new Set(refused.map((r) => r.id))
  const tickets = ((op.payload as { tickets?: { id: string }[] } | null)?.tickets ?? []).filter((t) => ids.has(t.id))
  return { ...op, payload: { ...(op.payload as object), tickets } }
}

/** How long a reveal the server found early waits before it goes again (the clock estimate was off). */
export const REVEAL_RETRY_MS = 1000

/**
 * Lets the finisher reveal a round again after `countdown_running`, and only after that refusal. The
 * local clock, as the finisher's wait reads it (db/draws.ts whenDue). Inside syncTx.
 */
async function retryReveal(database: SorteioDB, op: OutboxRow): Promise<void> {
  const drawId = String((op.payload as { draw_id?: unknown } | null)?.draw_id ?? '')
  const secret = await database.drawSecrets.get(drawId)
  if (secret) await database.drawSecrets.update(drawId, { revealed: false, retryAfter: Date.now() + REVEAL_RETRY_MS })
}

/** Says what a pull or a rebuild found: overwritten settings, then renumbered tickets. */
export function tell(ctx: SyncContext, raffleId: string, told: { found: readonly Overwrite[]; numbers: readonly Renumbering[] }): void {
  for (const o of told.found) ctx.emit({ type: 'overwritten', ...o })
  if (told.numbers.length > 0) ctx.emit({ type: 'renumbered', raffleId, numbers: told.numbers })
}

/**
 * Rebuilds every raffle marked after a rejection: the server's snapshot plus the pending ops. The
 * settings of this device that the snapshot holds with another device's later values are told, as
 * a pull page by page would have told them.
 */
export async function rebaseMarked(ctx: SyncContext): Promise<void> {
  for (const raffleId of await rebaseList(ctx.db, ctx.userId)) {
    const snap = await ctx.api.snapshot(raffleId, ctx.signal)
    const told = await syncTx(ctx.db, async () => {
      const found = await snapshotOverwrites(ctx.db, ctx.userId, raffleId, snap)
      await replaceRaffle(ctx.db, ctx.userId, raffleId, snap, ctx.now())
      await unmarkRebase(ctx.db, ctx.userId, raffleId)
      return { found, numbers: await renumberings(ctx.db, ctx.userId, raffleId) }
    })
    tell(ctx, raffleId, told)
  }
}

/**
 * Pushes the next batch of at most `limit.ops` ops and records its answers (rebuilding raffles with
 * rejections); a batch answered 413 or 400 is halved (and the limit with it) down to the op at fault.
 * Resolves false when there was nothing to push; throws when the push failed (PushRefused when it
 * cannot go through as it is).
 */
export async function pushBatch(ctx: SyncContext, limit = { ops: MAX_OPS_PER_PUSH }): Promise<boolean> {
  const next = await nextEncodedBatch(ctx.db, ctx.userId, MAX_PUSH_BYTES, limit.ops)
  let batch = next.rows
  if (batch.length === 0) return false
  let results: OpResult[]
  for (;;) {
    const body = pushBody(ctx.userId, batch[0]!.clientId, next.encoded.slice(0, batch.length))
    try {
      ;({ results } = await ctx.api.push(body, ctx.signal))
      break
    } catch (error) {
      if (!(error instanceof ApiError) || !DETERMINISTIC.has(error.status)) throw error
      // Too big, or refused whole: the first half alone, down to the one op at fault.
      if (batch.length > 1) {
        batch = batch.slice(0, Math.ceil(batch.length / 2))
        // The next batches of this round start at the size that last went through.
        limit.ops = batch.length
        continue
      }
      throw new PushRefused(error.message, error.status)
    }
  }
  const { answered, events } = await settle(ctx, batch, Array.isArray(results) ? results : [])
  for (const event of events) ctx.emit(event)
  await rebaseMarked(ctx)
  // Fewer answers than ops is not the protocol; retry later rather than loop on it now.
  if (answered < batch.length) throw new NetworkError('Resposta incompleta do servidor.')
  return true
}

/**
 * Pushes until the account's outbox is empty. Throws on the first failed request. Rebuilds left
 * over from a failed round go after the push (each batch runs them too): a rebuild before it could
 * take away a round this device drew offline, and then its refusal could not name the winners the
 * room saw (sync.simulation.test.ts found that one).
 */
export async function pushOutbox(ctx: SyncContext): Promise<void> {
  const limit = { ops: MAX_OPS_PER_PUSH }
  while (await pushBatch(ctx, limit)) {
    // Each batch is recorded before the next is read.
  }
  await rebaseMarked(ctx)
}
