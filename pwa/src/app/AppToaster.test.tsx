import { act, render, screen, waitFor } from '@testing-library/react'
import { toast } from 'sonner'
import { describe, expect, it } from 'vitest'
import { AppToaster } from '@/app/AppToaster'
import { clearToasts } from '@/components/ui/toast-control'

const region = () => screen.getByRole('region', { name: /Notificações/ })

/** The region's aria-live at the moment each toast is inserted: what a screen reader goes by. */
function politenessOnInsert(): string[] {
  const seen: string[] = []
  new MutationObserver((records) => {
    for (const r of records) {
      for (const node of r.addedNodes) {
        if (node instanceof HTMLElement && node.querySelector('[data-sonner-toast]')) seen.push(region().getAttribute('aria-live')!)
        else if (node instanceof HTMLElement && node.matches('[data-sonner-toast]')) seen.push(region().getAttribute('aria-live')!)
      }
    }
  }).observe(region(), { childList: true, subtree: true })
  return seen
}

describe('toasts for screen readers', () => {
  it('an error is inserted into an assertive region, anything else into a polite one', async () => {
    render(<AppToaster />)
    const seen = politenessOnInsert()
    act(() => void toast.error('Erro ao fazer login', { description: 'E-mail ou senha incorretos.' }))
    expect(await screen.findByText('E-mail ou senha incorretos.')).toBeInTheDocument()
    act(() => void toast.success('Sorteio atualizado'))
    expect(await screen.findByText('Sorteio atualizado')).toBeInTheDocument()
    await waitFor(() => expect(seen).toEqual(['assertive', 'polite']))
    expect(region()).toHaveAttribute('aria-live', 'polite')
  })

  it('a reveal clears passing toasts and keeps those waiting for the user (duration Infinity)', async () => {
    render(<AppToaster />)
    act(() => void toast('Nova versão disponível', { duration: Infinity }))
    act(() => void toast.success('Participante adicionado', { duration: 60_000 }))
    expect(await screen.findByText('Participante adicionado')).toBeInTheDocument()
    act(() => clearToasts())
    await waitFor(() => expect(screen.queryByText('Participante adicionado')).not.toBeInTheDocument())
    expect(screen.getByText('Nova versão disponível')).toBeInTheDocument()
  })
})
