import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ReactNode } from 'react'
import { AfterStartup } from '@/app/AfterStartup'
import { SessionContext, type SessionState, type SessionValue } from '@/sync/session-context'
import { SyncContext } from '@/sync/sync-context'
import { StatusStore } from '@/sync/status'
import type { SyncEngine } from '@/sync/engine'
import { signedIn, signedOut } from '@/test/render'

function session(state: SessionState): SessionValue {
  const fail = () => Promise.reject(new Error('not in this test'))
  return { state, signIn: fail, signUp: fail, signOut: fail, refresh: () => Promise.resolve() }
}

/** The gate under a session and, when given, an engine whose status the test moves. */
function renderGate(state: SessionState, status?: StatusStore, wrap = (n: ReactNode) => n) {
  const engine = status ? ({ subscribe: status.subscribe, getStatus: status.get } as unknown as SyncEngine) : null
  return render(
    <SessionContext.Provider value={session(state)}>
      <SyncContext.Provider value={{ engine, flush: () => Promise.resolve(0) }}>
        {wrap(
          <AfterStartup capMs={60_000}>
            <p>registrado</p>
          </AfterStartup>,
        )}
      </SyncContext.Provider>
    </SessionContext.Provider>,
  )
}

/** A signed-out gate beside the one tested: it shows once the screen has painted. */
function beside() {
  return (gate: ReactNode) => (
    <>
      {gate}
      <SessionContext.Provider value={session(signedOut)}>
        <AfterStartup capMs={60_000}>
          <p>ao lado</p>
        </AfterStartup>
      </SessionContext.Provider>
    </>
  )
}

describe('AfterStartup', () => {
  afterEach(() => vi.useRealTimers())

  it('signed out: waits for the screen to paint only', async () => {
    renderGate(signedOut)
    expect(screen.queryByText('registrado')).not.toBeInTheDocument()
    expect(await screen.findByText('registrado')).toBeInTheDocument()
  })

  it("signed in: waits for the engine's first sync after the screen, and stays once started", async () => {
    const status = new StatusStore()
    renderGate(signedIn, status, beside())
    expect(await screen.findByText('ao lado')).toBeInTheDocument()
    // Every tab is a follower until it holds the sync lock: no sync has ended yet.
    act(() => status.set({ role: 'follower' }))
    expect(screen.queryByText('registrado')).not.toBeInTheDocument()
    act(() => status.set({ role: 'leader', syncing: true }))
    expect(screen.queryByText('registrado')).not.toBeInTheDocument()
    act(() => status.set({ syncing: false, lastSyncedAt: 1_763_700_000_000 }))
    expect(await screen.findByText('registrado')).toBeInTheDocument()
    // Nothing of what opened the gate holds now: only the latch keeps it open.
    act(() => status.set({ syncing: true, lastSyncedAt: null }))
    expect(screen.getByText('registrado')).toBeInTheDocument()
  })

  it('signed in: a first sync that fails (offline) ends the start too', async () => {
    const status = new StatusStore()
    renderGate(signedIn, status)
    act(() => status.set({ role: 'leader', error: 'offline', online: false }))
    expect(await screen.findByText('registrado')).toBeInTheDocument()
  })

  it('signed in with no engine yet: the screen alone is not enough', async () => {
    renderGate(signedIn, undefined, beside())
    expect(await screen.findByText('ao lado')).toBeInTheDocument()
    expect(screen.queryByText('registrado')).not.toBeInTheDocument()
  })

  it('starts at the cap whatever else', () => {
    vi.useFakeTimers()
    renderGate(signedIn, new StatusStore())
    act(() => vi.advanceTimersByTime(59_999))
    expect(screen.queryByText('registrado')).not.toBeInTheDocument()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.getByText('registrado')).toBeInTheDocument()
  })
})
