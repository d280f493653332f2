// Pulling: the account's raffle feed, then each changed raffle's log page by page. Every page is
// applied together with its cursor and the raffle's pending ops in one transaction, so a crash
// between pages loses nothing and repeats nothing that matters (ops are idempotent).
import { applyOps } from '@/db/apply'
import { ApiError } from '@/lib/api'
import { metaKey, reapplyPending, removeRaffle, replaceRaffle, syncTx } from '@/sync/local'
import { overwrites, snapshotOverwrites } from '@/sync/overwritten'
import { tell, type SyncContext } from '@/sync/push'
import { renumberings } from '@/sync/renumbered'
import { type FeedEntry, KNOWN_OP_TYPES } from '@/protocol/wire'

/** Loads a raffle whole: the log's start is gone, the raffle went away, or the log has ops this version cannot apply. */
export async function loadSnapshot(ctx: SyncContext, raffleId: string): Promise<void> {
  const began = performance.now()
  const snap = await ctx.api.snapshot(raffleId, ctx.signal)
  const got = performance.now()
  const told = await syncTx(ctx.db, async () => {
    const found = await snapshotOverwrites(ctx.db, ctx.userId, raffleId, snap)
    await replaceRaffle(ctx.db, ctx.userId, raffleId, snap, ctx.now())
    return { found, numbers: await renumberings(ctx.db, ctx.userId, raffleId) }
  })
  tell(ctx, raffleId, told)
  // The browser benchmark reads these user timing entries: downloading and parsing, then storing.
  performance.measure('sorteio:snapshot-fetch', { start: began, end: got })
  performance.measure('sorteio:snapshot-apply', { start: got })
}

/** Brings one raffle up to `headSeq` (the feed's), from its saved cursor. */
export async function pullRaffle(ctx: SyncContext, raffleId: string, headSeq = Infinity): Promise<void> {
  const { db, userId } = ctx
  const state = await db.syncState.get(raffleId)
  // Held already. A head below ours means the server's log was restored: pull, and get refetch.
  if (state?.headSeq !== undefined && state.headSeq === headSeq) return
  // Never pulled on this device: the raffle as it is now, in one answer of columns, is less to
  // download and to store than its whole log (every ticket ever added, as one object each).
  if (!state) return loadSnapshot(ctx, raffleId)
  let cursor = state?.cursor ?? ''
  for (;;) {
    let page
    try {
      page = await ctx.api.changes(raffleId, cursor, ctx.signal)
    } catch (error) {
      // Deleted (or never ours) between the feed and now.
      if (error instanceof ApiError && error.status === 404) return loadSnapshot(ctx, raffleId)
      throw error
    }
    if (page.refetch) return loadSnapshot(ctx, raffleId)
    // Ops of a newer version (the draw's, say) would be skipped and their effect lost: the
    // snapshot carries the raffle as it is now, whatever ops made it so.
    if (page.changes.some((c) => !KNOWN_OP_TYPES.has(c.type))) return loadSnapshot(ctx, raffleId)
    const { changes, more } = page
    const next = page.cursor
    const began = performance.now()
    const told = await syncTx(db, async () => {
      const found = await overwrites(db, userId, raffleId, changes)
      await applyOps(db, userId, raffleId, changes)
      const last = changes.at(-1)?.seq ?? 0
      const before = (await db.syncState.get(raffleId))?.headSeq ?? 0
      // A log that ends with the raffle's deletion leaves nothing to keep a cursor for.
      if (await db.raffles.get(raffleId)) {
        await db.syncState.put({ raffleId, cursor: next, headSeq: Math.max(before, last) })
      }
      // Pending ops go on top: they reach the server after these changes, so they win there too.
      await reapplyPending(db, userId, raffleId)
      return { found, numbers: await renumberings(db, userId, raffleId) }
    })
    tell(ctx, raffleId, told)
    // The browser benchmark reads this user timing entry (writing one page into IndexedDB).
    performance.measure('sorteio:pull-apply', { start: began })
    cursor = next
    if (!more) return
  }
}

async function pullEntry(ctx: SyncContext, entry: FeedEntry): Promise<void> {
  if (entry.deleted) {
    await syncTx(ctx.db, async () => {
      const local = await ctx.db.raffles.get(entry.id)
      // Another account's raffle with this id is none of this feed's business.
      if (local && local.ownerId !== ctx.userId) return
      await removeRaffle(ctx.db, ctx.userId, entry.id, ctx.now())
    })
    return
  }
  await pullRaffle(ctx, entry.id, entry.head_seq)
}

/** Pulls everything of the account that changed since the last pull. */
export async function pullAll(ctx: SyncContext): Promise<void> {
  const key = metaKey.feedCursor(ctx.userId)
  let cursor = ((await ctx.db.meta.get(key))?.value as string | undefined) ?? ''
  for (;;) {
    const page = await ctx.api.feed(cursor, ctx.signal)
    for (const entry of page.raffles) await pullEntry(ctx, entry)
    // Saved only after its raffles: an interrupted page is read again, and each raffle resumes from
    // its own cursor.
    cursor = page.cursor
    await ctx.db.meta.put({ key, value: cursor })
    if (!page.more) return
  }
}
