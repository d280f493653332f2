// From a sheet's rows (strings, as a CSV or a spreadsheet gives them) to the tickets to add, by the
// product spec's rules (§5 "Import"): the format comes from the first line, every row is checked,
// and the raffle's limits count what it already holds. Pure: the Worker, the tests and the Go reader
// (sync/importfile) follow the same steps.
import { IMPORT_MESSAGES, ImportError, importMessage } from '@/protocol/import/messages'
import { checkEmail, checkName, checkTicketNumber, LIMITS, RuleError, trimSpace } from '@/protocol/rules'

export type ImportFormat = 'header' | 'quantity' | 'names'

/** What the raffle holds before the import. `highest` is its highest all-digit ticket number, as a number. */
export interface ImportTarget {
  numbered: boolean
  people: number
  tickets: number
  highest: number
}

/** The tickets to add, column by column; `person[i]` is the index of ticket i's person (one group each). */
export interface ImportPlan {
  format: ImportFormat
  people: number
  tickets: number
  names: string[]
  emails: (string | null)[]
  numbers: (string | null)[]
  person: number[]
  /** The tickets whose number the import chose (the file named none): sent as provisional. */
  chosen: number[]
}

/** A row: its cells and its line in the file (1-based, as a spreadsheet numbers it). */
export interface SheetRow {
  line: number
  cells: string[]
}

/** The export's column naming each ticket's person (docs/import.md, "Export"). */
export const PERSON_HEADER = 'participante'

const NUMERIC = /^[+-]?\d+([.,]\d+)?$/
const WHOLE = /^\d+$/

/** Lower case, no accents, trimmed: 'NOME', ' Nome ' and 'Nóme' all read 'nome'. */
export function fold(s: string): string {
  return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim()
}

function cell(row: SheetRow, i: number): string {
  return i < 0 ? '' : trimSpace(row.cells[i] ?? '')
}

/** Cells up to the last non-blank one: 'Ana;' has one column. */
function width(cells: string[]): number {
  let n = cells.length
  while (n > 0 && trimSpace(cells[n - 1] ?? '') === '') n--
  return n
}

function isBlank(row: SheetRow): boolean {
  return width(row.cells) === 0
}

function detectFormat(first: SheetRow): ImportFormat {
  if (first.cells.some((c) => fold(c).includes('nome'))) return 'header'
  const w = width(first.cells)
  if (w === 2 && NUMERIC.test(cell(first, 1))) return 'quantity'
  if (w === 1) return 'names'
  throw new ImportError(IMPORT_MESSAGES.unrecognised)
}

function checked<T>(line: number, check: () => T): T {
  try {
    return check()
  } catch (err) {
    if (err instanceof RuleError) throw new ImportError(importMessage.badRow(line, err.message))
    throw err
  }
}

/** Builds the plan, or throws the ImportError of the first problem found (in file order). */
export function planImport(rows: SheetRow[], target: ImportTarget): ImportPlan {
  const data = rows.filter((r) => !isBlank(r))
  const first = data[0]
  if (first === undefined) throw new ImportError(IMPORT_MESSAGES.noRows)
  const format = detectFormat(first)
  const plan: ImportPlan = { format, people: 0, tickets: 0, names: [], emails: [], numbers: [], person: [], chosen: [] }
  const pending = plan.chosen // tickets still to number
  const seen = new Set<string>()
  let highest = target.highest
  const add = (name: string, email: string | null, number: string | null, person = plan.people) => {
    plan.names.push(name)
    plan.emails.push(email)
    plan.numbers.push(number)
    plan.person.push(person)
    if (number === null && target.numbered) pending.push(plan.names.length - 1)
  }

  if (format === 'header') {
    const head = first.cells.map(fold)
    const nameAt = head.findIndex((h) => h.includes('nome'))
    const emailAt = head.findIndex((h) => h.includes('email') || h.includes('e-mail'))
    const ticketAt = target.numbered ? head.findIndex((h) => h.includes('bilhete')) : -1
    // Our own export's person column: rows with the same value are one person's tickets.
    const personAt = head.indexOf(PERSON_HEADER)
    const people = new Map<string, { index: number; name: string; email: string | null; tickets: number }>()
    for (const row of data.slice(1)) {
      const raw = cell(row, nameAt)
      if (!raw) continue
      const name = checked(row.line, () => checkName(raw))
      const email = checked(row.line, () => checkEmail(cell(row, emailAt)))
      const number = checked(row.line, () => checkTicketNumber(cell(row, ticketAt)))
      if (number !== null) {
        if (seen.has(number)) throw new ImportError(importMessage.repeatedTicket(row.line, number))
        seen.add(number)
        if (WHOLE.test(number)) highest = Math.max(highest, Number(number))
      }
      const key = cell(row, personAt)
      const known = key ? people.get(key) : undefined
      if (known) {
        if (known.name !== name || known.email !== email) throw new ImportError(importMessage.personChanged(row.line, key))
        if (++known.tickets > LIMITS.maxTicketsPerPerson) {
          throw new ImportError(importMessage.highQuantity(name, String(known.tickets), LIMITS.maxTicketsPerPerson))
        }
        add(name, email, number, known.index)
        plan.tickets++
        continue
      }
      if (key) people.set(key, { index: plan.people, name, email, tickets: 1 })
      add(name, email, number)
      plan.people++
      plan.tickets++
    }
  } else {
    for (const row of data) {
      const raw = cell(row, 0)
      if (!raw) continue
      const name = checked(row.line, () => checkName(raw))
      let quantity = 1
      if (format === 'quantity') {
        const value = cell(row, 1)
        if (!WHOLE.test(value) || Number(value) < 1) throw new ImportError(importMessage.badQuantity(name, value))
        quantity = Number(value)
        if (quantity > LIMITS.maxTicketsPerPerson) {
          throw new ImportError(importMessage.highQuantity(name, value, LIMITS.maxTicketsPerPerson))
        }
      }
      // Past the limit the import fails anyway: count the rest without building it.
      if (plan.tickets + quantity <= LIMITS.maxTickets) for (let q = 0; q < quantity; q++) add(name, null, null)
      plan.tickets += quantity
      plan.people++
    }
  }
  if (plan.people === 0) throw new ImportError(IMPORT_MESSAGES.noRows)
  const people = target.people + plan.people
  if (people > LIMITS.maxPeople) throw new ImportError(importMessage.tooManyPeople(people, LIMITS.maxPeople))
  const tickets = target.tickets + plan.tickets
  if (tickets > LIMITS.maxTickets) throw new ImportError(importMessage.tooManyTickets(tickets, LIMITS.maxTickets))
  for (const i of pending) plan.numbers[i] = String(++highest).padStart(3, '0')
  return plan
}
