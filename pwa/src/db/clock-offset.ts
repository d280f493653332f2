// The server clock offset this device last estimated (src/sync/server-clock.ts), kept in the meta
// table so every tab reads it (only one tab runs the engine) and it survives a reload offline.
import { db as appDb, type SorteioDB } from '@/db/schema'

const KEY = 'serverClockOffset'

/** Server time minus local time in ms; 0 before the first estimate. */
export async function serverOffset(database: SorteioDB = appDb): Promise<number> {
  const value = (await database.meta.get(KEY))?.value
  return typeof value === 'number' ? value : 0
}

/** Server time minus local time in ms as last estimated, or null when this device never synced. */
export async function knownServerOffset(database: SorteioDB = appDb): Promise<number | null> {
  const value = (await database.meta.get(KEY))?.value
  return typeof value === 'number' ? value : null
}

export async function saveServerOffset(offsetMs: number, database: SorteioDB = appDb): Promise<void> {
  await database.meta.put({ key: KEY, value: offsetMs })
}
