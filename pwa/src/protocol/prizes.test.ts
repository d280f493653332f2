import { describe, expect, it } from 'vitest'
import { gapLabel, mergePrizes, placeLabel, prizeOf, prizesByIndex, shownPrizes } from '@/protocol/prizes'

// The twin of TestPrizesLastWriterWinsPerPosition (sync/protocol/rules_test.go).
describe('prizes', () => {
  it('are last writer wins per position, and keep positions beyond the winners count', () => {
    let p = mergePrizes(
      [],
      [
        { position: 1, name: 'Bicicleta' },
        { position: 3, name: 'Vale' },
      ],
    )
    p = mergePrizes(p, [{ position: 2, name: 'Cesta' }])
    p = mergePrizes(p, [
      { position: 1, name: 'Moto' },
      { position: 3, name: '' },
    ])
    p = mergePrizes(p, [{ position: 4, name: 'Rádio' }])
    expect(p).toEqual([
      { position: 1, name: 'Moto' },
      { position: 2, name: 'Cesta' },
      { position: 4, name: 'Rádio' },
    ])
    expect(shownPrizes(p, 1)).toEqual([{ position: 1, name: 'Moto' }])
    expect(shownPrizes(p, 2)).toHaveLength(2)
    expect(prizeOf(p, 2)).toBe('Cesta')
    expect(prizeOf(p, 3)).toBe('')
  })

  it('label a place with its prize, or as the spec does without one', () => {
    expect(placeLabel(1, 'Bicicleta')).toBe('1º prêmio · Bicicleta')
    expect(placeLabel(2, '')).toBe('2º Lugar')
  })

  it('say an empty place waits for an alternate while one is left, for a new draw once none is', () => {
    expect(gapLabel(2, '', true)).toBe('2º Lugar: aguardando suplente ou novo sorteio')
    expect(gapLabel(2, 'Cesta', true)).toBe('2º prêmio · Cesta: aguardando suplente ou novo sorteio')
    expect(gapLabel(2, '', false)).toBe('2º Lugar: aguardando novo sorteio')
  })
})

// The ata takes one slot per position: a gap stays a gap, a position past the winners is left out.
describe('prizesByIndex', () => {
  it('lists positions 1..winners with null where no prize is set', () => {
    const p = [
      { position: 1, name: 'Bicicleta' },
      { position: 3, name: 'Vale' },
      { position: 4, name: 'Fora' },
    ]
    expect(prizesByIndex(p, 3)).toEqual(['Bicicleta', null, 'Vale'])
    expect(prizesByIndex(undefined, 2)).toEqual([null, null])
  })
})
