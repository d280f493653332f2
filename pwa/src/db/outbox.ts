// The outbox: ops waiting for the server. Rows carry their account, so another account signing in
// on this device never pushes them; they wait until their own account signs in again.
import { newId } from '@/db/ids'
import type { OutboxRow, SorteioDB } from '@/db/schema'
import type { OpType } from '@/protocol/wire'

const clientKey = (userId: string) => `client:${userId}`
const mutationKey = (clientId: string) => `mutation:${clientId}`

/** This device's client id for the account, made on first use (one per device and account). */
export async function clientIdFor(database: SorteioDB, userId: string): Promise<string> {
  const row = await database.meta.get(clientKey(userId))
  if (row) return row.value as string
  const id = newId()
  await database.meta.put({ key: clientKey(userId), value: id })
  return id
}

/**
 * Appends an op. Must run inside the caller's transaction (with meta, syncState and outbox), the same one
 * that changed the local tables.
 */
export async function enqueue(database: SorteioDB, userId: string, raffleId: string, type: OpType, payload: unknown): Promise<OutboxRow> {
  const clientId = await clientIdFor(database, userId)
  const last = ((await database.meta.get(mutationKey(clientId)))?.value as number | undefined) ?? 0
  const state = await database.syncState.get(raffleId)
  const row: OutboxRow = {
    opId: newId(),
    userId,
    clientId,
    mutationId: last + 1,
    raffleId,
    type,
    payload,
    createdAt: Date.now(),
    baseSeq: state?.headSeq ?? 0,
  }
  await database.meta.put({ key: mutationKey(clientId), value: last + 1 })
  row.seq = await database.outbox.add(row)
  return row
}

/** The account's pending ops, oldest first. */
export function pendingOps(database: SorteioDB, userId: string): Promise<OutboxRow[]> {
  return database.outbox.where('userId').equals(userId).sortBy('seq')
}

/** How many changes of the account wait for the server. */
export function pendingCount(database: SorteioDB, userId: string): Promise<number> {
  return database.outbox.where('userId').equals(userId).count()
}

/** The account's pending ops on one raffle, oldest first (re-applied on top of server state). */
export function pendingOpsOfRaffle(database: SorteioDB, userId: string, raffleId: string): Promise<OutboxRow[]> {
  return database.outbox.where('[userId+raffleId]').equals([userId, raffleId]).sortBy('seq')
}

/** How many ops on one raffle wait for the server (counted on the index: payloads stay unread). */
export function pendingCountOfRaffle(database: SorteioDB, userId: string, raffleId: string): Promise<number> {
  return database.outbox.where('[userId+raffleId]').equals([userId, raffleId]).count()
}

/** Every account's pending ops: a new app version must not take over while any wait. */
export function outboxSize(database: SorteioDB): Promise<number> {
  return database.outbox.count()
}

/** A group's ticket numbers that this device chose and has not yet sent: the server may change them. */
export type ProvisionalNumbers = ReadonlyMap<string, ReadonlySet<string>>

/**
 * The numbers of a raffle's pending adds that the device chose itself (`provisional`), by group:
 * shown 'provisório' until the server answers (docs/sync-protocol.md, "Ticket numbers").
 */
export async function provisionalNumbers(database: SorteioDB, userId: string, raffleId: string): Promise<ProvisionalNumbers> {
  const out = new Map<string, Set<string>>()
  for (const op of await pendingOpsOfRaffle(database, userId, raffleId)) {
    if (op.type !== 'participants.add') continue
    for (const t of (op.payload as { tickets?: { group_id: string; ticket_number?: string | null; provisional?: boolean }[] }).tickets ?? []) {
      if (!t.provisional || t.ticket_number == null) continue
      const set = out.get(t.group_id) ?? new Set<string>()
      set.add(t.ticket_number)
      out.set(t.group_id, set)
    }
  }
  return out
}
