// The invariants checked at the end of every run of the sync simulation (sync.simulation.test.ts).
// Each returns the problems it found, worded to be read in a failing test's output.
import { drawOverview } from '@/db/draw-queries'
import { pendingCount } from '@/db/outbox'
import { listTickets } from '@/db/participants'
import { listRaffles } from '@/db/raffles'
import { refusedCount, refusedOfAccount } from '@/db/refused'
import type { SorteioDB } from '@/db/schema'
import { ROUND_REASON_LINES } from '@/protocol/round-reasons'
import { rebaseList } from '@/sync/local'
import type { FakeSyncServer } from '@/sync/testing/fake-server'
import { ANA } from '@/sync/testing/helpers'
import type { SimDevice } from '@/sync/testing/sim-device'

/** What a run did, summed over its devices: a run that did little proves little. */
export interface Tally {
  applied: number
  kept: number
  partial: number
  renumbered: number
  refusedRounds: number
  winners: number
}

const count = (ids: string[]) => ids.reduce((m, id) => m.set(id, (m.get(id) ?? 0) + 1), new Map<string, number>())

/**
 * Every op the device queued was applied on the server (in its log once) or is kept on the device in
 * 'Não enviados' with the server's reason and a message (in no log), never neither and never both;
 * an applied add whose typed numbers were taken keeps those tickets. Settled ops were refused first.
 */
export async function everyOpSettled(d: SimDevice, server: FakeSyncServer, tally: Tally): Promise<string[]> {
  const problems: string[] = []
  const logged = count([...server.raffles.values()].flatMap((r) => r.log.map((c) => c.op_id)))
  const kept = new Map((await refusedOfAccount(ANA, d.db)).map((row) => [row.opId, row]))
  for (const opId of d.made) {
    const answer = server.answers.get(opId)?.result
    const row = kept.get(opId)
    const applied = answer?.status === 'applied'
    const what = `${d.name}: op ${opId} (${answer?.status ?? 'never answered'} ${answer?.reason ?? ''})`
    if (applied && logged.get(opId) !== 1) problems.push(`${what} is in the server's log ${logged.get(opId) ?? 0} times`)
    if (!applied && logged.has(opId)) problems.push(`${what} is in the server's log`)
    if (applied && answer.refused?.length) tally.partial++
    if (d.settled.has(opId)) {
      if (applied && !answer.refused?.length) problems.push(`${what} was settled by hand but had been applied`)
      continue
    }
    if (applied && answer.refused?.length) {
      if (row?.reason !== 'ticket_number_taken') problems.push(`${what}: its refused tickets are not kept (${row?.reason ?? 'nothing'})`)
      else if (row.people.length === 0) problems.push(`${what}: its refused tickets are kept without their people`)
    } else if (applied) {
      if (row) problems.push(`${what} is both applied and kept (${row.reason})`)
      tally.applied++
    } else if (answer?.status === 'rejected') {
      if (!row) problems.push(`${what} is neither applied nor kept`)
      else if (row.reason !== answer.reason || !row.message) problems.push(`${what} is kept as ${row.reason}: "${row.message}"`)
      else tally.kept++
    } else problems.push(`${what} is neither applied nor kept`)
    if ((answer?.renumbered ?? 0) > 0) tally.renumbered++
  }
  const [pending, rebase, shown] = await Promise.all([pendingCount(d.db, ANA), rebaseList(d.db, ANA), refusedCount(d.db, ANA)])
  if (pending > 0) problems.push(`${d.name}: ${pending} ops still queued`)
  if (rebase.length > 0) problems.push(`${d.name}: raffles still waiting to be rebuilt: ${rebase.join(', ')}`)
  // The sync bar's 'N alterações não enviadas' counts exactly what 'Não enviados' lists.
  if (shown !== kept.size) problems.push(`${d.name}: the sync bar counts ${shown} refused ops, 'Não enviados' lists ${kept.size}`)
  return problems
}

/**
 * No round drawn offline vanishes: one whose start was refused for a reason two devices cause is in
 * its raffle's record as refused, with the seed and winners the device drew once its completion
 * reached the server refused, and the device says in full that it did not count. One applied is not.
 */
export async function refusedRoundsKept(d: SimDevice, server: FakeSyncServer, tally: Tally): Promise<string[]> {
  const problems: string[] = []
  const kept = new Map((await refusedOfAccount(ANA, d.db)).map((row) => [row.opId, row]))
  for (const o of d.offlineRounds) {
    const raffle = server.raffles.get(o.raffleId)
    const record = raffle?.refusedRounds.get(o.drawId)
    const start = server.answers.get(o.startOp)?.result
    const what = `${d.name}: offline ${o.kind} ${o.drawId} (start ${start?.status} ${start?.reason ?? ''})`
    if (!raffle || start?.status !== 'rejected' || !(start.reason! in ROUND_REASON_LINES)) {
      if (record) problems.push(`${what} is in the record as refused`)
      continue
    }
    if (!record || record.reason !== start.reason) {
      problems.push(`${what} is not in the record as refused (${record?.reason ?? 'absent'})`)
      continue
    }
    if (raffle.rounds.has(o.drawId)) problems.push(`${what} counts as a round`)
    const complete = o.completeOp ? server.answers.get(o.completeOp)?.result : undefined
    if (complete?.reason === 'draw_not_found' || complete?.reason === 'raffle_not_found') {
      const shown = record.winners.map((w) => w.ticket_id)
      if (record.client_seed !== o.clientSeed || shown.join() !== o.winners.join()) {
        problems.push(`${what} is recorded with ${shown.join()}; the device drew ${o.winners.join()}`)
      }
    }
    const row = kept.get(o.startOp)
    const said = new RegExp(`^O ${o.kind === 'redraw' ? 're-sorteio' : 'sorteio'} feito offline neste aparelho não valeu: .+ Sorteados? aqui: `)
    // Not when the organiser deleted the raffle here before the refusal came: the winners went with it.
    const shown = !d.settled.has(o.startOp) && !d.deletedHere.has(o.raffleId) && o.winners.length > 0
    if (shown && !said.test(row?.message ?? '')) {
      problems.push(`${what}: the device says "${row?.message ?? 'nothing'}"`)
    }
    tally.refusedRounds++
  }
  return problems
}

/** A device's raffles as the organiser sees them: settings, people with their numbers, rounds and winners. */
export async function describeDevice(db: SorteioDB): Promise<string> {
  const lines: string[] = []
  for (const r of (await listRaffles(ANA, db)).sort((a, b) => (a.id < b.id ? -1 : 1))) {
    lines.push(`raffle ${r.id} ${r.code} ${r.type} ${r.status} winners=${r.winnersCount} dup=${r.allowDuplicateWins} "${r.title}" "${r.description}"`)
    for (const t of (await listTickets(r.id, db)).sort((a, b) => (a.id < b.id ? -1 : 1))) lines.push(`  ticket ${t.id} ${t.groupId} ${t.name} ${t.ticketNumber}`)
    const { rounds, winners } = await drawOverview(r.id, db)
    for (const d of rounds.sort((a, b) => (a.id < b.id ? -1 : 1))) lines.push(`  round ${d.id} ${d.kind} ${d.state}`)
    for (const w of winners.sort((a, b) => (a.id < b.id ? -1 : 1))) lines.push(`  winner ${w.id} ${w.ticketId} valid=${w.isValid}`)
  }
  return lines.join('\n')
}

/** The same, as the server holds it. */
export function describeServer(server: FakeSyncServer, tally?: Tally): string {
  const lines: string[] = []
  const live = [...server.raffles.entries()].filter(([, r]) => r.ownerId === ANA && !r.deleted).sort(([a], [b]) => (a < b ? -1 : 1))
  for (const [id, { raffle: r, tickets, rounds, winners }] of live) {
    lines.push(`raffle ${id} ${r.code} ${r.type} ${r.status} winners=${r.winners_count} dup=${r.allow_duplicate_wins} "${r.title}" "${r.description}"`)
    for (const t of [...tickets.values()].sort((a, b) => (a.id < b.id ? -1 : 1))) lines.push(`  ticket ${t.id} ${t.group_id} ${t.name} ${t.ticket_number ?? null}`)
    for (const d of [...rounds.values()].sort((a, b) => (a.wire.draw_id < b.wire.draw_id ? -1 : 1))) {
      lines.push(`  round ${d.wire.draw_id} ${d.wire.kind} ${d.completion ? 'completed' : d.abandonedAt !== null ? 'abandoned' : 'open'}`)
    }
    for (const w of [...winners.values()].sort((a, b) => (a.id < b.id ? -1 : 1))) lines.push(`  winner ${w.id} ${w.ticket_id} valid=${w.is_valid}`)
    if (tally) tally.winners += winners.size
  }
  return lines.join('\n')
}

/**
 * Every number the server replaced of this device's applied adds is told to it, once, from the
 * number it chose to the one stored (raffles gone from the server aside: their tickets are too);
 * and no typed ticket of the device was refused for a number the server had just given another
 * ticket of the device in the same push (store/later_numbers.go).
 */
export function renumberingsTold(d: SimDevice, server: FakeSyncServer): string[] {
  const problems: string[] = []
  const told = new Map<string, number>()
  for (const e of d.ctx.events) if (e.type === 'renumbered') told.set(e.raffleId, (told.get(e.raffleId) ?? 0) + e.numbers.length)
  const raffleOf = new Map([...server.raffles].flatMap(([id, r]) => (r.deleted ? [] : r.log.map((c): [string, string] => [c.op_id, id]))))
  const replaced = new Map<string, number>()
  for (const opId of d.made) {
    const answer = server.answers.get(opId)?.result
    const raffleId = raffleOf.get(opId)
    if (answer?.status !== 'applied' || !raffleId) continue
    const n = answer.renumbered ?? 0
    if (n > 0) replaced.set(raffleId, (replaced.get(raffleId) ?? 0) + n)
  }
  for (const [raffleId, n] of replaced) {
    if (told.get(raffleId) !== n) problems.push(`${d.name}: ${n} numbers renumbered in raffle ${raffleId}, ${told.get(raffleId) ?? 0} told`)
  }
  const mine = new Set(d.made)
  for (const clash of server.selfClashes.filter((c) => mine.has(c.opId))) {
    problems.push(`${d.name}: its typed ${clash.number} was refused for a number the server gave its own earlier op in the same push`)
  }
  return problems
}
