import { describe, expect, it } from 'vitest'
import { publicLink, whatsAppLink } from '@/features/manage-raffle/share-link'

describe('share link', () => {
  it('sends the title and the public link to WhatsApp, encoded', () => {
    const link = publicLink('https://rifa.exemplo.com.br', 'K7P2QX')
    expect(link).toBe('https://rifa.exemplo.com.br/sorteio/K7P2QX')
    expect(whatsAppLink('Rifa & bingo da escola', link)).toBe('https://wa.me/?text=Rifa%20%26%20bingo%20da%20escola%0Ahttps%3A%2F%2Frifa.exemplo.com.br%2Fsorteio%2FK7P2QX')
  })
})
