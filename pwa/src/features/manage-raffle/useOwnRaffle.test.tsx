import 'fake-indexeddb/auto'
import { act, render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '@/db/schema'
import { SyncContext, type SyncValue } from '@/sync/sync-context'
import type { SyncEngine } from '@/sync/engine'
import type { SyncStatus } from '@/sync/status'
import { resetDb } from '@/features/manage-raffle/test-fixtures'
import { NOT_HERE_YET, useLeaveWhenMissing } from '@/features/manage-raffle/useOwnRaffle'

const USER = 'u1'

/** An engine whose rounds end when the test says, with the answer it gives. */
function engineWith() {
  const rounds: Array<(ok: boolean) => void> = []
  const status: SyncStatus = { role: 'leader', online: true, pending: 0, refused: 0, lastSyncedAt: null, syncing: false, error: null, detail: null }
  const engine = {
    subscribe: () => () => {},
    getStatus: () => status,
    syncNow: () => new Promise<boolean>((resolve) => rounds.push(resolve)),
  } as unknown as SyncEngine
  return { value: { engine, flush: async () => 0 } satisfies SyncValue, rounds }
}

function Missing() {
  const state = useLeaveWhenMissing(true, USER, 'r1')
  return <p>{state === 'offline' ? NOT_HERE_YET : 'Carregando...'}</p>
}

function open(value: SyncValue | null) {
  const router = createMemoryRouter([{ path: '/gerenciar/r1', element: <Missing /> }, { path: '/dashboard', element: <p>Painel</p> }], {
    initialEntries: ['/gerenciar/r1'],
  })
  render(
    <SyncContext.Provider value={value}>
      <RouterProvider router={router} />
    </SyncContext.Provider>,
  )
  return router
}

beforeEach(resetDb)
afterEach(() => vi.restoreAllMocks())

describe('useLeaveWhenMissing', () => {
  it('decides only after a whole sync round that began once the raffle was missing, however long it takes', async () => {
    const { value, rounds } = engineWith()
    const router = open(value)
    await waitFor(() => expect(rounds).toHaveLength(1))
    // No timer decides: the page stays while the round runs.
    expect(router.state.location.pathname).toBe('/gerenciar/r1')
    await act(async () => rounds[0]!(true))
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
  })

  it('asks again when the round fails, and keeps a raffle the round brought', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { value, rounds } = engineWith()
    const router = open(value)
    await vi.waitFor(() => expect(rounds).toHaveLength(1))
    await act(async () => rounds[0]!(false))
    expect(router.state.location.pathname).toBe('/gerenciar/r1')
    await act(async () => vi.advanceTimersByTime(5000))
    await vi.waitFor(() => expect(rounds).toHaveLength(2))
    // The pull brought it: written before the round ends, as the engine does.
    await db.raffles.put({
      id: 'r1', ownerId: USER, code: 'ABC234', title: 'Sincronizado', description: '', type: 'simple', status: 'pending',
      winnersCount: 1, countdownSeconds: 0, allowDuplicateWins: false, drawnAt: null, createdAt: Date.now(),
    })
    await act(async () => rounds[1]!(true))
    await act(async () => vi.advanceTimersByTime(10_000))
    expect(router.state.location.pathname).toBe('/gerenciar/r1')
    vi.useRealTimers()
  })

  it('offline, says the raffle is not on this device yet and decides nothing', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const { value, rounds } = engineWith()
    const router = open(value)
    expect(await screen.findByText(NOT_HERE_YET)).toBeInTheDocument()
    expect(rounds).toHaveLength(0)
    expect(router.state.location.pathname).toBe('/gerenciar/r1')
  })
})
