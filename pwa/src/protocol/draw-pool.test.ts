import { describe, expect, it } from 'vitest'
import type { DrawTicket } from '@/protocol/draw'
import { firstDrawPool, redrawPool } from '@/protocol/draw-pool'

const t = (id: string, group: string): DrawTicket => ({ id, group_id: group, ticket_number: null, name: group })
// Ana holds a1..a3, Bia b1..b2, Caio c1, Duda d1; listed out of canonical order.
const tickets = [t('d1', 'duda'), t('a2', 'ana'), t('b1', 'bia'), t('a1', 'ana'), t('c1', 'caio'), t('b2', 'bia'), t('a3', 'ana')]
const ids = (pool: DrawTicket[]) => pool.map((x) => x.id)

describe('draw pools', () => {
  it('a first draw takes every ticket, in canonical order', () => {
    expect(ids(firstDrawPool(tickets))).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'c1', 'd1'])
  })

  it('a redraw without duplicates leaves out every winner, valid or invalidated, with their groups', () => {
    // a2 won and is valid; c1 won and was invalidated.
    expect(ids(redrawPool(tickets, ['a2', 'c1'], false))).toEqual(['b1', 'b2', 'd1'])
  })

  it('a redraw with duplicates leaves out only the winning tickets', () => {
    expect(ids(redrawPool(tickets, ['a2', 'c1'], true))).toEqual(['a1', 'a3', 'b1', 'b2', 'd1'])
  })

  it('can be empty', () => {
    expect(redrawPool(tickets, ['a1', 'b1', 'c1', 'd1'], false)).toEqual([])
  })
})
