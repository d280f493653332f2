// Every date the user sees goes through here, so they all read the Brazilian way (21/11/2025 14:30).
const LOCALE = 'pt-BR'

type DateInput = Date | string | number

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value)
}

// Making a formatter costs far more than using one (the sync bar formats on every status change):
// one per style and time zone, made once.
const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${options.dateStyle ?? ''}|${options.timeStyle ?? ''}|${options.timeZone ?? ''}`
  let made = formatters.get(key)
  if (!made) formatters.set(key, (made = new Intl.DateTimeFormat(LOCALE, options)))
  return made
}

/** "21/11/2025" */
export function formatDate(value: DateInput, timeZone?: string): string {
  return formatter({ dateStyle: 'short', timeZone }).format(toDate(value))
}

/** "21/11/2025, 14:30" */
export function formatDateTime(value: DateInput, timeZone?: string): string {
  return formatter({ dateStyle: 'short', timeStyle: 'short', timeZone }).format(toDate(value))
}

/** "14:30" */
export function formatTime(value: DateInput, timeZone?: string): string {
  return formatter({ timeStyle: 'short', timeZone }).format(toDate(value))
}

/** "21/11/2025, 14:30:05": for records where the seconds matter (a draw's start and end). */
export function formatDateTimeSeconds(value: DateInput, timeZone?: string): string {
  return formatter({ dateStyle: 'short', timeStyle: 'medium', timeZone }).format(toDate(value))
}

/** "21 de novembro de 2025" */
export function formatLongDate(value: DateInput, timeZone?: string): string {
  return formatter({ dateStyle: 'long', timeZone }).format(toDate(value))
}
