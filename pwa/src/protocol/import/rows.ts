// From a sheet's rows (strings, as a CSV or a spreadsheet gives them) to the tickets to add, by the
// product spec's rules (§5 "Import"): the format comes from the first line, every row is checked,
// and the raffle's limits count what it already holds. Pure: the Worker, the tests and the Go reader
// (sync/importfile) follow the same steps. A header file's rows: header.ts.
import type { ImportChoice, ImportColumns } from '@/protocol/import/columns'
import { isHeader } from '@/protocol/import/columns'
import { federalAdded, type FederalRule } from '@/protocol/federal'
import { FederalError } from '@/protocol/federal-reasons'
import { planHeader, type RuleAnswers } from '@/protocol/import/header'
import { IMPORT_MESSAGES, ImportError, importMessage } from '@/protocol/import/messages'
import { checkName, LIMITS, RuleError, trimSpace } from '@/protocol/rules'

export type ImportFormat = 'header' | 'quantity' | 'names'

/**
 * What the raffle holds before the import. `highest` is its highest all-digit ticket number, as a
 * number; `taken` its ticket numbers in their normal form (a file's clash with them).
 */
export interface ImportTarget {
  numbered: boolean
  people: number
  tickets: number
  highest: number
  taken?: string[]
  /** The Loteria Federal's rule when the raffle draws by it: a number it cannot read refuses the file. */
  federal?: FederalRule
}

/** A file's ticket number the raffle already holds. */
export interface ImportClash {
  line: number
  number: string
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
  /** Each ticket's phone in E.164 (null when none or refused), the same for all of a person's tickets. */
  phones: (string | null)[]
  /** A header file's first row and the columns read (the guess or the choice). */
  header: string[]
  columns: ImportColumns | null
  /** Rows that joined an earlier row's person by their e-mail. */
  grouped: number
  /** 'Linha 14: sem nome', in file order. */
  skipped: string[]
  warnings: string[]
  /** The file's tickets the raffle holds (when no clash policy was chosen). */
  clashes: ImportClash[]
  leftOut: string[]
}

/** A row: its cells and its line in the file (1-based, as a spreadsheet numbers it). */
export interface SheetRow {
  line: number
  cells: string[]
}

/** Appends one ticket: name, e-mail, number, phone and person. */
export type Adder = (name: string, email: string | null, number: string | null, phone: string | null, person: number) => void

const NUMERIC = /^[+-]?\d+([.,]\d+)?$/
export const WHOLE = /^\d+$/

/** A quantity cell's number: a whole number, perhaps with zero decimals as a number format shows it (3.00, 3,00). */
export function quantityOf(value: string): number | null {
  const m = /^(\d+)(?:[.,]0+)?$/.exec(value)
  return m ? Number(m[1]) : null
}

export function cell(row: SheetRow, i: number): string {
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
  if (isHeader(first.cells)) return 'header'
  const w = width(first.cells)
  if (w === 2 && NUMERIC.test(cell(first, 1))) return 'quantity'
  if (w === 1) return 'names'
  throw new ImportError(IMPORT_MESSAGES.unrecognised)
}

export function checked<T>(line: number, check: () => T): T {
  try {
    return check()
  } catch (err) {
    if (err instanceof RuleError) throw new ImportError(importMessage.badRow(line, err.message))
    throw err
  }
}

function emptyPlan(format: ImportFormat): ImportPlan {
  return {
    format,
    people: 0,
    tickets: 0,
    names: [],
    emails: [],
    numbers: [],
    person: [],
    chosen: [],
    phones: [],
    header: [],
    columns: null,
    grouped: 0,
    skipped: [],
    warnings: [],
    clashes: [],
    leftOut: [],
  }
}

/**
 * Builds the plan, or throws the ImportError of the first problem found (in file order). `answers`:
 * the rules' answers from earlier plans of the same file (the column step's), if kept.
 */
/** How many rows above a header may be titles (an event's name, the export's date, a filter). */
const MAX_TITLE_ROWS = 9

const filled = (cells: string[]) => cells.filter((c) => trimSpace(c) !== '').length

/**
 * Where a header under title rows is (0 when the first row is one, or none is found): the first of the
 * next rows that names a name or an e-mail column in two filled cells or more, every row above it
 * holding fewer filled cells than it.
 */
export function headerAt(data: SheetRow[]): number {
  if (isHeader(data[0]!.cells)) return 0
  for (let i = 1; i < data.length && i <= MAX_TITLE_ROWS; i++) {
    const n = filled(data[i]!.cells)
    if (n < 2 || !isHeader(data[i]!.cells)) continue
    return data.slice(0, i).every((r) => filled(r.cells) < n) ? i : 0
  }
  return 0
}

/** The file's non-blank rows from its header (or first row) on. */
export function fromHeader(rows: SheetRow[]): SheetRow[] {
  const data = rows.filter((r) => !isBlank(r))
  return data.length === 0 ? data : data.slice(headerAt(data))
}

export function planImport(rows: SheetRow[], target: ImportTarget, choice: ImportChoice = {}, answers?: RuleAnswers): ImportPlan {
  const data = rows.filter((r) => !isBlank(r))
  if (data.length === 0) throw new ImportError(IMPORT_MESSAGES.noRows)
  const start = headerAt(data)
  const format = detectFormat(data[start]!)
  const plan = emptyPlan(format)
  for (const r of data.slice(0, start)) plan.skipped.push(importMessage.titleRow(r.line))
  const pending = plan.chosen // tickets still to number
  const add: Adder = (name, email, number, phone, person) => {
    plan.names.push(name)
    plan.emails.push(email)
    plan.numbers.push(number)
    plan.phones.push(phone)
    plan.person.push(person)
    if (number === null && target.numbered) pending.push(plan.names.length - 1)
  }
  let highest = target.highest
  const body = data.slice(start)
  if (format === 'header') highest = planHeader(plan, body, target, choice, add, answers)
  else planList(plan, body, format, add)
  // Every row left out: the rows and why go with the refusal, for the preview to list.
  if (plan.people === 0) throw new ImportError(IMPORT_MESSAGES.noRows, plan.skipped)
  const people = target.people + plan.people
  if (people > LIMITS.maxPeople) throw new ImportError(importMessage.tooManyPeople(people, LIMITS.maxPeople))
  const tickets = target.tickets + plan.tickets
  if (tickets > LIMITS.maxTickets) throw new ImportError(importMessage.tooManyTickets(tickets, LIMITS.maxTickets))
  if (plan.grouped > 0) byPerson(plan, target.numbered)
  for (const i of plan.chosen) plan.numbers[i] = String(++highest).padStart(3, '0')
  if (target.federal) federalNumbers(target.federal, target.taken ?? [], plan.numbers)
  return plan
}

/**
 * A Loteria Federal raffle's file: refused whole, before the preview, when its rule cannot read a
 * number the file names or the import gives (a bad row refuses a file, as everywhere in the import);
 * the message names the number, as the server's refusal of the add would.
 */
function federalNumbers(rule: FederalRule, taken: readonly string[], numbers: readonly (string | null)[]): void {
  try {
    federalAdded(
      rule,
      taken,
      numbers.map((n) => n ?? ''),
    )
  } catch (e) {
    if (e instanceof FederalError) throw new ImportError(e.message)
    throw e
  }
}

/**
 * Puts each person's tickets together, people in the order they first appear, tickets in file
 * order: rows grouped by e-mail come spread through a ticket-sale export, and the ops of 5,000
 * tickets then hold whole people. `chosen` is rebuilt in the new order (sync/importfile: byPerson).
 */
function byPerson(plan: ImportPlan, numbered: boolean): void {
  const start = new Array<number>(plan.people + 1).fill(0)
  for (const p of plan.person) start[p + 1]!++
  for (let i = 1; i <= plan.people; i++) start[i]! += start[i - 1]!
  const n = plan.names.length
  const names = new Array<string>(n)
  const emails = new Array<string | null>(n)
  const numbers = new Array<string | null>(n)
  const phones = new Array<string | null>(n)
  const person = new Array<number>(n)
  plan.person.forEach((p, i) => {
    const j = start[p]!++
    names[j] = plan.names[i]!
    emails[j] = plan.emails[i]!
    numbers[j] = plan.numbers[i]!
    phones[j] = plan.phones[i]!
    person[j] = p
  })
  Object.assign(plan, { names, emails, numbers, phones, person })
  plan.chosen.length = 0
  numbers.forEach((number, i) => {
    if (number === null && numbered) plan.chosen.push(i)
  })
}

function planList(plan: ImportPlan, data: SheetRow[], format: ImportFormat, add: Adder): void {
  for (const row of data) {
    const raw = cell(row, 0)
    if (!raw) continue
    const name = checked(row.line, () => checkName(raw))
    let quantity = 1
    if (format === 'quantity') {
      const value = cell(row, 1)
      const n = quantityOf(value)
      if (n === null || n < 1) throw new ImportError(importMessage.badQuantity(name, value))
      quantity = n
      if (quantity > LIMITS.maxTicketsPerPerson) {
        throw new ImportError(importMessage.highQuantity(name, value, LIMITS.maxTicketsPerPerson))
      }
    }
    // Past the limit the import fails anyway: count the rest without building it.
    if (plan.tickets + quantity <= LIMITS.maxTickets) for (let q = 0; q < quantity; q++) add(name, null, null, null, plan.people)
    plan.tickets += quantity
    plan.people++
  }
}
