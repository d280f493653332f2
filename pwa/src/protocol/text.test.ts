import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cleanLine, cleanMultiline } from '@/protocol/text'

// The vectors the Go server is tested with (sync/protocol and through push on both databases).
const file = resolve(__dirname, '../../../sync/testdata/text/vectors.json')
type Vector = { name: string; kind: 'line' | 'multiline'; input: string; output?: string; reason?: string }
const vectors = (JSON.parse(readFileSync(file, 'utf8')) as { cases: Vector[] }).cases

describe('the text rule (shared vectors)', () => {
  it('reads the whole file', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(50)
  })

  it.each(vectors.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    const got = v.kind === 'multiline' ? cleanMultiline(v.input) : cleanLine(v.input)
    if (v.output === undefined) {
      expect(v.reason).toBe('text_invalid')
      expect(got).toBeNull()
    } else {
      expect(got).toBe(v.output)
    }
  })
})
