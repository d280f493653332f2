// The Loteria Federal rules against sync/testdata/draw/federal.json, written by federal.py, an
// implementation of docs/draw-algorithm.md §12 that shares no code with this one or the server's.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { DrawTicket } from '@/protocol/draw'
import { FEDERAL_ALGORITHM, FEDERAL_ALGORITHM_V1, federal, federalAlgorithmOf, RULE_FINAL, RULE_REMAINDER, RULE_UNITS, type FederalRule } from '@/protocol/federal'
import { federalChances } from '@/protocol/federal-chances'
import { FEDERAL_REASONS, FederalError } from '@/protocol/federal-reasons'

interface Vectors {
  algorithm: string
  reasons: Record<string, string>
  cases: {
    name: string
    rule: FederalRule
    prizes: string[]
    winners_count: number
    allow_duplicate_wins: boolean
    pool?: DrawTicket[]
    generate?: { count: number; group_size: number }
    formed?: string
    winners?: { position: number; ticket_id: string; ticket_number: string; line: string }[]
    error?: { code: string; message: string }
  }[]
  chances: { name: string; rule: FederalRule; pool?: DrawTicket[]; generate?: { count: number; group_size: number }; text?: string; error?: { code: string; message: string } }[]
}

const vectors = JSON.parse(readFileSync(resolve(__dirname, '../../../sync/testdata/draw/federal.json'), 'utf8')) as Vectors

/** federal.py's large list: ticket i has id uid((i*7919) mod count), person i div groupSize, number (i*7) mod 100000. */
function generated(count: number, groupSize: number): DrawTicket[] {
  const hex = (n: number) => n.toString(16).padStart(12, '0')
  return Array.from({ length: count }, (_, i) => {
    const g = Math.floor(i / groupSize)
    return {
      id: `0192f0c3-0000-7000-8000-${hex((i * 7919) % count)}`,
      group_id: `0192f0c3-0000-7000-8100-${hex(g)}`,
      ticket_number: String((i * 7) % 100000),
      name: `Pessoa ${g}`,
    }
  })
}

for (const c of [...vectors.cases, ...vectors.chances]) if (c.generate) c.pool = generated(c.generate.count, c.generate.group_size)

function run(c: Vectors['cases'][number], pool = c.pool!) {
  return federal(c.rule, c.prizes, pool, c.winners_count, c.allow_duplicate_wins)
}

describe('Loteria Federal loteria-federal-v2 against the shared vectors', () => {
  it('reads the vectors of this algorithm, with the messages this side gives', () => {
    expect(vectors.algorithm).toBe(FEDERAL_ALGORITHM)
    expect(vectors.cases.length).toBeGreaterThanOrEqual(30)
    expect(FEDERAL_REASONS).toEqual(vectors.reasons)
  })

  for (const c of vectors.cases.filter((c) => !c.error)) {
    it(`finds the winners: ${c.name}`, () => {
      const got = run(c)
      expect(got.formed).toBe(c.formed)
      expect(got.steps.map((s) => ({ position: s.position, ticket_id: s.ticket.id, ticket_number: s.ticket.ticket_number, line: s.line }))).toEqual(c.winners)
    })
  }

  for (const c of vectors.cases.filter((c) => c.error)) {
    it(`refuses: ${c.name}`, () => {
      let err: unknown
      try {
        run(c)
      } catch (e) {
        err = e
      }
      expect(err).toBeInstanceOf(FederalError)
      expect({ code: (err as FederalError).code, message: (err as FederalError).message }).toEqual(c.error)
    })
  }

  it('gives the same winners whatever order the list arrives in, and leaves the input as it was', () => {
    for (const c of vectors.cases.filter((c) => !c.error)) {
      const reversed = [...c.pool!].reverse()
      const before = [...reversed]
      const prizes = [...c.prizes]
      expect(run(c, reversed).steps.map((s) => s.line)).toEqual(run(c).steps.map((s) => s.line))
      expect(reversed).toEqual(before)
      expect(c.prizes).toEqual(prizes)
    }
    // Every case twice, three of them of 60,000 tickets: slow on a busy machine.
  }, 90_000)

  it('shows a typed value with braces as typed, never as a placeholder', () => {
    const pool = [{ id: 'a', group_id: 'g', ticket_number: '1', name: 'Ana' }]
    expect(() => federal({ kind: RULE_FINAL, digits: 0 }, ['{posicao}', '1', '2', '3', '4'], pool, 1, false)).toThrow(
      'O 1º prêmio deve ter 5 algarismos, como a Caixa publica (recebido: “{posicao}”).',
    )
  })

  it('records a round with the first version that has its rule', () => {
    expect([RULE_FINAL, RULE_UNITS, RULE_REMAINDER].map(federalAlgorithmOf)).toEqual([FEDERAL_ALGORITHM_V1, FEDERAL_ALGORITHM_V1, FEDERAL_ALGORITHM])
  })
})

describe("each ticket's chance at the 1st place, against the shared vectors", () => {
  it('reads at least ten lists', () => expect(vectors.chances.length).toBeGreaterThanOrEqual(10))

  for (const c of vectors.chances) {
    it(c.name, () => {
      if (c.text) {
        expect(federalChances(c.rule, c.pool!)).toBe(c.text)
        return
      }
      let err: unknown
      try {
        federalChances(c.rule, c.pool!)
      } catch (e) {
        err = e
      }
      expect(err).toBeInstanceOf(FederalError)
      expect({ code: (err as FederalError).code, message: (err as FederalError).message }).toEqual(c.error)
    })
  }
})
