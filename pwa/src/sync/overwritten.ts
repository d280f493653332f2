// Settings are last-writer-wins per field, in server order (docs/sync-protocol.md). The device whose
// change another device's later push replaced is told so, instead of its screen quietly showing the
// other values: it remembers the settings its own applied pushes wrote, and a pulled raffle.update
// that sets one of them to something else, later in the log, is an overwrite.
import type { SorteioDB } from '@/db/schema'
import type { Change } from '@/protocol/wire'

/** A setting this device's push wrote: its wire value and the log seq that holds it. */
interface OwnSetting {
  value: unknown
  seq: number
}

type OwnSettings = Record<string, OwnSetting>

export interface Overwrite {
  raffleId: string
  field: string
  value: unknown
}

const key = (userId: string, raffleId: string) => `settings:${userId}:${raffleId}`

const SETTINGS = new Set(['title', 'description', 'winners_count', 'countdown_seconds', 'allow_duplicate_wins'])

async function own(database: SorteioDB, userId: string, raffleId: string): Promise<OwnSettings> {
  return ((await database.meta.get(key(userId, raffleId)))?.value as OwnSettings | undefined) ?? {}
}

/** Notes the settings an applied raffle.update of this device wrote, at its seq. Inside syncTx. */
export async function noteOwnSettings(database: SorteioDB, userId: string, raffleId: string, payload: unknown, seq: number): Promise<void> {
  const mine = await own(database, userId, raffleId)
  for (const [field, value] of Object.entries((payload ?? {}) as Record<string, unknown>)) {
    if (SETTINGS.has(field)) mine[field] = { value, seq }
  }
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
    for (const [field, value] of Object.entries((change.payload ?? {}) as Record<string, unknown>)) {
      const note = mine[field]
      if (!note || change.seq <= note.seq) continue
      delete mine[field]
      if (value !== note.value) found.set(field, { raffleId, field, value })
    }
  }
  await database.meta.put({ key: key(userId, raffleId), value: mine })
  return [...found.values()]
}
