import { describe, expect, it } from 'vitest'
import { planImport, type ImportTarget, type SheetRow } from '@/protocol/import/rows'

// A file imported into a raffle that draws by the Loteria Federal: refused whole, naming the number,
// when the rule cannot read one it names or the import gives (docs/import.md).
const rows = (...cells: string[][]): SheetRow[] => cells.map((c, i) => ({ line: i + 1, cells: c }))
const target = (taken: string[], digits = 0): ImportTarget => ({
  numbered: true,
  people: taken.length,
  tickets: taken.length,
  highest: Math.max(0, ...taken.map(Number).filter(Number.isSafeInteger)),
  taken,
  federal: { kind: 'final-1-premio', digits },
})

describe('an import into a Loteria Federal raffle', () => {
  it('refuses a number with a letter', () => {
    expect(() => planImport(rows(['nome', 'bilhete'], ['Ana', '12'], ['Bia', '1A']), target(['7']))).toThrow(
      'O bilhete “1A” não é só algarismos: na Loteria Federal, cada bilhete precisa de um número só com algarismos.',
    )
  })

  it('refuses the value of a held number', () => {
    expect(() => planImport(rows(['nome', 'bilhete'], ['Ana', '007']), target(['7']))).toThrow('Os bilhetes “7” e “007” são o mesmo número')
  })

  it('refuses numbers the import gives past the rule’s digits', () => {
    expect(() => planImport(rows(['Ana'], ['Bia']), target(['998'], 3))).toThrow('A regra alcança números de até 3 algarismos, mas o maior bilhete, 1000, precisa de 4.')
  })

  it('takes numbers the rule reads', () => {
    expect(planImport(rows(['nome', 'bilhete'], ['Ana', '12'], ['Bia', '']), target(['7'])).numbers).toEqual(['12', '013'])
  })
})
