// The pool digest of sorteio-v1 (docs/draw-algorithm.md): SHA-256 over each ticket's id, group,
// ticket number and name, each length-prefixed (uint32, big-endian; 0xFFFFFFFF for no number), in
// canonical order. Written for 100,000 tickets: the bytes go into one buffer by a plain loop
// (TextEncoder.encodeInto per field is slow at 400,000 fields in Chromium), and the pool is read
// from columns through a list of positions, so no object is made per ticket.
import { sha256Hex } from '@/lib/bytes'

/** A pool column by column: ticket i is ids[i], groups[i], numbers[i], names[i]. */
export interface PoolColumns {
  ids: readonly string[]
  groups: readonly string[]
  numbers: readonly (string | null)[]
  names: readonly string[]
}

const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * The positions of the tickets `keep` accepts (all of them without it), in canonical order: by id.
 * Ids are ASCII, so comparing UTF-16 code units is comparing UTF-8 bytes. Tickets already in that
 * order (UUIDv7 ids made one after another) cost one pass; runs of them (one per chunk) are merged
 * by the engine's sort, which finds runs.
 */
export function canonicalOrder(ids: readonly string[], keep?: (i: number) => boolean): number[] {
  const order: number[] = []
  let sorted = true
  for (let i = 0; i < ids.length; i++) {
    if (keep && !keep(i)) continue
    if (sorted && order.length > 0 && ids[order[order.length - 1]!]! > ids[i]!) sorted = false
    order.push(i)
  }
  if (!sorted) order.sort((a, b) => byteOrder(ids[a]!, ids[b]!))
  return order
}

/**
 * Writes `text` as UTF-8 from `at` and answers where it ends: the bytes TextEncoder gives (a lone
 * surrogate becomes U+FFFD), at most 3 per UTF-16 unit.
 */
function writeUtf8(buf: Uint8Array, at: number, text: string): number {
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i)
    if (c < 0x80) {
      buf[at++] = c
      continue
    }
    if (c < 0x800) {
      buf[at++] = 0xc0 | (c >> 6)
      buf[at++] = 0x80 | (c & 0x3f)
      continue
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const low = i + 1 < text.length ? text.charCodeAt(i + 1) : 0
      if (c <= 0xdbff && low >= 0xdc00 && low <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00)
        i++
        buf[at++] = 0xf0 | (c >> 18)
        buf[at++] = 0x80 | ((c >> 12) & 0x3f)
        buf[at++] = 0x80 | ((c >> 6) & 0x3f)
        buf[at++] = 0x80 | (c & 0x3f)
        continue
      }
      c = 0xfffd
    }
    buf[at++] = 0xe0 | (c >> 12)
    buf[at++] = 0x80 | ((c >> 6) & 0x3f)
    buf[at++] = 0x80 | (c & 0x3f)
  }
  return at
}

/** One length-prefixed field; null (no ticket number) is the length 0xFFFFFFFF alone. */
function writeField(buf: Uint8Array, at: number, text: string | null): number {
  if (text === null) {
    buf[at] = buf[at + 1] = buf[at + 2] = buf[at + 3] = 0xff
    return at + 4
  }
  const end = writeUtf8(buf, at + 4, text)
  const n = end - at - 4
  buf[at] = n >>> 24
  buf[at + 1] = (n >>> 16) & 0xff
  buf[at + 2] = (n >>> 8) & 0xff
  buf[at + 3] = n & 0xff
  return end
}

/** The digest of the tickets at `order` (canonical order, see canonicalOrder), in hex. */
export function poolDigestOf(c: PoolColumns, order: ArrayLike<number>): Promise<string> {
  // Sized once for the worst case (3 bytes per UTF-16 unit, 16 bytes of lengths per ticket).
  let capacity = 0
  for (let k = 0; k < order.length; k++) {
    const i = order[k]!
    capacity += 16 + 3 * (c.ids[i]!.length + c.groups[i]!.length + (c.numbers[i]?.length ?? 0) + c.names[i]!.length)
  }
  const buf = new Uint8Array(capacity)
  let at = 0
  for (let k = 0; k < order.length; k++) {
    const i = order[k]!
    at = writeField(buf, at, c.ids[i]!)
    at = writeField(buf, at, c.groups[i]!)
    at = writeField(buf, at, c.numbers[i] ?? null)
    at = writeField(buf, at, c.names[i]!)
  }
  return sha256Hex(buf.subarray(0, at))
}

/** Each position's person as a number (0, 1, 2… in order of first appearance), in `order`'s order. */
export function groupNumbersOf(groups: readonly string[], order: ArrayLike<number>): Int32Array {
  const numbers = new Map<string, number>()
  const out = new Int32Array(order.length)
  let previous = ''
  let g = -1
  for (let k = 0; k < order.length; k++) {
    const group = groups[order[k]!]!
    // Neighbours are often of one person: no lookup for them.
    if (group !== previous) {
      previous = group
      const known = numbers.get(group)
      if (known === undefined) numbers.set(group, (g = numbers.size))
      else g = known
    }
    out[k] = g
  }
  return out
}
