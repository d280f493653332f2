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

/** An engine whose status the test moves: rounds run and end when it says. */
function engineWith() {
  const listeners = new Set<() => void>()
  let status: SyncStatus = { role: 'leader', online: true, pending: 0, refused: 0, others: 0, lastSyncedAt: null, syncing: false, error: null, detail: null }
  const asked = { count: 0 }
  const engine = {
    subscribe: (fn: () => void) => (listeners.add(fn), () => listeners.delete(fn)),
    getStatus: () => status,
    syncNow: () => {
      asked.count++
      return new Promise<boolean>(() => {})
    },
  } as unknown as SyncEngine
  const set = (next: Partial<SyncStatus>) =>
    act(() => {
      status = { ...status, ...next }
      listeners.forEach((fn) => fn())
    })
  return { value: { engine, flush: async () => 0 } satisfies SyncValue, asked, set }
}

function Missing() {
  const state = useLeaveWhenMissing(true, USER, 'r1')
  return <p>{state === 'offline' ? NOT_HERE_YET : 'Carregando...'}</p>
}

function open(value: SyncValue | null) {
  const router = createMemoryRouter(
    [
      { path: '/gerenciar/r1', element: <Missing /> },
      { path: '/dashboard', element: <p>Painel</p> },
    ],
    {
      initialEntries: ['/gerenciar/r1'],
    },
  )
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
  it('asks for a round and decides only when one has run and ended, however long it takes', async () => {
    const { value, asked, set } = engineWith()
    const router = open(value)
    await waitFor(() => expect(asked.count).toBe(1))
    await set({ syncing: true })
    // No timer decides: the page stays while the round runs.
    expect(router.state.location.pathname).toBe('/gerenciar/r1')
    await set({ syncing: false })
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
  })

  it('a failed round decides nothing; a raffle a round brought stays', async () => {
    const { value, set } = engineWith()
    const router = open(value)
    await set({ syncing: true })
    await set({ syncing: false, error: 'offline' })
    expect(router.state.location.pathname).toBe('/gerenciar/r1')
    await set({ syncing: true, error: null })
    // The pull brought it: written before the round ends, as the engine does.
    await db.raffles.put({
      id: 'r1',
      ownerId: USER,
      code: 'ABC234',
      title: 'Sincronizado',
      description: '',
      type: 'simple',
      status: 'pending',
      winnersCount: 1,
      countdownSeconds: 0,
      allowDuplicateWins: false,
      drawnAt: null,
      createdAt: Date.now(),
    })
    await set({ syncing: false })
    // The decision's read comes and goes: flushed, the page stays.
    await act(async () => void (await db.raffles.get('r1')))
    expect(router.state.location.pathname).toBe('/gerenciar/r1')
  })

  it('offline, says the raffle is not on this device yet and decides nothing', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const { value, asked } = engineWith()
    const router = open(value)
    expect(await screen.findByText(NOT_HERE_YET)).toBeInTheDocument()
    expect(asked.count).toBe(0)
    expect(router.state.location.pathname).toBe('/gerenciar/r1')
  })
})
