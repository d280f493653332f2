import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RECORD_KEPT_TEXT } from '@/components/ui/record-kept'
import { createRaffle, listRaffles } from '@/db/raffles'
import { pendingCount } from '@/db/outbox'
import { db } from '@/db/schema'
import { fakeAuthApi, renderApp, signedIn, testUser } from '@/test/render'

const account = {
  id: testUser.id,
  email: testUser.email,
  has_password: true,
  created_at: Date.UTC(2026, 10, 1, 10),
  identities: [{ issuer: 'https://login.empresa.com.br', email: testUser.email, created_at: Date.UTC(2026, 10, 2, 10) }],
}

/** A fake server for /api/account; returns the spy to inspect the calls. */
function server(answer = account) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/account' && (init?.method ?? 'GET') === 'GET') {
      return new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } })
    }
    return new Response(null, { status: 204 })
  })
  vi.stubGlobal('fetch', fetch)
  return fetch
}

afterEach(() => vi.unstubAllGlobals())

const calls = (fetch: ReturnType<typeof server>, path: string) => fetch.mock.calls.filter(([url]) => url === path)

describe("'Minha conta'", () => {
  it('is reached from the dashboard and shows the e-mail and the sign-in methods', async () => {
    server()
    const user = userEvent.setup()
    renderApp('/dashboard', { session: signedIn })
    await user.click(await screen.findByRole('link', { name: 'Minha conta' }))
    expect(await screen.findByRole('heading', { name: 'Minha conta' })).toBeInTheDocument()
    expect(await screen.findByText('E-mail e senha')).toBeInTheDocument()
    expect(screen.getByText(/Provedor de identidade \(login\.empresa\.com\.br\)/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Alterar senha' })).toBeInTheDocument()
  })

  it('offers a password-less account the address change through its provider, and no password form', async () => {
    server({ ...account, has_password: false })
    renderApp('/conta', { session: signedIn })
    const section = (await screen.findByRole('heading', { name: 'Alterar e-mail' })).parentElement!
    expect(within(section).getByLabelText('Novo e-mail')).toBeInTheDocument()
    expect(within(section).queryByLabelText(/Sua senha/)).not.toBeInTheDocument()
    expect(within(section).getByRole('button', { name: /Confirmar com/ })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Alterar senha' })).not.toBeInTheDocument()
  })

  it('deletes the account only with its e-mail typed, forgets it on this device and signs out', async () => {
    const fetch = server()
    await createRaffle(testUser.id, { title: 'Rifa', description: '', type: 'simple', winnersCount: 1, countdownSeconds: 0 }, db)
    expect(await pendingCount(db, testUser.id)).toBe(1)
    const user = userEvent.setup()
    const { router } = renderApp('/conta', { session: signedIn, api: fakeAuthApi() })
    // A drawn raffle's public record stays: said beside the button and in the confirmation.
    const section = (await screen.findByRole('heading', { name: 'Excluir conta' })).parentElement!
    expect(within(section).getByText(new RegExp(RECORD_KEPT_TEXT.slice(0, 40)))).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Excluir conta' }))
    const dialog = screen.getByRole('dialog')
    expect(within(dialog).getByText(RECORD_KEPT_TEXT)).toBeInTheDocument()
    const field = within(dialog).getByLabelText(`Digite ${testUser.email} para confirmar`)
    await user.type(field, 'outra@exemplo.com')
    await user.click(within(dialog).getByRole('button', { name: 'Excluir conta' }))
    expect(await within(dialog).findByText('Digite o e-mail da conta para confirmar.')).toBeInTheDocument()
    expect(calls(fetch, '/api/account/delete')).toHaveLength(0)

    await user.clear(field)
    await user.type(field, testUser.email)
    await user.click(within(dialog).getByRole('button', { name: 'Excluir conta' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'))
    const deletes = calls(fetch, '/api/account/delete')
    expect(deletes).toHaveLength(1)
    expect(JSON.parse(deletes[0]![1]!.body as string)).toEqual({ email: testUser.email })
    expect(await listRaffles(testUser.id, db)).toEqual([])
    expect(await pendingCount(db, testUser.id)).toBe(0)
  })
})
