// Whether this browser holds the app's database, answered synchronously (from a mark in
// localStorage) so the entry's first module can decide before any other code runs: opening
// IndexedDB, or even listing its databases, answers only after the whole entry has been evaluated.

/** The app's IndexedDB database. */
export const DATABASE_NAME = 'sorteio'

const MARK = 'sorteio:database'

/**
 * The same mark for the server (server/internal/httpapi/static_preload.go): a signed-in browser
 * without it that opens a raffle's screen is sent that raffle's snapshot with the page itself.
 */
export const DATABASE_COOKIE = 'sorteio_db'

/** Set each time the database opens (schema.ts). */
export function markDatabaseHere(
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
  doc: Pick<Document, 'cookie'> | undefined = globalThis.document,
  secure = globalThis.location?.protocol === 'https:',
): void {
  try {
    storage?.setItem(MARK, '1')
  } catch {
    // Storage refused (private modes, quota): the next visit just starts nothing early.
  }
  try {
    // Asked for a year and renewed at every opening. Safari keeps a cookie set by a script 7 days:
    // the server sets its own copy, HttpOnly, at every sync (which this write then leaves alone).
    // Nothing in it but the mark.
    if (doc) doc.cookie = `${DATABASE_COOKIE}=1; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`
  } catch {
    // Cookies refused while a session cookie is kept: the server names the snapshot on every visit
    // to a raffle's screen, and this browser downloads what it does not read. Not seen in practice:
    // a browser that refuses this cookie refuses the session's too.
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
