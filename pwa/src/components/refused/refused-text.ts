// The words of 'Não enviados': each refused change named in Portuguese, with whom it concerns.
import type { RefusedPerson, RefusedRow } from '@/db/schema'

const WHAT: Record<string, string> = {
  'raffle.create': 'Criação do sorteio',
  'raffle.update': 'Alteração das configurações',
  'raffle.delete': 'Exclusão do sorteio',
  'participants.remove_group': 'Remoção de participante',
  'draw.start': 'Início do sorteio',
  'draw.complete': 'Resultado do sorteio',
  'winner.redraw': 'Re-sorteio',
  'winner.invalidate': 'Invalidação de vencedor',
  'draw.abandon': 'Abandono de rodada',
}

/** 'Roberto Lima (bilhete 050)', 'Ana (bilhetes 001, 002)', or the name alone. */
export function personText(p: RefusedPerson): string {
  if (p.numbers.length === 0) return p.name
  return `${p.name} (${p.numbers.length === 1 ? 'bilhete' : 'bilhetes'} ${p.numbers.join(', ')})`
}

/** The server's message as the end of a sentence: 'Já existe…' becomes 'já existe…', no final stop. */
function clause(message: string): string {
  const text = message.replace(/\.$/, '')
  return text.charAt(0).toLowerCase() + text.slice(1)
}

/** One line: what was refused, about whom, and why. */
export function refusalText(row: Pick<RefusedRow, 'type' | 'reason' | 'message' | 'people'>): string {
  if (row.type === 'participants.add' && row.people.length > 0) {
    if (row.reason === 'group_removed') {
      return row.people.map((p) => `${p.name} foi removido em outro aparelho`).join('; ')
    }
    return `${row.people.map(personText).join('; ')}: ${clause(row.message)}`
  }
  return `${WHAT[row.type] ?? 'Alteração'}: ${clause(row.message)}`
}

/** The names a refused add holds, one a line, for the clipboard. */
export function namesText(row: Pick<RefusedRow, 'people'>): string {
  return row.people.map((p) => (p.email ? `${p.name} <${p.email}>` : p.name)).join('\n')
}
