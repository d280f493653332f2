// The text rule applies to imported cells as to typed ones, with the same messages as the server's
// reader (sync/importfile/text_test.go).
import { describe, expect, it } from 'vitest'
import { planImport, type SheetRow } from '@/protocol/import/rows'

const target = { numbered: false, people: 0, tickets: 0, highest: 0 }
const rows = (...cells: string[][]): SheetRow[] => cells.map((c, i) => ({ line: i + 1, cells: c }))

describe('import: the text rule', () => {
  it.each([
    ['a NUL in a name', rows(['nome'], ['Ana'], ['Bia\u0000']), 'Linha 3: O texto tem caracteres não permitidos'],
    ['a bidi override in a name', rows(['nome'], ['An\u202ea']), 'Linha 2: O texto tem caracteres não permitidos'],
    ['a NUL in an e-mail', rows(['nome', 'email'], ['Ana', 'ana@exemplo.com\u0000']), 'Linha 2: O texto tem caracteres não permitidos'],
    ['only invisible characters', rows(['nome'], ['\u200b']), 'Linha 2: Nome é obrigatório'],
  ])('refuses %s with the row', (_, input, message) => {
    expect(() => planImport(input, target)).toThrow(message)
  })

  it('stores names in NFC, trimmed', () => {
    expect(planImport(rows(['nome'], ['Jose\u0301\u200b']), target).names).toEqual(['José'])
  })
})
