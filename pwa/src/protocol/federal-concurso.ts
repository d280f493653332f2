// The Loteria Federal's concurso against its extraction's date (docs/draw-algorithm.md §12.5a):
// concursos are numbered in sequence and drawn on Wednesdays and Saturdays, so from a reference
// concurso and its date the regular calendar gives the concurso of any date and the date of any
// concurso. A concurso more than the margin below the one the date expects was drawn before it:
// refused, as the server refuses it (sync/draw/concurso.go), against sync/testdata/draw/concursos.json.
import { FederalError } from '@/protocol/federal-reasons'

/** Concurso 5732 was drawn on Wednesday 18/01/2023 (day 19375 since 1970-01-01). */
export const REF_CONCURSO = 5732
const REF_DAY = 19_375
const DAY_MS = 86_400_000
const BRASILIA_MS = 3 * 3_600_000
const WEEKDAYS = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado']

const brasiliaDay = (ms: number) => Math.floor((ms - BRASILIA_MS) / DAY_MS)

/** Wednesdays and Saturdays up to day d from a fixed origin: day 6 was a Wednesday, day 2 a Saturday. */
const regularUpTo = (d: number) => Math.floor((d - 6) / 7) + Math.floor((d - 2) / 7)

/** The concurso the regular calendar gives the Brasília date of `at` (Unix ms). */
export function expectedConcurso(at: number): number {
  return REF_CONCURSO + regularUpTo(brasiliaDay(at)) - regularUpTo(REF_DAY)
}

/** How many below the expected concurso a date still accepts: two, and one more a year after the reference. */
export function concursoMargin(at: number): number {
  return 2 + Math.max(0, Math.floor((brasiliaDay(at) - REF_DAY) / 365))
}

/** The first Wednesday or Saturday whose expected concurso reaches `concurso`, as Unix ms at its Brasília midnight. */
export function concursoDate(concurso: number): number {
  let d = REF_DAY + Math.floor(((concurso - REF_CONCURSO) * 7) / 2) - 7
  for (;;) {
    const wd = (((d + 4) % 7) + 7) % 7
    if ((wd === 3 || wd === 6) && REF_CONCURSO + regularUpTo(d) - regularUpTo(REF_DAY) >= concurso) return d * DAY_MS + BRASILIA_MS
    d++
  }
}

/** '18/01/2023' of a Brasília midnight (or any time that day). */
function dayText(ms: number): string {
  const [y, m, d] = new Date(ms - BRASILIA_MS).toISOString().slice(0, 10).split('-')
  return `${d}/${m}/${y}`
}

/** '18/01/2023 (quarta-feira)': the date the regular calendar gives a concurso. */
export function concursoDateText(concurso: number): string {
  const at = concursoDate(concurso)
  return `${dayText(at)} (${WEEKDAYS[new Date(at - BRASILIA_MS).getUTCDay()]})`
}

/** Refuses a concurso drawn before the extraction's date (federal_concurso_past). Throws a FederalError. */
export function checkConcurso(concurso: number, at: number): void {
  const expected = expectedConcurso(at)
  if (concurso >= expected - concursoMargin(at)) return
  throw new FederalError('federal_concurso_past', { concurso: String(concurso), data: dayText(at), esperado: String(expected) })
}
