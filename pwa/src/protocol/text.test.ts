import { describe, expect, it } from 'vitest'
import { readCases } from '@/test/vectors'
import { cleanLine, cleanMultiline } from '@/protocol/text'

// The vectors the Go server is tested with (sync/protocol and through push on both databases).
type Vector = { name: string; kind: 'line' | 'multiline'; input: string; output?: string; reason?: string }
const vectors = readCases<Vector>('text/vectors.json')

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
