import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ApiError, NetworkError } from '@/lib/api'
import type { AuthApi, User } from '@/lib/auth-api'
import { fakeAuthApi, renderApp, signedOut, testUser } from '@/test/render'

async function openAuth(api: AuthApi) {
  const result = renderApp('/auth', { api, session: signedOut })
  await screen.findByRole('tab', { name: 'Entrar' })
  return { ...result, user: userEvent.setup() }
}

async function fill(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  const panel = screen.getByRole('tabpanel')
  await user.type(within(panel).getByLabelText('E-mail'), email)
  await user.type(within(panel).getByLabelText('Senha'), password)
  return panel
}

describe('/auth', () => {
  it('labels every input and validates in the browser', async () => {
    const { user } = await openAuth(fakeAuthApi())
    const email = screen.getByLabelText('E-mail')
    expect(email).toHaveAttribute('type', 'email')
    expect(email).toBeRequired()
    expect(screen.getByLabelText('Senha')).toBeRequired()
    await user.click(screen.getByRole('tab', { name: 'Criar Conta' }))
    expect(screen.getByLabelText('Senha')).toHaveAttribute('minLength', '6')
  })

  it('signs in and goes to the dashboard', async () => {
    const api = fakeAuthApi()
    const { user, router } = await openAuth(api)
    const panel = await fill(user, '  ana@exemplo.com ', 'segredo1')
    await user.click(within(panel).getByRole('button', { name: 'Entrar' }))
    expect(await screen.findByRole('heading', { name: 'Meus Sorteios' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard')
    expect(api.signIn).toHaveBeenCalledWith({ email: 'ana@exemplo.com', password: 'segredo1' })
  })

  it('disables the submit button with a spinner while waiting', async () => {
    let finish: (user: User) => void = () => {}
    const api = fakeAuthApi({ signIn: () => new Promise<User>((resolve) => (finish = resolve)) })
    const { user } = await openAuth(api)
    const panel = await fill(user, 'ana@exemplo.com', 'segredo1')
    await user.click(within(panel).getByRole('button', { name: 'Entrar' }))
    const busy = within(panel).getByRole('button', { name: 'Entrando...' })
    expect(busy).toBeDisabled()
    expect(within(busy).getByTestId('spinner')).toBeInTheDocument()
    finish(testUser)
    expect(await screen.findByRole('heading', { name: 'Meus Sorteios' })).toBeInTheDocument()
  })

  it('says how long to wait and offers Esqueci minha senha when sign-in is rate-limited', async () => {
    const limited = new ApiError(429, { code: 'rate_limited', message: 'Muitas tentativas. Tente de novo em 1 minuto ou use Esqueci minha senha.' })
    const { user } = await openAuth(fakeAuthApi({ signIn: vi.fn(async () => Promise.reject(limited)) }))
    const panel = await fill(user, 'ana@exemplo.com', 'errada')
    await user.click(within(panel).getByRole('button', { name: 'Entrar' }))
    expect(await screen.findByText('Muitas tentativas. Tente de novo em 1 minuto ou use Esqueci minha senha.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Esqueci minha senha' })).toHaveAttribute('href', '/esqueci-senha')
  })

  it('shows the server message when signing in fails', async () => {
    const wrong = new ApiError(401, { code: 'invalid_credentials', message: 'E-mail ou senha incorretos.' })
    const { user, router } = await openAuth(fakeAuthApi({ signIn: vi.fn(async () => Promise.reject(wrong)) }))
    const panel = await fill(user, 'ana@exemplo.com', 'errada')
    await user.click(within(panel).getByRole('button', { name: 'Entrar' }))
    expect(await screen.findByText('Erro ao fazer login')).toBeInTheDocument()
    expect(screen.getByText('E-mail ou senha incorretos.')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/auth')
    expect(within(panel).getByRole('button', { name: 'Entrar' })).toBeEnabled()
  })

  it('after a refused sign-in, clears the password for a fresh try and keeps the e-mail', async () => {
    const wrong = new ApiError(401, { code: 'invalid_credentials', message: 'E-mail ou senha incorretos.' })
    const { user } = await openAuth(fakeAuthApi({ signIn: vi.fn(async () => Promise.reject(wrong)) }))
    const panel = await fill(user, 'ana@exemplo.com', 'errada')
    await user.click(within(panel).getByRole('button', { name: 'Entrar' }))
    expect(await screen.findByText('Erro ao fazer login')).toBeInTheDocument()
    expect(within(panel).getByLabelText('Senha')).toHaveValue('')
    expect(within(panel).getByLabelText('Senha')).toHaveFocus()
    expect(within(panel).getByLabelText('E-mail')).toHaveValue('ana@exemplo.com')
  })

  it('keeps the password when the server cannot be reached (nothing was refused)', async () => {
    const { user } = await openAuth(fakeAuthApi({ signIn: async () => Promise.reject(new NetworkError()) }))
    const panel = await fill(user, 'ana@exemplo.com', 'segredo1')
    await user.click(within(panel).getByRole('button', { name: 'Entrar' }))
    expect(await screen.findByText('Erro ao fazer login')).toBeInTheDocument()
    expect(within(panel).getByLabelText('Senha')).toHaveValue('segredo1')
  })

  it('says so when the server cannot be reached', async () => {
    const { user } = await openAuth(fakeAuthApi({ signIn: async () => Promise.reject(new NetworkError()) }))
    const panel = await fill(user, 'ana@exemplo.com', 'segredo1')
    await user.click(within(panel).getByRole('button', { name: 'Entrar' }))
    expect(await screen.findByText('Erro ao fazer login')).toBeInTheDocument()
    expect(screen.getByText('Sem conexão com o servidor.')).toBeInTheDocument()
  })

  it('creates an account, confirms it and goes to the dashboard', async () => {
    const api = fakeAuthApi()
    const { user, router } = await openAuth(api)
    await user.click(screen.getByRole('tab', { name: 'Criar Conta' }))
    const panel = await fill(user, 'nova@exemplo.com', 'segredo1')
    await user.click(within(panel).getByRole('button', { name: 'Criar Conta' }))
    expect(await screen.findByText('Conta criada!')).toBeInTheDocument()
    // Signed in already: no 'Você já pode fazer login.'
    expect(screen.queryByText('Você já pode fazer login.')).not.toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(api.signUp).toHaveBeenCalledWith({ email: 'nova@exemplo.com', password: 'segredo1' })
  })

  it('shows a sign-up error in a toast and next to the field at fault', async () => {
    const taken = new ApiError(409, { code: 'email_taken', message: 'Este e-mail já está cadastrado.', field: 'email' })
    const { user } = await openAuth(fakeAuthApi({ signUp: async () => Promise.reject(taken) }))
    await user.click(screen.getByRole('tab', { name: 'Criar Conta' }))
    const panel = await fill(user, 'ana@exemplo.com', 'segredo1')
    await user.click(within(panel).getByRole('button', { name: 'Criar Conta' }))
    expect(await screen.findByText('Erro ao criar conta')).toBeInTheDocument()
    const email = within(panel).getByLabelText('E-mail')
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(email).toHaveAccessibleDescription('Este e-mail já está cadastrado.')
    await user.type(email, 'x')
    expect(email).not.toHaveAttribute('aria-invalid')
  })

  it("'Criar Conta' on the landing page opens the sign-up tab", async () => {
    const { user } = (() => {
      renderApp('/', { session: signedOut })
      return { user: userEvent.setup() }
    })()
    await user.click(screen.getByRole('link', { name: 'Criar Conta' }))
    expect(await screen.findByRole('tab', { name: 'Criar Conta' })).toHaveAttribute('aria-selected', 'true')
  })
})
