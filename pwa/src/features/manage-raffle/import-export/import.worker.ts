// The import's Worker: reads and checks the file off the main thread, so a 100,000-ticket file never
// freezes the page, plans it again when the person changes a column or a clash choice, and on
// confirm writes the tickets and their participants.add ops itself, in one IndexedDB transaction
// (addTickets: all or nothing). Dexie tells the page's live queries about the write (its
// BroadcastChannel), so the list and the sync engine see it as any other write. SheetJS loads here,
// and only for old .xls files.
import { errorText } from '@/components/ui/error-text'
import { rememberColumns, rememberedColumns } from '@/db/import-columns'
import { addTickets, ticketNumbersOf } from '@/db/participants'
import { db } from '@/db/schema'
import type { ImportPreview, ImportRequest, ImportResponse, Listed } from '@/features/manage-raffle/import-export/import-worker-types'
import { guessColumns, type ImportChoice, isHeader } from '@/protocol/import/columns'
import { bulkIds } from '@/protocol/import/ids'
import { IMPORT_MESSAGES, ImportError, importMessage } from '@/protocol/import/messages'
import { type ImportRows, readRows } from '@/protocol/import/read'
import { newRuleAnswers } from '@/protocol/import/header'
import { fromHeader, type ImportPlan, type ImportTarget, planImport } from '@/protocol/import/rows'
import { planPeople } from '@/protocol/import/summary'
import { trimSpace } from '@/protocol/rules'

const post = (message: ImportResponse) => self.postMessage(message)
const LISTED = 20

let file: ImportRows | null = null
// The file itself, read again when the person chooses another worksheet.
let source: { fileName: string; bytes: Uint8Array } | null = null
let target: ImportTarget | null = null
let previewRows = 5
let plan: ImportPlan | null = null
// The name and e-mail rules' answers for this file, kept across the column step's plans.
let answers = newRuleAnswers()

const listed = <T>(all: T[]): Listed<T> => ({ first: all.slice(0, LISTED), total: all.length })

/** Plans the rows kept with this choice. A header file's problem is shown in the dialog, so another column can fix it. */
function preview(choice: ImportChoice): ImportPreview {
  const { kind, encoding, delimiter, sheets, sheet } = file!
  const base = { kind, encoding, delimiter, sheets, sheet, choice, grouped: 0, skipped: listed([]), warnings: listed([]), clashes: listed([]), leftOut: [] }
  try {
    plan = planImport(file!.rows, target!, choice, answers)
  } catch (error) {
    plan = null
    const header = headerOf()
    const columns = choice.columns ?? (isHeader(header) ? guessColumns(header, target!.numbered) : null)
    // Every row left out: the preview lists them and why, and nothing can be imported.
    const skipped = error instanceof ImportError ? error.skipped : []
    // A header file's refusal depends on which column is which (a repeated 'ticket' that is an order
    // number, a quantity column of words): shown in the column step, where another column may fix it.
    const fixable = error instanceof ImportError && columns !== null
    if (!fixable) throw error
    const message = skipped.length > 0 ? `${error.message}. ${importMessage.allSkipped(skipped.length)}` : error.message
    return { ...base, format: 'header', people: 0, tickets: 0, rows: [], header, columns, skipped: listed(skipped), error: message }
  }
  const p = plan
  return {
    ...base,
    format: p.format,
    people: p.people,
    tickets: p.tickets,
    rows: planPeople(p, previewRows),
    header: p.header,
    columns: p.columns,
    grouped: p.grouped,
    skipped: listed(p.skipped),
    warnings: listed(p.warnings),
    clashes: listed(p.clashes.map((c) => c.number)),
    leftOut: p.leftOut,
    error: null,
  }
}

function headerOf(): string[] {
  return fromHeader(file!.rows)[0]?.cells.map(trimSpace) ?? []
}

function fail(error: unknown) {
  // A library's own words never reach the person: anything unexpected is a file we cannot read.
  post({ ok: false, message: error instanceof ImportError ? error.message : importMessage.failed(IMPORT_MESSAGES.corrupt) })
}

/** The file's rows (an .xlsx's worksheet `sheet`) and their first preview, with the columns remembered for its header. */
async function load(sheet: number): Promise<ImportPreview> {
  file = await readRows(source!.fileName, source!.bytes, sheet)
  answers = newRuleAnswers()
  let guess = preview({})
  // The columns chosen last time for a file with this header, if they still fit.
  const remembered = guess.format === 'header' ? await rememberedColumns(guess.header, db) : null
  if (remembered) guess = preview({ columns: remembered })
  return guess
}

async function onRead(request: Extract<ImportRequest, { type: 'read' }>): Promise<void> {
  const began = performance.now()
  try {
    source = { fileName: request.fileName, bytes: new Uint8Array(request.bytes) }
    previewRows = request.previewRows
    const taken = request.target.numbered ? [...(await ticketNumbersOf(request.raffleId, db))] : []
    target = { ...request.target, taken }
    post({ ok: true, type: 'read', preview: await load(0), parseMs: performance.now() - began })
  } catch (error) {
    fail(error)
  }
}

/** Another worksheet of the file: read and planned from the start. */
async function onSheet(request: Extract<ImportRequest, { type: 'sheet' }>): Promise<void> {
  const began = performance.now()
  try {
    post({ ok: true, type: 'read', preview: await load(request.sheet), parseMs: performance.now() - began })
  } catch (error) {
    fail(error)
  }
}

function onPlan(request: Extract<ImportRequest, { type: 'plan' }>): void {
  const began = performance.now()
  try {
    post({ ok: true, type: 'read', preview: preview(request.choice), parseMs: performance.now() - began })
  } catch (error) {
    fail(error)
  }
}

async function onSave(request: Extract<ImportRequest, { type: 'save' }>): Promise<void> {
  const began = performance.now()
  try {
    if (!plan) throw new Error('nothing read')
    const p = plan
    // Ticket and group ids, made in one go (one group id per person).
    const all = bulkIds(p.people + p.tickets)
    const groups = p.person.map((i) => all[i]!)
    const ids = all.slice(p.people)
    await addTickets(request.userId, request.raffleId, { names: p.names, emails: p.emails, phones: p.phones, numbers: p.numbers, chosen: p.chosen, groups, ids }, db)
    if (p.columns) await rememberColumns(p.header, p.columns, db).catch(() => {})
    post({ ok: true, type: 'save', people: p.people, saveMs: performance.now() - began })
  } catch (error) {
    post({ ok: false, message: errorText(error) })
  } finally {
    plan = null
    file = null
    source = null
    answers = newRuleAnswers()
  }
}

self.onmessage = (event: MessageEvent<ImportRequest>) => {
  const request = event.data
  if (request.type === 'read') void onRead(request)
  else if (request.type === 'plan') onPlan(request)
  else if (request.type === 'sheet') void onSheet(request)
  else void onSave(request)
}
