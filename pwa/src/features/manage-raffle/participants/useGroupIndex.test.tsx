import 'fake-indexeddb/auto'
import { renderHook, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { addPeople } from '@/db/participants'
import type { GroupIndex } from '@/features/manage-raffle/participants/participants-logic'
import { makeRaffle, resetDb } from '@/features/manage-raffle/test-fixtures'
import { useGroupIndex } from '@/features/manage-raffle/participants/useGroupIndex'
import { testUser } from '@/test/render'

beforeEach(resetDb)

describe('useGroupIndex', () => {
  it('shows a raffle that fills up while its list is empty from a preview first (a new device), then the whole index', async () => {
    const raffle = await makeRaffle({ type: 'simple' })
    const seen: GroupIndex[] = []
    let emptyRenders = 0
    renderHook(() => {
      const index = useGroupIndex(raffle.id)
      if (index && seen.at(-1) !== index) seen.push(index)
      if (index?.people === 0) emptyRenders++
      return index
    })
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ people: 0, complete: true }))
    const emptyBefore = emptyRenders

    // Two chunks (one holds 5,000 tickets): a raffle of one chunk is read whole at once.
    await addPeople(
      testUser.id,
      raffle.id,
      Array.from({ length: 600 }, (_, i) => ({ name: `Pessoa ${i}`, quantity: 10 })),
    )
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ people: 600, tickets: 6000, complete: true }))
    const after = seen.slice(seen.findIndex((i) => i.people === 600))
    // The first page and the totals before the whole list is grouped.
    expect(after[0]).toMatchObject({ people: 600, tickets: 6000, complete: false })
    expect(after[0]!.groups).toHaveLength(100)
    expect(after.at(-1)!.groups).toHaveLength(600)
    // The first page came with the change marker: no render showed the empty list after the add.
    expect(emptyRenders).toBe(emptyBefore)
  })

  it('keeps the list on screen while a later change is grouped: no preview once people are shown', async () => {
    const raffle = await makeRaffle({ type: 'simple' }, [{ name: 'Ana', quantity: 1 }])
    const seen: GroupIndex[] = []
    renderHook(() => {
      const index = useGroupIndex(raffle.id)
      if (index && seen.at(-1) !== index) seen.push(index)
      return index
    })
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ people: 1, complete: true }))
    const shown = seen.length
    await addPeople(
      testUser.id,
      raffle.id,
      Array.from({ length: 250 }, (_, i) => ({ name: `Pessoa ${i}`, quantity: 1 })),
    )
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ people: 251, complete: true }))
    expect(seen.slice(shown).every((i) => i.complete)).toBe(true)
  })
})
