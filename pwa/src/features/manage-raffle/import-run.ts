// The import's steps on the page: read the file in the Worker, then save the plan in one transaction.
import { addTickets, countPeople, countTickets } from '@/db/participants'
import { db, type RaffleRow } from '@/db/schema'
import { highestTicketNumber } from '@/db/tickets'
import type { ImportRequest, ImportResponse, ImportWithIds } from '@/features/manage-raffle/import-worker-types'
import { IMPORT_MESSAGES, ImportError, importMessage } from '@/protocol/import/messages'
import type { ImportTarget } from '@/protocol/import/rows'

/** What the raffle holds now: the limits count it and numbering continues after its highest ticket. */
export async function importTarget(raffle: RaffleRow): Promise<ImportTarget> {
  const [people, tickets, highest] = await Promise.all([countPeople(raffle.id), countTickets(raffle.id), highestTicketNumber(raffle.id, db)])
  const top = highest === null ? 0 : Number(highest)
  return { numbered: raffle.type === 'tickets', people, tickets, highest: Number.isSafeInteger(top) ? top : 0 }
}

/** Reads the file in a Worker made for this import and ended after it. */
export async function readInWorker(file: File, target: ImportTarget): Promise<ImportWithIds> {
  const began = performance.now()
  const bytes = await file.arrayBuffer()
  // User timing entries for docs/benchmarks.md: the file read, the Worker (parse and checks, and
  // its own parse time as a measure's detail), the save.
  performance.measure('sorteio:import-read-file', { start: began })
  const sent = performance.now()
  const worker = new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module' })
  try {
    const answer = await new Promise<ImportResponse>((resolve) => {
      worker.onmessage = (event: MessageEvent<ImportResponse>) => resolve(event.data)
      worker.onerror = () => resolve({ ok: false, message: importMessage.failed(IMPORT_MESSAGES.corrupt) })
      const request: ImportRequest = { fileName: file.name, bytes, target }
      worker.postMessage(request, [bytes])
    })
    if (!answer.ok) throw new ImportError(answer.message)
    performance.measure('sorteio:import-worker', { start: sent, detail: { parseMs: answer.parseMs } })
    return answer.read
  } finally {
    worker.terminate()
  }
}

/**
 * Saves the plan: every ticket and its participants.add ops (5,000 tickets each) in one transaction,
 * all or nothing. One group id per person. Returns how many people were added.
 */
export async function saveImport(userId: string, raffleId: string, read: ImportWithIds): Promise<number> {
  const began = performance.now()
  const { plan, ids, groups } = read
  await addTickets(userId, raffleId, { names: plan.names, emails: plan.emails, numbers: plan.numbers, groups, ids })
  performance.measure('sorteio:import-save', { start: began })
  return plan.people
}
