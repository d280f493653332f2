import { describe, expect, it } from 'vitest'
import { namesText, refusalText } from '@/components/refused/refused-text'

describe("the words of 'Não enviados'", () => {
  it('names the people of a refused add, with their numbers, and the reason', () => {
    const row = {
      type: 'participants.add' as const,
      reason: 'ticket_number_taken',
      message: 'Já existe um bilhete com este número neste sorteio.',
      people: [{ name: 'Roberto Lima', email: null, numbers: ['050'] }],
    }
    expect(refusalText(row)).toBe('Roberto Lima (bilhete 050): já existe um bilhete com este número neste sorteio')
  })

  it('says a removed person was removed on another device', () => {
    const row = {
      type: 'participants.add' as const,
      reason: 'group_removed',
      message: 'Este participante foi removido em outro aparelho.',
      people: [{ name: 'Xavier Souza', email: null, numbers: ['005'] }],
    }
    expect(refusalText(row)).toBe('Xavier Souza foi removido em outro aparelho')
  })

  it('names other changes by what they were', () => {
    const row = { type: 'raffle.update' as const, reason: 'draw_started', message: 'O sorteio já começou: não é mais possível alterá-lo.', people: [] }
    expect(refusalText(row)).toBe('Alteração das configurações: o sorteio já começou: não é mais possível alterá-lo')
  })

  it('copies one name a line, with the e-mail when there is one', () => {
    expect(
      namesText({
        people: [
          { name: 'Ana', email: 'ana@exemplo.com', numbers: [] },
          { name: 'Bia', email: null, numbers: ['002'] },
        ],
      }),
    ).toBe('Ana <ana@exemplo.com>\nBia')
  })
})
