// The import's steps on the page: the Worker reads the file and answers with a preview; on confirm
// it writes the tickets itself. The page holds no ticket: nothing of the import's size runs here.
import { countPeople, countTickets } from '@/db/participants'
import { db, type RaffleRow } from '@/db/schema'
import { highestTicketNumber } from '@/db/tickets'
import type { ImportPreview, ImportRequest, ImportResponse } from '@/features/manage-raffle/import-export/import-worker-types'
import { IMPORT_MESSAGES, ImportError, importMessage } from '@/protocol/import/messages'
import type { ImportChoice } from '@/protocol/import/columns'
import type { ImportTarget } from '@/protocol/import/rows'

/** What the raffle holds now: the limits count it and numbering continues after its highest ticket; a Loteria Federal raffle's rule reads the file's numbers. */
export async function importTarget(raffle: RaffleRow): Promise<ImportTarget> {
  const [people, tickets, highest] = await Promise.all([countPeople(raffle.id), countTickets(raffle.id), highestTicketNumber(raffle.id, db)])
  const top = highest === null ? 0 : Number(highest)
  const federal = raffle.type === 'tickets' && raffle.drawMethod === 'federal' && raffle.federal ? { kind: raffle.federal.rule, digits: raffle.federal.digits } : undefined
  return { numbered: raffle.type === 'tickets', people, tickets, highest: Number.isSafeInteger(top) ? top : 0, federal }
}

type Answer<T extends ImportResponse> = Extract<T, { ok: true }>

/**
 * One import: a Worker made for it, holding the file's plan from the preview to the save, and
 * ended after the save or on cancel. User timing entries for docs/benchmarks.md: the file read,
 * the Worker's read (with its own parse time as detail), the save (with the Worker's own time).
 */
export class ImportJob {
  private readonly worker = new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module' })

  private ask(request: ImportRequest, transfer: Transferable[] = []): Promise<Answer<ImportResponse>> {
    return new Promise((resolve, reject) => {
      this.worker.onmessage = (event: MessageEvent<ImportResponse>) => {
        const answer = event.data
        if (answer.ok) resolve(answer)
        else reject(new ImportError(answer.message))
      }
      this.worker.onerror = () => reject(new ImportError(importMessage.failed(IMPORT_MESSAGES.corrupt)))
      this.worker.postMessage(request, transfer)
    })
  }

  async read(file: File, raffleId: string, target: ImportTarget, previewRows: number): Promise<ImportPreview> {
    const began = performance.now()
    const bytes = await file.arrayBuffer()
    performance.measure('sorteio:import-read-file', { start: began })
    const sent = performance.now()
    const answer = await this.ask({ type: 'read', fileName: file.name, bytes, raffleId, target, previewRows }, [bytes])
    if (answer.type !== 'read') throw new ImportError(importMessage.failed(IMPORT_MESSAGES.corrupt))
    performance.measure('sorteio:import-worker', { start: sent, detail: { parseMs: answer.parseMs } })
    return answer.preview
  }

  /** The preview again with another column or clash choice: the Worker plans the rows it kept. */
  async plan(choice: ImportChoice): Promise<ImportPreview> {
    const sent = performance.now()
    const answer = await this.ask({ type: 'plan', choice })
    if (answer.type !== 'read') throw new ImportError(importMessage.failed(IMPORT_MESSAGES.corrupt))
    performance.measure('sorteio:import-plan', { start: sent, detail: { parseMs: answer.parseMs } })
    return answer.preview
  }

  /** The preview of another worksheet of the file (an .xlsx with several): the Worker reads it again. */
  async sheet(sheet: number): Promise<ImportPreview> {
    const sent = performance.now()
    const answer = await this.ask({ type: 'sheet', sheet })
    if (answer.type !== 'read') throw new ImportError(importMessage.failed(IMPORT_MESSAGES.corrupt))
    performance.measure('sorteio:import-plan', { start: sent, detail: { parseMs: answer.parseMs } })
    return answer.preview
  }

  /** Every ticket and its participants.add ops (5,000 tickets each) in one transaction, all or nothing. */
  async save(userId: string, raffleId: string): Promise<number> {
    const began = performance.now()
    const answer = await this.ask({ type: 'save', userId, raffleId })
    if (answer.type !== 'save') throw new ImportError(importMessage.failed(IMPORT_MESSAGES.corrupt))
    performance.measure('sorteio:import-save', { start: began, detail: { workerMs: answer.saveMs } })
    return answer.people
  }

  end(): void {
    this.worker.terminate()
  }
}
