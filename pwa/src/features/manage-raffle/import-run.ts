// The import's steps on the page: read the file in the Worker, then save the plan in one transaction.
import { newId } from '@/db/ids'
import { addTickets, countPeople, countTickets } from '@/db/participants'
import { db, type RaffleRow } from '@/db/schema'
import { highestTicketNumber } from '@/db/tickets'
import type { ImportRequest, ImportResponse } from '@/features/manage-raffle/import-worker-types'
import { IMPORT_MESSAGES, ImportError, importMessage } from '@/protocol/import/messages'
import type { ImportRead } from '@/protocol/import/read'
import type { ImportPlan, ImportTarget } from '@/protocol/import/rows'

/** What the raffle holds now: the limits count it and numbering continues after its highest ticket. */
export async function importTarget(raffle: RaffleRow): Promise<ImportTarget> {
  const [people, tickets, highest] = await Promise.all([countPeople(raffle.id), countTickets(raffle.id), highestTicketNumber(raffle.id, db)])
  const top = highest === null ? 0 : Number(highest)
  return { numbered: raffle.type === 'tickets', people, tickets, highest: Number.isSafeInteger(top) ? top : 0 }
}

/** Reads the file in a Worker made for this import and ended after it. */
export async function readInWorker(file: File, target: ImportTarget): Promise<ImportRead> {
  const bytes = await file.arrayBuffer()
  const worker = new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module' })
  try {
    const answer = await new Promise<ImportResponse>((resolve) => {
      worker.onmessage = (event: MessageEvent<ImportResponse>) => resolve(event.data)
      worker.onerror = () => resolve({ ok: false, message: importMessage.failed(IMPORT_MESSAGES.corrupt) })
      const request: ImportRequest = { fileName: file.name, bytes, target }
      worker.postMessage(request, [bytes])
    })
    if (!answer.ok) throw new ImportError(answer.message)
    return answer.read
  } finally {
    worker.terminate()
  }
}

/**
 * Saves the plan: every ticket and its participants.add ops (5,000 tickets each) in one transaction,
 * all or nothing. One group id per person. Returns how many people were added.
 */
export async function saveImport(userId: string, raffleId: string, plan: ImportPlan): Promise<number> {
  const groups = Array.from({ length: plan.people }, () => newId())
  await addTickets(userId, raffleId, {
    names: plan.names,
    emails: plan.emails,
    numbers: plan.numbers,
    groups: plan.person.map((p) => groups[p] ?? ''),
  })
  return plan.people
}
