// The import's Worker: reads and checks the file off the main thread, so a 100,000-ticket file never
// freezes the page. SheetJS loads here, and only for spreadsheets.
import { bulkIds } from '@/protocol/import/ids'
import { IMPORT_MESSAGES, ImportError, importMessage } from '@/protocol/import/messages'
import { readImport } from '@/protocol/import/read'
import type { ImportRequest, ImportResponse } from '@/features/manage-raffle/import-worker-types'

const post = (message: ImportResponse, transfer: Transferable[] = []) => self.postMessage(message, { transfer })

self.onmessage = async (event: MessageEvent<ImportRequest>) => {
  const { fileName, bytes, target } = event.data
  try {
    const began = performance.now()
    const read = await readImport(fileName, new Uint8Array(bytes), target)
    // The ids too: made here, they cost the page nothing (one group id per person).
    const all = bulkIds(read.plan.people + read.plan.tickets)
    const groupIds = all.slice(0, read.plan.people)
    const ids = all.slice(read.plan.people)
    const groups = read.plan.person.map((p) => groupIds[p] ?? '')
    post({ ok: true, read: { ...read, ids, groups }, parseMs: performance.now() - began })
  } catch (error) {
    // A library's own words never reach the person: anything unexpected is a file we cannot read.
    const message = error instanceof ImportError ? error.message : importMessage.failed(IMPORT_MESSAGES.corrupt)
    post({ ok: false, message })
  }
}
