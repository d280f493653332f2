// Shared set-up for this feature's tests (imported only by *.test.ts(x) files).
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

/**
 * The text of sync/testdata/draw/audit-export.json: a raffle's audit record written by the
 * independent Python reference (sync/testdata/draw/generate.py), read by the Go tests too.
 */
export function loadFixture(): string {
  return readFileSync(resolve(__dirname, '../../../../sync/testdata/draw/audit-export.json'), 'utf8')
}

export interface TamperedCase {
  name: string
  record: unknown
  verdict: 'CONFERE' | 'NÃO CONFERE'
  /** Each draw's problems, in order, word for word. */
  problems: string[][]
  /** The record's own problems (its list of winners against its rounds and promotions), word for word. */
  record_problems: string[]
}

/**
 * sync/testdata/draw/records-tampered.json (written by tampered.py, read by the Go tests too): records
 * whose rounds each recompute but whose story may be impossible, with the verdict and problems.
 */
export function loadTampered(): TamperedCase[] {
  const file = readFileSync(resolve(__dirname, '../../../../sync/testdata/draw/records-tampered.json'), 'utf8')
  return (JSON.parse(file) as { cases: TamperedCase[] }).cases
}

export interface RefusedCase {
  name: string
  record: unknown
  verdict: 'CONFERE' | 'NÃO CONFERE'
  /** Each refused round's problems, word for word, and whether its winners were recomputed. */
  refused: { problems: string[]; recomputed: boolean }[]
}

/** sync/testdata/draw/refused-rounds.json (written by refused.py, read by the Go tests too). */
export function loadRefused(): RefusedCase[] {
  const file = readFileSync(resolve(__dirname, '../../../../sync/testdata/draw/refused-rounds.json'), 'utf8')
  return (JSON.parse(file) as { cases: RefusedCase[] }).cases
}
