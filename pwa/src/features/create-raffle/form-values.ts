// How the create form turns its text fields into numbers (spec §5: winners 1–100, defaulting to 1
// when not a number; countdown 0–300, defaulting to 0). Out-of-range numbers are not clamped: the
// rules reject them with a pt-BR message next to the field, so the organiser sees what was wrong.

/** The whole number typed, or the fallback when the field holds no number (blank, 'abc'). */
export function wholeNumberOr(text: string, fallback: number): number {
  const n = Number.parseInt(text.trim(), 10)
  return Number.isNaN(n) ? fallback : n
}

export const DEFAULT_WINNERS = 1
export const DEFAULT_COUNTDOWN = 0
