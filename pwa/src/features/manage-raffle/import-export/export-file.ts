// 'Exportar': the raffle's participants or winners as .xlsx or .csv, made on the device (works
// offline). Loaded only when the organiser exports; SheetJS only for .xlsx.
import { calledText } from '@/components/ui/alternate-text'
import { drawOverview, type WinnerDetails } from '@/db/draw-queries'
import { listTickets } from '@/db/participants'
import type { RaffleRow } from '@/db/schema'
import { toExcelCsv } from '@/lib/csv-export'
import { prizeOf } from '@/protocol/prizes'
import { formatPhone, maskPhone } from '@/protocol/phone'

export type ExportWhat = 'participants' | 'winners'
export type ExportFormat = 'xlsx' | 'csv'

type Cell = string | number | null

export interface ExportOptions {
  /** Phones as '+55 11 •••••-5678' (the organiser's choice, for a file shared with others). */
  maskPhones?: boolean
}

/** How a phone is written in a file: shown formatted, masked when chosen. */
const phoneCell = (phone: string | null | undefined, options: ExportOptions): string | null => (phone ? (options.maskPhones ? maskPhone(phone) : formatPhone(phone)) : null)

/**
 * One row per ticket, with the header the import reads back (nome, email, bilhete) and the person
 * column (participante: 1, 2, … in list order), so a person's tickets come back as one person. A
 * Telefone column last, only when someone has a phone: files of raffles without stay as they were.
 */
async function participantRows(raffle: RaffleRow, options: ExportOptions): Promise<Cell[][]> {
  const tickets = await listTickets(raffle.id)
  const numbered = raffle.type === 'tickets'
  const phones = tickets.some((t) => t.phone)
  const person = new Map<string, number>()
  const personOf = (groupId: string) => person.get(groupId) ?? person.set(groupId, person.size + 1).get(groupId)!
  const head = numbered ? ['Nome', 'Email', 'Bilhete', 'Participante'] : ['Nome', 'Email', 'Participante']
  const rows: Cell[][] = tickets.map((t) => (numbered ? [t.name, t.email, t.ticketNumber, personOf(t.groupId)] : [t.name, t.email, personOf(t.groupId)]))
  if (!phones) return [head, ...rows]
  return [[...head, 'Telefone'], ...rows.map((row, i) => [...row, phoneCell(tickets[i]!.phone, options)])]
}

/**
 * One row per winner ever drawn (by position, an invalidated one before whoever took its place),
 * then, when the draw had alternates, one per alternate in order. Such a raffle's file adds
 * 'Origem' (drawn, or which alternate was called) and 'Chamado em' (the call's time); files of
 * raffles without alternates stay as they were.
 */
async function winnerRows(raffle: RaffleRow, options: ExportOptions): Promise<Cell[][]> {
  const { winners, alternates } = await drawOverview(raffle.id)
  const date = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toLocaleString('pt-BR'))
  const withAlternates = alternates.length > 0
  const rankOf = new Map(alternates.map((a) => [a.ticketId, a.rank]))
  const origin = (w: WinnerDetails): Cell[] =>
    withAlternates ? [w.promotedAt != null ? `Suplente chamado (${rankOf.get(w.ticketId) ?? '?'}º suplente)` : 'Sorteado', date(w.promotedAt)] : []
  const rows: Cell[][] = winners.map((w) => [
    w.position,
    prizeOf(raffle.prizes, w.position) || null,
    w.name,
    w.email,
    w.ticketNumber,
    w.isValid ? 'Válido' : 'Invalidado',
    ...origin(w),
    w.invalidationReason,
    date(w.invalidatedAt),
  ])
  const callOf = new Map(winners.filter((w) => w.promotedAt != null).map((w) => [w.ticketId, w.promotedAt]))
  for (const a of alternates) {
    const called = a.calledTo === null ? 'Não chamado' : calledText(a.calledTo)
    rows.push([`${a.rank}º suplente`, null, a.name, a.email, a.ticketNumber, called, 'Suplente', date(callOf.get(a.ticketId)), null, null])
  }
  const head = ['Posição', 'Prêmio', 'Nome', 'Email', 'Bilhete', 'Situação', ...(withAlternates ? ['Origem', 'Chamado em'] : []), 'Motivo', 'Invalidado em']
  const phones = [...winners.map((w) => w.phone), ...alternates.map((a) => a.phone)]
  if (!phones.some(Boolean)) return [head, ...rows]
  return [[...head, 'Telefone'], ...rows.map((row, i) => [...row, phoneCell(phones[i], options)])]
}

/** The header's 'Bilhete' and 'Telefone' columns (their texts must stay texts in Excel). */
function textColumns(rows: Cell[][]): Set<number> {
  const head = rows[0] ?? []
  return new Set([head.indexOf('Bilhete'), head.indexOf('Telefone')].filter((i) => i >= 0))
}

/** A safe file name from the title: 'Rifa da Igreja' → 'rifa-da-igreja-participantes.xlsx'. */
export function exportFileName(title: string, what: ExportWhat, format: ExportFormat): string {
  const base =
    title
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'sorteio'
  return `${base}-${what === 'participants' ? 'participantes' : 'vencedores'}.${format}`
}

export async function exportBlob(raffle: RaffleRow, what: ExportWhat, format: ExportFormat, options: ExportOptions = {}): Promise<Blob> {
  const rows = what === 'participants' ? await participantRows(raffle, options) : await winnerRows(raffle, options)
  if (format === 'csv') return new Blob([toExcelCsv(rows, textColumns(rows))], { type: 'text/csv;charset=utf-8' })
  const XLSX = await import('@e965/xlsx')
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), what === 'participants' ? 'Participantes' : 'Vencedores')
  const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer
  return new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })
}

/** Saves the file through a download link. */
export async function downloadExport(raffle: RaffleRow, what: ExportWhat, format: ExportFormat, options: ExportOptions = {}): Promise<void> {
  const url = URL.createObjectURL(await exportBlob(raffle, what, format, options))
  const a = document.createElement('a')
  a.href = url
  a.download = exportFileName(raffle.title, what, format)
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
