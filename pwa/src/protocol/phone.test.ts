import { describe, expect, it } from 'vitest'
import { readCases } from '@/test/vectors'
import { formatPhone, normalizePhone, participantPhone } from '@/protocol/phone'
import { checkPhone } from '@/protocol/rules'

// The vectors the Go server is tested with (sync/protocol/phone_test.go).
type Vector = { name: string; input: string; output?: string; display?: string; fault?: string; participant?: string }
const vectors = readCases<Vector>('text/phones.json')

describe('the phone rule (shared vectors)', () => {
  it('reads the whole file', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(40)
  })

  it.each(vectors.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    const got = normalizePhone(v.input)
    const participant = participantPhone(v.input)
    if (v.output !== undefined) {
      expect(got).toEqual({ phone: v.output, fault: null })
      expect(participant).toEqual({ phone: v.output })
      expect(checkPhone(v.input)).toBe(v.output)
      if (v.display) expect(formatPhone(v.output)).toBe(v.display)
      return
    }
    expect(got.fault).toBe(v.fault)
    if (v.participant === 'none') {
      expect(participant).toEqual({ phone: '' })
      expect(checkPhone(v.input)).toBeNull()
    } else {
      expect(participant).toEqual({ reason: v.participant })
      expect(() => checkPhone(v.input)).toThrow(expect.objectContaining({ reason: v.participant, field: 'phone' }))
    }
  })
})
