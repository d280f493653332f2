import * as XLSX from '@e965/xlsx'
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

  it('writes ticket numbers so Excel keeps their zeros (read back as Excel does, by SheetJS)', () => {
    const csv = toExcelCsv(
      [
        ['Nome', 'Bilhete'],
        ['Ana', '001'],
        ['Bia', '0042'],
        ['Caio', 'A-7'],
      ],
      new Set([1]),
    )
    expect(csv).toBe('\uFEFFNome;Bilhete\r\nAna;="001"\r\nBia;="0042"\r\nCaio;A-7\r\n')
    const book = XLSX.read(csv, { type: 'string' })
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: true })
    expect(rows.map((r) => r[1])).toEqual(['Bilhete', '001', '0042', 'A-7'])
  })

  it('writes phones as texts without the apostrophe, and a text column still refuses formulas', () => {
    const csv = toExcelCsv(
      [
        ['Nome', 'Telefone'],
        ['Ana', '+55 11 91234-5678'],
        ['Bia', '+55 11 •••••-5678'],
        ['Caio', '+1"+HYPERLINK("x")'],
      ],
      new Set([1]),
    )
    expect(csv).toBe('\uFEFFNome;Telefone\r\nAna;="+55 11 91234-5678"\r\nBia;="+55 11 •••••-5678"\r\nCaio;"\'+1""+HYPERLINK(""x"")"\r\n')
    const book = XLSX.read(csv, { type: 'string' })
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: true })
    expect(rows.map((r) => r[1]).slice(0, 3)).toEqual(['Telefone', '+55 11 91234-5678', '+55 11 •••••-5678'])
  })
})
