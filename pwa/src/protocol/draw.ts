// The draw, algorithm "sorteio-v1" (docs/draw-algorithm.md), in TypeScript: the same function as
// the server's Go implementation (sync/draw), tested against the same vectors
// (sync/testdata/draw/vectors.json). Randomness comes only from the seed's HMAC-SHA256 stream.

import { groupNumbersOf, poolDigestOf, type PoolColumns } from '@/protocol/pool-digest'

export const ALGORITHM = 'sorteio-v2'
/** sorteio-v2 is sorteio-v1 plus alternates; v1's records keep verifying. */
export const ALGORITHM_V1 = 'sorteio-v1'
/** The stream's label: sorteio-v2 keeps v1's, so a draw without alternates gives v1's winners. */
const STREAM_LABEL = ALGORITHM_V1

export interface DrawTicket {
  id: string
  group_id: string
  ticket_number: string | null
  name: string
}

const encoder = new TextEncoder()

const byteCompare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * The pool in canonical order: by ticket id. Ids are ASCII (lower-case UUIDs), so comparing
 * UTF-16 code units is the same as comparing UTF-8 bytes. A pool already in that order (as pools
 * read by id are) is returned as it is: checking is one pass, a sort of 100,000 is not.
 */
export function canonical(pool: DrawTicket[]): DrawTicket[]
export function canonical(pool: readonly DrawTicket[]): readonly DrawTicket[]
export function canonical(pool: readonly DrawTicket[]): readonly DrawTicket[] {
  for (let i = 1; i < pool.length; i++) {
    if (byteCompare(pool[i - 1]!.id, pool[i]!.id) > 0) return [...pool].sort((a, b) => byteCompare(a.id, b.id))
  }
  return pool
}

/** SHA-256 over each ticket's id, group, ticket number and name, length-prefixed (hex). */
export function poolDigest(canonicalPool: readonly DrawTicket[]): Promise<string> {
  return poolDigestOf(columnsOfPool(canonicalPool), identity(canonicalPool.length))
}

/** A pool of tickets as columns, for the column-wise digest (protocol/pool-digest.ts). */
function columnsOfPool(pool: readonly DrawTicket[]): PoolColumns {
  return { ids: pool.map((t) => t.id), groups: pool.map((t) => t.group_id), numbers: pool.map((t) => t.ticket_number), names: pool.map((t) => t.name) }
}

const identity = (n: number) => Array.from({ length: n }, (_, i) => i)

/** The seed of an online draw: SHA-256(client seed ‖ server seed). */
export async function combineSeeds(client: Uint8Array, server: Uint8Array): Promise<Uint8Array> {
  const both = new Uint8Array(client.length + server.length)
  both.set(client)
  both.set(server, client.length)
  return new Uint8Array(await crypto.subtle.digest('SHA-256', both))
}

/** HMAC-SHA256(seed, "sorteio-v1" ‖ uint64_be(counter)) blocks, read as big-endian 32-bit words. */
export class Stream {
  private key: Promise<CryptoKey>
  private counter = 0n
  private words: number[] = []

  constructor(seed: Uint8Array) {
    this.key = crypto.subtle.importKey('raw', seed as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  }

  async uint32(): Promise<number> {
    if (this.words.length === 0) {
      const msg = new Uint8Array(STREAM_LABEL.length + 8)
      msg.set(encoder.encode(STREAM_LABEL))
      new DataView(msg.buffer).setBigUint64(STREAM_LABEL.length, this.counter)
      this.counter++
      const block = new DataView(await crypto.subtle.sign('HMAC', await this.key, msg))
      for (let i = 0; i < 32; i += 4) this.words.push(block.getUint32(i))
    }
    return this.words.shift()!
  }

  /** An unbiased integer in [0, n) by rejection sampling. */
  async intn(n: number): Promise<number> {
    if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError(`intn: ${n}`)
    const limit = 2 ** 32 - (2 ** 32 % n)
    for (;;) {
      const v = await this.uint32()
      if (v < limit) return v % n
    }
  }
}

export class DrawError extends Error {}

/**
 * Draws `count` winners from the canonical pool: each pick takes the intn(alive)-th ticket still
 * in the pool; it leaves the pool with, unless duplicates are allowed, its whole group.
 */
export async function pick(seed: Uint8Array, canonicalPool: readonly DrawTicket[], count: number, allowDuplicates: boolean): Promise<DrawTicket[]> {
  const picked = await pickIndices(seed, groupNumbers(canonicalPool), count, allowDuplicates)
  return picked.map((i) => canonicalPool[i]!)
}

/**
 * Winners, then alternates (sorteio-v2, docs/draw-algorithm.md §5a): one pick of both counts, the
 * same stream and duplicate rule continuing past the last position.
 */
export async function pickWithAlternates(
  seed: Uint8Array,
  canonicalPool: readonly DrawTicket[],
  winners: number,
  alternates: number,
  allowDuplicates: boolean,
): Promise<{ winners: DrawTicket[]; alternates: DrawTicket[] }> {
  const picked = await pick(seed, canonicalPool, winners + alternates, allowDuplicates)
  return { winners: picked.slice(0, winners), alternates: picked.slice(winners) }
}

/** Each ticket's person as a number (0, 1, 2… in order of first appearance), in pool order. */
export function groupNumbers(canonicalPool: readonly DrawTicket[]): Int32Array {
  return groupNumbersOf(
    canonicalPool.map((t) => t.group_id),
    identity(canonicalPool.length),
  )
}

/**
 * The draw over a pool given only by its tickets' group numbers (see groupNumbers): the positions
 * of the winners in the canonical pool. A device that kept just these numbers (and the ids) when a
 * round opened draws without reading the tickets again.
 */
export async function pickIndices(seed: Uint8Array, groups: Int32Array, count: number, allowDuplicates: boolean): Promise<number[]> {
  if (count > groups.length) throw new DrawError('fewer tickets than winners')
  // Tickets of one group are chained (first[g] -> next[i] -> ...): two typed arrays, no lists.
  let people = 0
  for (const g of groups) people = Math.max(people, g + 1)
  if (!allowDuplicates && count > people) throw new DrawError('fewer people than winners')
  const first = new Int32Array(people).fill(-1)
  const next = new Int32Array(groups.length)
  for (let i = groups.length - 1; i >= 0; i--) {
    next[i] = first[groups[i]!]!
    first[groups[i]!] = i
  }
  const alive = new Fenwick(groups.length)
  const stream = new Stream(seed)
  const winners: number[] = []
  while (winners.length < count) {
    const i = alive.kth(await stream.intn(alive.total))
    winners.push(i)
    if (allowDuplicates) alive.remove(i)
    else for (let j = first[groups[i]!]!; j >= 0; j = next[j]!) alive.remove(j)
  }
  return winners
}

/** Counts the tickets still in the pool, so the k-th one is found in O(log n). */
class Fenwick {
  private tree: Int32Array
  private alive: Uint8Array
  total: number
  private step = 1

  constructor(n: number) {
    this.tree = new Int32Array(n + 1)
    this.alive = new Uint8Array(n).fill(1)
    this.total = n
    for (let i = 1; i <= n; i++) {
      this.tree[i]! += 1
      const j = i + (i & -i)
      if (j <= n) this.tree[j]! += this.tree[i]!
    }
    while (this.step * 2 <= n) this.step *= 2
  }

  remove(i: number) {
    if (!this.alive[i]) return
    this.alive[i] = 0
    this.total--
    for (let j = i + 1; j < this.tree.length; j += j & -j) this.tree[j]! -= 1
  }

  kth(k: number): number {
    let pos = 0
    for (let step = this.step; step > 0; step >>= 1) {
      const next = pos + step
      if (next < this.tree.length && this.tree[next]! <= k) {
        pos = next
        k -= this.tree[next]!
      }
    }
    return pos
  }
}
