import { describe, expect, it } from 'vitest'
import { readCases } from '@/test/vectors'
import { normalizeEmail, participantEmail } from '@/protocol/email'
import { checkEmail } from '@/protocol/rules'

// The vectors the Go server is tested with (sync/protocol, and through push on both databases).
type Vector = { name: string; input: string; output?: string; fault?: string; participant?: string }
const vectors = readCases<Vector>('text/emails.json')

describe('the e-mail rule (shared vectors)', () => {
  it('reads the whole file', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(30)
  })

  it.each(vectors.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    const account = normalizeEmail(v.input)
    const participant = participantEmail(v.input)
    if (v.output !== undefined) {
      expect(account).toEqual({ email: v.output, fault: null })
      expect(participant).toEqual({ email: v.output })
      expect(checkEmail(v.input)).toBe(v.output)
      return
    }
    expect(account.fault).toBe(v.fault)
    if (v.participant === 'none') {
      expect(participant).toEqual({ email: '' })
      expect(checkEmail(v.input)).toBeNull()
    } else {
      expect(participant).toEqual({ reason: v.participant })
      expect(() => checkEmail(v.input)).toThrow(expect.objectContaining({ reason: v.participant, field: 'email' }))
    }
  })
})
