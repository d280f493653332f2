// A browser that has never opened the app's database, opening /gerenciar/{id}: the raffle's
// snapshot is what the screen waits for, so its download starts now, beside the entry's own code.
// A browser with the database never starts it: it may hold the raffle already, and the engine
// knows what it lacks.
// Step 2 of "The start-up path" (docs/architecture.md).
import { databaseHere } from '@/db/device'
import type { User } from '@/lib/auth-api'
import { startEarly } from '@/sync/early'
import { snapshotPath } from '@/sync/paths'

const MANAGE_PATH = /^\/gerenciar\/([^/]+)\/?$/

/** True when the download was started. */
export function startEarlySnapshot(pathname: string, session: Promise<User | null>, hasDatabase: () => boolean = databaseHere): boolean {
  const segment = MANAGE_PATH.exec(pathname)?.[1]
  // Asked only here: the first read of localStorage costs a few milliseconds on a phone.
  if (!segment || hasDatabase()) return false
  let raffleId: string
  try {
    raffleId = decodeURIComponent(segment)
  } catch {
    return false
  }
  startEarly(
    session.then((user) => user?.id ?? null),
    snapshotPath(raffleId),
  )
  return true
}
