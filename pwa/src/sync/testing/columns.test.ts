import { describe, expect, it } from 'vitest'
import { snapshotVectors } from '@/test/snapshot-vectors'
import { columnsOfTickets } from '@/sync/testing/columns'

// The fake server builds columns as the Go server does.
describe('the fake server columns', () => {
  for (const c of snapshotVectors.cases) {
    it(c.name, () => {
      expect(columnsOfTickets(c.objects)).toEqual(c.columns)
    })
  }
})
