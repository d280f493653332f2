import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkTicketNumber, RuleError } from '@/protocol/rules'
import { nextNumber, numberTickets } from '@/protocol/ticket-numbers'

interface Case {
  name: string
  existing: string[]
  numbers: Array<string | null>
  provisional?: number[]
  want?: string[]
  renumbered?: number
  refused?: number[]
  reason?: string
}

const file = resolve(__dirname, '../../../sync/testdata/tickets/numbers.json')
const { cases } = JSON.parse(readFileSync(file, 'utf8')) as { cases: Case[] }

describe('ticket numbers (shared vectors with the server)', () => {
  it('has the cases', () => expect(cases.length).toBeGreaterThanOrEqual(10))

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const tickets = c.numbers.map((n, i) => ({ id: String(i), ticket_number: n, provisional: c.provisional?.includes(i) ?? false }))
    const run = () => numberTickets(tickets, new Set(c.existing)).map((t) => t.ticket_number)
    // The device checks before it queues: a taken typed number refuses the op there (the server,
    // which meets it later, refuses that ticket only).
    if (c.reason || c.refused) {
      expect(run).toThrow(RuleError)
      expect(() => run()).toThrow(expect.objectContaining({ reason: 'ticket_number_taken', field: 'ticketNumber' }))
      expect(c.reason ?? 'ticket_number_taken').toBe('ticket_number_taken')
    } else {
      const got = run()
      expect(got).toEqual(c.want)
      // A renumbered provisional number always changes: the next free one is above it.
      const renumbered = got.filter((n, i) => tickets[i]!.provisional && n !== tickets[i]!.ticket_number).length
      expect(renumbered).toBe(c.renumbered ?? 0)
    }
  })

  it('marks the numbers it fills in as provisional, and only those', () => {
    const out = numberTickets([{ ticket_number: '010' }, { ticket_number: null }], new Set(['001']))
    expect(out).toEqual([{ ticket_number: '010' }, { ticket_number: '011', provisional: true }])
  })

  it('names the taken number in its message', () => {
    expect(() => numberTickets([{ ticket_number: '042' }], new Set(['042']))).toThrow('Já existe o bilhete 042 neste sorteio.')
  })

  it('counts on past 999 and through carries', () => {
    expect(['', '0', '009', '099', '999', '0999', '1234'].map(nextNumber)).toEqual(['001', '001', '010', '100', '1000', '1000', '1235'])
  })
})

// The normal form numbers are stored and compared in: the look-alikes of '001' are '001' or refused.
const normal = resolve(__dirname, '../../../sync/testdata/tickets/normal-form.json')
type Form = { name: string; input: string; output?: string; reason?: string }
const forms = (JSON.parse(readFileSync(normal, 'utf8')) as { cases: Form[] }).cases

describe('the normal form of ticket numbers (shared vectors with the server)', () => {
  it('has the cases', () => expect(forms.length).toBeGreaterThanOrEqual(20))

  it.each(forms.map((c) => [c.name, c] as const))('%s', (_, c) => {
    if (c.output === undefined) {
      expect(() => checkTicketNumber(c.input)).toThrow(expect.objectContaining({ reason: c.reason, field: 'ticketNumber' }))
      return
    }
    expect(checkTicketNumber(c.input)).toBe(c.output)
    expect(checkTicketNumber(c.output)).toBe(c.output)
  })

  it('makes the four look-alikes of 001 one number', () => {
    const typed = ['001', '\uff10\uff101', '0\u200b01', '00\u200d1'].map((n) => {
      try {
        return checkTicketNumber(n)
      } catch (err) {
        return (err as RuleError).reason
      }
    })
    expect(typed).toEqual(['001', '001', 'text_invalid', 'text_invalid'])
  })
})
