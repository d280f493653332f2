import 'fake-indexeddb/auto'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createRaffle, updateRaffle } from '@/db/raffles'
import { waitingText } from '@/features/auth/waiting-text'
import { WaitingChanges } from '@/features/auth/WaitingChanges'

describe('changes waiting on the sign-in page', () => {
  it('says the session ended and how many changes wait to be sent', async () => {
    const { id } = await createRaffle('0190d3c4-0000-7000-8000-0000000000a1', { title: 'Rifa', description: '', type: 'simple', winnersCount: 1, countdownSeconds: 0 })
    await updateRaffle('0190d3c4-0000-7000-8000-0000000000a1', id, { title: 'Rifa 2' })
    await updateRaffle('0190d3c4-0000-7000-8000-0000000000a1', id, { title: 'Rifa 3' })
    render(<WaitingChanges />)
    expect(await screen.findByText('Sua sessão terminou; 3 alterações aguardam: entre de novo para enviá-las')).toBeInTheDocument()
    expect(waitingText(1)).toBe('Sua sessão terminou; 1 alteração aguarda: entre de novo para enviá-las')
  })
})
