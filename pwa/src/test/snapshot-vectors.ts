// The columns snapshot's shared vectors (sync/testdata/snapshot/columns.json), read by the tests
// of the PWA's reader, the fake server's writer and the two formats' stored tickets.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { TicketColumnsWire, TicketWire } from '@/protocol/wire'

export type VectorTicket = Required<Omit<TicketWire, 'provisional' | 'phone'>> & { phone?: string | null }

export interface SnapshotVectors {
  cases: { name: string; objects: VectorTicket[]; columns: TicketColumnsWire }[]
  invalid: { name: string; columns: TicketColumnsWire }[]
}

export const snapshotVectors: SnapshotVectors = JSON.parse(readFileSync(resolve(__dirname, '../../../sync/testdata/snapshot/columns.json'), 'utf8'))
