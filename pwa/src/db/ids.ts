// Ids and raffle codes made on the device (docs/sync-protocol.md): UUIDv7 for every entity and op,
// 6-character codes from an alphabet without I, O, 0 and 1, all from the crypto generator.

import { toHex as hex } from '@/lib/bytes'

// The last id made, so ids made in the same millisecond still sort in the order they were made
// (RFC 9562, method 3): tickets of one import share a created_at, and lists order ties by id,
// here and on the server.
let last: Uint8Array | null = null
let lastMs = -1

/** Adds one to the random bits (bytes 6 to 15, skipping the version and variant bits). */
function increment(b: Uint8Array): boolean {
  for (let i = 15; i >= 6; i--) {
    const mask = i === 6 ? 0x0f : i === 8 ? 0x3f : 0xff
    const value = b[i]! & mask
    if (value < mask) {
      b[i] = (b[i]! & ~mask) | (value + 1)
      return true
    }
    b[i] = b[i]! & ~mask
  }
  return false
}

/** A UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, then random bits; increasing on this device. */
export function newId(now = Date.now()): string {
  let b: Uint8Array
  let ms = now
  if (last && ms <= lastMs && increment(last)) {
    b = last
    ms = lastMs
  } else {
    if (last && ms <= lastMs) ms = lastMs + 1
    b = new Uint8Array(16)
    crypto.getRandomValues(b)
    b[6] = (b[6]! & 0x0f) | 0x70
    b[8] = (b[8]! & 0x3f) | 0x80
  }
  last = b
  lastMs = ms
  for (let i = 5; i >= 0; i--) {
    b[i] = ms % 256
    ms = Math.floor(ms / 256)
  }
  const h = hex(b)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** A raffle code; 32 letters, so a byte's low 5 bits pick one without bias. */
export function newCode(): string {
  const b = new Uint8Array(6)
  crypto.getRandomValues(b)
  return Array.from(b, (x) => CODE_ALPHABET[x & 31]).join('')
}
