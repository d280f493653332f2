// Recomputes a public audit record in the browser with the app's own sorteio-v1 code: each seed
// against its commitment, the pool's size and digest, and the winners. The reasons are the ones the
// command-line verifier gives (sync/draw/audit.go), in pt-BR sentences for the page.
import { ALGORITHM, ALGORITHM_V1, canonical, combineSeeds, pickWithAlternates, poolDigest, type DrawTicket } from '@/protocol/draw'
import { redrawPool } from '@/protocol/draw-pool'
import { ticketsById, type AuditExport, type AuditRound } from '@/features/verify-draw/audit-record'
import { verifyRefused, type RefusedCheck } from '@/features/verify-draw/refused-rounds'
import { verifyFederalRound } from '@/features/verify-draw/verify-federal'
import { checkPromotions, checkStory, isReplaced, STORY_TEXT } from '@/features/verify-draw/round-story'
import { fromHex, sha256Hex, toHex } from '@/lib/bytes'

export interface RoundCheck {
  ok: boolean
  /** What does not match, in pt-BR; empty when the round checks out. */
  problems: string[]
  /** SHA-256 of each revealed seed, computed here (null when the seed is malformed or absent). */
  clientCommitment: string | null
  serverCommitment: string | null
  /** The seed the winners come from: both seeds combined online, the device's alone offline. */
  seed: string | null
  poolSize: number
  poolDigest: string
  /** The winners' ticket ids as computed here, or null when they could not be computed. */
  winners: string[] | null
  /** The alternates' ticket ids as computed here (sorteio-v2), or null. */
  alternates: string[] | null
  /** A Loteria Federal round's lines as computed here ('1º prêmio 50366 → final 366 → bilhete 366'). */
  federalLines?: string[] | null
}

export interface ExportCheck {
  ok: boolean
  /** Problems of the record as a whole (algorithm, the winners list). */
  problems: string[]
  /** One per round, in order; empty when the algorithm is not one this page knows. */
  rounds: RoundCheck[]
  /** One per refused offline round (refused-rounds.ts), in the record's order. */
  refused: RefusedCheck[]
  /** What does not hold, per alternate called to a place (the record's promotions), in order. */
  promotions: string[][]
}

export interface VerifyOptions {
  onProgress?: (done: number, total: number) => void
  /** Lets the page paint between steps; a 100,000-ticket pool takes a moment to hash and sort. */
  yieldToPage?: () => Promise<void>
}

export const STEPS_PER_ROUND = 3
const HEX_SEED = /^[0-9a-f]{64}$/i

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** 'bilhete 012 (Fábio Melo)', or the name alone for tickets without a number. */
export function describeTicket(id: string, tickets: ReadonlyMap<string, DrawTicket>): string {
  const t = tickets.get(id)
  if (!t) return `um bilhete que não está no conjunto (${id})`
  return t.ticket_number === null ? t.name : `bilhete ${t.ticket_number} (${t.name})`
}

/** Checks one seed against its commitment; returns the seed's bytes when it is well formed. */
async function checkSeed(seed: string | null | undefined, commitment: string | null | undefined, who: string, problems: string[]) {
  if (!seed || !HEX_SEED.test(seed)) {
    problems.push(`Semente ${who} inválida: deveria ter 64 caracteres hexadecimais.`)
    return { bytes: null, commitment: null }
  }
  const bytes = fromHex(seed.toLowerCase())
  const computed = await sha256Hex(bytes)
  if (computed !== (commitment ?? '').toLowerCase()) {
    problems.push(`A semente ${who} não corresponde ao compromisso publicado no início.`)
  }
  return { bytes, commitment: computed }
}

function impossible(round: AuditRound, pool: readonly DrawTicket[]): string | null {
  const alternates = round.alternates_count ?? 0
  if (!Number.isInteger(alternates) || alternates < 0 || alternates > 10) return `Número de suplentes inválido: ${alternates}.`
  const count = round.winners_count + alternates
  if (count < 1 || count > pool.length) return `Sorteio impossível: ${count} vencedor(es) para ${pool.length} bilhete(s).`
  const people = new Set(pool.map((t) => t.group_id)).size
  if (!round.allow_duplicate_wins && count > people) {
    return `Sorteio impossível: ${count} vencedor(es) para ${people} pessoa(s), sem repetir pessoas.`
  }
  return null
}

function compareAlternates(round: AuditRound, computed: readonly string[], tickets: ReadonlyMap<string, DrawTicket>, problems: string[]) {
  const recorded = round.alternates ?? []
  if (computed.length !== recorded.length) {
    problems.push(`O registro tem ${recorded.length} suplente(s), o cálculo dá ${computed.length}.`)
    return
  }
  computed.forEach((id, i) => {
    if (recorded[i] !== id) problems.push(`${i + 1}º suplente: o registro diz ${describeTicket(recorded[i]!, tickets)}, o cálculo dá ${describeTicket(id, tickets)}.`)
  })
}

function compareWinners(round: AuditRound, computed: readonly string[], tickets: ReadonlyMap<string, DrawTicket>, problems: string[]) {
  if (computed.length !== round.winners.length) {
    problems.push(`O registro tem ${round.winners.length} vencedor(es), o cálculo dá ${computed.length}.`)
    return
  }
  computed.forEach((id, i) => {
    const recorded = round.winners[i]!
    if (recorded === id) return
    const place = round.positions[i] ?? i + 1
    problems.push(`${place}º lugar: o registro diz ${describeTicket(recorded, tickets)}, o cálculo dá ${describeTicket(id, tickets)}.`)
  })
}

/**
 * Recomputes one round over `drawnFrom`, the pool this page derived for it (never one the round
 * publishes for itself). `step` is called after each of its three steps, so the page can repaint.
 */
export async function verifyRound(round: AuditRound, drawnFrom: readonly DrawTicket[], step: () => Promise<void> = async () => {}): Promise<RoundCheck> {
  if (round.federal) return verifyFederalRound(round, drawnFrom, step)
  const problems: string[] = []
  if (round.positions.length !== round.winners_count) {
    problems.push(`O registro sorteia ${round.positions.length} posição(ões), mas diz ${round.winners_count} vencedor(es).`)
  }
  const client = await checkSeed(round.client_seed, round.client_commitment, 'do dispositivo', problems)
  // Offline, the server's seed was not used (and may be absent): only the device's counts.
  const server = round.online ? await checkSeed(round.server_seed, round.server_commitment, 'do servidor', problems) : null
  let seed: Uint8Array | null = client.bytes
  if (server) seed = client.bytes && server.bytes ? await combineSeeds(client.bytes, server.bytes) : null
  await step()

  const pool = canonical(drawnFrom)
  if (pool.length !== round.pool_size) {
    problems.push(`O conjunto de bilhetes desta rodada tem ${pool.length} bilhete(s), mas o registro diz ${round.pool_size}.`)
  }
  const digest = await poolDigest(pool)
  if (digest !== round.pool_digest.toLowerCase()) {
    problems.push('A impressão digital (SHA-256) do conjunto de bilhetes não confere com a publicada no início.')
  }
  await step()

  let winners: string[] | null = null
  let alternates: string[] | null = null
  const refusal = impossible(round, pool)
  if (refusal) problems.push(refusal)
  else if (seed) {
    const picked = await pickWithAlternates(seed, pool, round.winners_count, round.alternates_count ?? 0, round.allow_duplicate_wins)
    winners = picked.winners.map((t) => t.id)
    alternates = picked.alternates.map((t) => t.id)
    const byId = new Map(pool.map((t) => [t.id, t]))
    compareWinners(round, winners, byId, problems)
    compareAlternates(round, alternates, byId, problems)
  }
  await step()

  return {
    ok: problems.length === 0,
    problems,
    clientCommitment: client.commitment,
    serverCommitment: server?.commitment ?? null,
    seed: seed ? toHex(seed) : null,
    poolSize: pool.length,
    poolDigest: digest,
    winners,
    alternates,
  }
}

/** A round with no pool to recompute over (a redraw before any first draw): only the story speaks. */
function notRecomputed(): RoundCheck {
  return {
    ok: false,
    problems: [],
    clientCommitment: null,
    serverCommitment: null,
    seed: null,
    poolSize: 0,
    poolDigest: '',
    winners: null,
    alternates: null,
  }
}

/** Every winner in the list must be the one a round drew, or an alternate called, for that position. */
function checkWinnersList(record: AuditExport, tickets: ReadonlyMap<string, DrawTicket>): string[] {
  return (
    record.winners
      .filter((w) => !record.draws.some((r) => r.winners[r.positions.indexOf(w.position)] === w.ticket_id))
      // An alternate called to a place is a winner of that place too (the story checks the call).
      .filter((w) => !record.promotions.some((p) => p.position === w.position && p.ticket_id === w.ticket_id))
      .map((w) => `O ${w.position}º lugar da lista de vencedores (${describeTicket(w.ticket_id, tickets)}) não saiu de nenhuma rodada do registro.`)
  )
}

/** Recomputes every round, one after the other, reporting progress in steps. */
export async function verifyExport(record: AuditExport, { onProgress, yieldToPage = nextTask }: VerifyOptions = {}): Promise<ExportCheck> {
  if (record.algorithm !== ALGORITHM && record.algorithm !== ALGORITHM_V1) {
    const problem = `Algoritmo desconhecido: "${record.algorithm}". Esta página confere o ${ALGORITHM_V1} e o ${ALGORITHM}.`
    return { ok: false, problems: [problem], rounds: [], refused: [], promotions: [] }
  }
  const problems = checkWinnersList(record, ticketsById(record))

  const total = record.draws.length * STEPS_PER_ROUND
  let done = 0
  onProgress?.(done, total)
  const step = async () => {
    onProgress?.(++done, total)
    await yieldToPage()
  }
  const rounds: RoundCheck[] = []
  // A redraw's pool is derived here: the first draw's published pool minus every winner of the
  // rounds before it (with their groups when nobody may win twice), docs/draw-algorithm.md §6. A
  // second first draw is recomputed over what it publishes; the story refuses it.
  const story = checkStory(record)
  let first: readonly DrawTicket[] | null = null
  const won: string[] = []
  for (const [i, round] of record.draws.entries()) {
    let check: RoundCheck
    if (round.replaces && first) {
      // A corrected Loteria Federal result is over the closed list of the round it replaces.
      check = await verifyRound(round, first, step)
    } else if (round.kind === 'draw') {
      const own = canonical(round.pool ?? [])
      first ??= own
      check = await verifyRound(round, own, step)
    } else if (first) {
      check = await verifyRound(round, redrawPool(first, won, round.allow_duplicate_wins), step)
    } else {
      check = notRecomputed()
      for (let s = 0; s < STEPS_PER_ROUND; s++) await step()
    }
    // The rounds together (docs/draw-algorithm.md §10): what no round alone shows.
    const told = [...(story[i] ?? [])]
    // sorteio-v1 draws no alternates: a record of that version with them was not made by it.
    if (record.algorithm === ALGORITHM_V1 && ((round.alternates_count ?? 0) !== 0 || (round.alternates ?? []).length > 0)) {
      told.push(STORY_TEXT.v1Alternates)
    }
    rounds.push({ ...check, ok: check.ok && told.length === 0, problems: [...check.problems, ...told] })
    // The alternates leave every later pool too: they were drawn, and may yet be called to a place.
    // A replaced result's winners do not count.
    if (!isReplaced(round)) won.push(...round.winners, ...(round.alternates ?? []))
  }
  const refused = await verifyRefused(record)
  const promotions = checkPromotions(record)
  const ok = problems.length === 0 && rounds.every((r) => r.ok) && refused.every((r) => r.ok) && promotions.every((p) => p.length === 0)
  return { ok, problems, rounds, refused, promotions }
}
