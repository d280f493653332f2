// Whether this browser holds the app's database, answered synchronously (from a mark in
// localStorage) so the entry's first module can decide before any other code runs: opening
// IndexedDB, or even listing its databases, answers only after the whole entry has been evaluated.

/** The app's IndexedDB database. */
export const DATABASE_NAME = 'sorteio'

const MARK = 'sorteio:database'

/** Set each time the database opens (schema.ts). */
export function markDatabaseHere(storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(MARK, '1')
  } catch {
    // Storage refused (private modes, quota): the next visit just starts nothing early.
  }
}

/**
 * False when this browser has never opened the app's database. Unknown storage counts as a
 * database here: nothing is started early. A mark cleared with the database is right; one cleared
 * without it costs one unneeded download (the engine takes nothing it does not ask for).
 */
export function databaseHere(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): boolean {
  try {
    return !storage || storage.getItem(MARK) !== null
  } catch {
    return true
  }
}
