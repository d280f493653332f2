// The import's Worker: reads and checks the file off the main thread, so a 100,000-ticket file never
// freezes the page, and on confirm writes the tickets and their participants.add ops itself, in one
// IndexedDB transaction (addTickets: all or nothing). Dexie tells the page's live queries about the
// write (its BroadcastChannel), so the list and the sync engine see it as any other write. SheetJS
// loads here, and only for spreadsheets.
import { errorText } from '@/components/ui/error-text'
import { addTickets } from '@/db/participants'
import { db } from '@/db/schema'
import type { ImportRequest, ImportResponse } from '@/features/manage-raffle/import-worker-types'
import { bulkIds } from '@/protocol/import/ids'
import { IMPORT_MESSAGES, ImportError, importMessage } from '@/protocol/import/messages'
import { type ImportRead, readImport } from '@/protocol/import/read'
import { planPeople } from '@/protocol/import/summary'

const post = (message: ImportResponse) => self.postMessage(message)

let read: ImportRead | null = null

async function onRead(request: Extract<ImportRequest, { type: 'read' }>): Promise<void> {
  const began = performance.now()
  try {
    read = await readImport(request.fileName, new Uint8Array(request.bytes), request.target)
  } catch (error) {
    // A library's own words never reach the person: anything unexpected is a file we cannot read.
    post({ ok: false, message: error instanceof ImportError ? error.message : importMessage.failed(IMPORT_MESSAGES.corrupt) })
    return
  }
  const { kind, encoding, delimiter, plan } = read
  const preview = { kind, encoding, delimiter, format: plan.format, people: plan.people, tickets: plan.tickets, rows: planPeople(plan, request.previewRows) }
  post({ ok: true, type: 'read', preview, parseMs: performance.now() - began })
  // Opening the database now takes that step out of the wait after confirming.
  db.open().catch(() => {})
}

async function onSave(request: Extract<ImportRequest, { type: 'save' }>): Promise<void> {
  const began = performance.now()
  try {
    if (!read) throw new Error('nothing read')
    const { plan } = read
    // Ticket and group ids, made in one go (one group id per person).
    const all = bulkIds(plan.people + plan.tickets)
    const groups = plan.person.map((p) => all[p]!)
    const ids = all.slice(plan.people)
    await addTickets(request.userId, request.raffleId, { names: plan.names, emails: plan.emails, numbers: plan.numbers, chosen: plan.chosen, groups, ids }, db)
    post({ ok: true, type: 'save', people: plan.people, saveMs: performance.now() - began })
  } catch (error) {
    post({ ok: false, message: errorText(error) })
  } finally {
    read = null
  }
}

self.onmessage = (event: MessageEvent<ImportRequest>) => {
  const request = event.data
  void (request.type === 'read' ? onRead(request) : onSave(request))
}
