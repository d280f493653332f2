// Checks the refused offline rounds of a record (docs/draw-algorithm.md §11), twin of
// sync/draw/refused.go VerifyRefused: the same checks, the same sentences (sync/testdata/draw/
// refused-rounds.json holds them). The server never had the device's list, so a refused round's
// winners are recomputed only when the pool it declared is one this record derives.
import { canonical, pick, poolDigest, type DrawTicket } from '@/protocol/draw'
import { redrawPool } from '@/protocol/draw-pool'
import { ROUND_REASON_LINES } from '@/protocol/round-reasons'
import type { AuditExport, AuditRefused } from '@/features/verify-draw/audit-record'
import { fromHex, sha256Hex } from '@/lib/bytes'

export const REFUSED_TEXT = {
  reason: 'Rodada recusada sem um motivo conhecido.',
  kind: 'Rodada recusada de tipo desconhecido: só há sorteio e re-sorteio.',
  time: 'A hora do aparelho desta rodada recusada não é a do seu identificador.',
  seedBad: 'A semente revelada desta rodada recusada é inválida: deveria ter 64 caracteres hexadecimais.',
  seed: 'A semente revelada desta rodada recusada não corresponde ao compromisso que o aparelho declarou.',
  noSeed: 'Esta rodada recusada tem vencedores, mas nenhuma semente revelada.',
  place: (p: number) => `O ${p}º lugar não é um dos lugares desta rodada recusada.`,
  counted: 'Esta rodada recusada também está entre as rodadas que valem.',
  winner: (p: number) => `O ${p}º lugar desta rodada recusada está na lista de vencedores que valem.`,
  recompute: 'Os vencedores desta rodada recusada não saem da sua semente e da lista que ela declarou.',
}

export interface RefusedCheck {
  ok: boolean
  problems: string[]
  /** Its declared pool is one the record derives, and its winners were recomputed from its seed. */
  recomputed: boolean
}

const HEX_SEED = /^[0-9a-f]{64}$/i

/** The Unix ms time a draw id (a UUIDv7 the device made when it opened the round) carries. */
export function drawIdTime(id: string): number | null {
  if (id.length !== 36 || id[8] !== '-' || id[14] !== '7') return null
  const ms = Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)
  return Number.isSafeInteger(ms) ? ms : null
}

interface KnownPools {
  byDigest: Map<string, readonly DrawTicket[]>
  allowDuplicates: boolean
}

/** The pools the record derives: the first draw's, each redraw's, and a redraw's after the last round. */
async function derivePools(record: AuditExport): Promise<KnownPools> {
  const known: KnownPools = { byDigest: new Map(), allowDuplicates: false }
  const keep = async (pool: readonly DrawTicket[]) => known.byDigest.set(await poolDigest(pool), pool)
  let first: readonly DrawTicket[] | null = null
  const won: string[] = []
  for (const round of record.draws) {
    if (round.kind === 'draw' && !first) {
      first = canonical(round.pool ?? [])
      known.allowDuplicates = round.allow_duplicate_wins
      await keep(first)
    } else if (round.kind === 'redraw' && first) {
      await keep(redrawPool(first, won, known.allowDuplicates))
    }
    won.push(...round.winners)
  }
  if (first) await keep(redrawPool(first, won, known.allowDuplicates))
  return known
}

async function sameWinners(seed: Uint8Array, pool: readonly DrawTicket[], round: AuditRefused, allowDuplicates: boolean) {
  const count = round.positions.length
  if (count < 1 || count > pool.length) return false
  if (!allowDuplicates && count > new Set(pool.map((t) => t.group_id)).size) return false
  const picked = await pick(seed, pool, count, allowDuplicates)
  return picked.length === round.winners.length && round.winners.every((w, k) => w.position === round.positions[k] && w.ticket_id === picked[k]!.id)
}

/** One check per refused round, in the record's order. */
export async function verifyRefused(record: AuditExport): Promise<RefusedCheck[]> {
  const counted = new Set([...record.draws.map((r) => r.draw_id), ...record.abandoned.map((a) => a.draw_id)])
  let pools: KnownPools | null = null
  const out: RefusedCheck[] = []
  for (const round of record.refused) {
    const problems: string[] = []
    let recomputed = false
    if (!Object.hasOwn(ROUND_REASON_LINES, round.reason)) problems.push(REFUSED_TEXT.reason)
    if (round.kind !== 'draw' && round.kind !== 'redraw') problems.push(REFUSED_TEXT.kind)
    if (drawIdTime(round.draw_id) !== round.device_at) problems.push(REFUSED_TEXT.time)
    if (counted.has(round.draw_id)) problems.push(REFUSED_TEXT.counted)
    else for (const w of record.winners) if (w.draw_id === round.draw_id) problems.push(REFUSED_TEXT.winner(w.position))
    for (const w of round.winners) if (!round.positions.includes(w.position)) problems.push(REFUSED_TEXT.place(w.position))
    const seed = round.client_seed ?? ''
    if (seed === '') {
      if (round.winners.length > 0) problems.push(REFUSED_TEXT.noSeed)
    } else if (!HEX_SEED.test(seed)) {
      problems.push(REFUSED_TEXT.seedBad)
    } else {
      const bytes = fromHex(seed.toLowerCase())
      if ((await sha256Hex(bytes)) !== round.client_commitment.toLowerCase()) {
        problems.push(REFUSED_TEXT.seed)
      } else {
        pools ??= await derivePools(record)
        const pool = pools.byDigest.get(round.pool_digest.toLowerCase())
        if (pool && pool.length === round.pool_size) {
          recomputed = true
          if (!(await sameWinners(bytes, pool, round, pools.allowDuplicates))) problems.push(REFUSED_TEXT.recompute)
        }
      }
    }
    out.push({ ok: problems.length === 0, problems, recomputed })
  }
  return out
}

/** The reason's one line, or what the record said when it is not one of the closed set. */
export function refusedReasonLine(reason: string): string {
  return Object.hasOwn(ROUND_REASON_LINES, reason) ? ROUND_REASON_LINES[reason]! : `motivo desconhecido (${reason})`
}
