import { beforeEach, describe, expect, it } from 'vitest'
import { feedBackoffDelay, PublicFeed, type FeedStatus } from '@/sync/public-feed'
import type { PublicState } from '@/protocol/public-state'
import { FakeWebSocket } from '@/sync/testing/fakes'
import { ManualTimer } from '@/sync/testing/helpers'

function state(seq: number): PublicState {
  return {
    seq,
    server_time: 5_000,
    raffle: {
      code: 'ABC123',
      title: 'Rifa',
      description: '',
      type: 'simple',
      status: 'pending',
      winners_count: 1,
      countdown_seconds: 0,
      allow_duplicate_wins: false,
      drawn_at: null,
      created_at: 1,
    },
    counts: { people: 1, tickets: 1 },
    round: null,
    winners: [],
    names_sample: [],
  }
}

function setup(unit = 0.5) {
  const timer = new ManualTimer()
  const states: PublicState[] = []
  const statuses: FeedStatus[] = []
  const clocks: number[][] = []
  const feed = new PublicFeed({
    code: 'ABC123',
    origin: 'ws://sorteio.test',
    WebSocket: FakeWebSocket,
    timer,
    unit: () => unit,
    onState: (s) => states.push(s),
    onClock: (...args) => clocks.push(args),
    onStatus: (s) => statuses.push(s),
  })
  return { timer, feed, states, statuses, clocks }
}

describe('the public feed', () => {
  beforeEach(() => {
    FakeWebSocket.all = []
  })

  it('backs off from 0.5 s doubling to 15 s, spread ±50 %', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((n) => feedBackoffDelay(n, 0.5))).toEqual([500, 1000, 2000, 4000, 8000, 15_000, 15_000, 15_000])
    expect(feedBackoffDelay(0, 0)).toBe(250)
    expect(feedBackoffDelay(0, 0.999999)).toBe(750)
    expect(feedBackoffDelay(40, 0)).toBe(7500)
    expect(feedBackoffDelay(40, 0.999999)).toBe(22_500)
  })

  it('asks only for what is newer than the seq it holds, and passes states and the server clock on', () => {
    const { timer, feed, states, statuses, clocks } = setup()
    feed.noteSeq(41)
    feed.start()
    expect(FakeWebSocket.last.url).toBe('ws://sorteio.test/ws/public?code=ABC123&after=41')
    timer.advance(30)
    FakeWebSocket.last.send({ type: 'hello', server_time: 9_000 })
    expect(clocks).toEqual([[9_000, 0, 30]])
    FakeWebSocket.last.send({ type: 'state', ...state(42) })
    FakeWebSocket.last.send({ type: 'state', ...state(42) }) // a repeat is ignored
    FakeWebSocket.last.send({ type: 'mystery' })
    expect(states.map((s) => s.seq)).toEqual([42])
    expect(states[0]).not.toHaveProperty('type')
    expect(statuses).toEqual(['connecting', 'live'])
    expect(feed.lastSeq).toBe(42)
  })

  it('reconnects after drops with growing waits, from the last seq, and starts afresh once connected', () => {
    const { timer, feed, statuses } = setup()
    feed.start()
    expect(FakeWebSocket.last.url).toBe('ws://sorteio.test/ws/public?code=ABC123')
    FakeWebSocket.last.send({ type: 'hello', server_time: 1 })
    FakeWebSocket.last.send({ type: 'state', ...state(7) })
    FakeWebSocket.last.drop()
    expect(statuses.at(-1)).toBe('reconnecting')
    expect(timer.waits).toEqual([500])
    timer.advance(499)
    expect(FakeWebSocket.all).toHaveLength(1)
    timer.advance(1)
    expect(FakeWebSocket.all).toHaveLength(2)
    expect(FakeWebSocket.last.url).toBe('ws://sorteio.test/ws/public?code=ABC123&after=7')
    // Refused again and again: 1 s, 2 s, 4 s...
    FakeWebSocket.last.drop()
    expect(timer.waits).toEqual([1000])
    timer.advance(1000)
    FakeWebSocket.last.drop()
    expect(timer.waits).toEqual([2000])
    timer.advance(2000)
    // This one works: the next drop waits 0.5 s again.
    FakeWebSocket.last.send({ type: 'hello', server_time: 1 })
    expect(statuses.at(-1)).toBe('live')
    FakeWebSocket.last.drop()
    expect(timer.waits).toEqual([500])
  })

  it('jitters the waits with the given source', () => {
    const { timer, feed } = setup(0)
    feed.start()
    FakeWebSocket.last.drop()
    expect(timer.waits).toEqual([250])
  })

  it('stops for good when the raffle is gone, and on stop', () => {
    const { timer, feed, statuses } = setup()
    feed.start()
    FakeWebSocket.last.send({ type: 'gone' })
    expect(statuses.at(-1)).toBe('gone')
    expect(FakeWebSocket.last.closed).toBe(true)
    expect(timer.waits).toEqual([])

    const other = setup()
    other.feed.start()
    const socket = FakeWebSocket.last
    other.feed.stop()
    expect(socket.closed).toBe(true)
    socket.drop()
    expect(other.timer.waits).toEqual([])
  })

  it('waits on an open socket for a code no raffle has yet, and goes live with its first state', () => {
    const { timer, feed, states, statuses } = setup()
    feed.start()
    FakeWebSocket.last.send({ type: 'hello', server_time: 1 })
    FakeWebSocket.last.send({ type: 'waiting' })
    expect(statuses.at(-1)).toBe('waiting')
    expect(FakeWebSocket.last.closed).toBe(false)
    expect(timer.waits).toEqual([])
    FakeWebSocket.last.send({ type: 'state', ...state(1) })
    expect(states.map((s) => s.seq)).toEqual([1])
    expect(statuses.at(-1)).toBe('live')
  })

  it('reconnects at once when the network comes back', () => {
    const { timer, feed } = setup()
    feed.start()
    FakeWebSocket.last.drop()
    FakeWebSocket.last.drop() // no effect: already closed
    timer.advance(500)
    FakeWebSocket.last.drop()
    expect(FakeWebSocket.all).toHaveLength(2)
    feed.reconnectNow()
    expect(FakeWebSocket.all).toHaveLength(3)
    expect(timer.waits).toEqual([])
  })
})
