import 'fake-indexeddb/auto'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { routes } from '@/app/routes'
import { SessionProvider } from '@/app/session/SessionProvider'
import { SyncProvider, type EngineFactory } from '@/app/sync/SyncProvider'
import { db } from '@/db/schema'
import type { Timer } from '@/sync/clock'
import { SyncEngine } from '@/sync/engine'
import { FakeSyncServer } from '@/sync/testing/fake-server'
import type { User } from '@/lib/auth-api'
import { fakeAuthApi } from '@/test/render'

// Screens load lazily and the engine starts after the first paint: a busy machine needs time.
const slow = { timeout: 15_000 }

/**
 * An account of its own for each test (a stopped engine's last round may still be writing when the
 * next test starts), holding one raffle on the server; this device has never synced it.
 */
function accountWithRaffle(n: number): { user: User; server: FakeSyncServer } {
  const user = { id: `0190d3c4-0000-7000-8000-00000000d0${n}0`, email: `conta${n}@exemplo.com` }
  const server = new FakeSyncServer()
  server.user = user.id
  const raffleId = `0192f0c1-0000-7000-8000-00000000d${n}01`
  const create = {
    id: raffleId,
    code: 'K7P2QX',
    title: 'Rifa da quermesse',
    description: '',
    type: 'simple',
    winners_count: 1,
    countdown_seconds: 0,
    allow_duplicate_wins: false,
    created_at: 1_763_700_000_000,
  }
  const op = { op_id: `0192f0c1-0000-7000-8000-00000000d${n}02`, mutation_id: 1, raffle_id: raffleId, type: 'raffle.create' as const, base_seq: 0, payload: create }
  expect(server.applyOp(user.id, '0192f0c1-0000-7000-8000-0000000000d9', op).status).toBe('applied')
  return { user, server }
}

/**
 * Rounds asked for now run; the engine's own retries (1 s, then 2 s...) never come, so the raffles
 * can only arrive by 'Tentar novamente', and a retry that happened to come first cannot hide a
 * button that does nothing.
 */
const noRetries: Timer = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => (ms === 0 ? globalThis.setTimeout(fn, 0) : null),
  clearTimeout: (handle) => {
    if (handle !== null) globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>)
  },
}

function renderDashboard(user: User, server: FakeSyncServer) {
  const factory: EngineFactory = (userId, onEvent) =>
    new SyncEngine({
      db,
      userId,
      fetch: server.fetch,
      timer: noRetries,
      WebSocket: null,
      locks: null,
      channel: null,
      win: null,
      doc: null,
      isOnline: () => true,
      onEvent,
      writeDelayMs: 0,
    })
  render(
    <SessionProvider api={fakeAuthApi()} initialState={{ status: 'signedIn', user }}>
      <SyncProvider createEngine={factory} database={db}>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/dashboard'] })} />
      </SyncProvider>
    </SessionProvider>,
  )
}

describe('a device that never synced the account, when the first sync fails', () => {
  it.each([
    ['the server fails', 1, 500, 'O servidor não respondeu.'],
    ['there is no network', 2, 'network', 'Este aparelho está sem conexão.'],
  ] as const)('%s: says so instead of loading forever or claiming no raffles, and a retry brings them', async (_, n, fault, words) => {
    const { user, server } = accountWithRaffle(n)
    // Every request fails until the test heals the server (the engine's own retries included).
    server.faults = Array.from({ length: 1000 }, () => fault)
    renderDashboard(user, server)
    const alert = await screen.findByRole('alert', undefined, slow)
    expect(within(alert).getByRole('heading', { name: 'Não foi possível baixar seus sorteios' })).toBeInTheDocument()
    expect(alert).toHaveTextContent(words)
    expect(screen.queryByText('Nenhum sorteio ainda')).not.toBeInTheDocument()
    expect(screen.queryByText('Carregando sorteios...')).not.toBeInTheDocument()

    server.faults = []
    await userEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }))
    expect(await screen.findByRole('heading', { name: 'Rifa da quermesse' }, slow)).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
