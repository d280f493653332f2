// One device of the sync simulation (sync.simulation.test.ts): its own IndexedDB and the app's own
// writes (db/), pushed and pulled by the engine's own round (push, then pull), over a network that
// loses requests and answers and delivers some twice. Every choice comes from one seeded generator.
import { drawOverview } from '@/db/draw-queries'
import { finishRound, invalidateWinner, NoEligibleError, redraw, startDraw } from '@/db/draws'
import { pendingOps } from '@/db/outbox'
import { addPeople, addTicket, addTickets, listTickets, removeGroup, type NewPerson } from '@/db/participants'
import { createRaffle, deleteRaffle, listRaffles, updateRaffle, type RaffleSettings } from '@/db/raffles'
import { addAgain, discardRefused, refusedOfAccount } from '@/db/refused'
import type { SorteioDB } from '@/db/schema'
import { highestTicketNumber } from '@/db/tickets'
import { NetworkError, type FetchFn } from '@/lib/api'
import { RuleError } from '@/protocol/rules'
import { createSyncApi } from '@/sync/api'
import { realTimer } from '@/sync/clock'
import { pullAll } from '@/sync/pull'
import { pushOutbox, type SyncContext, type SyncEvent } from '@/sync/push'
import { ownRounds } from '@/sync/round-finisher'
import type { FakeSyncServer } from '@/sync/testing/fake-server'
import { ANA, freshDb } from '@/sync/testing/helpers'

/** mulberry32: a small seeded generator, for tests only (product code uses crypto). */
export function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A round this device drew offline: what the room saw, which must not vanish if it is refused. */
export interface OfflineRound {
  raffleId: string
  drawId: string
  kind: 'draw' | 'redraw'
  startOp: string
  completeOp: string | null
  clientSeed: string | null
  winners: string[]
}

export class SimDevice {
  readonly db: SorteioDB = freshDb()
  readonly ctx: SyncContext & { events: SyncEvent[] }
  online = true
  /** The network loses and repeats requests (off once everyone meets on a good one). */
  faulty = true
  /** Every op this device queued, in order. */
  readonly made: string[] = []
  /** Refused ops the person settled in 'Não enviados' (added again or discarded): no longer kept. */
  readonly settled = new Set<string>()
  readonly offlineRounds: OfflineRound[] = []
  /** Raffles the organiser deleted on this device (with what it had drawn there). */
  readonly deletedHere = new Set<string>()
  /** Local edits the app refused (a clear error, nothing queued). */
  refusedHere = 0
  private readonly pick: <T>(items: readonly T[]) => T | undefined

  constructor(
    readonly name: string,
    private readonly server: FakeSyncServer,
    private readonly random: () => number,
  ) {
    this.pick = (items) => items[Math.floor(this.random() * items.length)]
    const events: SyncEvent[] = []
    this.ctx = { db: this.db, api: createSyncApi(this.network, realTimer), userId: ANA, now: () => server.now, emit: (e) => events.push(e), events }
  }

  /** The venue's network: a request that never arrives, an answer lost after the server acted, a push sent twice. */
  private network: FetchFn = async (input, init) => {
    const roll = this.faulty ? this.random() : 1
    if (roll < 0.04) throw new TypeError('Failed to fetch')
    if (init?.method !== 'POST') return this.server.fetch(input, init)
    if (roll < 0.12) {
      await this.server.fetch(input, init)
      throw new TypeError('Failed to fetch')
    }
    if (roll < 0.16) await this.server.fetch(input, init)
    return this.server.fetch(input, init)
  }

  /** One push and pull, as the engine's round runs them; then the reveals that were waiting for it. */
  async sync(): Promise<void> {
    try {
      await pushOutbox(this.ctx)
      await pullAll(this.ctx)
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error
      return // the engine retries later; the outbox keeps everything
    }
    await this.finishOnlineRounds()
  }

  /** What the round finisher does: reveal this device's online rounds whose start the server answered. */
  private async finishOnlineRounds(): Promise<void> {
    for (const { round, revealed } of await ownRounds(this.db, ANA)) {
      if (round.state !== 'open' || revealed || round.serverCommitment === null) continue
      await finishRound(ANA, round.id, { pollMs: 1 }, this.db)
      await this.noteOps()
    }
  }

  /**
   * One thing an organiser does on this device, a draw with probability `drawing`. What the app
   * refuses here (a clear pt-BR error) queues nothing.
   */
  async act(drawing = 0): Promise<void> {
    try {
      await this.action(drawing)
    } catch (error) {
      if (!(error instanceof RuleError || error instanceof NoEligibleError)) throw error
      this.refusedHere++
      if ((await this.noteOps()).length > 0) throw new Error(`${this.name}: an edit refused here was queued anyway`)
    }
    await this.noteOps()
  }

  /** Adds the ops queued since the last look to `made` (the outbox only loses ops to answers); returns them. */
  private async noteOps(): Promise<string[]> {
    const known = new Set(this.made)
    const fresh = (await pendingOps(this.db, ANA)).filter((op) => !known.has(op.opId))
    this.made.push(...fresh.map((op) => op.opId))
    return fresh.map((op) => op.opId)
  }

  private int = (n: number) => Math.floor(this.random() * n)

  private async action(drawing: number): Promise<void> {
    const raffles = await listRaffles(ANA, this.db)
    const raffle = this.pick(raffles.sort((a, b) => (a.id < b.id ? -1 : 1)))
    if (raffle && this.random() < drawing) return this.draw(raffle.id)
    const p = this.random()
    if (!raffle || p < 0.08) {
      const type = this.random() < 0.7 ? 'tickets' : 'simple'
      await createRaffle(ANA, { title: `Rifa ${this.name}`, description: '', type, winnersCount: 1 + this.int(2), countdownSeconds: 0 }, this.db)
      return
    }
    const id = raffle.id
    if (p < 0.2) return this.changeSettings(id)
    if (p < 0.45) return void (await addPeople(ANA, id, this.people(), this.db))
    if (p < 0.53) {
      // An import numbered by the device: provisional numbers, renumbered by the server on a clash.
      const names = Array.from({ length: 3 + this.int(10) }, (_, i) => `Importado ${this.name}-${i}`)
      await addTickets(ANA, id, { names }, this.db)
      // Sometimes a second import follows, naming its numbers: the ones after the highest this
      // device holds, its first import's included. The server's renumbering of the first must keep
      // clear of them (store/later_numbers.go).
      const raffle = raffles.find((r) => r.id === id)
      if (p < 0.51 || raffle?.type !== 'tickets') return
      const start = Number((await highestTicketNumber(id, this.db)) ?? '0') + 1
      const numbers = names.map((_, i) => String(start + i).padStart(3, '0'))
      return void (await addTickets(ANA, id, { names: names.map((n) => `${n}b`), numbers }, this.db))
    }
    const tickets = await listTickets(id, this.db)
    if (p < 0.6) {
      const person = this.pick(tickets)
      if (person) await addTicket(ANA, id, person.groupId, this.db)
      return
    }
    if (p < 0.7) {
      const person = this.pick(tickets)
      if (person) await removeGroup(ANA, id, person.groupId, this.db)
      return
    }
    if (p < 0.73) {
      await deleteRaffle(ANA, id, this.db)
      this.deletedHere.add(id)
      return
    }
    if (p < 0.94) return this.draw(id)
    return this.settleRefused()
  }

  private async changeSettings(id: string): Promise<void> {
    const choices: RaffleSettings[] = [
      { title: `Rifa ${this.name} ${this.int(100)}` },
      { description: `Prêmios ${this.int(100)}` },
      { winnersCount: 1 + this.int(3) },
      { allowDuplicateWins: this.random() < 0.5 },
      { winnersCount: 0 }, // refused here with a pt-BR error, never queued
    ]
    await updateRaffle(ANA, id, this.pick(choices)!, this.db)
  }

  /** 1 to 3 people; some with a number typed on the form (040–051, so numbers clash), some with 2 tickets. */
  private people(): NewPerson[] {
    return Array.from({ length: 1 + this.int(3) }, () => {
      const name = `Pessoa ${this.name}-${this.int(1000)}`
      if (this.random() < 0.35) return { name, ticketNumber: String(40 + this.int(12)).padStart(3, '0') }
      return { name, quantity: 1 + this.int(2) }
    })
  }

  /** A first draw (online or offline, as the connection is), an invalidation, or an offline redraw. */
  private async draw(id: string): Promise<void> {
    const raffle = (await listRaffles(ANA, this.db)).find((r) => r.id === id)!
    if (raffle.status === 'pending') {
      const round = await startDraw(ANA, id, { offline: !this.online }, this.db)
      if (this.online) return
      await finishRound(ANA, round.id, { pollMs: 1 }, this.db)
      return this.noteOffline(id, round.id, 'draw')
    }
    if (raffle.status !== 'completed') return
    const { winners } = await drawOverview(id, this.db)
    const valid = winners.filter((w) => w.isValid)
    const open = [...new Set(winners.filter((w) => !w.isValid).map((w) => w.position))].filter((pos) => !valid.some((w) => w.position === pos))
    if (open.length === 0 || this.random() < 0.4) {
      const winner = this.pick(valid)
      if (winner) await invalidateWinner(ANA, id, winner.id, 'Não compareceu', this.db)
      return
    }
    // Redraws only offline here: online, the app waits for the server's winner, which is timing.
    if (this.online) return
    const won = await redraw(ANA, id, this.pick(open)!, { offline: true, pollMs: 1 }, this.db)
    return this.noteOffline(id, won.drawId, 'redraw')
  }

  private async noteOffline(raffleId: string, drawId: string, kind: 'draw' | 'redraw'): Promise<void> {
    await this.noteOps()
    const ops = (await pendingOps(this.db, ANA)).filter((op) => (op.payload as { draw_id?: string }).draw_id === drawId)
    const start = ops.find((op) => op.type !== 'draw.complete')!
    const complete = ops.find((op) => op.type === 'draw.complete')
    const payload = complete?.payload as { client_seed: string; winners: string[] } | undefined
    this.offlineRounds.push({
      raffleId,
      drawId,
      kind,
      startOp: start.opId,
      completeOp: complete?.opId ?? null,
      clientSeed: payload?.client_seed ?? null,
      winners: payload?.winners ?? [],
    })
  }

  /** The person settles one refused op: adds its people again where they can go, or discards it. */
  private async settleRefused(): Promise<void> {
    const row = this.pick(await refusedOfAccount(ANA, this.db))
    if (!row) return
    const target = (await listRaffles(ANA, this.db)).find((r) => r.id === row.raffleId && r.status === 'pending')
    if (row.type === 'participants.add' && target) await addAgain(ANA, row.seq!, target.id, this.db)
    else await discardRefused(row.seq!, this.db)
    this.settled.add(row.opId)
  }
}
