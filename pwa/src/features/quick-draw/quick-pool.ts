// The quick draw runs the same public algorithm as organisers' draws (sorteio-v1,
// docs/draw-algorithm.md): each name is a ticket of its own, and a fresh seed picks one.
import { canonical, pick, type DrawTicket } from '@/protocol/draw'

export const SEED_BYTES = 32

/** 32 bytes from the platform's CSPRNG: the only randomness in the draw. */
export function freshSeed(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(SEED_BYTES))
}

/**
 * The names as a pool: the id is the name's place in the list, zero-padded so the canonical order
 * (by id) is the list order; each name is its own group, so two equal names are two tickets.
 */
export function quickPool(names: readonly string[]): DrawTicket[] {
  const width = Math.max(6, String(names.length - 1).length)
  return names.map((name, i) => {
    const id = String(i).padStart(width, '0')
    return { id, group_id: id, ticket_number: null, name }
  })
}

/** The index in `names` of the one winner sorteio-v1 gives for this seed. */
export async function drawIndex(names: readonly string[], seed: Uint8Array): Promise<number> {
  const [winner] = await pick(seed, canonical(quickPool(names)), 1, true)
  return Number(winner!.id)
}
