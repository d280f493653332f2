// How the create form turns its text fields into numbers (spec §5: winners 1–100, defaulting to 1
// when not a number; countdown 0–300, defaulting to 0). Out-of-range numbers are not clamped: the
// rules reject them with a pt-BR message next to the field, so the organiser sees what was wrong.

/**
 * The number typed, or the fallback when the field holds no number (blank, 'abc'). Not cut to a
 * whole number: '2.5' goes to the rules, which refuse it with their message, rather than saving 2
 * unsaid; '1e1' is 10, as the number field itself reads it.
 */
export function wholeNumberOr(text: string, fallback: number): number {
  const trimmed = text.trim()
  const n = trimmed === '' ? Number.NaN : Number(trimmed)
  return Number.isFinite(n) ? n : fallback
}

export const DEFAULT_WINNERS = 1
export const DEFAULT_COUNTDOWN = 0
export const DEFAULT_ALTERNATES = 0
