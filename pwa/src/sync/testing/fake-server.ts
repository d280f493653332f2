// A small in-memory server speaking docs/sync-protocol.md, for the engine's unit tests: fetch in,
// Response out. It follows the Go store's rules where the engine can tell the difference (ordered
// apply, recorded answers, stale mutations, code collisions, per-raffle logs with epochs, the feed,
// refused offline rounds kept for the record);
// the real server is exercised end to end by the Playwright suite.
import { REASON_MESSAGES, RuleError } from '@/protocol/rules'
import { nextNumber, numberTickets } from '@/protocol/ticket-numbers'
import { highestNumber } from '@/lib/ticket-numbers'
import { mergePrizes } from '@/protocol/prizes'
import { columnsOfTickets } from '@/sync/testing/columns'
import { applyDrawOp, drawSnapshot, keepRefusal, type DrawHost } from '@/sync/testing/fake-draws'
import { validateOp } from '@/protocol/validate'
import { type Change, DRAW_OP_TYPES, type FeedEntry, type OpResult, type PrizeWire, type PushRequest, type RaffleWire, type TicketWire, type WireOp } from '@/protocol/wire'

interface ServerRaffle extends DrawHost {
  raffle: Required<Pick<RaffleWire, 'status' | 'description' | 'allow_duplicate_wins' | 'drawn_at'>> & RaffleWire
  ownerId: string
  headSeq: number
  feedSeq: number
  epoch: number
  deleted: boolean
  tickets: Map<string, TicketWire & { created_at: number }>
  log: Change[]
}

type Fault = 'network' | 500 | { failAfterOps: number }

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
const error = (status: number, code: string, message: string) => json(status, { code, message })
const cursorOf = (epoch: number, seq: number) => btoa(`${epoch}:${seq}`)

export class FakeSyncServer {
  /** The account of the session cookie; null answers 401. */
  user: string | null = null
  raffles = new Map<string, ServerRaffle>()
  clients = new Map<string, { userId: string; last: number }>()
  answers = new Map<string, { clientId: string; result: OpResult }>()
  feedSeq = new Map<string, number>()
  takenCodes = new Set<string>()
  /** Every push body received, in order. */
  pushes: PushRequest[] = []
  /** Every GET path asked, in order. */
  gets: string[] = []
  faults: Fault[] = []
  /** A push with more ops than this answers 413, as a proxy with a small body limit would. */
  maxOpsPerPush = Infinity
  /** Ops whose push answers 400 whole (as the server does for a body it cannot read). */
  malformed = new Set<string>()
  pageSize = 500
  /** False: a server from before the columns snapshot, which answers objects whatever is asked. */
  snapshotColumns = true
  now = 1_763_700_000_000

  fetch = async (input: string, init?: RequestInit): Promise<Response> => {
    const fault = this.faults[0]
    if (fault === 'network') {
      this.faults.shift()
      throw new TypeError('Failed to fetch')
    }
    if (fault === 500) {
      this.faults.shift()
      return error(500, 'internal', 'Erro interno. Tente novamente.')
    }
    if (!this.user) return error(401, 'unauthenticated', 'Você precisa entrar para continuar.')
    const url = new URL(input, 'http://sorteio.test')
    if (init?.method === 'POST' && url.pathname === '/api/sync/push')
      return this.push(this.user, JSON.parse(init.body instanceof Blob ? await blobText(init.body) : String(init.body)))
    this.gets.push(url.pathname + url.search)
    const after = url.searchParams.get('after') ?? ''
    if (url.pathname === '/api/sync/raffles') return this.feed(this.user, after)
    const m = /^\/api\/sync\/raffles\/([^/]+)\/(changes|snapshot)$/.exec(url.pathname)
    if (!m) return error(404, 'not_found', 'Recurso não encontrado.')
    return m[2] === 'changes' ? this.changes(this.user, m[1]!, after) : this.snapshot(this.user, m[1]!, url.searchParams.get('format'))
  }

  private async push(userId: string, body: PushRequest): Promise<Response> {
    this.pushes.push(body)
    if (body.ops.length > this.maxOpsPerPush) return error(413, 'body_too_large', 'O corpo da requisição é grande demais.')
    if (body.ops.some((op) => this.malformed.has(op.op_id))) return error(400, 'invalid_json', 'O corpo da requisição não é um JSON válido.')
    if (body.user_id && body.user_id !== userId) {
      return error(403, 'forbidden_client', 'Estas alterações são de outra conta: entre com ela para enviá-las.')
    }
    const fault = this.faults[0]
    const limit = typeof fault === 'object' ? fault.failAfterOps : Infinity
    if (typeof fault === 'object') this.faults.shift()
    const results: OpResult[] = []
    this.laterOps = body.ops
    this.givenInPush.clear()
    for (const [i, op] of body.ops.entries()) {
      this.laterFrom = i + 1
      this.current = op.op_id
      // The Go handler answers 500 for the whole push when a store call fails midway; what was
      // applied before stays applied and comes back as duplicates on the retry.
      if (i >= limit) return error(500, 'internal', 'Erro interno. Tente novamente.')
      const client = this.clients.get(body.client_id) ?? { userId, last: 0 }
      if (client.userId !== userId) return error(403, 'forbidden_client', 'Este dispositivo está associado a outra conta.')
      this.clients.set(body.client_id, client)
      results.push(await this.applyAnyOp(userId, body.client_id, op))
    }
    this.laterOps = []
    return json(200, { results, server_time: this.now })
  }

  /** Applies one op of schema version 1 as the account's client (also used to play "another device"). */
  applyOp(userId: string, clientId: string, op: WireOp): OpResult {
    const gate = this.admit(userId, clientId, op)
    if ('answer' in gate) return gate.answer
    const reason = validateOp(op) ?? this.check(userId, op)
    return gate.record(reason ? this.reject(op, reason) : this.apply(userId, op))
  }

  /** Any op, the draw's too (their results take WebCrypto, hence async). */
  async applyAnyOp(userId: string, clientId: string, op: WireOp): Promise<OpResult> {
    if (!DRAW_OP_TYPES.has(op.type)) return this.applyOp(userId, clientId, op)
    const gate = this.admit(userId, clientId, op)
    if ('answer' in gate) return gate.answer
    const invalid = validateOp(op)
    if (invalid) return gate.record(this.reject(op, invalid))
    // The Go store loads the owner's raffle even when deleted: a round refused there is kept too.
    const found = this.raffles.get(op.raffle_id)
    const r = found?.ownerId === userId ? found : undefined
    const outcome = r && !r.deleted ? await applyDrawOp(r, op.type, op.payload, this.now) : { reason: 'raffle_not_found' }
    if ('reason' in outcome || !r) {
      const reason = 'reason' in outcome ? outcome.reason : 'raffle_not_found'
      if (r) await keepRefusal(r, op.type, op.payload, reason)
      return gate.record(this.reject(op, reason))
    }
    return gate.record({ op_id: op.op_id, status: 'applied', seq: this.advance(userId, r, op, outcome.payload) })
  }

  /** Answers a repeated op from the record, a reordered one as stale; otherwise records what comes. */
  private admit(userId: string, clientId: string, op: WireOp): { answer: OpResult } | { record: (result: OpResult) => OpResult } {
    const client = this.clients.get(clientId) ?? { userId, last: 0 }
    this.clients.set(clientId, client)
    const seen = this.answers.get(op.op_id)
    if (seen) return { answer: seen.clientId !== clientId ? this.reject(op, 'invalid_payload') : { ...seen.result, status: 'duplicate' } }
    const record = (result: OpResult) => {
      this.answers.set(op.op_id, { clientId, result })
      client.last = Math.max(client.last, op.mutation_id)
      return result
    }
    if (op.mutation_id <= client.last) return { answer: record(this.reject(op, 'stale_mutation')) }
    return { record }
  }

  private reject(op: WireOp, reason: string): OpResult {
    return { op_id: op.op_id, status: 'rejected', reason, message: REASON_MESSAGES[reason]! }
  }

  /** The state rules of sync/protocol/rules.go that the tests reach. */
  private check(userId: string, op: WireOp): string | null {
    const r = this.raffles.get(op.raffle_id)
    if (op.type === 'raffle.create') return r ? 'raffle_exists' : null
    if (!r || r.ownerId !== userId || r.deleted) return 'raffle_not_found'
    if (op.type === 'raffle.delete') return r.raffle.status === 'in_progress' ? 'draw_in_progress' : null
    if (r.raffle.status !== 'pending') return 'draw_started'
    const p = op.payload as { tickets?: TicketWire[]; group_id?: string }
    if (op.type === 'participants.add' && p.tickets!.some((t) => r.tickets.has(t.id))) return 'participant_exists'
    if (op.type === 'participants.add' && this.removedSince(r, op.base_seq, p.tickets!)) return 'group_removed'
    if (op.type === 'participants.add') {
      try {
        this.numbered(r, p.tickets!)
      } catch (err) {
        if (err instanceof RuleError) return err.reason
        throw err
      }
    }
    if (op.type === 'participants.remove_group' && ![...r.tickets.values()].some((t) => t.group_id === p.group_id)) return 'group_not_found'
    return null
  }

  /** A group the add names, holding no ticket, that a removal logged after base_seq took out. */
  private removedSince(r: ServerRaffle, baseSeq: number, tickets: TicketWire[]): boolean {
    const held = new Set([...r.tickets.values()].map((t) => t.group_id))
    const removed = new Set(r.log.filter((c) => c.seq > baseSeq && c.type === 'participants.remove_group').map((c) => (c.payload as { group_id: string }).group_id))
    return tickets.some((t) => removed.has(t.group_id) && !held.has(t.group_id))
  }

  private apply(userId: string, op: WireOp): OpResult {
    const result: OpResult = { op_id: op.op_id, status: 'applied' }
    let payload = op.payload as Record<string, unknown>
    if (op.type === 'raffle.create') {
      const wire = payload as unknown as RaffleWire
      let code = wire.code
      for (let i = 0; this.takenCodes.has(code); i++) code = `ZZZZ${String(i).padStart(2, '2')}`
      this.takenCodes.add(code)
      if (code !== wire.code) result.code = code
      const raffle = { description: '', allow_duplicate_wins: false, ...wire, code, status: 'pending' as const, drawn_at: null }
      this.raffles.set(op.raffle_id, {
        raffle,
        ownerId: userId,
        headSeq: 0,
        feedSeq: 0,
        epoch: 1,
        deleted: false,
        tickets: new Map(),
        log: [],
        rounds: new Map(),
        winners: new Map(),
        refusedRounds: new Map(),
      })
      payload = raffle as unknown as Record<string, unknown>
    }
    const r = this.raffles.get(op.raffle_id)!
    if (op.type === 'raffle.update') {
      // Each prize's position is a setting of its own, as on the server (protocol.MergePrizes).
      const prizes = payload.prizes === undefined ? r.raffle.prizes : mergePrizes(r.raffle.prizes, payload.prizes as PrizeWire[])
      Object.assign(r.raffle, payload, prizes === undefined ? {} : { prizes })
    }
    if (op.type === 'raffle.delete') {
      r.deleted = true
      r.tickets.clear()
    }
    if (op.type === 'participants.add') {
      const { tickets, renumbered, refused } = this.numbered(r, payload.tickets as TicketWire[])
      if (renumbered > 0) result.renumbered = renumbered
      if (refused.length > 0) result.refused = refused
      payload = { tickets }
      for (const t of tickets) r.tickets.set(t.id, { ...t, created_at: this.now })
    }
    if (op.type === 'participants.remove_group') {
      for (const [id, t] of r.tickets) if (t.group_id === payload.group_id) r.tickets.delete(id)
    }
    result.seq = this.advance(userId, r, op, payload)
    return result
  }

  /** The push being answered, and the place of the op after the one being applied. */
  private laterOps: WireOp[] = []
  private laterFrom = 0
  /** Numbers the server gave by renumbering in the push being answered (what the rule must avoid). */
  private givenInPush = new Map<string, Set<string>>()
  /** Typed tickets refused for a number the same push had just given another op: never, with the rule. */
  readonly selfClashes: Array<{ opId: string; number: string }> = []
  /** The op being applied. */
  private current = ''

  /** The numbers the push's ops after the current one hold in a raffle: typed, and any. */
  private later(raffleId: string): { typed: Set<string>; held: Set<string> } {
    const typed = new Set<string>()
    const held = new Set<string>()
    for (const op of this.laterOps.slice(this.laterFrom)) {
      if (op.type !== 'participants.add' || op.raffle_id !== raffleId) continue
      for (const t of (op.payload as { tickets?: TicketWire[] }).tickets ?? []) {
        if (t.ticket_number == null) continue
        held.add(t.ticket_number)
        if (!t.provisional) typed.add(t.ticket_number)
      }
    }
    return { typed, held }
  }

  /**
   * The ticket-number rule of a ticket raffle, as the Go store applies it: the tickets as logged
   * (the final numbers, no provisional flag) and how many provisional numbers were replaced.
   */
  private numbered(r: ServerRaffle, sent: TicketWire[]): { tickets: TicketWire[]; renumbered: number; refused: NonNullable<OpResult['refused']> } {
    if (r.raffle.type !== 'tickets') return { tickets: sent, renumbered: 0, refused: [] }
    const held = new Set<string>()
    for (const t of r.tickets.values()) if (t.ticket_number) held.add(t.ticket_number)
    // A taken typed number refuses its ticket only; the op goes in with the others, if any.
    const typed = new Set<string>()
    const refused: NonNullable<OpResult['refused']> = []
    const kept: TicketWire[] = []
    for (const t of sent) {
      const n = t.ticket_number
      if (n != null && !t.provisional) {
        if (held.has(n) || typed.has(n)) {
          if (this.givenInPush.get(r.raffle.id)?.has(n)) this.selfClashes.push({ opId: this.current, number: n })
          refused.push({ id: t.id, ticket_number: n, reason: 'ticket_number_taken' })
          continue
        }
        typed.add(n)
      }
      kept.push(t)
    }
    if (kept.length === 0) throw new RuleError('ticket_number_taken')
    // A chosen number that a later op of the push typed gives way to it (store/later_numbers.go).
    const later = this.later(r.raffle.id)
    const sentNumbers = kept.map((t) => (t.provisional && t.ticket_number != null && later.typed.has(t.ticket_number) ? null : t.ticket_number))
    const out = numberTickets(
      kept.map((t, i) => ({ ...t, ticket_number: sentNumbers[i] })),
      held,
    )
    // The numbers the server gives skip those the push's later ops hold, in op order.
    const filled = out.map((t, i) => sentNumbers[i] == null || t.ticket_number !== sentNumbers[i])
    let highest = highestNumber([...held, ...out.filter((_, i) => !filled[i]).map((t) => t.ticket_number ?? null)]) ?? ''
    for (const [i, t] of out.entries()) {
      if (!filled[i]) continue
      let n = nextNumber(highest)
      while (later.held.has(n)) n = nextNumber(n)
      out[i] = { ...t, ticket_number: n }
      highest = n
      const given = this.givenInPush.get(r.raffle.id) ?? new Set<string>()
      this.givenInPush.set(r.raffle.id, given.add(n))
    }
    const renumbered = out.filter((t, i) => kept[i]!.provisional && t.ticket_number !== kept[i]!.ticket_number).length
    return { tickets: out.map(({ provisional: _, ...t }) => t), renumbered, refused }
  }

  private advance(userId: string, r: ServerRaffle, op: WireOp, payload: unknown): number {
    const feed = (this.feedSeq.get(userId) ?? 0) + 1
    this.feedSeq.set(userId, feed)
    r.feedSeq = feed
    r.headSeq++
    r.log.push({ seq: r.headSeq, op_id: op.op_id, type: op.type, payload, at: this.now })
    return r.headSeq
  }

  /** Another device's draw started (no v1 op does this): later edits are rejected. */
  setStatus(raffleId: string, status: 'pending' | 'in_progress' | 'completed'): void {
    this.raffles.get(raffleId)!.raffle.status = status
  }

  /** The log was compacted: old cursors now answer refetch. */
  compact(raffleId: string): void {
    const r = this.raffles.get(raffleId)!
    r.epoch++
    r.log = []
  }

  /** The raffle was restored or edited behind the log's back: compacted, and in the feed again with a new head. */
  restore(raffleId: string, userId: string): void {
    const r = this.raffles.get(raffleId)!
    this.compact(raffleId)
    r.headSeq++
    const feed = (this.feedSeq.get(userId) ?? 0) + 1
    this.feedSeq.set(userId, feed)
    r.feedSeq = feed
  }

  private owned(userId: string, id: string): ServerRaffle | null {
    const r = this.raffles.get(id)
    return r && r.ownerId === userId && !r.deleted ? r : null
  }

  private changes(userId: string, id: string, after: string): Response {
    const r = this.owned(userId, id)
    if (!r) return error(404, 'not_found', 'Recurso não encontrado.')
    const [epoch, seq] = after ? atob(after).split(':').map(Number) : [0, 0]
    if ((epoch !== 0 && epoch !== r.epoch) || seq! > r.headSeq) return json(200, { refetch: true })
    const rest = r.log.filter((c) => c.seq > seq!)
    if (seq === 0 && rest.length > 0 && rest[0]!.seq !== 1) return json(200, { refetch: true })
    if (seq === 0 && rest.length === 0 && r.headSeq > 0) return json(200, { refetch: true })
    const changes = rest.slice(0, this.pageSize)
    const cursor = cursorOf(r.epoch, changes.at(-1)?.seq ?? seq!)
    return json(200, { changes, cursor, more: rest.length > changes.length, server_time: this.now })
  }

  private snapshot(userId: string, id: string, format: string | null): Response {
    const r = this.owned(userId, id)
    if (!r) return error(404, 'not_found', 'Recurso não encontrado.')
    const head = { raffle: r.raffle, head_seq: r.headSeq, ...drawSnapshot(r), cursor: cursorOf(r.epoch, r.headSeq), server_time: this.now }
    // List order, as the server reads them.
    const participants = [...r.tickets.values()].sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    if (this.snapshotColumns && format === 'columns') return json(200, { ...head, format: 'columns', tickets: columnsOfTickets(participants) })
    return json(200, { ...head, participants })
  }

  private feed(userId: string, after: string): Response {
    const from = Number(after || 0)
    const list = [...this.raffles.values()].filter((r) => r.ownerId === userId && r.feedSeq > from).sort((a, b) => a.feedSeq - b.feedSeq)
    const raffles: FeedEntry[] = list.map((r) => ({ ...r.raffle, head_seq: r.headSeq, deleted: r.deleted }))
    return json(200, { raffles, cursor: String(list.at(-1)?.feedSeq ?? from), more: false })
  }
}

/** A Blob's text: jsdom's Blob has no text(), its FileReader reads it. */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsText(blob)
  })
}
