// The one Dexie database of the app. Only the repository modules in src/db touch it; screens read
// through their functions (with useLiveQuery) and every write also appends to the outbox, in one
// transaction, so nothing a user does can be stored without being queued for the server.
import Dexie, { type Table } from 'dexie'
import { DATABASE_NAME, markDatabaseHere } from '@/db/device'
import { chunkLegacyTickets, packChunkRows } from '@/db/ticket-upgrade'
import type { TicketFields } from '@/protocol/snapshot-columns'
import type { Prize } from '@/protocol/prizes'
import type { DeviceTimes } from '@/protocol/device-time'
import type { DrawMethod, FederalSettingsWire, OpType } from '@/protocol/wire'

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
  /** What each position wins (absent on rows stored before prizes existed: none). */
  prizes?: Prize[]
  /** How many alternates the first draw adds after the winners (absent: 0). */
  alternatesCount?: number
  /** 'federal': drawn by the Loteria Federal extraction `federal` names (absent: the seeded draw). */
  drawMethod?: DrawMethod
  federal?: FederalSettingsWire | null
}

/**
 * One ticket of one person; a person (group) may hold several. Stored per ticket up to Dexie
 * version 4; since version 5 tickets live in chunks (TicketChunkRow) and this is the shape the
 * store answers single tickets in.
 */
export interface ParticipantRow {
  id: string
  raffleId: string
  groupId: string
  name: string
  email: string | null
  ticketNumber: string | null
  createdAt: number
  /** E.164; absent or null when none. */
  phone?: string | null
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
/**
 * open: counting down or waiting for the reveal; revealing: this device revealed its seed online and
 * waits for the server's winners; abandoned: the owner gave it up (its device never revealed it).
 */
export type DrawState = 'open' | 'revealing' | 'completed' | 'abandoned'

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
  /**
   * The round's number in its raffle (1, 2, …, abandoned rounds included): a redraw's pool leaves out
   * the winners of every lower number. The server's; a local estimate until its start arrives, and
   * absent from rows stored before rounds were numbered.
   */
  round?: number | null
  /** When the owner may abandon it if it is never revealed (server clock); null until the server says. */
  abandonableAt?: number | null
  /** When it was abandoned (server clock), or null. */
  abandonedAt?: number | null
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
  /** How many alternates a first draw adds after its winners (absent: none, rows before them). */
  alternatesCount?: number
  /** The alternates' ticket ids in order, once completed (absent or null: none). */
  alternates?: string[] | null
  /** An offline round's start and result on its device's clock, once completed (schema version 7; absent: not sent). */
  device?: DeviceTimes | null
  /** 'federal': a list closed for the Loteria Federal extraction `federal`; its five prizes once entered. */
  method?: DrawMethod
  federal?: FederalSettingsWire | null
  prizes?: string[] | null
  /**
   * A corrected Loteria Federal result (draw.correct): the round this one replaces; on the replaced
   * one, the round that replaced it and when (server clock, a local estimate until the server's
   * arrives). A replaced round's winners no longer count and are not in `winners`.
   */
  replaces?: string | null
  replacedBy?: string | null
  replacedAt?: number | null
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
  /** When an alternate was called to the place ('Chamar suplente', id `{drawId}:a{rank}`); absent for a drawn winner. */
  promotedAt?: number | null
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
  /**
   * Set when the reveal was queued: a round is revealed once, even if the server refuses it, except
   * when the refusal is only that the server's countdown had not ended (countdown_running).
   */
  revealed?: boolean
  /** After such a refusal: not revealed again before this local time (Unix ms). */
  retryAfter?: number
  /** When the round was opened on this device's own clock (Unix ms): an offline completion sends it. */
  deviceStartedAt?: number
}

/**
 * An offline round's pool as this device committed to it, kept until its reveal so the draw need
 * not read and rebuild every ticket again: the ids in canonical order, and each ticket's group
 * number (protocol/pool-digest groupNumbersOf). Device-only, like the secret, but in its own table:
 * the secrets are read whole by the app-wide finisher.
 */
export interface DrawPoolRow {
  drawId: string
  raffleId: string
  /** The ids as 16 bytes each (db/round-pool.ts packIds): 1.6 MB for 100,000, written in milliseconds. */
  idBytes?: Uint8Array
  /** Rows written before idBytes: the ids concatenated (36 characters each), 3.6 MB as a string. */
  ids?: string
  groups: Int32Array
}

/**
 * A batch of up to 5,000 tickets of one raffle, one record, column by column (the i-th ticket is
 * ids[i], groups[i], ...). Writing 100,000 tickets is then 20 puts instead of 100,000: IndexedDB
 * costs about a tenth of a millisecond per record and index entry. Tickets inside a chunk are in
 * list order (createdAt, then id). This is the shape the store's code works on; IndexedDB keeps it
 * packed (StoredChunkRow). Only src/db/tickets.ts reads or writes these.
 */
export interface TicketChunkRow extends TicketColumns {
  id: string
  raffleId: string
  /** New with every rewrite: a reader that cached this chunk knows whether it is still right. */
  stamp: string
}

/**
 * A TicketChunkRow as stored since Dexie version 7 (db/chunk-codec.ts packs and unpacks it): each
 * person's group, name and e-mail once, the times as a typed array. IndexedDB then copies about
 * 11,500 values for a chunk of 5,000 tickets of 500 people instead of 30,000.
 */
export interface StoredChunkRow {
  id: string
  raffleId: string
  stamp: string
  ids: string[]
  /** The chunk's people (group, name, e-mail), each once. */
  people: { groups: string[]; names: string[]; emails: (string | null)[]; phones?: (string | null)[] }
  /** Each ticket's entry in people. */
  person: Uint16Array | Uint32Array
  /** Null when no ticket has a number (a simple raffle). */
  numbers: (string | null)[] | null
  createdAt: Float64Array
}

/** Tickets column by column: the i-th ticket is ids[i], groups[i], names[i], ... (a columns snapshot reads into this). */
export type TicketColumns = TicketFields

/** Where a chunk sits in the list, and what it holds, without reading it. */
export interface ChunkEntry {
  id: string
  stamp: string
  size: number
  firstAt: number
  firstId: string
  lastAt: number
  lastId: string
  /** The chunk's highest all-digit ticket number; null when it has none. */
  highest: string | null
}

/** A person's ticket count and the chunks holding their tickets (usually one). */
export interface PersonEntry {
  tickets: number
  chunks: string[]
}

/**
 * What the screens need of a raffle's tickets without reading them: counts, the highest ticket
 * number, and the chunks in list order. Small (a few dozen chunk entries), so the list's change
 * marker and every count read it cheaply. Written in the same transaction as every chunk it
 * describes, with the raffle's TicketPeopleRow.
 */
export interface TicketSummaryRow {
  raffleId: string
  /** New with every write of the raffle's tickets: the list's change marker. */
  stamp: string
  tickets: number
  people: number
  chunks: ChunkEntry[]
  /** The highest all-digit ticket number in the raffle ('010' > '9'); null when there is none. */
  highest: string | null
}

/**
 * Each person's ticket count and chunks, column by column (arrays of strings and numbers read back
 * several times faster than 10,000 small objects): person i is groups[i], with counts[i] tickets in
 * the chunks whose ids chunks[i] lists, comma-separated. Read by writes, removals and the preview.
 */
export interface TicketPeopleRow {
  raffleId: string
  groups: string[]
  counts: number[]
  chunks: string[]
}

/**
 * An op the server refused, kept until the person settles it ('Não enviados'): the op as it was,
 * the reason code and the server's message, and the names it concerns. Written in the transaction
 * that takes the op out of the outbox, so a refused op is always in one of the two.
 */
export interface RefusedRow {
  seq?: number
  userId: string
  raffleId: string
  /** The raffle's title when it was refused: the raffle may be gone since. */
  raffleTitle: string
  opId: string
  type: OpType
  payload: unknown
  createdAt: number
  reason: string
  message: string
  /** The people of a participants.add, each with the ticket numbers the op gave them. */
  people: RefusedPerson[]
  refusedAt: number
}

export interface RefusedPerson {
  name: string
  email: string | null
  numbers: string[]
}

export interface MetaRow {
  key: string
  value: unknown
}

export class SorteioDB extends Dexie {
  raffles!: Table<RaffleRow, string>
  ticketChunks!: Table<StoredChunkRow, string>
  ticketSummaries!: Table<TicketSummaryRow, string>
  ticketPeople!: Table<TicketPeopleRow, string>
  outbox!: Table<OutboxRow, number>
  syncState!: Table<SyncStateRow, string>
  meta!: Table<MetaRow, string>
  draws!: Table<DrawRow, string>
  winners!: Table<WinnerRow, string>
  drawSecrets!: Table<DrawSecretRow, string>
  drawPools!: Table<DrawPoolRow, string>
  refused!: Table<RefusedRow, number>

  constructor(name = DATABASE_NAME) {
    super(name)
    this.version(1).stores({
      raffles: 'id, [ownerId+createdAt]',
      // Versions 1 to 4 kept one row per ticket here; version 6 drops the table (see below).
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
    // Version 5 stores tickets in chunks (TicketChunkRow) with a summary per raffle (TicketSummaryRow,
    // TicketPeopleRow), and moves the
    // per-ticket rows there; version 6 then drops the old table. The outbox is not touched: pending
    // ops keep their payloads and are pushed as before.
    this.version(5)
      .stores({ ticketChunks: 'id, raffleId', ticketSummaries: 'raffleId', ticketPeople: 'raffleId' })
      .upgrade((tx) => chunkLegacyTickets(tx))
    this.version(6).stores({ participants: null })
    // Version 7 packs the chunks (StoredChunkRow). Same tables and indexes; summaries, people rows
    // and the outbox stay as they are.
    this.version(7).upgrade((tx) => packChunkRows(tx))
    // Version 8 keeps the ops the server refused (RefusedRow). A new table only: the outbox and
    // every other row stay as they are.
    this.version(8).stores({ refused: '++seq, userId, [userId+raffleId]' })
    // Read by the entry before anything opens the database (app/boot.ts).
    this.on('ready', () => markDatabaseHere())
  }
}

/** The app's database. Tests make their own with another name (fake-indexeddb). */
export const db = new SorteioDB()
