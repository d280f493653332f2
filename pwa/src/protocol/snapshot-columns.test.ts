import { describe, expect, it } from 'vitest'
import { SnapshotColumnsError, ticketsFromColumns } from '@/protocol/snapshot-columns'
import { snapshotVectors } from '@/test/snapshot-vectors'

// Shared with the server (sync/protocol/snapshot_test.go).
describe('columns snapshot (shared vectors)', () => {
  it('has the cases', () => {
    expect(snapshotVectors.cases.length).toBeGreaterThanOrEqual(4)
    expect(snapshotVectors.invalid.length).toBeGreaterThanOrEqual(6)
  })

  for (const c of snapshotVectors.cases) {
    it(`reads: ${c.name}`, () => {
      const got = ticketsFromColumns(structuredClone(c.columns))
      const objects = got.ids.map((id, i) => ({
        id,
        group_id: got.groups[i],
        name: got.names[i],
        email: got.emails[i],
        ticket_number: got.numbers[i],
        created_at: got.createdAt[i],
        // A phone only where there is one, as the objects format carries it.
        ...(got.phones?.[i] ? { phone: got.phones[i] } : {}),
      }))
      expect(objects).toEqual(c.objects)
      // Every column as long as the ids, with no holes (IndexedDB stores those slot by slot).
      for (const column of Object.values(got)) expect(Object.keys(column)).toHaveLength(c.objects.length)
    })
  }

  for (const c of snapshotVectors.invalid) {
    it(`refuses: ${c.name}`, () => {
      expect(() => ticketsFromColumns(c.columns)).toThrow(SnapshotColumnsError)
    })
  }
})
