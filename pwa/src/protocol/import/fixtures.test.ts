// Every shared import fixture (sync/testdata/import/cases.json) through the TypeScript reader; the Go
// reader runs the same cases (sync/importfile). Cases marked browserOnly run in Playwright instead.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ImportError, MAX_IMPORT_BYTES } from '@/protocol/import/messages'
import type { ImportChoice } from '@/protocol/import/columns'
import { readImport } from '@/protocol/import/read'
import { readXlsx } from '@/protocol/import/xlsx'
import { summarisePlan } from '@/protocol/import/summary'

const dir = resolve(__dirname, '../../../../sync/testdata/import')

interface Case {
  name: string
  file: string
  target: { numbered: boolean; people: number; tickets: number; highest: number; taken?: string[] }
  choice?: ImportChoice
  browserOnly?: boolean
  want: Record<string, unknown> & { error?: string }
  /** A spreadsheet past the bounds: at most these bytes inflated and row elements read before the refusal. */
  bounds?: { inflatedBytes: number; rowsRead: number }
}

const { cases } = JSON.parse(readFileSync(resolve(dir, 'cases.json'), 'utf8')) as { cases: Case[] }

describe('import fixtures', () => {
  it("has the cases, and the catalogue's size limit", () => {
    expect(cases.length).toBeGreaterThan(20)
    const catalogue = JSON.parse(readFileSync(resolve(dir, '../catalogue.json'), 'utf8')) as { limits: Record<string, number> }
    expect(catalogue.limits.maxImportBytes).toBe(MAX_IMPORT_BYTES)
  })

  for (const c of cases.filter((x) => !x.browserOnly)) {
    it(`${c.file}: ${c.name}`, async () => {
      const bytes = new Uint8Array(readFileSync(resolve(dir, c.file)))
      if (c.want.error !== undefined) {
        const err = await readImport(c.file, bytes, c.target, c.choice).then(
          () => null,
          (e: unknown) => e,
        )
        expect(err).toBeInstanceOf(ImportError)
        expect((err as Error).message).toBe(c.want.error)
        // Every row left out: the refusal lists them, for the preview.
        if (c.want.skipped !== undefined) expect((err as ImportError).skipped).toEqual(c.want.skipped)
        return
      }
      const read = await readImport(c.file, bytes, c.target, c.choice)
      const summary: Record<string, unknown> = { kind: read.kind, encoding: read.encoding, delimiter: read.delimiter, ...summarisePlan(read.plan) }
      // Only the keys the case names: the column step's fields where a case expects them.
      expect(Object.fromEntries(Object.keys(c.want).map((k) => [k, summary[k]]))).toEqual(c.want)
    })
  }
})

// The same counts as Go's TestSpreadsheetBounds: a bomb is refused having inflated and read no more
// than its case allows (a count, not a time).
describe('spreadsheet bounds', () => {
  const bounded = cases.filter((c) => c.bounds !== undefined)
  it('has the bombs', () => expect(bounded.length).toBeGreaterThanOrEqual(6))
  for (const c of bounded) {
    it(c.file, async () => {
      const stats = { inflated: 0, rows: 0 }
      const err = await readXlsx(new Uint8Array(readFileSync(resolve(dir, c.file))), stats).then(
        () => null,
        (e: unknown) => e,
      )
      expect((err as Error).message).toBe(c.want.error)
      expect(stats.inflated).toBeLessThanOrEqual(c.bounds!.inflatedBytes)
      expect(stats.rows).toBeLessThanOrEqual(c.bounds!.rowsRead)
    })
  }
})
