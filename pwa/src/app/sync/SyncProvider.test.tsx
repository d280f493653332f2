import 'fake-indexeddb/auto'
import { act, render, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppToaster } from '@/app/AppToaster'
import { routes } from '@/app/routes'
import type { SessionState } from '@/sync/session-context'
import { SessionProvider } from '@/app/session/SessionProvider'
import { SyncStatus } from '@/app/sync/SyncStatus'
import { SyncProvider, type EngineFactory } from '@/app/sync/SyncProvider'
import { addPeople } from '@/db/participants'
import { createRaffle, updateRaffle } from '@/db/raffles'
import type { SorteioDB } from '@/db/schema'
import { formatDateTime } from '@/lib/dates'
import { SyncEngine } from '@/sync/engine'
import { FakeSyncServer } from '@/sync/testing/fake-server'
import { contextFor, freshDb } from '@/sync/testing/helpers'
import { finishRound, startDraw } from '@/db/draws'
import { pullAll } from '@/sync/pull'
import { pushOutbox } from '@/sync/push'
import { toast } from 'sonner'
import { fakeAuthApi, signedIn, signedOut, testUser } from '@/test/render'

// Screens load lazily; a busy test machine needs more than the default second.
const slow = { timeout: 5000 }
const input = { title: 'Rifa', description: '', type: 'simple' as const, winnersCount: 1, countdownSeconds: 0 }

function factory(db: SorteioDB, server: FakeSyncServer): EngineFactory {
  return (userId, onEvent) =>
    new SyncEngine({ db, userId, fetch: server.fetch, WebSocket: null, locks: null, channel: null, win: null, doc: null, isOnline: () => true, onEvent, writeDelayMs: 0 })
}

function renderWith(db: SorteioDB, server: FakeSyncServer, session: SessionState, path = '/dashboard') {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  render(
    <SessionProvider api={fakeAuthApi({ session: async () => null })} initialState={session}>
      <SyncProvider createEngine={factory(db, server)} database={db}>
        <RouterProvider router={router} />
        <AppToaster />
      </SyncProvider>
    </SessionProvider>,
  )
  return router
}

function setup() {
  const server = new FakeSyncServer()
  server.user = testUser.id
  return { db: freshDb(), server }
}

afterEach(() => {
  // jsdom has no StorageManager; one test gives it a fake.
  delete (navigator as { storage?: unknown }).storage
})

describe('sync in the app', () => {
  it.each(['/dashboard', '/gerenciar/abc'])('%s shows the sync bar: online, nothing pending, last sync time', async (path) => {
    const { db, server } = setup()
    renderWith(db, server, signedIn, path)
    const bar = await screen.findByRole('region', { name: 'Sincronização' }, slow)
    expect(await within(bar).findByText(/^Última sincronização: /, undefined, slow)).toBeInTheDocument()
    expect(within(bar).getByText('Online')).toBeInTheDocument()
    expect(within(bar).getByText('Tudo sincronizado')).toBeInTheDocument()
    const at = (await db.meta.get(`lastSync:${testUser.id}`))!.value as number
    expect(within(bar).getByText(`Última sincronização: ${formatDateTime(at)}`)).toBeInTheDocument()
  })

  it("never says 'Tudo sincronizado' while another account's changes wait on the device", async () => {
    const { db, server } = setup()
    await createRaffle('0190d3c4-0000-7000-8000-0000000000b2', input, db)
    renderWith(db, server, signedIn)
    const bar = await screen.findByRole('region', { name: 'Sincronização' }, slow)
    expect(await within(bar).findByText('1 alteração de outra conta aguarda neste aparelho', undefined, slow)).toBeInTheDocument()
    expect(await within(bar).findByText(/^Última sincronização: /, undefined, slow)).toBeInTheDocument()
    expect(within(bar).getByText('Nada pendente')).toBeInTheDocument()
    expect(within(bar).queryByText('Tudo sincronizado')).toBeNull()
    expect(server.pushes).toEqual([])
  })

  it('counts pending changes in Portuguese while the server is unreachable', async () => {
    const { db, server } = setup()
    server.faults = Array.from({ length: 50 }, () => 'network' as const)
    const { id } = await createRaffle(testUser.id, input, db)
    render(
      <SessionProvider api={fakeAuthApi()} initialState={signedIn}>
        <SyncProvider createEngine={factory(db, server)} database={db}>
          <SyncStatus />
        </SyncProvider>
      </SessionProvider>,
    )
    expect(await screen.findByText('1 alteração pendente', undefined, slow)).toBeInTheDocument()
    expect(await screen.findByText('Offline', undefined, slow)).toBeInTheDocument()
    expect(screen.getByText('Ainda não sincronizado')).toBeInTheDocument()
    await act(() => updateRaffle(testUser.id, id, { title: 'Dois' }, db))
    await act(() => updateRaffle(testUser.id, id, { title: 'Três' }, db))
    expect(await screen.findByText('3 alterações pendentes', undefined, slow)).toBeInTheDocument()
  })

  it('shows nothing when nobody is signed in, and keeps the outbox', async () => {
    const { db, server } = setup()
    await createRaffle(testUser.id, input, db)
    render(
      <SessionProvider api={fakeAuthApi()} initialState={signedOut}>
        <SyncProvider createEngine={factory(db, server)} database={db}>
          <SyncStatus />
        </SyncProvider>
      </SessionProvider>,
    )
    expect(screen.queryByRole('region', { name: 'Sincronização' })).not.toBeInTheDocument()
    // Give a wrongly started engine the time to push (it loads asynchronously) before checking.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(server.pushes).toEqual([])
    expect(await db.outbox.count()).toBe(1)
  })

  it('turns a rejection into a toast with the server message and how many were kept, and a replaced code into another', async () => {
    const { db, server } = setup()
    const raffle = await createRaffle(testUser.id, input, db)
    server.takenCodes.add(raffle.code)
    renderWith(db, server, signedIn)
    expect(await screen.findByText(/^Código do sorteio alterado para [A-Z0-9]{6}$/, undefined, slow)).toBeInTheDocument()
    server.setStatus(raffle.id, 'in_progress')
    await act(() => addPeople(testUser.id, raffle.id, [{ name: 'Ana' }], db))
    // How many were refused, and where they are kept; the bar counts them until they are settled.
    const kept = "O sorteio já começou: não é mais possível alterá-lo. A alteração ficou guardada em 'Não enviados'."
    expect(await screen.findByText(kept, undefined, slow)).toBeInTheDocument()
    const bar = screen.getByRole('region', { name: 'Sincronização' })
    expect(await within(bar).findByRole('link', { name: '1 alteração não enviada' }, slow)).toHaveAttribute('href', '/dashboard#nao-enviados')
    expect(within(bar).queryByText('Tudo sincronizado')).toBeNull()
  })

  it('an offline round that did not count: its toast says so in full and stays until closed', async () => {
    const { db, server } = setup()
    const error = vi.spyOn(toast, 'error')
    const raffle = await createRaffle(testUser.id, { ...input, type: 'tickets', winnersCount: 2 }, db)
    await addPeople(testUser.id, raffle.id, [{ name: 'Ana' }, { name: 'Bia' }, { name: 'Caio' }], db)
    await pushOutbox(contextFor(db, server, testUser.id))
    // Another device adds a person while this one draws offline.
    const other = contextFor(freshDb(), server, testUser.id)
    await pullAll(other)
    await addPeople(testUser.id, raffle.id, [{ name: 'Duda' }], other.db)
    await pushOutbox(other)
    const round = await startDraw(testUser.id, raffle.id, { offline: true }, db)
    await finishRound(testUser.id, round.id, {}, db)
    renderWith(db, server, signedIn)
    const text =
      /^O sorteio feito offline neste aparelho não valeu: a lista mudou em outro aparelho antes da sincronização\. Sorteados aqui: 1º \S+ \(bilhete \d{3}\), 2º \S+ \(bilhete \d{3}\)\.$/
    expect(await screen.findByText(text, undefined, slow)).toBeInTheDocument()
    expect(error).toHaveBeenCalledWith(expect.any(String), { description: expect.stringMatching(text), action: expect.objectContaining({ label: 'Ver' }), duration: Infinity })
    error.mockRestore()
  })

  it('a push the server refuses whole: the bar says so with its words, once a toast, and nothing is dropped', async () => {
    const { db, server } = setup()
    const { id } = await createRaffle(testUser.id, input, db)
    server.malformed.add((await db.outbox.toArray())[0]!.opId)
    render(
      <SessionProvider api={fakeAuthApi()} initialState={signedIn}>
        <SyncProvider createEngine={factory(db, server)} database={db}>
          <SyncStatus />
          <AppToaster />
        </SyncProvider>
      </SessionProvider>,
    )
    const bar = await screen.findByRole('region', { name: 'Sincronização' }, slow)
    expect(await within(bar).findByText('Alterações recusadas pelo servidor', undefined, slow)).toBeInTheDocument()
    const detail = 'O corpo da requisição não é um JSON válido. As alterações continuam guardadas neste aparelho.'
    expect(within(bar).getByText(detail)).toBeInTheDocument()
    expect(within(bar).getByText('1 alteração pendente')).toBeInTheDocument()
    expect(await db.outbox.count()).toBe(1)
    // A new write tries again (the refused op first, alone): still refused, still kept, one toast.
    await act(() => updateRaffle(testUser.id, id, { title: 'Dois' }, db))
    expect(await within(bar).findByText('2 alterações pendentes', undefined, slow)).toBeInTheDocument()
    await vi.waitFor(() => expect(server.pushes.length).toBeGreaterThanOrEqual(3), slow)
    expect(within(bar).getByText('Alterações recusadas pelo servidor')).toBeInTheDocument()
    expect(screen.getAllByText('Alterações recusadas pelo servidor')).toHaveLength(2)
    // Once the server takes it, the bar clears and the outbox empties.
    server.malformed.clear()
    await act(() => updateRaffle(testUser.id, id, { title: 'Três' }, db))
    expect(await within(bar).findByText('Tudo sincronizado', undefined, slow)).toBeInTheDocument()
    await vi.waitFor(() => expect(within(bar).queryByText('Alterações recusadas pelo servidor')).not.toBeInTheDocument(), slow)
    expect(server.raffles.get(id)!.raffle.title).toBe('Três')
  })

  it('asks for persistent storage after sign-in', async () => {
    const persist = vi.fn(async () => true)
    Object.defineProperty(navigator, 'storage', { value: { persist }, configurable: true })
    const { db, server } = setup()
    renderWith(db, server, signedIn)
    await screen.findByRole('region', { name: 'Sincronização' }, slow)
    expect(persist).toHaveBeenCalledTimes(1)
  })
})
