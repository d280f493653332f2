import { describe, expect, it } from 'vitest'
import { toExcelCsv } from '@/lib/csv-export'

describe('toExcelCsv', () => {
  it('writes a BOM, ; between fields, CRLF, and quotes what needs it', () => {
    const csv = toExcelCsv([
      ['Nome', 'Email', 'Bilhete'],
      ['Silva; Ana', 'ana@exemplo.com', '001'],
      ['Bruno "Bê"', null, 7],
      ['linha\nnova', '', ''],
    ])
    expect(csv).toBe('\uFEFFNome;Email;Bilhete\r\n"Silva; Ana";ana@exemplo.com;001\r\n"Bruno ""Bê""";;7\r\n"linha\nnova";;\r\n')
  })

  it('never lets a text start a formula', () => {
    expect(toExcelCsv([['=HYPERLINK("x")', '+1', '-2', '@a']])).toBe('\uFEFF"\'=HYPERLINK(""x"")";\'+1;\'-2;\'@a\r\n')
  })
})
