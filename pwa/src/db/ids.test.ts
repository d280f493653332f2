import { describe, expect, it } from 'vitest'
import { newCode, newId } from '@/db/ids'
import { isUUID } from '@/protocol/validate'

describe('newId', () => {
  it('makes lower-case UUIDv7s carrying the time', () => {
    const id = newId(Date.UTC(2025, 10, 21))
    expect(isUUID(id)).toBe(true)
    expect(id[14]).toBe('7')
    expect('89ab').toContain(id[19])
  })

  it('puts the milliseconds in the first 48 bits', () => {
    const ms = Date.now() + 10 * 86_400_000 // ahead of any id made before, so it is used as given
    const id = newId(ms)
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(ms)
  })

  it('keeps ids of one millisecond (and a clock that went back) in the order they were made', () => {
    const now = Date.now() + 60_000
    const ids = [newId(now), ...Array.from({ length: 2000 }, () => newId(now)), newId(now - 5000)]
    expect(ids.every(isUUID)).toBe(true)
    expect([...ids].sort()).toEqual(ids)
    expect(new Set(ids).size).toBe(ids.length)
  })
})

describe('newCode', () => {
  it('uses only the unambiguous alphabet', () => {
    for (let i = 0; i < 200; i++) expect(newCode()).toMatch(/^[A-HJ-NP-Z2-9]{6}$/)
  })
})
