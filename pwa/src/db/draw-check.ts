// Checks a result the server sent against the commitments this device saw when the round started
// (docs/draw-algorithm.md): the server's seed hashes to the commitment it published, the device's
// seed to its own, the pool to the published digest, and the winners are the ones sorteio-v1 gives.
// Hashing and drawing are WebCrypto calls, which cannot run inside an IndexedDB transaction: the
// round is marked 'pending' when its completion is applied (db/apply-draw.ts) and checked here.
// A Loteria Federal round has no seeds or commitments: its check is the rule's, from the five prizes
// over the closed list (docs/draw-algorithm.md §12), as the verification page does.
import { poolOf, readPoolInputs } from '@/db/round-pool'
import { writeTx } from '@/db/raffles'
import { db as appDb, type DrawRow, type SorteioDB } from '@/db/schema'
import { canonical, combineSeeds, pick, poolDigest } from '@/protocol/draw'
import { federal } from '@/protocol/federal'
import { fromHex, sha256Hex } from '@/lib/bytes'

export const RESULT_MISMATCH_TEXT = 'O resultado recebido não confere com os compromissos publicados no início do sorteio.'

/**
 * Whether `other` came before `round` in its raffle: by the rounds' numbers (the server's), or, for
 * rows stored before rounds were numbered, by completion before the start (which two rounds sharing
 * a millisecond could get wrong).
 */
export function isEarlier(other: DrawRow, round: DrawRow): boolean {
  if (typeof other.round === 'number' && typeof round.round === 'number') return other.round < round.round
  return other.completedAt !== null && other.completedAt <= round.startedAt
}

/**
 * Whether a completed Loteria Federal round's winners are the ones its rule gives from its prizes
 * over the closed list (the raffle's tickets: they never change once it closed), whose size and
 * digest the round published. A replaced result's winners left this device: its prizes must still
 * give winners over the list.
 */
async function federalAgrees(round: DrawRow, database: SorteioDB): Promise<boolean> {
  const f = round.federal
  if (round.state !== 'completed' || !f || !round.prizes) return false
  const [inputs, winners] = await Promise.all([readPoolInputs(round.raffleId, database), database.winners.where('raffleId').equals(round.raffleId).toArray()])
  const pool = canonical(inputs.tickets)
  if (pool.length !== round.poolSize || (await poolDigest(pool)) !== round.poolDigest) return false
  let picked: string[]
  try {
    picked = federal({ kind: f.rule, digits: f.digits }, round.prizes, pool, round.winnersCount, round.allowDuplicateWins).steps.map((s) => s.ticket.id)
  } catch {
    return false
  }
  if (round.replacedBy) return true
  const got = round.positions.map((position) => winners.find((w) => w.id === `${round.id}:${position}`)?.ticketId)
  return got.length === picked.length && got.every((ticketId, i) => ticketId === picked[i])
}

/** Whether a completed round's seeds, pool and winners agree with its commitments. */
async function agrees(round: DrawRow, database: SorteioDB): Promise<boolean> {
  if (round.method === 'federal') return federalAgrees(round, database)
  const { clientSeed, serverSeed, serverCommitment } = round
  if (round.state !== 'completed' || !clientSeed || !serverSeed || !serverCommitment) return false
  const [serverHash, clientHash] = await Promise.all([sha256Hex(fromHex(serverSeed)), sha256Hex(fromHex(clientSeed))])
  if (serverHash !== serverCommitment || clientHash !== round.clientCommitment) return false
  // The pool it was drawn from: a redraw leaves out the winners of the rounds numbered before it.
  const rounds = await database.draws.where('raffleId').equals(round.raffleId).toArray()
  const earlier = new Set(rounds.filter((r) => r.id !== round.id && isEarlier(r, round)).map((r) => r.id))
  const [inputs, winners] = await Promise.all([
    readPoolInputs(round.raffleId, database, (drawId) => earlier.has(drawId)),
    database.winners.where('raffleId').equals(round.raffleId).toArray(),
  ])
  const pool = poolOf(round.kind, round.allowDuplicateWins, inputs)
  if (pool.length !== round.poolSize || (await poolDigest(pool)) !== round.poolDigest) return false
  const seed = round.offline ? fromHex(clientSeed) : await combineSeeds(fromHex(clientSeed), fromHex(serverSeed))
  let picked: string[]
  try {
    picked = (await pick(seed, pool, round.winnersCount, round.allowDuplicateWins)).map((t) => t.id)
  } catch {
    return false
  }
  const got = round.positions.map((position) => winners.find((w) => w.id === `${round.id}:${position}`)?.ticketId)
  return got.length === picked.length && got.every((ticketId, i) => ticketId === picked[i])
}

/**
 * Checks a round marked 'pending' and records the outcome; null when there was nothing to check
 * (or the round changed meanwhile: it is then checked again as it is now).
 */
export async function checkRoundResult(drawId: string, database: SorteioDB = appDb): Promise<'ok' | 'mismatch' | null> {
  const round = await database.draws.get(drawId)
  if (!round || round.resultCheck !== 'pending') return null
  const outcome = (await agrees(round, database)) ? 'ok' : 'mismatch'
  return writeTx(database, async () => {
    const now = await database.draws.get(drawId)
    if (!now || now.resultCheck !== 'pending' || now.serverSeed !== round.serverSeed) return null
    await database.draws.update(drawId, { resultCheck: outcome })
    return outcome
  })
}
