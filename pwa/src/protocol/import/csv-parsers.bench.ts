// The CSV parser chosen by measurement (docs/bench/2026-11-23.md): 100,000 rows of 'name;email;quantity'
// with quoted names, as Excel pt-BR writes them. uDSV is the faster of the two, but on ragged rows
// (a blank line, a row with fewer fields) it merges or drops them, so the import uses PapaParse.
import Papa from 'papaparse'
import { inferSchema, initParser } from 'udsv'
import { bench, describe } from 'vitest'

const rows = Array.from({ length: 100_000 }, (_, i) => `"Participante ${i}, Silva";p${i}@exemplo.com.br;${(i % 7) + 1}`)
const text = 'nome;email;quantidade\r\n' + rows.join('\r\n') + '\r\n'

describe('CSV, 100,000 rows', () => {
  bench('PapaParse', () => {
    Papa.parse<string[]>(text, { delimiter: ';', skipEmptyLines: false })
  })
  bench('uDSV', () => {
    initParser(inferSchema(text, { col: ';' })).stringArrs(text)
  })
})
