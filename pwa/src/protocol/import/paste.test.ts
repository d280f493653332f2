import { describe, expect, it } from 'vitest'
import { readCases } from '@/test/vectors'
import { isPastedList, readPastedList } from '@/protocol/import/paste'

type Vector = { name: string; input: string; people?: { name: string; quantity: number }[]; leftOut?: { line: number; text: string }[]; error?: string }
const vectors = readCases<Vector>('import/pasted-lists.json')

describe('pasted lists (shared cases)', () => {
  it('reads the whole file', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(15)
  })

  it.each(vectors.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    const got = readPastedList(v.input)
    if (v.error !== undefined) {
      expect({ people: got.people, error: got.error }).toEqual({ people: null, error: v.error })
      return
    }
    expect(got.error).toBeNull()
    expect(got.people?.map(({ name, quantity }) => ({ name, quantity }))).toEqual(v.people)
    // The lines left out (a WhatsApp title), where a case names them; none otherwise.
    expect(got.leftOut).toEqual(v.leftOut ?? [])
  })

  it('takes one line, or one line with blank ones, as a name and not a list', () => {
    expect(isPastedList('Ana Souza')).toBe(false)
    expect(isPastedList('Ana Souza\n\n')).toBe(false)
    expect(isPastedList('Ana\nBia')).toBe(true)
  })
})
