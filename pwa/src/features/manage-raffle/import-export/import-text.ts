// The import's pt-BR texts (spec §8 for the toasts).
import type { Delimiter, FileKind, TextEncodingName } from '@/protocol/import/detect'
import { thousands } from '@/protocol/import/messages'
import type { ImportFormat } from '@/protocol/import/rows'

export const importedMessage = (n: number) => `${thousands(n)} participante(s) importado(s)`

/** '234 participantes, 1.520 bilhetes' */
/** `withTickets` false (a simple raffle, one entry each): the people alone, no tickets to speak of. */
export function countsText(people: number, tickets: number, withTickets = true): string {
  const p = `${thousands(people)} ${people === 1 ? 'participante' : 'participantes'}`
  const t = `${thousands(tickets)} ${tickets === 1 ? 'bilhete' : 'bilhetes'}`
  return withTickets ? `${p}, ${t}` : p
}

export const FORMAT_TEXT: Record<ImportFormat, string> = {
  header: 'cabeçalho com nome (e email, bilhete)',
  quantity: 'nome e quantidade de bilhetes',
  names: 'uma coluna de nomes',
}

const DELIMITER_TEXT: Record<Delimiter, string> = { ',': 'vírgula', ';': 'ponto e vírgula', '\t': 'tabulação' }
const KIND_TEXT: Record<FileKind, string> = { csv: 'CSV', xlsx: 'Excel (.xlsx)', xls: 'Excel 97-2003 (.xls)' }

const ENCODING_TEXT: Record<TextEncodingName, string> = { 'utf-8': 'UTF-8', 'windows-1252': 'Windows-1252', 'utf-16le': 'UTF-16', 'utf-16be': 'UTF-16' }

export function fileText(kind: FileKind, delimiter: Delimiter | null, encoding: TextEncodingName | null): string {
  if (kind !== 'csv') return KIND_TEXT[kind]
  const parts = [KIND_TEXT.csv]
  if (delimiter) parts.push(`separado por ${DELIMITER_TEXT[delimiter]}`)
  if (encoding) parts.push(ENCODING_TEXT[encoding])
  return parts.join(', ')
}

export type ImportStage = 'reading' | 'saving' | 'syncing'

export const STAGE_TEXT: Record<ImportStage, string> = {
  reading: 'Lendo o arquivo…',
  saving: 'Salvando neste aparelho…',
  syncing: 'Enviando ao servidor…',
}

/** '100.000 bilhetes de 10.000 pessoas: linhas com o mesmo e-mail foram agrupadas' */
export function groupedText(people: number, tickets: number): string {
  const t = `${thousands(tickets)} ${tickets === 1 ? 'bilhete' : 'bilhetes'}`
  const p = `${thousands(people)} ${people === 1 ? 'pessoa' : 'pessoas'}`
  return `${t} de ${p}: linhas com o mesmo e-mail foram agrupadas`
}
