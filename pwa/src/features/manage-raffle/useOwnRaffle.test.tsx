import { render, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { SyncContext, type SyncValue } from '@/sync/sync-context'
import type { SyncEngine } from '@/sync/engine'
import type { SyncStatus } from '@/sync/status'
import { NOT_FOUND_GRACE_MS, useLeaveWhenMissing } from '@/features/manage-raffle/useOwnRaffle'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** An engine that only reports a status the test sets. */
function engineWith(syncing: boolean) {
  const listeners = new Set<() => void>()
  let status: SyncStatus = { role: 'leader', online: true, pending: 0, refused: 0, lastSyncedAt: null, syncing, error: null, detail: null }
  const engine = {
    subscribe: (fn: () => void) => (listeners.add(fn), () => listeners.delete(fn)),
    getStatus: () => status,
  } as unknown as SyncEngine
  const finish = () => {
    status = { ...status, syncing: false }
    listeners.forEach((fn) => fn())
  }
  return { value: { engine, flush: async () => 0 } satisfies SyncValue, finish }
}

function Missing() {
  useLeaveWhenMissing(true)
  return <p>Carregando...</p>
}

describe('useLeaveWhenMissing', () => {
  it('does not give up on a raffle while the first pull is still running', async () => {
    const { value, finish } = engineWith(true)
    const router = createMemoryRouter([{ path: '/gerenciar/x', element: <Missing /> }, { path: '/dashboard', element: <p>Painel</p> }], {
      initialEntries: ['/gerenciar/x'],
    })
    render(
      <SyncContext.Provider value={value}>
        <RouterProvider router={router} />
      </SyncContext.Provider>,
    )
    await sleep(NOT_FOUND_GRACE_MS + 300)
    expect(router.state.location.pathname).toBe('/gerenciar/x')
    finish()
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: NOT_FOUND_GRACE_MS + 1000 })
  })
})
