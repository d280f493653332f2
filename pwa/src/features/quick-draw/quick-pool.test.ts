import { describe, expect, it, vi } from 'vitest'
import { drawIndex, freshSeed, quickPool, SEED_BYTES } from '@/features/quick-draw/quick-pool'

describe('quick draw pool', () => {
  it('makes each name a ticket and group of its own, with ids in list order', () => {
    expect(quickPool(['Ana', 'Ana', 'Bruno'])).toEqual([
      { id: '000000', group_id: '000000', ticket_number: null, name: 'Ana' },
      { id: '000001', group_id: '000001', ticket_number: null, name: 'Ana' },
      { id: '000002', group_id: '000002', ticket_number: null, name: 'Bruno' },
    ])
  })

  it('widens the ids past a million names, so their order stays the list order', () => {
    const ids = quickPool(Array.from({ length: 1_000_001 }, () => 'x')).map((t) => t.id)
    expect(ids[1_000_000]).toBe('1000000')
    expect(ids[0]).toBe('0000000')
  })

  it('picks the index sorteio-v1 gives for the seed (value from the Python reference)', async () => {
    const seed = Uint8Array.from({ length: 32 }, (_, i) => i)
    await expect(drawIndex(['Ana', 'Bruno', 'Carla', 'Davi', 'Eva'], seed)).resolves.toBe(2)
    await expect(drawIndex(['Só eu'], seed)).resolves.toBe(0)
  })

  it('takes a fresh 32-byte seed from crypto.getRandomValues', () => {
    const spy = vi.spyOn(crypto, 'getRandomValues')
    const a = freshSeed()
    expect(a).toHaveLength(SEED_BYTES)
    expect(spy).toHaveBeenCalledTimes(1)
    expect(freshSeed()).not.toEqual(a)
  })
})
