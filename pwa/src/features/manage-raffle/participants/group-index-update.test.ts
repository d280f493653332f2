import { describe, expect, it } from 'vitest'
import type { TicketColumns } from '@/db/schema'
import { indexWithoutRemoved } from '@/features/manage-raffle/participants/group-index-update'
import { buildGroupIndex } from '@/features/manage-raffle/participants/participants-logic'

function columns(tickets: Array<[id: string, group: string, name: string, number: string | null]>): TicketColumns {
  return {
    ids: tickets.map((t) => t[0]),
    groups: tickets.map((t) => t[1]),
    names: tickets.map((t) => t[2]),
    emails: tickets.map(() => null),
    numbers: tickets.map((t) => t[3]),
    createdAt: tickets.map(() => 1),
  }
}

const without = (c: TicketColumns, keep: (i: number) => boolean): TicketColumns => {
  const at = c.ids.map((_, i) => i).filter(keep)
  return {
    ids: at.map((i) => c.ids[i]!),
    groups: at.map((i) => c.groups[i]!),
    names: at.map((i) => c.names[i]!),
    emails: at.map((i) => c.emails[i]!),
    numbers: at.map((i) => c.numbers[i]!),
    createdAt: at.map((i) => c.createdAt[i]!),
  }
}

const before = columns([
  ['t1', 'ana', 'Ana', '001'],
  ['t2', 'bia', 'Bia', '002'],
  ['t3', 'ana', 'Ana', '003'],
  ['t4', 'outra-ana', 'ana ', '004'],
  ['t5', 'caio', 'Caio', null],
  ['t6', 'bia', 'Bia', '010'],
])

describe('indexWithoutRemoved', () => {
  it('gives what grouping again gives when whole people go, the Duplicado badge included', () => {
    const index = buildGroupIndex(before)
    expect(index.groups.find((g) => g.id === 'outra-ana')!.duplicate).toBe(true)
    for (const gone of [['ana'], ['bia'], ['ana', 'caio'], ['outra-ana', 'bia']]) {
      const after = without(before, (i) => !gone.includes(before.groups[i]!))
      expect(indexWithoutRemoved(index, before, after)).toEqual(buildGroupIndex(after))
    }
  })

  it('answers null for any other change, so the caller groups again', () => {
    const index = buildGroupIndex(before)
    // Part of a person's tickets.
    expect(
      indexWithoutRemoved(
        index,
        before,
        without(before, (i) => i !== 2),
      ),
    ).toBeNull()
    // An add.
    expect(
      indexWithoutRemoved(
        index,
        before,
        columns([
          ...before.ids.map((id, i) => [id, before.groups[i]!, before.names[i]!, before.numbers[i]!] as [string, string, string, string | null]),
          ['t7', 'novo', 'Novo', null],
        ]),
      ),
    ).toBeNull()
    // A person gone and another's ticket changed.
    const changed = without(before, (i) => before.groups[i] !== 'caio')
    changed.names[0] = 'Ana Maria'
    expect(indexWithoutRemoved(index, before, changed)).toBeNull()
  })
})
