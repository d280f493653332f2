import { describe, expect, it } from 'vitest'
import { readCases } from '@/test/vectors'
import { canonical, type DrawTicket } from '@/protocol/draw'
import { checkFederalSettings, checkFederalTime } from '@/protocol/federal-settings'
import { RuleError } from '@/protocol/rules'
import type { FederalSettingsWire, RaffleWire } from '@/protocol/wire'

// The Loteria Federal's rules over a raffle's state, the same vectors as the server's
// (sync/protocol TestFederalRuleVectors): the reason and the filled message must match exactly.
interface Case {
  name: string
  check: 'settings' | 'close' | 'result'
  raffle?: Pick<RaffleWire, 'type' | 'draw_method' | 'federal'>
  numbers?: (string | null)[]
  federal?: FederalSettingsWire
  now?: number
  want: { reason: string; message: string } | null
}

const cases = readCases<Case>('ops/federal-rules.json')

function outcome(c: Case): { reason: string; message: string } | null {
  try {
    if (c.check === 'settings') {
      const pad = (i: number) => String(i).padStart(6, '0')
      const pool: DrawTicket[] = (c.numbers ?? []).map((n, i) => ({ id: `t${pad(i)}`, group_id: `g${pad(i)}`, ticket_number: n, name: '' }))
      checkFederalSettings(c.raffle!, canonical(pool))
    } else {
      checkFederalTime(c.check, c.federal!, c.now!)
    }
    return null
  } catch (e) {
    if (e instanceof RuleError) return { reason: e.reason, message: e.message }
    throw e
  }
}

describe('Loteria Federal rules (shared vectors)', () => {
  it('reads the whole file', () => {
    expect(cases.length).toBeGreaterThanOrEqual(15)
  })

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(outcome(c)).toEqual(c.want)
  })
})
