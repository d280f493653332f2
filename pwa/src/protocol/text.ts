// The text rule of docs/sync-protocol.md ("Text"), the twin of sync/protocol/text.go: every title,
// description, name, e-mail, ticket number and reason is cleaned (NFC, white space and invisible
// characters removed at the ends) or refused (controls, bidi overrides, broken text, and inside a
// one-line text a format character no script or emoji needs there) the same way on the device and on
// the server. sync/testdata/text/vectors.json holds the cases both are tested with.
import { strayFormat } from '@/protocol/joiners'

// Go's unicode.IsSpace set, then the invisible characters (soft hyphen, Mongolian vowel separator,
// zero-width space/joiners/marks, word joiner and invisible operators, BOM).
const SPACE_CLASS = '\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000'
const EDGE_CLASS = SPACE_CLASS + '\\u00ad\\u180e\\u200b-\\u200f\\u2060-\\u2064\\ufeff'
const EDGES = new RegExp(`^[${EDGE_CLASS}]+|[${EDGE_CLASS}]+$`, 'g')

const EDGE_SPACE = new RegExp(`^[${SPACE_CLASS}]+|[${SPACE_CLASS}]+$`, 'g')

/** A printable ASCII character other than the space: in no set of spaces. */
const plain = (c: number) => c > 0x20 && c < 0x7f

/** Trims Go's strings.TrimSpace set (JavaScript's trim() trims U+FEFF and keeps U+0085). */
export function trimSpace(s: string): string {
  // Most cells start and end with a letter or digit: no regular expression for them (an import
  // trims every cell of 100,000 rows several times).
  if (s === '' || (plain(s.charCodeAt(0)) && plain(s.charCodeAt(s.length - 1)))) return s
  return s.replace(EDGE_SPACE, '')
}

// A lone surrogate: with the u flag, a pair is one code point and never matches.
const LONE_SURROGATE = /\p{Cs}/u

// C0 and C1 controls and DEL, bidi overrides and isolates, line and paragraph separators, U+FFFD
// (what a lone surrogate becomes in Go) and the noncharacters U+FFFE and U+FFFF.
// eslint-disable-next-line no-control-regex -- finding control characters is this rule's purpose
const FORBIDDEN_LINE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufffd\ufffe\uffff]/
// A description may also hold line feeds and tabs.
// eslint-disable-next-line no-control-regex -- as above
const FORBIDDEN_MULTILINE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufffd\ufffe\uffff]/

function clean(s: string, forbidden: RegExp): string | null {
  if (LONE_SURROGATE.test(s)) return null
  const out = s.normalize('NFC').replace(EDGES, '')
  return forbidden.test(out) ? null : out
}

/** Whether the text rule refuses anything in a one-line text besides format characters. */
export const lineForbidden = (s: string): boolean => LONE_SURROGATE.test(s) || FORBIDDEN_LINE.test(s)

/** A one-line text cleaned by the text rule, or null when the rule refuses it (text_invalid). */
export function cleanLine(s: string): string | null {
  const out = clean(s, FORBIDDEN_LINE)
  // A description may keep invisible characters inside (pasted text carries soft hyphens); a
  // one-line text names something and may not.
  return out === null || strayFormat(out) ? null : out
}

/** A description cleaned by the text rule (line feeds and tabs allowed inside), or null. */
export function cleanMultiline(s: string): string | null {
  return clean(s, FORBIDDEN_MULTILINE)
}
