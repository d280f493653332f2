// The shared spreadsheets (sync/testdata/import/sheets.json) through the TypeScript reader; Go's
// TestSheetVectors reads the same files and checks that each is the zip of its parts.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readXlsxSheet } from '@/protocol/import/xlsx'

const dir = resolve(__dirname, '../../../../sync/testdata/import')

interface SheetCase {
  name: string
  file: string
  sheet?: number
  want: { rows?: (number | string)[][]; sheets?: string[]; error?: string }
}

const { cases } = JSON.parse(readFileSync(resolve(dir, 'sheets.json'), 'utf8')) as { cases: SheetCase[] }

describe('shared spreadsheets', () => {
  it('has the cases', () => expect(cases.length).toBeGreaterThan(0))
  for (const c of cases) {
    it(c.name, async () => {
      const bytes = new Uint8Array(readFileSync(resolve(dir, c.file)))
      const got = await readXlsxSheet(bytes, c.sheet ?? 0).then(
        ({ rows, sheets }) => ({ rows: rows.map((r) => [r.line, ...r.cells]), ...(c.want.sheets ? { sheets } : {}) }),
        (e: unknown) => ({ error: (e as Error).message }),
      )
      expect(got).toEqual(c.want)
    })
  }
})
