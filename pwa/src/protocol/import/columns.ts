// The column step of a header file (docs/import.md, "Columns"): the reader's guess of each role's
// column from the header's words, the person's choice in its place, and the columns left out. The
// twin of sync/importfile/columns.go.
import { fold, PERSON_HEADER } from '@/protocol/import/fold'

/** Each role's column (0-based), -1 for none; `name` may hold two ('Nome' + 'Sobrenome'), joined with a space. */
export interface ImportColumns {
  name: number[]
  email: number
  ticket: number
  quantity: number
  phone: number
}

/** What to do with a file's ticket numbers the raffle holds: list them (ask), renumber every ticket of the file, or skip those rows. */
export type ClashPolicy = 'renumber' | 'skip'

/** What the person chose in the preview; empty, the guess. */
export interface ImportChoice {
  columns?: ImportColumns
  clashes?: ClashPolicy
}

type Role = 'email' | 'phone' | 'quantity' | 'ticket' | 'surname' | 'name'

// A column takes the first role whose words it holds, in this order: 'Sobrenome' holds 'nome',
// 'Quantos números?' holds 'numero'.
const ROLE_WORDS: [Role, string[]][] = [
  ['email', ['email', 'e-mail', 'e mail', 'correio eletronico']],
  ['phone', ['telefone', 'celular', 'whatsapp', 'fone', 'zap', 'tel.']],
  ['quantity', ['quantidade', 'quantos', 'quantas', 'qtd', 'qtde', 'quant.']],
  ['ticket', ['bilhete', 'ingresso', 'cupom', 'rifa', 'ticket', 'numero', 'nº', 'n°']],
  ['surname', ['sobrenome', 'ultimo nome', 'last name']],
  ['name', ['nome', 'name', 'comprador', 'cliente']],
]

/** An order's column ('Nº do pedido'), repeated for each ticket of one order: no ticket column, unless it names one. */
const ORDER_WORDS = ['pedido', 'order', 'transacao', 'venda']
const TICKET_WORDS = ['bilhete', 'ingresso', 'cupom', 'rifa', 'ticket']
const orderColumn = (folded: string) => ORDER_WORDS.some((w) => folded.includes(w)) && !TICKET_WORDS.some((w) => folded.includes(w))

/** The role a header cell's words give; the export's person column ('Participante') has none. */
function roleOf(header: string): Role | null {
  const h = fold(header)
  if (h === PERSON_HEADER || h === '' || orderColumn(h)) return null
  for (const [role, words] of ROLE_WORDS) if (words.some((w) => h.includes(w))) return role
  return null
}

/** A first row is a header when a cell names a name or an e-mail column. */
export function isHeader(cells: string[]): boolean {
  return cells.some((c) => {
    const role = roleOf(c)
    return role === 'name' || role === 'surname' || role === 'email'
  })
}

/** The guess: the first column of each role, a surname joined to the name; ticket numbers only in ticket raffles. */
export function guessColumns(header: string[], numbered: boolean): ImportColumns {
  const at: Record<Role, number> = { email: -1, phone: -1, quantity: -1, ticket: -1, surname: -1, name: -1 }
  header.forEach((h, i) => {
    const role = roleOf(h)
    if (role && at[role] < 0 && (role !== 'ticket' || numbered)) at[role] = i
  })
  const name = [at.name, at.surname].filter((i) => i >= 0)
  return { name, email: at.email, ticket: at.ticket, quantity: at.quantity, phone: at.phone }
}

/** The choice with columns past the header dropped (a remembered or sent choice never reads past the row). */
export function within(c: ImportColumns, width: number, numbered: boolean): ImportColumns {
  const inside = (i: number) => (Number.isInteger(i) && i >= 0 && i < width ? i : -1)
  return {
    name: c.name.filter((i) => inside(i) >= 0).slice(0, 2),
    email: inside(c.email),
    ticket: numbered ? inside(c.ticket) : -1,
    quantity: inside(c.quantity),
    phone: inside(c.phone),
  }
}

/** The header's columns the import does not save. */
export function leftOut(header: string[], c: ImportColumns, personAt: number): string[] {
  const used = new Set([c.email, c.ticket, c.quantity, c.phone, personAt, ...c.name])
  return header.filter((h, i) => !used.has(i) && h !== '')
}
