import { describe, expect, it } from 'vitest'
import type { DrawRow } from '@/db/schema'
import { announceAt, initialShow, nextShowState, resultFrame, sampleNames, type ShowInputs } from '@/features/manage-raffle/draw/organiser-show'

const T = 1_763_900_000_000

function round(state: DrawRow['state'], extra: Partial<DrawRow> = {}): DrawRow {
  return {
    id: 'r1',
    raffleId: 'f1',
    kind: 'draw',
    positions: [1, 2],
    clientCommitment: 'c',
    serverCommitment: 's',
    poolDigest: 'd',
    poolSize: 5,
    winnersCount: 2,
    allowDuplicateWins: false,
    countdownSeconds: 10,
    startedAt: T,
    state,
    offline: false,
    clientSeed: null,
    serverSeed: null,
    seed: null,
    completedAt: state === 'completed' ? T + 10_400 : null,
    ...extra,
  }
}

const winner = (position: number, name: string, drawId = 'r1') => ({
  id: `${drawId}:${position}`,
  drawId,
  position,
  ticketNumber: String(position).padStart(3, '0'),
  name,
  email: null,
  isValid: true,
  invalidatedAt: null,
  invalidationReason: null,
})

const inputs = (rounds: DrawRow[], extra: Partial<ShowInputs> = {}): ShowInputs => ({
  rounds,
  winners: rounds.some((r) => r.state === 'completed') ? [winner(2, 'Carla'), winner(1, 'Bruno')] : [],
  alternates: [{ rank: 1, ticketId: 't5', name: 'Edu', email: null, phone: null, ticketNumber: '005', calledTo: null }],
  prizes: [{ position: 1, name: 'Bicicleta' }],
  names: ['Ana', 'Bruno', 'Carla'],
  ...extra,
})

describe("the organiser's reveal", () => {
  it('plays a round this tab saw open from the time the server recorded it, winners then alternates', () => {
    const watching = nextShowState(initialShow, inputs([round('open')]))
    expect(watching.plan).toBeNull()
    const waiting = nextShowState(watching, inputs([round('revealing')]))
    expect(waiting).toBe(watching)
    const drawn = nextShowState(waiting, inputs([round('completed')]))
    expect(drawn.plan).toEqual({
      roundId: 'r1',
      startsAt: T + 10_400,
      winners: [
        { position: 1, name: 'Bruno', ticketNumber: '001', prize: 'Bicicleta' },
        { position: 2, name: 'Carla', ticketNumber: '002', prize: '' },
      ],
      alternates: [{ position: 1, name: 'Edu', ticketNumber: '005' }],
      names: ['Ana', 'Bruno', 'Carla'],
    })
    // Played once: the next read of the same rounds changes nothing.
    expect(nextShowState(drawn, inputs([round('completed')]))).toBe(drawn)
  })

  it('never starts before the countdown ends, and a redraw is revealed alone, in step too', () => {
    const early = nextShowState(nextShowState(initialShow, inputs([round('open')])), inputs([round('completed', { completedAt: T + 9_000 })]))
    expect(early.plan?.startsAt).toBe(T + 10_000)
    const redraw = round('open', { id: 'r2', kind: 'redraw', positions: [2], startedAt: T + 60_000, countdownSeconds: 0 })
    const watching = nextShowState(initialShow, inputs([round('completed'), redraw]))
    const done = { ...redraw, state: 'completed' as const, completedAt: T + 60_200 }
    const next = nextShowState(watching, inputs([round('completed'), done], { winners: [winner(1, 'Bruno'), winner(2, 'Davi', 'r2')] }))
    expect(next.plan).toEqual({
      roundId: 'r2',
      startsAt: T + 60_200,
      winners: [{ position: 2, name: 'Davi', ticketNumber: '002', prize: '' }],
      alternates: [],
      names: ['Ana', 'Bruno', 'Carla'],
    })
  })

  it('shows a round completed before the tab opened at once, without a reveal', () => {
    expect(nextShowState(initialShow, inputs([round('completed')])).plan).toBeNull()
    expect(resultFrame({ status: 'completed', prizes: [] }, inputs([round('completed')]))).toMatchObject({ kind: 'done' })
    expect(resultFrame({ status: 'pending', prizes: [] }, undefined)).toBeNull()
  })

  it("holds a result's toast until its reveal here ends, and no longer than that", () => {
    const watching = nextShowState(initialShow, inputs([round('open')]))
    // Not read yet, or read without its winners: the reveal is still to come.
    expect(announceAt('r1', watching, [round('open')], 0)).toBeNull()
    expect(announceAt('r1', watching, [round('completed')], 0)).toBeNull()
    // Played: two places (3 s each, 2 s between) and one alternate (2 s, then 1.2 s), then 0.5 s to
    // 'Parabéns!'; on this device's clock, 1.5 s behind the server's.
    const drawn = nextShowState(watching, inputs([round('completed')]))
    expect(announceAt('r1', drawn, [round('completed')], 1500)).toBe(T + 10_400 + 8000 + 3200 + 500 - 1500)
    // Skipped or closed: at once.
    expect(announceAt('r1', { ...drawn, plan: null }, [round('completed')], 0)).toBe(-Infinity)
    // Completed before the tab saw it open: no reveal here, so at once, as before.
    expect(announceAt('r1', initialShow, [round('completed')], 0)).toBe(-Infinity)
  })

  it('shuffles through at most 50 names spread over the list', () => {
    const names = Array.from({ length: 1000 }, (_, i) => `P${i}`)
    const sample = sampleNames(names)
    expect(sample).toHaveLength(50)
    expect(sample.at(-1)).toBe('P980')
  })
})
