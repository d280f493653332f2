// The quick draw runs the same public algorithm as organisers' draws (sorteio-v1,
// docs/draw-algorithm.md): each entry of the list is a person (a group) with one ticket, or as many
// as a pasted 'Ana - 3 números' gave, and a fresh seed picks the winners, one person at most once.
import { canonical, pick, type DrawTicket } from '@/protocol/draw'

export const SEED_BYTES = 32

/** 32 bytes from the platform's CSPRNG: the only randomness in the draw. */
export function freshSeed(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(SEED_BYTES))
}

export interface QuickEntry {
  name: string
  /** Tickets (chances) of this person: 1 unless a pasted line said more. */
  quantity: number
}

/**
 * The entries as a pool: ids are the tickets' places and groups the entries' places, zero-padded so
 * the canonical order (by id) is the list order; two equal names are two people.
 */
export function quickPoolOf(entries: readonly QuickEntry[]): DrawTicket[] {
  const total = entries.reduce((n, e) => n + e.quantity, 0)
  const width = Math.max(6, String(Math.max(total, entries.length) - 1).length)
  const pad = (n: number) => String(n).padStart(width, '0')
  const pool: DrawTicket[] = []
  entries.forEach((entry, i) => {
    for (let q = 0; q < entry.quantity; q++) pool.push({ id: pad(pool.length), group_id: pad(i), ticket_number: null, name: entry.name })
  })
  return pool
}

/** The names as a pool of one ticket each (the quick draw before quantities). */
export function quickPool(names: readonly string[]): DrawTicket[] {
  return quickPoolOf(names.map((name) => ({ name, quantity: 1 })))
}

/** The indexes in `entries` of the `count` winners sorteio-v1 gives for this seed, in order drawn. */
export async function drawEntries(entries: readonly QuickEntry[], count: number, seed: Uint8Array): Promise<number[]> {
  const winners = await pick(seed, canonical(quickPoolOf(entries)), count, false)
  return winners.map((t) => Number(t.group_id))
}

/** The index in `names` of the one winner sorteio-v1 gives for this seed. */
export async function drawIndex(names: readonly string[], seed: Uint8Array): Promise<number> {
  const [index] = await drawEntries(
    names.map((name) => ({ name, quantity: 1 })),
    1,
    seed,
  )
  return index!
}
