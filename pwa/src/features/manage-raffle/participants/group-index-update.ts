// The people list after whole people were removed, without grouping 100,000 tickets again: the
// removal budget (the list updated within 100 ms) leaves no room for a full regrouping each time.
import type { TicketColumns } from '@/db/schema'
import { nameKey, type GroupIndex, type ParticipantGroup } from '@/features/manage-raffle/participants/participants-logic'

function sameTicket(a: TicketColumns, i: number, b: TicketColumns, j: number): boolean {
  return (
    a.ids[i] === b.ids[j] &&
    a.groups[i] === b.groups[j] &&
    a.names[i] === b.names[j] &&
    a.emails[i] === b.emails[j] &&
    a.numbers[i] === b.numbers[j] &&
    (a.phones?.[i] ?? null) === (b.phones?.[j] ?? null)
  )
}

/**
 * The index of `after` when it is `before` (the columns `index` was built from) with some people's
 * tickets all gone and nothing else changed; null for any other change (an add, part of a person's
 * tickets, a changed ticket), which the caller groups again. One pass over the tickets, one over
 * the people; the people left keep their objects, except those whose 'Duplicado' changes.
 */
export function indexWithoutRemoved(index: GroupIndex, before: TicketColumns, after: TicketColumns): GroupIndex | null {
  const n = before.ids.length
  const m = after.ids.length
  if (!index.complete || m >= n || index.tickets !== n) return null
  const removed = new Map<string, number>()
  let j = 0
  for (let i = 0; i < n; i++) {
    if (j < m && sameTicket(before, i, after, j)) {
      j++
      continue
    }
    const g = before.groups[i]!
    removed.set(g, (removed.get(g) ?? 0) + 1)
  }
  if (j !== m) return null

  const kept: ParticipantGroup[] = []
  const freedKeys = new Set<string>()
  let found = 0
  for (const group of index.groups) {
    const gone = removed.get(group.id)
    if (gone === undefined) {
      kept.push(group)
      continue
    }
    // Part of a person's tickets went: their count and range change, so group again.
    if (gone !== group.ticketCount) return null
    found++
    if (group.duplicate) freedKeys.add(nameKey(group.name))
  }
  if (found !== removed.size) return null

  // A removed name may leave one person alone with it: their 'Duplicado' goes.
  if (freedKeys.size > 0) {
    const counts = new Map<string, number>()
    const keys = kept.map((group) => (group.duplicate ? nameKey(group.name) : ''))
    for (const key of keys) if (freedKeys.has(key)) counts.set(key, (counts.get(key) ?? 0) + 1)
    kept.forEach((group, i) => {
      const key = keys[i]!
      if (freedKeys.has(key) && counts.get(key) === 1) kept[i] = { ...group, duplicate: false }
    })
  }
  return { groups: kept, people: kept.length, tickets: m, complete: true }
}
