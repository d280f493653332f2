// Ticket numbers in natural order where they are all digits: '2' < '010', whatever the padding.
// Hand-written loops instead of regular expressions: these run for every ticket (up to 100,000).
// The one home of these rules in the PWA: the numbering of new tickets (protocol/ticket-numbers.ts),
// the chunks' highest numbers, the Loteria Federal's list and the CSV export use them;
// sync/draw/numbers.go is the server's twin, both tested against sync/testdata/tickets/numbers.json.

export function isDigits(s: string): boolean {
  if (s.length === 0) return false
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 48 || c > 57) return false
  }
  return true
}

function leadingZeros(s: string): number {
  let i = 0
  while (i < s.length - 1 && s.charCodeAt(i) === 48) i++
  return i
}

/** The number an all-digit text stands for: its digits without leading zeros ('0366' is '366', '000' is '0'). */
export function digitValue(s: string): string {
  return s.slice(leadingZeros(s))
}

/**
 * Two all-digit numbers by value only: '7' and '007' are equal (0). Compared in place: this runs
 * twice per ticket when the list is grouped, and slicing off the zeros made 400,000 strings for
 * 100,000 tickets.
 */
export function compareDigitValues(a: string, b: string): number {
  const za = leadingZeros(a)
  const zb = leadingZeros(b)
  const la = a.length - za
  const lb = b.length - zb
  if (la !== lb) return la - lb
  for (let i = 0; i < la; i++) {
    const d = a.charCodeAt(za + i) - b.charCodeAt(zb + i)
    if (d !== 0) return d < 0 ? -1 : 1
  }
  return 0
}

/** Two all-digit numbers by value; equal values by length ('5' before '05'), so no two differ only in order. */
export function compareDigitNumbers(a: string, b: string): number {
  return compareDigitValues(a, b) || a.length - b.length
}

/** The higher of two all-digit numbers, either of which may be missing. */
export function higherNumber(a: string | null, b: string | null): string | null {
  if (a === null) return b
  if (b === null) return a
  return compareDigitNumbers(a, b) >= 0 ? a : b
}

/**
 * The highest all-digit number among these (null when there is none): what higherNumber folded
 * over them gives, in one loop without calls. Every chunk written reads its numbers here, often
 * before the code is warm (a new device's snapshot), where this loop beats the calls above by about
 * half.
 */
export function highestNumber(numbers: readonly (string | null)[]): string | null {
  let best: string | null = null
  // best's leading zeros and its length without them.
  let bestZeros = 0
  let bestDigits = 0
  for (let k = 0; k < numbers.length; k++) {
    const n = numbers[k]
    if (n === null || n === undefined || n.length === 0) continue
    let zeros = 0
    let digits = true
    for (let i = 0; i < n.length; i++) {
      const c = n.charCodeAt(i)
      if (c < 48 || c > 57) {
        digits = false
        break
      }
      if (c === 48 && zeros === i && i < n.length - 1) zeros++
    }
    if (!digits) continue
    const length = n.length - zeros
    if (best !== null) {
      if (length < bestDigits) continue
      if (length === bestDigits) {
        let d = 0
        for (let i = 0; i < length && d === 0; i++) d = n.charCodeAt(zeros + i) - best.charCodeAt(bestZeros + i)
        // Equal values: the longer string, as compareDigitNumbers orders them ('05' after '5').
        if (d < 0 || (d === 0 && n.length < best.length)) continue
      }
    }
    best = n
    bestZeros = zeros
    bestDigits = length
  }
  return best
}
