// The concurso against its extraction's date, against sync/testdata/draw/concursos.json, written by
// concursos.py with Python's own calendar; the server reads the same file (sync/draw).
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkConcurso, concursoDateText, concursoMargin, expectedConcurso, REF_CONCURSO } from '@/protocol/federal-concurso'
import { FEDERAL_REASONS, FederalError } from '@/protocol/federal-reasons'

interface Vectors {
  reference: { concurso: number }
  message: string
  dates: { name: string; extraction_at: number; expected: number; margin: number }[]
  concursos: { concurso: number; text: string }[]
  checks: { name: string; concurso: number; extraction_at: number; error?: { code: string; message: string } }[]
}

const v = JSON.parse(readFileSync(resolve(__dirname, '../../../sync/testdata/draw/concursos.json'), 'utf8')) as Vectors

describe('the concurso against its extraction date, against the shared vectors', () => {
  it('reads the reference and the message this side gives', () => {
    expect(v.reference.concurso).toBe(REF_CONCURSO)
    expect(FEDERAL_REASONS.federal_concurso_past).toBe(v.message)
    expect(v.checks.length).toBeGreaterThanOrEqual(8)
  })

  for (const c of v.dates) {
    it(`expects a concurso for a date: ${c.name}`, () => {
      expect([expectedConcurso(c.extraction_at), concursoMargin(c.extraction_at)]).toEqual([c.expected, c.margin])
    })
  }

  for (const c of v.concursos) {
    it(`dates concurso ${c.concurso}`, () => expect(concursoDateText(c.concurso)).toBe(c.text))
  }

  for (const c of v.checks) {
    it(`checks: ${c.name}`, () => {
      let err: unknown = null
      try {
        checkConcurso(c.concurso, c.extraction_at)
      } catch (e) {
        err = e
      }
      if (!c.error) return expect(err).toBeNull()
      expect(err).toBeInstanceOf(FederalError)
      expect({ code: (err as FederalError).code, message: (err as FederalError).message }).toEqual(c.error)
    })
  }
})
