import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startEarlySnapshot } from '@/app/early-snapshot'
import { databaseHere, markDatabaseHere } from '@/db/device'
import { SorteioDB } from '@/db/schema'
import { takeEarly } from '@/sync/early'
import { snapshotPath } from '@/sync/paths'

const ANA = { id: '0190d3c4-0000-7000-8000-0000000000a1', email: 'ana@exemplo.com' }
const RAFFLE = '0192f0c1-0000-7000-8000-00000000e001'

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
  // The mark's cookie too: each test starts as a browser that never opened the database.
  document.cookie = 'sorteio_db=; Path=/; Max-Age=0'
})

function stubFetch() {
  const fetch = vi.fn(async () => new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } }))
  vi.stubGlobal('fetch', fetch)
  return fetch
}

describe('a new device opening a raffle starts its snapshot at once', () => {
  it('on /gerenciar/{id} in a browser without the database', async () => {
    const fetch = stubFetch()
    expect(startEarlySnapshot(`/gerenciar/${RAFFLE}`, Promise.resolve(ANA), () => false)).toBe(true)
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(await takeEarly(ANA.id, snapshotPath(RAFFLE))).toMatchObject({ response: { ok: true } })
  })

  it('nowhere else, and not where the database is', () => {
    const fetch = stubFetch()
    const asked = vi.fn(() => false)
    expect(startEarlySnapshot('/dashboard', Promise.resolve(ANA), asked)).toBe(false)
    // Other screens do not even read the mark.
    expect(asked).not.toHaveBeenCalled()
    for (const path of ['/dashboard', '/gerenciar/', `/gerenciar/${RAFFLE}/outra`, '/gerenciar/%E0%A4%A', `/sorteio/${RAFFLE}`]) {
      expect(startEarlySnapshot(path, Promise.resolve(ANA), () => false)).toBe(false)
    }
    expect(startEarlySnapshot(`/gerenciar/${RAFFLE}`, Promise.resolve(ANA), () => true)).toBe(false)
    expect(fetch).not.toHaveBeenCalled()
  })

  it('the database marks the browser when it opens, for the entry and for the server', async () => {
    expect(databaseHere()).toBe(false)
    expect(document.cookie).not.toContain('sorteio_db=1')
    const db = new SorteioDB('test-device-mark')
    await db.open()
    expect(databaseHere()).toBe(true)
    expect(document.cookie).toContain('sorteio_db=1')
    db.close()
  })

  it("the server's mark is a cookie of the whole site, asked to be kept a year, Secure over https", () => {
    const doc = { cookie: '' }
    markDatabaseHere(undefined, doc, true)
    expect(doc.cookie).toBe('sorteio_db=1; Path=/; Max-Age=31536000; SameSite=Lax; Secure')
    markDatabaseHere(undefined, doc, false)
    expect(doc.cookie).toBe('sorteio_db=1; Path=/; Max-Age=31536000; SameSite=Lax')
  })
})
