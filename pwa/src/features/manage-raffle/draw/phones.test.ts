import { describe, expect, it } from 'vitest'
import { buildGroupIndex, filterGroups, type TicketInput } from '@/features/manage-raffle/participants/participants-logic'
import { whatsAppLink, winnerMessage } from '@/features/manage-raffle/draw/whatsapp'
import { formatPhone, maskPhone } from '@/protocol/phone'

const tickets: TicketInput[] = [
  { id: 't1', groupId: 'g1', name: 'Ana Souza', email: null, ticketNumber: '001', phone: '+5511912345678' },
  { id: 't2', groupId: 'g2', name: 'Bruno Lima', email: 'bruno@exemplo.com', ticketNumber: '002', phone: '+552132345678' },
  { id: 't3', groupId: 'g3', name: 'Carla Dias', email: null, ticketNumber: '003' },
]

describe("the organiser's search finds a phone typed as people write it", () => {
  const index = buildGroupIndex(tickets)
  const names = (term: string) => filterGroups(index, term).map((g) => g.name)

  it.each([
    ['(11) 91234-5678', ['Ana Souza']],
    ['+55 11 91234-5678', ['Ana Souza']],
    ['91234', ['Ana Souza']],
    ['3234-5678', ['Bruno Lima']],
    ['21 3234', ['Bruno Lima']],
  ])('%s', (term, want) => {
    expect(names(term)).toEqual(want)
  })

  it('keeps the phone on the person, and finds names and tickets as before', () => {
    expect(index.groups.map((g) => g.phone)).toEqual(['+5511912345678', '+552132345678', null])
    expect(names('carla')).toEqual(['Carla Dias'])
    expect(names('003')).toEqual(['Carla Dias'])
  })
})

describe("a winner's 'Chamar no WhatsApp'", () => {
  it('opens wa.me with the digits and a ready message naming the place', () => {
    const link = whatsAppLink('+5511912345678', { name: 'Ana Souza', position: 2, title: 'Rifa da Igreja' })
    const url = new URL(link)
    expect(url.origin + url.pathname).toBe('https://wa.me/5511912345678')
    expect(url.searchParams.get('text')).toBe('Olá, Ana Souza! Você foi sorteado(a) no sorteio "Rifa da Igreja": ficou com o 2º lugar. Parabéns!')
  })

  it("names the prize when the position has one ('1º prêmio: Bicicleta'), else the position", () => {
    expect(winnerMessage({ name: 'Bia', position: 1, title: 'Rifa', prize: 'Bicicleta' })).toBe(
      'Olá, Bia! Você foi sorteado(a) no sorteio "Rifa": ficou com o 1º prêmio: Bicicleta. Parabéns!',
    )
    // A blank prize is none.
    expect(winnerMessage({ name: 'Bia', position: 3, title: 'Rifa', prize: '  ' })).toBe('Olá, Bia! Você foi sorteado(a) no sorteio "Rifa": ficou com o 3º lugar. Parabéns!')
    const link = new URL(whatsAppLink('+5511912345678', { name: 'Caio', position: 2, title: 'Rifa & bingo', prize: 'Cesta básica' }))
    expect(link.searchParams.get('text')).toBe('Olá, Caio! Você foi sorteado(a) no sorteio "Rifa & bingo": ficou com o 2º prêmio: Cesta básica. Parabéns!')
  })

  it('says an alternate called to the place was called, not drawn for it', () => {
    expect(winnerMessage({ name: 'Duda', position: 2, title: 'Rifa', prize: 'Cesta básica', promoted: true })).toBe(
      'Olá, Duda! Você foi chamado(a) como suplente no sorteio "Rifa": ficou com o 2º prêmio: Cesta básica. Parabéns!',
    )
  })
})

describe('phones in files', () => {
  it('shows Brazilian numbers grouped and masks all but the codes and the last 4 digits', () => {
    expect(formatPhone('+5511912345678')).toBe('+55 11 91234-5678')
    expect(maskPhone('+5511912345678')).toBe('+55 11 •••••-5678')
    expect(maskPhone('+552132345678')).toBe('+55 21 ••••-5678')
    expect(maskPhone('+351912345678')).toBe('+351•••••5678')
  })
})
