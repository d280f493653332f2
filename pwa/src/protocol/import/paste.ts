// A list pasted into a name field (docs/import.md, "Pasted lists"): names copied from WhatsApp, a
// spreadsheet or a note, one a line. Each line is a person, read like an import's names and quantity
// rows: list markers ('1.', '2)', '-', '•') are dropped, and a trailing quantity ('Ana - 3 números',
// 'Ana: 3', 'Ana (3)', a spreadsheet's 'Ana<tab>3') gives that many tickets, 1 to 1,000. Names go
// through the name rule. Like an import, it is all or nothing: one bad line refuses the list, saying
// which. sync/testdata/import/pasted-lists.json holds the cases.
import { importMessage } from '@/protocol/import/messages'
import { checkName, LIMITS, RuleError, trimSpace } from '@/protocol/rules'

export interface PastedPerson {
  name: string
  quantity: number
  /** The line in the pasted text, 1-based. */
  line: number
}

/** A line left out: a WhatsApp list's title (a line in bold, *…*, above the numbered lines). */
export interface LeftOutLine {
  line: number
  text: string
}

export type PastedList = { people: PastedPerson[]; leftOut: LeftOutLine[]; error: null } | { people: null; leftOut: LeftOutLine[]; error: string }

const NUMBERED = /^\d{1,4}\s*[.)ºª°-]+/u
const BOLD = /^\*\S(?:.*\S)?\*$/u
const MARKER = /^(?:\d{1,4}\s*[.)ºª°-]+|[-–—•*·>])\s*/u
const WORD = '(?:n[uú]meros?|n[ºo°]s?|bilhetes?|cotas?|rifas?|chances?)'
// 'Ana - 3', 'Ana – 3 números', 'Ana: 3', 'Ana x3', 'Ana<tab>3', 'Ana (3 números)', 'Ana 3 números'.
const QUANTITY = [
  new RegExp(`^(.+?)\\s*(?:\\t|\\s[-–—]\\s|:|\\s[x×])\\s*(\\S+?)(?:\\s*${WORD})?$`, 'iu'),
  new RegExp(`^(.+?)\\s*\\(\\s*(\\S+?)(?:\\s*${WORD})?\\s*\\)$`, 'iu'),
  new RegExp(`^(.+?)\\s+(\\d+)\\s*${WORD}$`, 'iu'),
]

/** True when a paste holds more than one non-blank line: then it is a list, not one name. */
export function isPastedList(text: string): boolean {
  return text.split(/\r\n|\r|\n/).filter((l) => trimSpace(l) !== '').length > 1
}

/** Reads one line; null when it is blank. Throws the line's message when it is refused. */
function readLine(raw: string, line: number): PastedPerson | null {
  let text = trimSpace(raw)
  if (text === '') return null
  const marked = text.replace(MARKER, '')
  // A line that is only a number ('2024') is a name, not a marker.
  if (marked !== '') text = marked
  let name = text
  let quantity = 1
  for (const re of QUANTITY) {
    const m = re.exec(text)
    if (!m || !/^\d/.test(m[2]!)) continue
    name = m[1]!
    const value = m[2]!
    if (!/^\d+$/.test(value) || Number(value) < 1) throw new Error(importMessage.badRow(line, importMessage.badQuantity(trimSpace(name), value)))
    quantity = Number(value)
    if (quantity > LIMITS.maxTicketsPerPerson) {
      throw new Error(importMessage.badRow(line, importMessage.highQuantity(trimSpace(name), value, LIMITS.maxTicketsPerPerson)))
    }
    break
  }
  try {
    return { name: checkName(name), quantity, line }
  } catch (error) {
    if (error instanceof RuleError) throw new Error(importMessage.badRow(line, error.message))
    throw error
  }
}

/**
 * The people of a pasted text, in order, or the first line's error. Above the first numbered line
 * ('1.', '2)'), a line wholly in WhatsApp's bold (*Rifa da Páscoa*) is the list's title: left out,
 * and listed as such.
 */
export function readPastedList(text: string): PastedList {
  const people: PastedPerson[] = []
  const leftOut: LeftOutLine[] = []
  const lines = text.split(/\r\n|\r|\n/)
  const firstNumbered = lines.findIndex((l) => NUMBERED.test(trimSpace(l)))
  try {
    lines.forEach((raw, i) => {
      if (i < firstNumbered && BOLD.test(trimSpace(raw))) {
        leftOut.push({ line: i + 1, text: trimSpace(raw) })
        return
      }
      const person = readLine(raw, i + 1)
      if (person) people.push(person)
    })
  } catch (error) {
    return { people: null, leftOut, error: (error as Error).message }
  }
  return { people, leftOut, error: null }
}
