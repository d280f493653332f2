import 'fake-indexeddb/auto'
import { act, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startDraw } from '@/db/draws'
import { addPeople } from '@/db/participants'
import { createRaffle } from '@/db/raffles'
import { db } from '@/db/schema'
import { routes } from '@/app/routes'
import { fakeAuthApi, renderApp, signedIn, signedOut, testUser } from '@/test/render'

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()))
})
afterEach(() => {
  vi.restoreAllMocks()
})

const slow = { timeout: 5000 }

async function raffleWithRound(offline: boolean, countdownSeconds = 1) {
  const raffle = await createRaffle(testUser.id, { title: 'Rifa', description: '', type: 'tickets', winnersCount: 3, countdownSeconds })
  await addPeople(testUser.id, raffle.id, [{ name: 'Ana' }, { name: 'Bia' }, { name: 'Caio' }, { name: 'Duda' }])
  return startDraw(testUser.id, raffle.id, { offline })
}

describe('the app finishes this device rounds', () => {
  it('on the dashboard: the countdown ends, the round is drawn and "Sorteio realizado!" shows', async () => {
    renderApp('/dashboard', { session: signedIn })
    expect(await screen.findByRole('heading', { name: 'Meus Sorteios' }, slow)).toBeInTheDocument()
    const round = await raffleWithRound(true)
    expect(await screen.findByText('Sorteio realizado!', undefined, slow)).toBeInTheDocument()
    expect(screen.getByText('3 vencedores sorteados')).toBeInTheDocument()
    expect(await db.draws.get(round.id)).toMatchObject({ state: 'completed', offline: true })
  })

  it('while a screen has thrown and the error screen is up', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    function Broken(): never {
      throw new Error('tela quebrada')
    }
    // The real root route (its layout and error screen) with one screen that throws.
    const { path, element, errorElement } = routes[0]!
    const routeTable = [{ path, element, errorElement, children: [{ path: 'quebrada', element: <Broken /> }] }]
    renderApp('/quebrada', { session: signedIn, routeTable })
    expect(await screen.findByText('Unexpected Application Error!', undefined, slow)).toBeInTheDocument()
    const round = await raffleWithRound(true)
    expect(await screen.findByText('Sorteio realizado!', undefined, slow)).toBeInTheDocument()
    expect(screen.getByText('Unexpected Application Error!')).toBeInTheDocument()
    expect(await db.draws.get(round.id)).toMatchObject({ state: 'completed', offline: true })
  })

  it('not while nobody is signed in', async () => {
    const round = await raffleWithRound(true, 0)
    renderApp('/', { session: signedOut })
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(await db.draws.get(round.id)).toMatchObject({ state: 'open' })
  })

  it('after a failure, tries again when the device comes back online', async () => {
    const round = await raffleWithRound(true, 0)
    const digest = round.poolDigest
    // The tickets no longer match the published digest, and the pool kept at the start is gone.
    await db.drawPools.delete(round.id)
    await db.draws.update(round.id, { poolDigest: '0'.repeat(64) })
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    // The session stays (the app asks the server again when the connection comes back).
    renderApp('/dashboard', { session: signedIn, api: fakeAuthApi({ session: async () => testUser }) })
    expect(await screen.findByText('Não foi possível concluir o sorteio', undefined, slow)).toBeInTheDocument()
    expect(screen.getByText('Os participantes deste aparelho não conferem com os do início do sorteio. Conecte-se para concluí-lo.')).toBeInTheDocument()
    await db.draws.update(round.id, { poolDigest: digest })
    onLine.mockReturnValue(true)
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    expect(await screen.findByText('Sorteio realizado!', undefined, slow)).toBeInTheDocument()
    expect(await db.draws.get(round.id)).toMatchObject({ state: 'completed' })
  })
})
