// Ticket numbers in natural order where they are all digits: '2' < '010', whatever the padding.
// Hand-written loops instead of regular expressions: these run for every ticket (up to 100,000).

export function isDigits(s: string): boolean {
  if (s.length === 0) return false
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 48 || c > 57) return false
  }
  return true
}

function withoutLeadingZeros(s: string): string {
  let i = 0
  while (i < s.length - 1 && s.charCodeAt(i) === 48) i++
  return i === 0 ? s : s.slice(i)
}

/** Two all-digit numbers by value; equal values by length ('5' before '05'). */
export function compareDigitNumbers(a: string, b: string): number {
  const x = withoutLeadingZeros(a)
  const y = withoutLeadingZeros(b)
  if (x.length !== y.length) return x.length - y.length
  if (x !== y) return x < y ? -1 : 1
  return a.length - b.length
}

/** The higher of two all-digit numbers, either of which may be missing. */
export function higherNumber(a: string | null, b: string | null): string | null {
  if (a === null) return b
  if (b === null) return a
  return compareDigitNumbers(a, b) >= 0 ? a : b
}
