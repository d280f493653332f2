// The PWA's wire types against sync/testdata/wire.json, which Go checks its structs against too: a
// field renamed on one side only fails here or in Go. Each list below must name every key of its
// type (the compiler checks both ways), and every name must be one the server sends or reads.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  OP_TYPES,
  type Change,
  type ChangesPage,
  type DrawWire,
  type FeedEntry,
  type FeedPage,
  type OpResult,
  type PushRequest,
  type RaffleWire,
  type Snapshot,
  type TicketColumnsWire,
  type TicketWire,
  type WinnerWire,
  type WireOp,
} from '@/protocol/wire'

interface Wire {
  op_types: string[]
  shapes: Record<string, string[]>
}

const wire = JSON.parse(readFileSync(resolve(__dirname, '../../../sync/testdata/wire.json'), 'utf8')) as Wire

// Every key of T, unions included.
type Keys<T> = T extends unknown ? keyof T : never

/** The list as written, refused by the compiler unless it names every key of T and nothing else. */
function keysOf<T>() {
  return <const K extends readonly Keys<T>[]>(keys: K & ([Keys<T>] extends [K[number]] ? unknown : { missing: Exclude<Keys<T>, K[number]> })): readonly string[] =>
    keys as readonly string[]
}

type Refused = NonNullable<OpResult['refused']>[number]

// A raffle's fields; a feed entry is a raffle with two more.
const RAFFLE_KEYS = [
  'id',
  'code',
  'title',
  'description',
  'type',
  'status',
  'winners_count',
  'countdown_seconds',
  'allow_duplicate_wins',
  'prizes',
  'alternates_count',
  'drawn_at',
  'created_at',
  'draw_method',
  'federal',
] as const

// Shape names of wire.json, each with the client's type's keys.
const client: Record<string, { keys: readonly string[]; shapes: string[] }> = {
  PushRequest: { keys: keysOf<PushRequest>()(['client_id', 'user_id', 'schema_version', 'ops']), shapes: ['push_request'] },
  WireOp: { keys: keysOf<WireOp>()(['op_id', 'mutation_id', 'raffle_id', 'type', 'base_seq', 'payload']), shapes: ['op'] },
  OpResult: {
    keys: keysOf<OpResult>()(['op_id', 'status', 'seq', 'code', 'renumbered', 'refused', 'reason', 'message']),
    shapes: ['op_result'],
  },
  Refused: { keys: keysOf<Refused>()(['id', 'ticket_number', 'reason']), shapes: ['refused_ticket'] },
  Change: { keys: keysOf<Change>()(['seq', 'op_id', 'type', 'payload', 'at']), shapes: ['change'] },
  ChangesPage: { keys: keysOf<ChangesPage>()(['refetch', 'changes', 'cursor', 'more']), shapes: ['changes_page'] },
  RaffleWire: {
    keys: keysOf<RaffleWire>()(RAFFLE_KEYS),
    shapes: ['raffle'],
  },
  FeedEntry: {
    keys: keysOf<FeedEntry>()([...RAFFLE_KEYS, 'head_seq', 'deleted']),
    shapes: ['feed_entry'],
  },
  FeedPage: { keys: keysOf<FeedPage>()(['raffles', 'cursor', 'more']), shapes: ['feed_page'] },
  TicketWire: {
    keys: keysOf<TicketWire>()(['id', 'name', 'email', 'ticket_number', 'group_id', 'provisional', 'phone', 'created_at']),
    shapes: ['snapshot_ticket'],
  },
  Snapshot: {
    keys: keysOf<Snapshot>()(['raffle', 'head_seq', 'draws', 'winners', 'cursor', 'format', 'tickets', 'participants']),
    shapes: ['snapshot_head', 'snapshot_columns', 'snapshot_objects'],
  },
  TicketColumnsWire: { keys: keysOf<TicketColumnsWire>()(['ids', 'person', 'numbers', 'created_at', 'people']), shapes: ['ticket_columns'] },
  People: { keys: keysOf<TicketColumnsWire['people']>()(['group_ids', 'names', 'emails', 'phones']), shapes: ['people_columns'] },
  DrawWire: {
    keys: keysOf<DrawWire>()([
      'draw_id',
      'kind',
      'positions',
      'client_commitment',
      'server_commitment',
      'pool_digest',
      'pool_size',
      'winners_count',
      'allow_duplicate_wins',
      'alternates_count',
      'alternates',
      'countdown_seconds',
      'started_at',
      'round',
      'abandonable_at',
      'abandoned_at',
      'offline',
      'client_seed',
      'server_seed',
      'seed',
      'completed_at',
      'method',
      'federal',
      'prizes',
      'replaces',
      'replaced_at',
      'replaced_by',
      'device_started_at',
      'device_completed_at',
      'device_clock_offset',
    ]),
    shapes: ['round'],
  },
  WinnerWire: {
    keys: keysOf<WinnerWire>()(['id', 'draw_id', 'position', 'ticket_id', 'is_valid', 'invalidated_at', 'invalidation_reason', 'promoted_at']),
    shapes: ['winner'],
  },
}

describe('the shared wire catalogue', () => {
  it('has the op types of this version, in order', () => {
    expect(OP_TYPES).toEqual(wire.op_types)
  })

  it.each(Object.entries(client))('%s names only fields the server knows', (_name, { keys, shapes }) => {
    const known = new Set(shapes.flatMap((s) => wire.shapes[s] ?? []))
    expect(known.size).toBeGreaterThan(0)
    expect(keys.filter((k) => !known.has(k))).toEqual([])
  })

  // A shape no type of the client covers would be a part of the wire nobody checks here.
  it('covers every shape of the catalogue the device reads or sends', () => {
    const covered = new Set(Object.values(client).flatMap((c) => c.shapes))
    expect(Object.keys(wire.shapes).filter((s) => !covered.has(s))).toEqual(['push_response', 'ticket'])
  })
})
