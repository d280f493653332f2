// Every date the user sees goes through here, so they all read the Brazilian way (21/11/2025 14:30).
const LOCALE = 'pt-BR'

type DateInput = Date | string | number

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value)
}

/** "21/11/2025" */
export function formatDate(value: DateInput, timeZone?: string): string {
  return new Intl.DateTimeFormat(LOCALE, { dateStyle: 'short', timeZone }).format(toDate(value))
}

/** "21/11/2025, 14:30" */
export function formatDateTime(value: DateInput, timeZone?: string): string {
  return new Intl.DateTimeFormat(LOCALE, { dateStyle: 'short', timeStyle: 'short', timeZone }).format(
    toDate(value),
  )
}

/** "21/11/2025, 14:30:05": for records where the seconds matter (a draw's start and end). */
export function formatDateTimeSeconds(value: DateInput, timeZone?: string): string {
  return new Intl.DateTimeFormat(LOCALE, { dateStyle: 'short', timeStyle: 'medium', timeZone }).format(toDate(value))
}

/** "21 de novembro de 2025" */
export function formatLongDate(value: DateInput, timeZone?: string): string {
  return new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long', timeZone }).format(toDate(value))
}
