// The Loteria Federal's extraction time as people read it: in Brasília's time (UTC−3 all year since
// Brazil dropped daylight saving in 2019), to the minute. Caixa draws on Wednesdays and Saturdays at
// 19:00; other days are special extractions, allowed with a warning.
import type { FederalSettingsWire } from '@/protocol/wire'

const OFFSET_MS = 3 * 3_600_000
export const DEFAULT_EXTRACTION_TIME = '19:00'

/** A date ('2023-01-18') and time ('19:00') in Brasília as Unix ms; NaN when either is malformed. */
export function fromBrasilia(date: string, time: string): number {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  const t = /^(\d{2}):(\d{2})$/.exec(time)
  if (!d || !t) return Number.NaN
  const [, y, m, day] = d.map(Number) as [number, number, number, number]
  const [, hh, mm] = t.map(Number) as [number, number, number]
  if (hh > 23 || mm > 59) return Number.NaN
  return Date.UTC(y, m - 1, day, hh, mm) + OFFSET_MS
}

/** Unix ms as Brasília's date ('2023-01-18') and time ('19:00'). */
export function toBrasilia(ms: number): { date: string; time: string } {
  const iso = new Date(ms - OFFSET_MS).toISOString()
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) }
}

/** '18/01/2023' */
export function brasiliaDate(ms: number): string {
  const [y, m, d] = toBrasilia(ms).date.split('-')
  return `${d}/${m}/${y}`
}

/** Wednesday or Saturday in Brasília: the regular extraction days. */
export function isRegularDay(ms: number): boolean {
  const day = new Date(ms - OFFSET_MS).getUTCDay()
  return day === 3 || day === 6
}

export const IRREGULAR_DAY_TEXT = 'As extrações regulares da Loteria Federal são às quartas e aos sábados. Confira se este concurso é uma extração especial nesta data.'

/** 'Resultado pela Loteria Federal, concurso 5732 de 18/01/2023' */
export function federalHeadline(f: Pick<FederalSettingsWire, 'concurso' | 'extraction_at'>): string {
  return `Resultado pela Loteria Federal, concurso ${f.concurso} de ${brasiliaDate(f.extraction_at)}`
}

/** '18/01/2023 às 19:00 (horário de Brasília)' */
export function extractionText(ms: number): string {
  return `${brasiliaDate(ms)} às ${toBrasilia(ms).time} (horário de Brasília)`
}

/** 'concurso 5732, extração de 18/01/2023': printed beside Caixa's address, for the reader to compare. */
export function caixaReference(concurso: number, extractionAt: number): string {
  return `concurso ${concurso}, extração de ${brasiliaDate(extractionAt)}`
}

/** Caixa's page of the Loteria Federal's results, named as text: the app never fetches it. */
export const CAIXA_RESULTS_URL = 'https://loterias.caixa.gov.br/Paginas/Federal.aspx'

/**
 * 'Resultado corrigido às 19:42 de 18/01/2023 (horário de Brasília): os prêmios 50512, … foram
 * substituídos.' Said wherever the result is shown: a corrected result is never silent.
 */
export function correctionText(c: { replaced_at: number; prizes: readonly string[] }): string {
  return `Resultado corrigido às ${toBrasilia(c.replaced_at).time} de ${brasiliaDate(c.replaced_at)} (horário de Brasília): os prêmios informados antes (${c.prizes.join(', ')}) foram substituídos e continuam no registro público.`
}
