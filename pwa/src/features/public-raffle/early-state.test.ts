import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PublicState } from '@/protocol/public-state'
import { publicState } from '@/features/public-raffle/test-state'

// The early request lives in the module: each test gets a fresh copy.
async function fresh() {
  vi.resetModules()
  return import('@/features/public-raffle/early-state')
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

afterEach(() => vi.restoreAllMocks())

describe('the early public state', () => {
  it('is asked on a public page and on its big screen, by the code in upper case', async () => {
    for (const path of ['/sorteio/abc123', '/sorteio/ABC123/telao', '/sorteio/abc123/']) {
      const { startEarlyState, takeEarlyState } = await fresh()
      const fetchState = vi.fn(async () => publicState())
      expect(startEarlyState(path, fetchState)).toBe(true)
      expect(fetchState).toHaveBeenCalledWith('ABC123')
      expect(takeEarlyState('ABC123')?.code).toBe('ABC123')
    }
  })

  it('is not asked elsewhere', async () => {
    for (const path of ['/', '/sorteio', '/sorteio/abc123/verificar', '/dashboard', '/gerenciar/abc123', '/sorteio/%E0%A4%A']) {
      const { startEarlyState } = await fresh()
      const fetchState = vi.fn(async () => publicState())
      expect(startEarlyState(path, fetchState)).toBe(false)
      expect(fetchState).not.toHaveBeenCalled()
    }
  })

  it("is handed over once, to its own code only, with the answer and the request's own times", async () => {
    const { startEarlyState, takeEarlyState } = await fresh()
    let answer!: (state: PublicState) => void
    // The preload left at 400 and was answered at 450, long before fetch() was called (1,000).
    const timing = vi.fn(() => ({ sentAt: 400, receivedAt: 450 }))
    startEarlyState(
      '/sorteio/abc123',
      () => new Promise((resolve) => (answer = resolve)),
      timing,
      () => 1_000,
    )
    expect(takeEarlyState('XYZ789', () => 1_000)).toBeUndefined()
    const taken = takeEarlyState('ABC123', () => 1_000)
    expect(taken?.code).toBe('ABC123')
    expect(taken?.arrived).toBeUndefined()
    expect(takeEarlyState('ABC123', () => 1_000)).toBeUndefined()
    answer(publicState())
    await settle()
    expect(taken?.arrived).toEqual({ state: publicState(), times: { sentAt: 400, receivedAt: 450 } })
    expect(timing).toHaveBeenCalledWith('/api/public/raffles/ABC123')
  })

  it("without the request's times, the answer carries none (no clock sample is made up)", async () => {
    const { startEarlyState, takeEarlyState } = await fresh()
    startEarlyState(
      '/sorteio/abc123',
      async () => publicState(),
      () => null,
    )
    await settle()
    expect(takeEarlyState('ABC123')?.arrived).toEqual({ state: publicState(), times: null })
  })

  it('is not used once it is older than the limit', async () => {
    const { startEarlyState, takeEarlyState, EARLY_STATE_KEEP_MS } = await fresh()
    startEarlyState(
      '/sorteio/abc123',
      async () => publicState(),
      () => null,
      () => 0,
    )
    expect(takeEarlyState('ABC123', () => EARLY_STATE_KEEP_MS + 1)).toBeUndefined()
  })

  it("a failed request is the taker's to see, and unhandled by nobody", async () => {
    const { startEarlyState, takeEarlyState } = await fresh()
    startEarlyState('/sorteio/abc123', async () => Promise.reject(new Error('offline')))
    await settle()
    const taken = takeEarlyState('ABC123')
    expect(taken?.arrived).toBeUndefined()
    await expect(taken?.answer).rejects.toThrow('offline')
  })
})
