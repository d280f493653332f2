import { describe, expect, it } from 'vitest'
import { initialLive, liveReducer, type LiveState } from '@/features/public-raffle/live-show'
import { countingDown, drawn, publicState, T0, winner } from '@/features/public-raffle/test-state'

const alternate = { rank: 1, name: 'Edu Alves', ticket_number: '005', email: null }

const receive = (live: LiveState, state: ReturnType<typeof publicState>, now = T0) => liveReducer(live, { type: 'state', state, now })

describe('the viewer state', () => {
  it('plays the reveal of a round the viewer saw open, with the server winners by position', () => {
    let live = receive(initialLive, publicState())
    live = receive(live, countingDown(), T0 + 100)
    expect(live.show).toBeNull()
    // The first place has a prize, the second none: the reveal carries each place's own.
    const result = drawn()
    result.raffle.prizes = [{ position: 1, name: 'Bicicleta' }]
    live = receive(live, result, T0 + 10_600)
    // The reveal starts when the server recorded the result (drawn_at), not when this copy arrived.
    expect(live.show).toEqual({
      roundId: 'r1',
      startsAt: T0 + 10_500,
      winners: [
        { position: 1, name: 'Bruno Lima', ticketNumber: '001', prize: 'Bicicleta' },
        { position: 2, name: 'Carla Dias', ticketNumber: '002', prize: '' },
      ],
      alternates: [],
      names: drawn().names_sample,
    })
    expect(live.state?.raffle.status).toBe('completed')
  })

  it("plays an offline result's reveal, introduced by the device's time, to a viewer who was there when it arrived; once", () => {
    const offline = (deviceAt?: number) => {
      const state = drawn()
      state.winners = state.winners.map((w) => ({ ...w, drawn_at: T0 + 3_600_000, offline: true, ...(deviceAt === undefined ? {} : { device_drawn_at: deviceAt }) }))
      return state
    }
    const deviceAt = new Date(2026, 10, 26, 20, 15).getTime()
    // Watching the pending raffle when the organiser's phone syncs: in step with the room, from drawn_at.
    let live = receive(receive(initialLive, publicState()), offline(deviceAt), T0 + 3_600_300)
    expect(live.show).toMatchObject({ roundId: 'r1', startsAt: T0 + 3_600_000, intro: 'Sorteio realizado sem conexão às 20:15' })
    expect(live.show?.winners.map((w) => w.name)).toEqual(['Bruno Lima', 'Carla Dias'])
    // Once: a newer state (another change) does not play it again.
    live = receive({ ...live, show: null }, { ...offline(deviceAt), seq: 4 }, T0 + 3_700_000)
    expect(live.show).toBeNull()

    // A big screen whose copy came 40 s later (its Wi-Fi back after the phone's) plays it whole, from receipt.
    const late = receive(receive(initialLive, publicState()), offline(), T0 + 3_640_000)
    expect(late.show).toMatchObject({ startsAt: T0 + 3_640_000, intro: 'Sorteio realizado sem conexão' })

    // Opened, or reloaded, after it arrived: the result at once.
    expect(receive(initialLive, offline(deviceAt), T0 + 3_600_300).show).toBeNull()
    // An online result the viewer did not see open is not played either.
    expect(receive(receive(initialLive, publicState()), drawn(), T0 + 10_600).show).toBeNull()
  })

  it('shows the result at once, without the show, to a viewer who arrives after the draw', () => {
    const live = receive(initialLive, drawn())
    expect(live.show).toBeNull()
    expect(live.state?.winners).toHaveLength(2)
  })

  it('starts a result that beats the local countdown at the countdown end', () => {
    const early = drawn()
    early.winners = early.winners.map((w) => ({ ...w, drawn_at: T0 + 9_990 }))
    const live = receive(receive(initialLive, countingDown()), early, T0 + 9_990)
    expect(live.show?.startsAt).toBe(T0 + 10_000)
  })

  it('ignores states older than the one held, and never plays a round twice', () => {
    let live = receive(receive(initialLive, countingDown(5)), drawn(6), T0 + 11_000)
    const played = live
    expect(receive(live, countingDown(4))).toBe(played)
    live = liveReducer(live, { type: 'close' })
    expect(live.show).toBeNull()
    // An invalidation later (a new state, same round's winners) does not replay the show.
    const invalidated = drawn(7)
    invalidated.winners[1] = { ...invalidated.winners[1]!, valid: false, invalidated_at: T0 + 60_000 }
    live = receive(live, invalidated, T0 + 60_100)
    expect(live.show).toBeNull()
    expect(live.state?.seq).toBe(7)
  })

  it('plays a redraw round of one position after a viewer closed the first show', () => {
    let live = receive(receive(initialLive, countingDown(2)), drawn(3), T0 + 11_000)
    live = liveReducer(live, { type: 'close' })
    const base = drawn(4)
    const redrawing = { ...base, round: { id: 'r2', started_at: T0 + 70_000, countdown_ends_at: T0 + 73_000, offline: false, positions: [2] } }
    live = receive(live, redrawing, T0 + 70_100)
    expect(live.show).toBeNull()
    const redrawn = { ...drawn(5), winners: [...drawn().winners, winner(2, 'Davi Reis', 'r2', { drawn_at: T0 + 73_150 })], alternates: [alternate] }
    live = receive(live, redrawn, T0 + 73_200)
    // A redraw reveals its place alone: the first draw's alternates were revealed with it.
    expect(live.show).toMatchObject({ roundId: 'r2', startsAt: T0 + 73_150, winners: [{ position: 2, name: 'Davi Reis' }], alternates: [] })
  })

  it('reveals the first draw alternates after its winners', () => {
    const result = { ...drawn(), alternates: [alternate] }
    const live = receive(receive(initialLive, countingDown()), result, T0 + 10_600)
    expect(live.show?.alternates).toEqual([{ position: 1, name: 'Edu Alves', ticketNumber: '005' }])
  })

  it('tells a viewer who opens the page after a round was abandoned, from the state', () => {
    const live = receive(initialLive, publicState({ seq: 4, abandoned_round: { id: 'r1', abandoned_at: T0 + 70_000 } }))
    expect(live.abandoned).toBe('r1')
    expect(receive(live, countingDown(5)).abandoned).toBeNull()
  })

  it('marks a round the viewer saw open that closed without winners as abandoned, until the next round', () => {
    let live = receive(receive(initialLive, publicState()), countingDown(), T0 + 100)
    expect(live.abandoned).toBeNull()
    live = receive(live, publicState({ seq: 3 }), T0 + 70_000)
    expect(live.abandoned).toBe('r1')
    expect(live.show).toBeNull()
    // Still said after unrelated changes; a new round takes its place.
    live = receive(live, publicState({ seq: 4, counts: { people: 4, tickets: 6 } }), T0 + 71_000)
    expect(live.abandoned).toBe('r1')
    live = receive(live, { ...countingDown(5), round: { ...countingDown().round!, id: 'r2' } }, T0 + 72_000)
    expect(live.abandoned).toBeNull()
  })

  it('does not call a round with a result abandoned', () => {
    const live = receive(receive(initialLive, countingDown()), drawn(), T0 + 10_600)
    expect(live.abandoned).toBeNull()
  })
})
