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
