import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Toaster } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { RaffleRow } from '@/db/schema'
import { SharePanel } from '@/features/manage-raffle/SharePanel'

// 'Compartilhar' opens the system's share sheet where the browser has the Web Share API, and is a
// WhatsApp link everywhere else. jsdom has no navigator.share: each test decides whether it does.

const raffle: RaffleRow = {
  id: 'r1',
  ownerId: 'u1',
  code: 'K7P2QX',
  title: 'Rifa & bingo da escola',
  description: '',
  type: 'tickets',
  status: 'pending',
  winnersCount: 1,
  countdownSeconds: 10,
  allowDuplicateWins: false,
  drawnAt: null,
  createdAt: 0,
}
const link = `${window.location.origin}/sorteio/K7P2QX`

function stubShare(share: (data: ShareData) => Promise<void>) {
  Object.defineProperty(navigator, 'share', { value: vi.fn(share), configurable: true })
  return (navigator as Navigator & { share: ReturnType<typeof vi.fn> }).share
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share')
})

function renderPanel() {
  render(
    <>
      <SharePanel raffle={raffle} />
      <Toaster />
    </>,
  )
  return userEvent.setup()
}

describe('SharePanel', () => {
  it("'Compartilhar' hands the title and the public link to the share sheet", async () => {
    const share = stubShare(() => Promise.resolve())
    const user = renderPanel()
    expect(screen.queryByRole('link', { name: 'Compartilhar' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Compartilhar' }))
    expect(share).toHaveBeenCalledOnce()
    expect(share).toHaveBeenCalledWith({ title: 'Rifa & bingo da escola', text: `Rifa & bingo da escola\n${link}`, url: link })
  })

  it('says nothing when the organiser closes the share sheet', async () => {
    const share = stubShare(() => Promise.reject(new DOMException('Share canceled', 'AbortError')))
    const user = renderPanel()
    await user.click(screen.getByRole('button', { name: 'Compartilhar' }))
    expect(share).toHaveBeenCalledOnce()
    // A rejection left unhandled fails the run; a toast or an alert would be an error shown.
    await act(() => share.mock.results[0]!.value.catch(() => {}))
    expect(document.querySelector('[data-sonner-toast]')).toBeNull()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('without the Web Share API it is a WhatsApp link with the title and the link', () => {
    renderPanel()
    expect(screen.queryByRole('button', { name: 'Compartilhar' })).not.toBeInTheDocument()
    const share = screen.getByRole('link', { name: 'Compartilhar' })
    expect(share).toHaveAttribute('href', `https://wa.me/?text=${encodeURIComponent(`Rifa & bingo da escola\n${link}`)}`)
    expect(share).toHaveAttribute('target', '_blank')
  })
})
