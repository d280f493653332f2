import { describe, expect, it } from 'vitest'
import { readCases } from '@/test/vectors'
import { checkFederalAdd } from '@/protocol/federal-settings'
import { RuleError } from '@/protocol/rules'
import { numberTickets } from '@/protocol/ticket-numbers'
import type { RaffleWire } from '@/protocol/wire'

// An add to a Loteria Federal raffle, the same vectors as the server's (sync/protocol
// TestFederalAddVectors): refused whole with the reason and the filled message, or the numbers added.
interface Case {
  name: string
  raffle: Pick<RaffleWire, 'type' | 'draw_method' | 'federal'>
  held: string[]
  tickets: { ticket_number: string | null; provisional?: boolean }[]
  want: { reason: string; message: string } | null
  numbers: string[] | null
}

const cases = readCases<Case>('ops/federal-add.json')

function outcome(c: Case): { reason: string; message: string } | string[] {
  try {
    const numbers = numberTickets(c.tickets, new Set(c.held)).map((t) => t.ticket_number ?? null)
    checkFederalAdd(c.raffle, c.held, numbers)
    return numbers as string[]
  } catch (e) {
    if (e instanceof RuleError) return { reason: e.reason, message: e.message }
    throw e
  }
}

describe('an add to a Loteria Federal raffle (shared vectors)', () => {
  it('reads the whole file', () => {
    expect(cases.length).toBeGreaterThanOrEqual(15)
  })

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(outcome(c)).toEqual(c.want ?? c.numbers)
  })
})
