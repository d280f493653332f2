// The shared vectors in sync/testdata/, which the Go tests read too: a file's `cases`.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

export function readCases<T>(path: string): T[] {
  const file = resolve(__dirname, '../../../sync/testdata', path)
  return (JSON.parse(readFileSync(file, 'utf8')) as { cases: T[] }).cases
}
