// A header file's rows to tickets (docs/import.md, "Columns" and "Grouping"): the columns guessed
// or chosen, rows with the same e-mail one person's tickets (or the export's Participante column),
// rows without a name skipped and listed, tickets the raffle holds listed, renumbered or skipped.
// The twin of sync/importfile/header.go.
import { guessColumns, type ImportChoice, leftOut, within } from '@/protocol/import/columns'
import { fold, PERSON_HEADER } from '@/protocol/import/fold'
import { ImportError, importMessage } from '@/protocol/import/messages'
import { type Adder, cell, checked, type ImportPlan, type ImportTarget, type SheetRow, quantityOf, WHOLE } from '@/protocol/import/rows'
import { participantPhone } from '@/protocol/phone'
import { checkEmail, checkName, checkTicketNumber, LIMITS, trimSpace } from '@/protocol/rules'

interface Person {
  index: number
  name: string
  email: string | null
  tickets: number
}

/** The row's name columns joined with a space ('Ana' + 'Souza'). */
function rowName(row: SheetRow, cols: number[]): string {
  return cols
    .map((i) => cell(row, i))
    .filter((s) => s !== '')
    .join(' ')
}

/** The row's tickets: 1 without a quantity column or with a blank cell. A row naming its ticket number is one ticket. */
function rowQuantity(row: SheetRow, at: number, name: string, number: string | null): number {
  const value = cell(row, at)
  if (value === '') return 1
  const n = quantityOf(value)
  if (n === null || n < 1) throw new ImportError(importMessage.badQuantity(name, value))
  if (n > LIMITS.maxTicketsPerPerson) throw new ImportError(importMessage.highQuantity(name, value, LIMITS.maxTicketsPerPerson))
  if (number !== null && n !== 1) throw new ImportError(importMessage.ticketWithQuantity(row.line, number, value))
  return n
}

/**
 * The name and e-mail rules' answers by cell text, kept across plans of the same file: the column
 * step plans it again on every change, and the rules are about a tenth of a millisecond per text.
 */
export interface RuleAnswers {
  names: Map<string, string>
  emails: Map<string, string | null>
}

export const newRuleAnswers = (): RuleAnswers => ({ names: new Map(), emails: new Map() })

/**
 * A rule's answers by cell text: a ticket-sale export repeats each buyer's name and e-mail on every
 * ticket's row (100,000 rows of 10,000 people), and the rules are pure. A refusal is not kept, so
 * it is thrown again with its own row's line.
 */
function remembered<T>(rule: (s: string) => T, known: Map<string, T>): (line: number, s: string) => T {
  return (line, s) => {
    if (known.has(s)) return known.get(s)!
    const value = checked(line, () => rule(s))
    known.set(s, value)
    return value
  }
}

/** A cell as a message quotes it: at most 40 characters. */
function shortCell(s: string): string {
  const chars = Array.from(s)
  return chars.length > 40 ? chars.slice(0, 40).join('') + '…' : s
}

/**
 * The row's phone in E.164 (null when blank). One the phone rule refuses is a warning, and the person
 * comes in without it: a phone is optional, so it never refuses the file (docs/import.md, "Phones").
 */
function phoneRule(plan: ImportPlan): (line: number, raw: string) => string | null {
  const known = new Map<string, ReturnType<typeof participantPhone>>()
  return (line, raw) => {
    let out = known.get(raw)
    if (out === undefined) known.set(raw, (out = participantPhone(raw)))
    if ('phone' in out) return out.phone || null
    const shown = out.reason === 'invalid_phone' ? shortCell(raw) : 'caracteres não permitidos'
    plan.warnings.push(importMessage.badPhone(line, shown))
    return null
  }
}

/** Fills the plan from a header file's rows; returns the highest all-digit number (numbering goes on after it). */
export function planHeader(plan: ImportPlan, data: SheetRow[], target: ImportTarget, choice: ImportChoice, add: Adder, answers = newRuleAnswers()): number {
  const first = data[0]!
  const header = first.cells.map((c) => trimSpace(c))
  const personAt = first.cells.findIndex((c) => fold(c) === PERSON_HEADER)
  const cols = choice.columns ? within(choice.columns, header.length, target.numbered) : guessColumns(header, target.numbered)
  plan.header = header
  plan.columns = cols
  plan.leftOut = leftOut(header, cols, personAt)
  const taken = new Set(target.taken ?? [])
  const seen = new Set<string>()
  const people = new Map<string, Person>()
  let highest = target.highest
  const nameRule = remembered(checkName, answers.names)
  const emailRule = remembered(checkEmail, answers.emails)
  const rowPhone = phoneRule(plan)
  const phones: (string | null)[] = [] // each person's phone: the first valid one of their rows
  for (const row of data.slice(1)) {
    const raw = rowName(row, cols.name)
    if (!raw) {
      plan.skipped.push(importMessage.noName(row.line))
      continue
    }
    let name = nameRule(row.line, raw)
    const email = emailRule(row.line, cell(row, cols.email))
    const number = choice.clashes === 'renumber' ? null : checked(row.line, () => checkTicketNumber(cell(row, cols.ticket)))
    const quantity = rowQuantity(row, cols.quantity, name, number)
    if (number !== null) {
      if (taken.has(number)) {
        if (choice.clashes === 'skip') {
          plan.skipped.push(importMessage.takenSkipped(row.line, number))
          continue
        }
        plan.clashes.push({ line: row.line, number })
      }
      if (seen.has(number)) throw new ImportError(importMessage.repeatedTicket(row.line, number))
      seen.add(number)
      if (WHOLE.test(number)) highest = Math.max(highest, Number(number))
    }
    const phone = rowPhone(row.line, cell(row, cols.phone))
    // The export's person column groups its rows; without it, the e-mail does.
    const byEmail = personAt < 0 && email !== null
    const key = byEmail ? email : cell(row, personAt)
    const known = key ? people.get(key) : undefined
    let index = plan.people
    if (known) {
      if (byEmail && known.name !== name) {
        plan.warnings.push(importMessage.otherName(row.line, key, name, known.name))
        name = known.name
      } else if (!byEmail && (known.name !== name || known.email !== email)) {
        throw new ImportError(importMessage.personChanged(row.line, key))
      }
      known.tickets += quantity
      if (known.tickets > LIMITS.maxTicketsPerPerson) {
        throw new ImportError(importMessage.highQuantity(name, String(known.tickets), LIMITS.maxTicketsPerPerson))
      }
      if (byEmail) plan.grouped++
      index = known.index
    } else {
      if (key) people.set(key, { index: plan.people, name, email, tickets: quantity })
      plan.people++
      phones.push(null)
    }
    phones[index] ??= phone
    // Past the limit the import fails anyway: count the rest without building it.
    if (plan.tickets + quantity <= LIMITS.maxTickets) for (let q = 0; q < quantity; q++) add(name, email, number, phone, index)
    plan.tickets += quantity
  }
  // A person's tickets share one phone, as a person added by hand does.
  plan.person.forEach((who, i) => (plan.phones[i] = phones[who]!))
  return highest
}
