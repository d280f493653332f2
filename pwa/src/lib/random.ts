// Uniform random choice from the browser's cryptographic generator. Math.random is banned in this
// project (ESLint rule): it is predictable and not meant for anything people must be able to trust.

/** Fills the array with random bytes, like crypto.getRandomValues. Tests pass a deterministic one. */
export type RandomSource = (bytes: Uint8Array) => void

const cryptoSource: RandomSource = (bytes) => {
  crypto.getRandomValues(bytes)
}

const RANGE = 2 ** 32
// With a limit that is a multiple of n, a value is rejected with probability below 1/2, so 64 misses
// in a row (chance below 2^-64) can only mean a broken source.
const MAX_ATTEMPTS = 64

function readUint32(source: RandomSource): number {
  const bytes = new Uint8Array(4)
  source(bytes)
  return ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0
}

/**
 * Returns an integer in [0, n), every value equally likely.
 * A 32-bit value v is accepted only below the largest multiple of n that fits in 2^32 (rejection
 * sampling); taking v % n of any v would favour the smallest results.
 */
export function randomIndex(n: number, source: RandomSource = cryptoSource): number {
  if (!Number.isInteger(n) || n < 1 || n > RANGE) {
    throw new RangeError(`randomIndex: n must be an integer from 1 to 2^32, got ${n}`)
  }
  const limit = RANGE - (RANGE % n)
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const value = readUint32(source)
    if (value < limit) return value % n
  }
  throw new Error('randomIndex: the random source keeps returning out-of-range values')
}

/** One element of a non-empty list, chosen uniformly at random. */
export function pickOne<T>(items: readonly T[], source: RandomSource = cryptoSource): T {
  if (items.length === 0) throw new RangeError('pickOne: the list is empty')
  return items[randomIndex(items.length, source)]!
}
