// The one Dexie database of the app. Only the repository modules in src/db touch it; screens read
// through their functions (with useLiveQuery) and every write also appends to the outbox, in one
// transaction, so nothing a user does can be stored without being queued for the server.
import Dexie, { type Table } from 'dexie'

export type RaffleType = 'simple' | 'tickets'
export type RaffleStatus = 'pending' | 'in_progress' | 'completed'

export interface RaffleRow {
  id: string
  ownerId: string
  code: string
  title: string
  description: string
  type: RaffleType
  status: RaffleStatus
  winnersCount: number
  countdownSeconds: number
  allowDuplicateWins: boolean
  drawnAt: number | null
  createdAt: number
}

/** One ticket of one person; a person (group) may hold several. */
export interface ParticipantRow {
  id: string
  raffleId: string
  groupId: string
  name: string
  email: string | null
  ticketNumber: string | null
  createdAt: number
}

/** An op waiting for the server's answer (docs/sync-protocol.md). */
export interface OutboxRow {
  seq?: number
  opId: string
  userId: string
  clientId: string
  mutationId: number
  raffleId: string
  type: string
  payload: unknown
  createdAt: number
  /** The raffle's last server seq this device knew when the op was made (base_seq on the wire). */
  baseSeq?: number
}

/** Where this device is in a raffle's change log on the server. */
export interface SyncStateRow {
  raffleId: string
  /** Opaque position in the raffle's log; '' is its start. */
  cursor: string
  /**
   * The highest seq whose effect this device holds without a gap: pulled, or pushed by this device
   * right after one it held. A feed entry whose head_seq is not above it needs no pull.
   */
  headSeq?: number
}

export interface MetaRow {
  key: string
  value: unknown
}

export class SorteioDB extends Dexie {
  raffles!: Table<RaffleRow, string>
  participants!: Table<ParticipantRow, string>
  outbox!: Table<OutboxRow, number>
  syncState!: Table<SyncStateRow, string>
  meta!: Table<MetaRow, string>

  constructor(name = 'sorteio') {
    super(name)
    this.version(1).stores({
      raffles: 'id, [ownerId+createdAt]',
      // Grouping, counts and search run on these indexes, never on every row in React state.
      participants: 'id, [raffleId+createdAt], [raffleId+groupId], [raffleId+name]',
      outbox: '++seq, userId, [userId+raffleId]',
      syncState: 'raffleId',
      meta: 'key',
    })
    // Version 2 drops [raffleId+name]: no query reads it (search filters the rows in memory), and
    // every index makes each ticket written cost more, which a pull of 100,000 tickets feels.
    // Dexie keeps the rows and the outbox: only the index goes.
    this.version(2).stores({ participants: 'id, [raffleId+createdAt], [raffleId+groupId]' })
  }
}

/** The app's database. Tests make their own with another name (fake-indexeddb). */
export const db = new SorteioDB()
