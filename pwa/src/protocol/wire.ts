// The shapes that travel between the device and the server (docs/sync-protocol.md), snake_case as
// on the wire, and the op types. The TypeScript side of the Go package sync/protocol: no storage,
// no network, so every layer above can share them.

// 2 adds the draw ops, 3 draw.abandon (and the server's countdown), 4 prizes and alternates, 5 the
// Loteria Federal (draw_method, federal; draw.start and draw.complete of its method), 6 draw.correct
// (a Loteria Federal result corrected by a new round), 7 an offline round's times on the device's
// clock (device_started_at, device_completed_at, device_clock_offset in draw.complete); the server
// accepts versions 2 to 6 too, so a device not yet updated keeps syncing.
export const SCHEMA_VERSION = 7

/** Every op type this version makes and applies, in the order docs/sync-protocol.md lists them. */
export const OP_TYPES = [
  'raffle.create',
  'raffle.update',
  'raffle.delete',
  'participants.add',
  'participants.remove_group',
  'draw.start',
  'winner.redraw',
  'draw.complete',
  'winner.invalidate',
  'draw.abandon',
  'winner.promote',
  'draw.correct',
] as const

export type OpType = (typeof OP_TYPES)[number]

/** The ops of a round: its start, completion, correction and abandon, and a winner's changes. */
export type DrawOpType = Extract<OpType, `draw.${string}` | `winner.${string}`>

const isDrawOp = (type: OpType): type is DrawOpType => type.startsWith('draw.') || type.startsWith('winner.')

export const DRAW_OP_TYPES: ReadonlySet<string> = new Set<DrawOpType>(OP_TYPES.filter(isDrawOp))

/** The op types this version can apply; a pulled page with any other is replaced by a snapshot. */
export const KNOWN_OP_TYPES: ReadonlySet<string> = new Set<OpType>(OP_TYPES)

/** An op as it travels in a push. */
export interface WireOp {
  op_id: string
  mutation_id: number
  raffle_id: string
  type: OpType
  base_seq: number
  payload: unknown
}

export type RaffleStatus = 'pending' | 'in_progress' | 'completed'

/** The wire shape of a raffle (as in the ops and the server's snapshot). */
export interface RaffleWire {
  id: string
  code: string
  title: string
  description?: string | null
  type: 'simple' | 'tickets'
  status?: RaffleStatus
  winners_count: number
  countdown_seconds: number
  allow_duplicate_wins?: boolean
  drawn_at?: number | null
  created_at: number
  /** Schema version 4: the prize of each position (none when absent) and the alternates drawn after the winners. */
  prizes?: PrizeWire[] | null
  alternates_count?: number
  /** Schema version 5: 'federal' draws by the Loteria Federal extraction `federal` names (absent: seeded). */
  draw_method?: DrawMethod
  federal?: FederalSettingsWire | null
}

export type DrawMethod = 'seeded' | 'federal'

/** The extraction a Loteria Federal raffle follows (docs/draw-algorithm.md §12). */
export interface FederalSettingsWire {
  concurso: number
  /** Unix ms, a whole minute. */
  extraction_at: number
  rule: string
  digits: number
}

/** What one position wins. */
export interface PrizeWire {
  position: number
  name: string
}

/** One ticket; the tickets of one person share a group_id. */
export interface TicketWire {
  id: string
  name: string
  email?: string | null
  ticket_number?: string | null
  group_id: string
  /** E.164; absent when none (docs/sync-protocol.md, "Phones"). */
  phone?: string | null
  /** The device chose the number itself: on a clash the server gives the next free one. Never pulled. */
  provisional?: boolean
  created_at?: number
}

export type DrawKind = 'draw' | 'redraw'

/** A round as the server logs it (draw.start / winner.redraw merged with draw.complete), and as snapshots carry it. */
export interface DrawWire {
  draw_id: string
  kind: DrawKind
  positions: number[]
  client_commitment: string
  server_commitment?: string | null
  pool_digest: string
  pool_size: number
  winners_count: number
  allow_duplicate_wins: boolean
  countdown_seconds: number
  started_at: number
  /** The round's number in the raffle (servers of schema version 3). */
  round?: number
  /** When the owner may abandon it if it is never revealed (server clock; schema version 3). */
  abandonable_at?: number
  abandoned_at?: number | null
  /** The mode its start declared. */
  offline: boolean
  client_seed?: string | null
  server_seed?: string | null
  seed?: string | null
  completed_at?: number | null
  /** Schema version 4: how many alternates a first draw adds after its winners (absent: none). */
  alternates_count?: number
  /** Its alternates' ticket ids, in order, once completed (absent: none). */
  alternates?: string[] | null
  /** Schema version 5: 'federal' for a list closed for a Loteria Federal extraction, its settings, and the five prizes as entered. */
  method?: DrawMethod
  federal?: FederalSettingsWire | null
  prizes?: string[] | null
  /** Schema version 6: a corrected Loteria Federal result names the round it replaces; the replaced one, when and by which. */
  replaces?: string | null
  replaced_at?: number | null
  replaced_by?: string | null
  /** Schema version 7: an offline round's start and result on its device's clock, and that clock's offset at its last sync (server minus device, ms). */
  device_started_at?: number | null
  device_completed_at?: number | null
  device_clock_offset?: number | null
}

export interface WinnerWire {
  id: string
  draw_id?: string
  position: number
  ticket_id: string
  is_valid?: boolean
  invalidated_at?: number | null
  invalidation_reason?: string | null
  /** When an alternate was called to the place (schema version 4); absent for a drawn winner. */
  promoted_at?: number | null
}

export interface PushRequest {
  client_id: string
  /** The account the ops were made under; the server refuses them under another session. */
  user_id: string
  schema_version: number
  ops: WireOp[]
}

export interface OpResult {
  op_id: string
  status: 'applied' | 'duplicate' | 'rejected'
  seq?: number
  code?: string
  /** How many of a participants.add's provisional numbers the server replaced (not on a duplicate). */
  renumbered?: number
  /** The tickets of an applied participants.add left out because their typed number is taken. */
  refused?: { id: string; ticket_number: string; reason: string }[]
  reason?: string
  message?: string
}

/** One entry of a raffle's log. Its type is a string: a newer server may log types this version does not know. */
export interface Change {
  seq: number
  op_id: string
  type: string
  payload: unknown
  at: number
}

export type ChangesPage = { refetch: true } | { refetch?: false; changes: Change[]; cursor: string; more: boolean }

/** The snapshot format this version asks for (`?format=columns`); servers before it answer objects. */
export const SNAPSHOT_FORMAT = 'columns'

/**
 * A snapshot's tickets column by column (format "columns", docs/sync-protocol.md): ticket i is ids[i],
 * held by people's entry person[i] (a person's group, name and e-mail travel once). created_at holds
 * differences from the previous ticket's time; numbers is null when no ticket has one.
 */
export interface TicketColumnsWire {
  ids: string[]
  person: number[]
  numbers: (string | null)[] | null
  created_at: number[]
  people: { group_ids: string[]; names: string[]; emails: (string | null)[]; phones?: (string | null)[] }
}

interface SnapshotHead {
  raffle: RaffleWire
  head_seq: number
  /** Every round, open or completed (schema version 2; absent from older servers). */
  draws?: DrawWire[]
  winners?: WinnerWire[]
  cursor: string
}

/** A snapshot as a server answers it: columns when it knows the format, else one object per ticket. */
export type Snapshot = SnapshotHead & ({ format: 'columns'; tickets: TicketColumnsWire } | { format?: undefined; participants: TicketWire[] })

export interface FeedEntry extends RaffleWire {
  head_seq: number
  deleted: boolean
}

export interface FeedPage {
  raffles: FeedEntry[]
  cursor: string
  more: boolean
}
