import { describe, expect, it } from 'vitest'
import {
  ALTERNATE_MS,
  BETWEEN_ALTERNATES_MS,
  BEFORE_DONE_MS,
  BETWEEN_POSITIONS_MS,
  POSITION_MS,
  revealDuration,
  showFrame,
  shuffleName,
  SHUFFLE_TICK_MS,
  type RevealPlan,
} from '@/lib/reveal-timeline'

const T = 1_000_000
const round = { id: 'r1', startedAt: T, countdownEndsAt: T + 10_000 }
const plan: RevealPlan = {
  roundId: 'r1',
  startsAt: T + 10_000,
  winners: [
    { position: 1, name: 'Bruno', ticketNumber: '002' },
    { position: 2, name: 'Carla', ticketNumber: '003' },
    { position: 3, name: 'Davi', ticketNumber: null },
  ],
  names: ['Ana', 'Bruno', 'Carla', 'Davi', 'Edu'],
}

describe('the countdown', () => {
  it('counts whole seconds to the end on the server clock, never above the round length', () => {
    expect(showFrame(round, null, T)).toEqual({ kind: 'countdown', seconds: 10, total: 10 })
    expect(showFrame(round, null, T + 1)).toEqual({ kind: 'countdown', seconds: 10, total: 10 })
    expect(showFrame(round, null, T + 1000)).toEqual({ kind: 'countdown', seconds: 9, total: 10 })
    expect(showFrame(round, null, T + 9_999)).toEqual({ kind: 'countdown', seconds: 1, total: 10 })
    // A device clock ahead of the server's start must not show 11.
    expect(showFrame(round, null, T - 5_000)).toEqual({ kind: 'countdown', seconds: 10, total: 10 })
  })

  it('then waits for the result, and is idle without a round', () => {
    expect(showFrame(round, null, T + 10_000)).toEqual({ kind: 'drawing' })
    expect(showFrame(round, null, T + 60_000)).toEqual({ kind: 'drawing' })
    expect(showFrame(null, null, T)).toEqual({ kind: 'idle' })
  })
})

describe('the reveal', () => {
  const at = (ms: number, reduced = false) => showFrame(round, plan, plan.startsAt + ms, reduced)

  it('shuffles 3000 ms per position, shows the winner for 2000 ms, and says Parabéns 500 ms after the last', () => {
    expect(revealDuration(3)).toBe(3 * POSITION_MS + 2 * BETWEEN_POSITIONS_MS + BEFORE_DONE_MS)
    expect(revealDuration(3)).toBe(13_500)
    expect(at(0)).toMatchObject({ kind: 'reveal', index: 0, shuffling: true, revealed: [] })
    expect(at(2_999)).toMatchObject({ kind: 'reveal', index: 0, shuffling: true, revealed: [] })
    expect(at(3_000)).toMatchObject({ kind: 'reveal', index: 0, shuffling: false, name: 'Bruno' })
    expect(at(4_999)).toMatchObject({ kind: 'reveal', index: 0, shuffling: false, name: 'Bruno' })
    expect(at(5_000)).toMatchObject({ kind: 'reveal', index: 1, shuffling: true })
    expect(at(8_000)).toMatchObject({ kind: 'reveal', index: 1, shuffling: false, name: 'Carla' })
    expect(at(10_000)).toMatchObject({ kind: 'reveal', index: 2, shuffling: true })
    expect(at(13_000)).toMatchObject({ kind: 'reveal', index: 2, shuffling: false, name: 'Davi' })
    expect(at(13_499)).toMatchObject({ kind: 'reveal', index: 2, shuffling: false })
    expect(at(13_500)).toEqual({ kind: 'done', winners: plan.winners, alternates: [] })
    expect(at(1_000_000)).toEqual({ kind: 'done', winners: plan.winners, alternates: [] })
  })

  it('reveals exactly the server winners, in position order, one by one', () => {
    const seen: string[] = []
    for (let ms = 0; ms < revealDuration(3); ms += SHUFFLE_TICK_MS) {
      const frame = at(ms)
      if (frame.kind !== 'reveal') throw new Error(`frame at ${ms}: ${frame.kind}`)
      expect(frame.revealed).toEqual(plan.winners.slice(0, frame.revealed.length))
      if (!frame.shuffling && seen.at(-1) !== frame.name) seen.push(frame.name!)
    }
    expect(seen).toEqual(['Bruno', 'Carla', 'Davi'])
  })

  it('changes the shuffled name every 100 ms, from the pool', () => {
    const names = new Set<string>()
    let last: string | null = null
    for (let ms = 0; ms < POSITION_MS; ms += SHUFFLE_TICK_MS) {
      const frame = at(ms)
      if (frame.kind !== 'reveal' || !frame.shuffling) throw new Error('not shuffling')
      expect(plan.names).toContain(frame.name)
      expect(frame.name).not.toBe(last)
      last = frame.name
      names.add(frame.name!)
      // Within one 100 ms tick the name holds still.
      expect(at(ms + SHUFFLE_TICK_MS - 1)).toEqual(frame)
    }
    expect(names.size).toBeGreaterThan(2)
  })

  it('with reduced motion shows no shuffled names, with the same reveals at the same times', () => {
    for (let ms = 0; ms <= revealDuration(3); ms += 50) {
      const calm = at(ms, true)
      const full = at(ms)
      if (calm.kind === 'reveal' && full.kind === 'reveal') {
        expect(calm.shuffling).toBe(full.shuffling)
        expect(calm.revealed).toEqual(full.revealed)
        expect(calm.name).toBe(calm.shuffling ? null : full.name)
      } else {
        expect(calm).toEqual(full)
      }
    }
  })

  it('shuffles the winners themselves when the pool sample is empty, and handles one name', () => {
    const frame = showFrame(null, { ...plan, names: [] }, plan.startsAt)
    expect(frame.kind === 'reveal' && ['Bruno', 'Carla', 'Davi'].includes(frame.name!)).toBe(true)
    expect(shuffleName(['Só'], 0, 5)).toBe('Só')
    expect(shuffleName([], 0, 5)).toBeNull()
  })

  it('a reveal with no winners goes straight to its end', () => {
    expect(showFrame(null, { ...plan, winners: [] }, plan.startsAt)).toEqual({ kind: 'done', winners: [], alternates: [] })
  })
})

describe('the alternates', () => {
  const withAlternates: RevealPlan = {
    ...plan,
    alternates: [
      { position: 1, name: 'Edu', ticketNumber: '005' },
      { position: 2, name: 'Ana', ticketNumber: '001' },
    ],
  }
  const at = (ms: number) => showFrame(round, withAlternates, plan.startsAt + ms)
  // The third winner lands at 13,000 ms and holds the headline for 2000 ms.
  const first = 15_000

  it('come after the winners, faster, each under its rank, then Parabéns! with both lists', () => {
    expect(revealDuration(3, 2)).toBe(first + 2 * ALTERNATE_MS + BETWEEN_ALTERNATES_MS + BEFORE_DONE_MS)
    expect(at(14_999)).toMatchObject({ kind: 'reveal', stage: 'winners', index: 2, shuffling: false, name: 'Davi' })
    expect(at(first)).toMatchObject({ kind: 'reveal', stage: 'alternates', index: 0, shuffling: true, revealed: plan.winners, alternates: [] })
    expect(at(first + ALTERNATE_MS)).toMatchObject({ kind: 'reveal', stage: 'alternates', index: 0, shuffling: false, name: 'Edu' })
    const second = first + ALTERNATE_MS + BETWEEN_ALTERNATES_MS
    expect(at(second)).toMatchObject({ kind: 'reveal', stage: 'alternates', index: 1, shuffling: true })
    expect(at(second + ALTERNATE_MS)).toMatchObject({ stage: 'alternates', index: 1, shuffling: false, name: 'Ana', alternates: withAlternates.alternates })
    expect(at(second + ALTERNATE_MS + BEFORE_DONE_MS)).toEqual({ kind: 'done', winners: plan.winners, alternates: withAlternates.alternates })
  })

  it('are faster than the winners', () => {
    expect(ALTERNATE_MS + BETWEEN_ALTERNATES_MS).toBeLessThan(POSITION_MS + BETWEEN_POSITIONS_MS)
  })
})
