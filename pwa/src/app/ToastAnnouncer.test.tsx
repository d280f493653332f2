import { render, screen, waitFor } from '@testing-library/react'
import { act } from 'react'
import { toast } from 'sonner'
import { describe, expect, it } from 'vitest'
import { AppToaster } from '@/app/AppToaster'
import { ToastAnnouncer } from '@/app/ToastAnnouncer'
import { clearToasts } from '@/components/ui/toast-control'

function renderToasts() {
  render(
    <>
      <AppToaster />
      <ToastAnnouncer />
    </>,
  )
}

describe('toasts for screen readers', () => {
  it('reads errors assertively and the rest politely, with their descriptions', async () => {
    renderToasts()
    act(() => void toast.success('Sorteio atualizado'))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Sorteio atualizado'))
    expect(screen.getByRole('alert')).toHaveTextContent('')

    act(() => void toast.error('Erro ao fazer login', { description: 'E-mail ou senha incorretos.' }))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Erro ao fazer login. E-mail ou senha incorretos.'))
    expect(screen.getByRole('status')).toHaveTextContent('')
  })

  it("silences Sonner's own polite region, so nothing is read twice", () => {
    renderToasts()
    const region = screen.getByRole('region', { name: /Notificações/ })
    expect(region).toHaveAttribute('aria-live', 'off')
  })

  it('forgets a toast once it is gone', async () => {
    renderToasts()
    act(() => void toast.success('Participante adicionado', { duration: 60_000 }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Participante adicionado'))
    act(() => clearToasts())
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(''))
  })

  it('a reveal keeps the toasts that wait for the user (duration Infinity)', async () => {
    renderToasts()
    act(() => void toast('Nova versão disponível', { duration: Infinity }))
    act(() => void toast.success('Participante adicionado', { duration: 60_000 }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Participante adicionado'))
    act(() => clearToasts())
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Nova versão disponível'))
  })
})
