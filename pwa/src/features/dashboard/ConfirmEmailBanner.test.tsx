import { render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ConfirmEmailBanner } from '@/features/dashboard/ConfirmEmailBanner'
import type { EmailStatus } from '@/lib/email-api'

const LINE = 'Confirme seu e-mail: abra o link que enviamos para o endereço acima.'
const pending = () => new Promise<EmailStatus>(() => {})
const answers = (verified: boolean) => () => Promise.resolve({ verified } as EmailStatus)

describe('ConfirmEmailBanner', () => {
  it('is there at the first render when the session said the address is not proven', () => {
    // The status request has not answered: the line must not wait for it, or it would push the
    // raffles down when it comes (Lighthouse counted that shift, 0.10, on the dashboard).
    render(<ConfirmEmailBanner initiallyUnproven status={pending} resend={vi.fn()} />)
    expect(screen.getByText(LINE)).toBeInTheDocument()
  })

  it('appears when the server says so, the session not having said', async () => {
    render(<ConfirmEmailBanner status={answers(false)} resend={vi.fn()} />)
    expect(screen.queryByText(LINE)).toBeNull()
    expect(await screen.findByText(LINE)).toBeInTheDocument()
  })

  it('goes when the server says the address was proven since', async () => {
    render(<ConfirmEmailBanner initiallyUnproven status={answers(true)} resend={vi.fn()} />)
    await waitFor(() => expect(screen.queryByText(LINE)).toBeNull())
  })
})
