// The e-mail rule (docs/api.md, "E-mail addresses"), the twin of sync/protocol/email.go: one mailbox,
// one form, for accounts and participants alike. Trimmed; refused if it holds an invisible or control
// character anywhere; folded with NFKC and its ASCII letters lower-cased; then an ASCII dot-atom local
// part and an ASCII host name. Look-alike letters (Cyrillic 'а') and accents are refused.
// sync/testdata/text/emails.json holds the cases both are tested with.
import { lineForbidden, trimSpace } from '@/protocol/text'

export type EmailFault = 'empty' | 'invalid' | 'invisible' | 'local' | 'domain'

const MAX_EMAIL = 254
const MAX_LOCAL = 64
const LONE_SURROGATE = /\p{Cs}/u
// Not graphic in Go's sense (letters, marks, numbers, punctuation, symbols, spaces), or a space.
const INVISIBLE = /[^\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}]| /u
const ATEXT = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+$/
const LABEL = /^[a-z0-9-]{1,63}$/

const bytes = (s: string) => new TextEncoder().encode(s).length
const asciiLower = (s: string) => s.replace(/[A-Z]+/g, (m) => m.toLowerCase())

function isDotAtom(s: string): boolean {
  return ATEXT.test(s) && !s.startsWith('.') && !s.endsWith('.') && !s.includes('..')
}

function isHostName(s: string): boolean {
  const labels = s.split('.')
  if (labels.length < 2 || s.length > 253) return false
  if (!labels.every((l) => LABEL.test(l) && !l.startsWith('-') && !l.endsWith('-'))) return false
  return !/^[0-9]+$/.test(labels[labels.length - 1] ?? '')
}

/** The e-mail rule: the one form an address is stored and looked up by, or why it is refused. */
export function normalizeEmail(input: string): { email: string; fault: null } | { email: null; fault: EmailFault } {
  const refuse = (fault: EmailFault) => ({ email: null, fault })
  let email = trimSpace(input)
  if (email === '') return refuse('empty')
  if (LONE_SURROGATE.test(email) || bytes(email) > 4 * MAX_EMAIL) return refuse('invalid')
  if (INVISIBLE.test(email)) return refuse('invisible')
  // Only ASCII letters are lower-cased: whatever else is left is refused below, and JavaScript's and
  // Go's case mappings differ outside ASCII ('İ').
  email = asciiLower(email.normalize('NFKC'))
  const at = email.lastIndexOf('@')
  if (at < 1 || at === email.length - 1 || bytes(email) > MAX_EMAIL || email.indexOf('@') !== at) return refuse('invalid')
  const local = email.slice(0, at)
  if (!isDotAtom(local) || local.length > MAX_LOCAL) return refuse('local')
  if (!isHostName(email.slice(at + 1))) return refuse('domain')
  return { email, fault: null }
}

/**
 * A participant's e-mail as stored: '' when none, or the e-mail rule's form. What the text rule
 * refuses (a control character, a bidi override, broken text) is text_invalid, as in every other
 * field; an address the e-mail rule refuses is invalid_email.
 */
export function participantEmail(input: string): { email: string } | { reason: 'text_invalid' | 'invalid_email' } {
  if (lineForbidden(trimSpace(input))) return { reason: 'text_invalid' }
  const { email, fault } = normalizeEmail(input)
  if (fault === 'empty') return { email: '' }
  return email === null ? { reason: 'invalid_email' } : { email }
}
