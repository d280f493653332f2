// The draw, algorithm "sorteio-v1" (docs/draw-algorithm.md), in TypeScript: the same function as
// the server's Go implementation (sync/draw), tested against the same vectors
// (sync/testdata/draw/vectors.json). Randomness comes only from the seed's HMAC-SHA256 stream.

export const ALGORITHM = 'sorteio-v1'

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
 * UTF-16 code units is the same as comparing UTF-8 bytes.
 */
export function canonical(pool: readonly DrawTicket[]): DrawTicket[] {
  return [...pool].sort((a, b) => byteCompare(a.id, b.id))
}

/** SHA-256 over each ticket's id, group, ticket number and name, length-prefixed (hex). */
export async function poolDigest(canonicalPool: readonly DrawTicket[]): Promise<string> {
  const parts: Uint8Array[] = []
  let size = 0
  const push = (bytes: Uint8Array | null) => {
    const len = new Uint8Array(4)
    new DataView(len.buffer).setUint32(0, bytes ? bytes.length : 0xffffffff)
    parts.push(len)
    size += 4
    if (bytes) {
      parts.push(bytes)
      size += bytes.length
    }
  }
  for (const t of canonicalPool) {
    push(encoder.encode(t.id))
    push(encoder.encode(t.group_id))
    push(t.ticket_number === null ? null : encoder.encode(t.ticket_number))
    push(encoder.encode(t.name))
  }
  const all = new Uint8Array(size)
  let at = 0
  for (const p of parts) {
    all.set(p, at)
    at += p.length
  }
  return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', all)))
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

export function fromHex(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2)
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16)
  return out
}

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
      const msg = new Uint8Array(ALGORITHM.length + 8)
      msg.set(encoder.encode(ALGORITHM))
      new DataView(msg.buffer).setBigUint64(ALGORITHM.length, this.counter)
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
  if (count > canonicalPool.length) throw new DrawError('fewer tickets than winners')
  const byGroup = new Map<string, number[]>()
  canonicalPool.forEach((t, i) => {
    const list = byGroup.get(t.group_id)
    if (list) list.push(i)
    else byGroup.set(t.group_id, [i])
  })
  if (!allowDuplicates && count > byGroup.size) throw new DrawError('fewer people than winners')
  const alive = new Fenwick(canonicalPool.length)
  const stream = new Stream(seed)
  const winners: DrawTicket[] = []
  while (winners.length < count) {
    const i = alive.kth(await stream.intn(alive.total))
    const w = canonicalPool[i]!
    winners.push(w)
    if (allowDuplicates) alive.remove(i)
    else for (const j of byGroup.get(w.group_id)!) alive.remove(j)
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
