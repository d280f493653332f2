// Opening a round at the largest allowed raffle (10,000 people, 100,000 tickets), step by step:
// the canonical order, the pool digest, the pool kept for an offline draw. Run with
// `npx vitest bench src/db/round-pool.bench.ts` from pwa/ (not part of `npm test`).
import { bench, describe } from 'vitest'
import { keptPool, poolOrder } from '@/db/round-pool'
import type { TicketColumns } from '@/db/schema'
import { poolDigest, type DrawTicket } from '@/protocol/draw'
import { canonicalOrder, poolDigestOf } from '@/protocol/pool-digest'

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0')

/** 20 chunks of 5,000 in list order: ids in order inside each, overlapping between neighbours. */
function bigRaffle(): TicketColumns {
  const c: TicketColumns = { ids: [], groups: [], names: [], emails: [], numbers: [], createdAt: [] }
  for (let chunk = 0; chunk < 20; chunk++) {
    for (let t = 0; t < 5000; t++) {
      const i = chunk * 5000 + t
      const p = Math.floor(i / 10)
      c.ids.push(`0192f0c1-${hex(chunk * 4800 + t, 4)}-7000-8000-${hex(i * 7919, 12)}`)
      c.groups.push(`0192f0c1-0000-7000-8100-${hex(p, 12)}`)
      c.names.push(`Pessoa ${p} da Conceição`)
      c.emails.push(null)
      c.numbers.push(String(i + 1).padStart(6, '0'))
      c.createdAt.push(chunk)
    }
  }
  return c
}

const columns = bigRaffle()
const order = canonicalOrder(columns.ids)
const tickets: DrawTicket[] = order.map((i) => ({ id: columns.ids[i]!, group_id: columns.groups[i]!, ticket_number: columns.numbers[i] ?? null, name: columns.names[i]! }))

describe('opening a round over 100,000 tickets', () => {
  bench('canonical order (20 sorted runs)', () => {
    canonicalOrder(columns.ids)
  })
  bench('pool digest from the columns', async () => {
    await poolDigestOf(columns, order)
  })
  bench('pool digest from ticket objects', async () => {
    await poolDigest(tickets)
  })
  bench('pool kept for the offline draw (ids packed, group numbers)', () => {
    keptPool('d', 'r', { columns, order: poolOrder('draw', false, columns, []), fingerprint: '' })
  })
})
