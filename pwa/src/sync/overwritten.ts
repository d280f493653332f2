// Settings are last-writer-wins per field, in server order (docs/sync-protocol.md). The device whose
// change another device's later push replaced is told so, instead of its screen quietly showing the
// other values: it remembers the settings its own applied pushes wrote, and a pulled raffle.update
// that sets one of them to something else, later in the log, is an overwrite. A raffle rebuilt from
// a snapshot (after a refusal in the same sync, or a refetch) is compared with the snapshot instead.
import type { SorteioDB } from '@/db/schema'
import type { Change, RaffleWire } from '@/protocol/wire'

/** A setting this device's push wrote: its wire value and the log seq that holds it. */
interface OwnSetting {
  value: unknown
  seq: number
}

type OwnSettings = Record<string, OwnSetting>

/**
 * One setting replaced elsewhere. `field` is the wire name, or `prize:{position}` for one
 * position's prize (each a setting of its own); `value` is the setting's new wire value.
 */
export interface Overwrite {
  raffleId: string
  field: string
  value: unknown
}

const key = (userId: string, raffleId: string) => `settings:${userId}:${raffleId}`

const SETTINGS = new Set(['title', 'description', 'winners_count', 'countdown_seconds', 'allow_duplicate_wins', 'alternates_count', 'draw_method', 'federal'])

const prizeField = (position: number) => `prize:${position}`

/** The settings a raffle.update payload writes, one entry per setting (each prize's position its own). */
export function settingsOf(payload: unknown): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = []
  for (const [field, value] of Object.entries((payload ?? {}) as Record<string, unknown>)) {
    if (SETTINGS.has(field)) out.push([field, value])
    else if (field === 'prizes' && Array.isArray(value)) {
      for (const prize of value as Array<{ position?: unknown; name?: unknown }>) {
        if (typeof prize?.position === 'number') out.push([prizeField(prize.position), typeof prize.name === 'string' ? prize.name : ''])
      }
    }
  }
  return out
}

/** A setting's value in a raffle as the server holds it (a snapshot's raffle). */
function valueIn(raffle: RaffleWire, field: string): unknown {
  if (field.startsWith('prize:')) {
    const position = Number(field.slice('prize:'.length))
    return raffle.prizes?.find((p) => p.position === position)?.name ?? ''
  }
  switch (field) {
    case 'description':
      return raffle.description ?? ''
    case 'allow_duplicate_wins':
      return raffle.allow_duplicate_wins ?? false
    case 'alternates_count':
      return raffle.alternates_count ?? 0
    case 'draw_method':
      return raffle.draw_method ?? 'seeded'
    case 'federal':
      return raffle.federal ?? null
    default:
      return (raffle as unknown as Record<string, unknown>)[field]
  }
}

/** Equal as wire values: the Loteria Federal's settings are an object, compared key by key. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  const ka = Object.keys(a).sort()
  const kb = Object.keys(b).sort()
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
}

async function own(database: SorteioDB, userId: string, raffleId: string): Promise<OwnSettings> {
  return ((await database.meta.get(key(userId, raffleId)))?.value as OwnSettings | undefined) ?? {}
}

/** Notes the settings an applied raffle.update of this device wrote, at its seq. Inside syncTx. */
export async function noteOwnSettings(database: SorteioDB, userId: string, raffleId: string, payload: unknown, seq: number): Promise<void> {
  const mine = await own(database, userId, raffleId)
  for (const [field, value] of settingsOf(payload)) mine[field] = { value, seq }
  await database.meta.put({ key: key(userId, raffleId), value: mine })
}

/**
 * The settings of this device that pulled changes replaced with other values, each said once (the
 * note is dropped). Inside syncTx, before or after applying the page: only the notes are read.
 */
export async function overwrites(database: SorteioDB, userId: string, raffleId: string, changes: readonly Change[]): Promise<Overwrite[]> {
  const updates = changes.filter((c) => c.type === 'raffle.update')
  if (updates.length === 0) return []
  const mine = await own(database, userId, raffleId)
  if (Object.keys(mine).length === 0) return []
  const found = new Map<string, Overwrite>()
  for (const change of updates) {
    for (const [field, value] of settingsOf(change.payload)) {
      const note = mine[field]
      if (!note || change.seq <= note.seq) continue
      delete mine[field]
      if (!sameValue(value, note.value)) found.set(field, { raffleId, field, value })
    }
  }
  await database.meta.put({ key: key(userId, raffleId), value: mine })
  return [...found.values()]
}

/**
 * The settings of this device that a snapshot holds with other values, written after its own
 * (the snapshot's head is past the note), each said once. A setting the snapshot holds as this
 * device wrote it stays noted: a later change still comes through the log. Inside syncTx; null
 * (the raffle is gone) forgets the notes.
 */
export async function snapshotOverwrites(database: SorteioDB, userId: string, raffleId: string, snap: { raffle: RaffleWire; head_seq: number } | null): Promise<Overwrite[]> {
  const mine = await own(database, userId, raffleId)
  if (Object.keys(mine).length === 0) return []
  if (!snap) {
    await database.meta.delete(key(userId, raffleId))
    return []
  }
  const found: Overwrite[] = []
  for (const [field, note] of Object.entries(mine)) {
    if (snap.head_seq <= note.seq) continue
    const value = valueIn(snap.raffle, field)
    if (sameValue(value, note.value)) continue
    delete mine[field]
    found.push({ raffleId, field, value })
  }
  await database.meta.put({ key: key(userId, raffleId), value: mine })
  return found
}
