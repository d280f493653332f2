// The one Dexie database of the app. Only the repository modules in src/db touch it; screens read
// through their functions (with useLiveQuery) and every write also appends to the outbox, in one
// transaction, so nothing a user does can be stored without being queued for the server.
import Dexie, { type Table } from 'dexie'
import type { OpType } from '@/protocol/wire'

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
  type: OpType
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

export type DrawKind = 'draw' | 'redraw'
/** open: counting down or waiting for the reveal; revealing: this device revealed its seed online and waits for the server's winners. */
export type DrawState = 'open' | 'revealing' | 'completed'

/** One round of a raffle's draw: the first draw, or the redraw of one position (docs/sync-protocol.md). */
export interface DrawRow {
  id: string
  raffleId: string
  kind: DrawKind
  positions: number[]
  clientCommitment: string
  /** Null until the server's start arrives. */
  serverCommitment: string | null
  poolDigest: string
  poolSize: number
  winnersCount: number
  allowDuplicateWins: boolean
  countdownSeconds: number
  /** Server clock (Unix ms); a local estimate until the server's arrives. */
  startedAt: number
  state: DrawState
  /**
   * The round's mode, declared by its start and never changed: true when the device that opened it
   * was offline (it draws with its own seed alone). Null while unknown (a round opened elsewhere
   * whose start did not say).
   */
  offline: boolean | null
  clientSeed: string | null
  serverSeed: string | null
  /** The seed the winners were drawn with. */
  seed: string | null
  completedAt: number | null
  /**
   * Whether the server's result matches the commitments this device saw at the start: 'pending'
   * when a completed round came from the server for a round whose server commitment this device
   * already held (checked outside the transaction, see db/draw-check.ts); absent when there is
   * nothing to check.
   */
  resultCheck?: ResultCheck
}

export type ResultCheck = 'pending' | 'ok' | 'mismatch'

/** A winner of one position in one round; invalidated winners stay, marked invalid. */
export interface WinnerRow {
  /** `{drawId}:{position}` */
  id: string
  raffleId: string
  drawId: string
  position: number
  ticketId: string
  isValid: boolean
  invalidatedAt: number | null
  invalidationReason: string | null
}

/**
 * The client seed of a round this device started, kept on this device only (never synced) until
 * it is revealed. Rebuilding a raffle from the server leaves it alone.
 */
export interface DrawSecretRow {
  drawId: string
  raffleId: string
  clientSeed: string
  /** The mode its start declared (absent in secrets kept before modes were declared: online). */
  offline?: boolean
  /** Set when the reveal was queued: a round is revealed once, even if the server refuses it. */
  revealed?: boolean
}

/**
 * An offline round's pool as this device committed to it, kept until its reveal so the draw need
 * not read and rebuild every ticket again: the ids in canonical order, concatenated (each 36
 * characters), and each ticket's group number (protocol/draw groupNumbers). Device-only, like the
 * secret, but in its own table: the secrets are read whole by the app-wide finisher.
 */
export interface DrawPoolRow {
  drawId: string
  raffleId: string
  ids: string
  groups: Int32Array
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
  draws!: Table<DrawRow, string>
  winners!: Table<WinnerRow, string>
  drawSecrets!: Table<DrawSecretRow, string>
  drawPools!: Table<DrawPoolRow, string>

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
    // Version 3 adds the draw (schema version 2 of the protocol). New tables only: the outbox and
    // every other row stay as they are.
    this.version(3).stores({ draws: 'id, raffleId', winners: 'id, raffleId', drawSecrets: 'drawId, raffleId' })
    // Version 4 keeps an offline round's pool until its reveal (DrawPoolRow). A new table only.
    this.version(4).stores({ drawPools: 'drawId, raffleId' })
  }
}

/** The app's database. Tests make their own with another name (fake-indexeddb). */
export const db = new SorteioDB()
