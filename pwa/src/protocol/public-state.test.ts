import { describe, expect, it } from 'vitest'
import { isSettled } from '@/protocol/public-state'

const round = { round_id: 'r', positions: [1], offline: false, started_at: 1, countdown_ends_at: 2 }

describe('isSettled', () => {
  it('is a completed raffle with no round open, whose state a cache may keep', () => {
    expect(isSettled({ raffle: { status: 'completed' } as never, round: null })).toBe(true)
    expect(isSettled({ raffle: { status: 'completed' } as never, round: round as never })).toBe(false)
    expect(isSettled({ raffle: { status: 'in_progress' } as never, round: round as never })).toBe(false)
    expect(isSettled({ raffle: { status: 'pending' } as never, round: null })).toBe(false)
  })
})
