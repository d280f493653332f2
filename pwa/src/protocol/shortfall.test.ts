import { describe, expect, it } from 'vitest'
import { drawShortfall } from '@/protocol/rules'

const raffle = (winnersCount: number, alternatesCount: number, allowDuplicateWins = false, type = 'tickets') => ({ winnersCount, alternatesCount, allowDuplicateWins, type })
const message = (r: ReturnType<typeof raffle>, tickets: number, people: number) => drawShortfall(r, tickets, people)?.message

describe('what a first draw lacks, as the start button says it', () => {
  it("keeps the spec's sentence without alternates", () => {
    expect(message(raffle(3, 0, true), 2, 2)).toBe('Você precisa de pelo menos 3 bilhete(s) para realizar o sorteio. Atualmente há 2.')
    expect(message(raffle(3, 0), 5, 2)).toBe('Para sortear 3 vencedor(es) sem repetir pessoas, são necessários pelo menos 3 participante(s) diferentes. Atualmente há 2.')
  })

  it('names winners and alternates apart, and says how many are missing', () => {
    expect(message(raffle(2, 5, true), 4, 4)).toBe('Você precisa de pelo menos 7 bilhete(s) para sortear 2 vencedor(es) e 5 suplente(s). Atualmente há 4: faltam 3.')
    expect(message(raffle(2, 5, true, 'simple'), 6, 6)).toBe('Você precisa de pelo menos 7 participante(s) para sortear 2 vencedor(es) e 5 suplente(s). Atualmente há 6: falta 1.')
    expect(drawShortfall(raffle(2, 5), 9, 5)).toMatchObject({
      reason: 'not_enough_people',
      message: 'Para sortear 2 vencedor(es) e 5 suplente(s) sem repetir pessoas, são necessários pelo menos 7 participante(s) diferentes. Atualmente há 5: faltam 2.',
    })
  })

  it('has nothing to say when the pool holds winners and alternates', () => {
    expect(drawShortfall(raffle(2, 5), 7, 7)).toBeNull()
    expect(drawShortfall(raffle(2, 5, true), 7, 1)).toBeNull()
  })
})
