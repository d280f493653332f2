// A spreadsheet part's one-pass XML check, the twin of sync/importfile/xmlscan.go: well-formed (every
// tag closed in order, one root, no DOCTYPE), no character XML forbids (a NUL, other controls but tab
// and line breaks), references that exist. A part cut off halfway is a corrupt file, never its first
// rows. The handler gets the markup in order: local names, raw attributes, raw text.
import { IMPORT_MESSAGES, ImportError, importMessage } from '@/protocol/import/messages'

export interface XmlHandler {
  start(name: string, attrs: string): void
  end(name: string): void
  text(raw: string, cdata: boolean): void
}

export const corrupt = () => new ImportError(importMessage.failed(IMPORT_MESSAGES.corrupt))

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a

// Not a space, < > / = " ' &, or a control.
const isNameChar = (c: number) => !isSpace(c) && c >= 0x20 && c !== 0x3c && c !== 0x3e && c !== 0x2f && c !== 0x3d && c !== 0x22 && c !== 0x27 && c !== 0x26

function skipSpace(s: string, i: number): number {
  while (i < s.length && isSpace(s.charCodeAt(i))) i++
  return i
}

function nameAt(s: string, i: number): [string, number] {
  let j = i
  while (j < s.length && isNameChar(s.charCodeAt(j))) j++
  return [s.slice(i, j), j]
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1)

function validChars(s: string, from = 0, to = s.length): boolean {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i)
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return false
  }
  return true
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

/** The character of the reference at s[i] ('&') and its length; null when it is not one. */
function entity(s: string, i: number): [string, number] | null {
  const end = s.slice(i, i + 12).indexOf(';')
  if (end < 2) return null
  const ref = s.slice(i + 1, i + end)
  const named = ENTITIES[ref]
  if (named !== undefined) return [named, end + 1]
  const hex = ref.startsWith('#x')
  const digits = hex ? ref.slice(2) : ref.startsWith('#') ? ref.slice(1) : ''
  if (!(hex ? /^[0-9a-fA-F]{1,8}$/ : /^[0-9]{1,10}$/).test(digits)) return null
  const r = parseInt(digits, hex ? 16 : 10)
  if ((r < 0x20 && r !== 0x09 && r !== 0x0a && r !== 0x0d) || (r >= 0xd800 && r <= 0xdfff) || r > 0x10ffff) return null
  return [String.fromCodePoint(r), end + 1]
}

// validChars with every '&' starting a known reference (one loop: searching for '&' past `to` in a
// sheet of megabytes, once per cell, was quadratic).
function validText(s: string, from = 0, to = s.length): boolean {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i)
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return false
    if (c === 0x26) {
      const e = entity(s, i)
      if (e === null || i + e[1] > to) return false
      i += e[1] - 1
    }
  }
  return true
}

/** Character data as text: references replaced, \r\n and \r read as \n. */
export function decodeText(raw: string, cdata: boolean): string {
  let out = raw
  if (!cdata && raw.includes('&')) {
    out = raw.replace(/&[^;]{1,10};/g, (m) => entity(m, 0)?.[0] ?? m)
  }
  return out.includes('\r') ? out.replace(/\r\n?/g, '\n') : out
}

/** A tag's attributes (already checked) as [name, decoded value]. */
export function attributes(attrs: string): [string, string][] {
  const out: [string, string][] = []
  for (let i = skipSpace(attrs, 0); i < attrs.length; i = skipSpace(attrs, i)) {
    const [name, j] = nameAt(attrs, i)
    const k = skipSpace(attrs, skipSpace(attrs, j) + 1)
    const q = attrs.indexOf(attrs[k]!, k + 1)
    out.push([name, decodeText(attrs.slice(k + 1, q), false)])
    i = q + 1
  }
  return out
}

/** The value of the unprefixed attribute `name`, or ''. */
export function attrValue(attrs: string, name: string): string {
  return attributes(attrs).find(([n]) => n === name)?.[1] ?? ''
}

/** "<name a="v" ...>" or ".../>" at s[i]: its name, raw attributes, end, and whether it closes itself. */
function startTag(s: string, i: number): { name: string; attrs: string; next: number; empty: boolean } | null {
  const [name, afterName] = nameAt(s, i + 1)
  if (name === '') return null
  let at = afterName
  for (;;) {
    const j = skipSpace(s, at)
    if (j >= s.length) return null
    if (s[j] === '>') return { name, attrs: s.slice(afterName, j), next: j + 1, empty: false }
    if (s[j] === '/') return s[j + 1] === '>' ? { name, attrs: s.slice(afterName, j), next: j + 2, empty: true } : null
    if (j === at) return null // an attribute must follow a space
    const [attr, k0] = nameAt(s, j)
    let k = skipSpace(s, k0)
    if (attr === '' || s[k] !== '=') return null
    k = skipSpace(s, k + 1)
    if (s[k] !== '"' && s[k] !== "'") return null
    const q = s.indexOf(s[k]!, k + 1)
    if (q < 0 || s.slice(k + 1, q).includes('<') || !validText(s, k + 1, q)) return null
    at = q + 1
  }
}

/** Checks a part (bytes, UTF-8) while handing its markup to h; throws the corrupt-file ImportError. */
export function scanXml(bytes: Uint8Array, h: XmlHandler): void {
  let s: string
  try {
    s = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    throw corrupt()
  }
  const stack: string[] = []
  let roots = 0
  const past = (from: number, end: string): number => {
    const j = s.indexOf(end, from)
    if (j < 0 || !validChars(s, from, j)) throw corrupt()
    return j + end.length
  }
  for (let i = 0; i < s.length;) {
    if (s[i] !== '<') {
      let j = s.indexOf('<', i)
      if (j < 0) j = s.length
      if (!validText(s, i, j)) throw corrupt()
      if (stack.length === 0) {
        if (!/^[ \t\r\n]*$/.test(s.slice(i, j))) throw corrupt()
      } else h.text(s.slice(i, j), false)
      i = j
    } else if (s.startsWith('<?', i)) i = past(i + 2, '?>')
    else if (s.startsWith('<!--', i)) i = past(i + 4, '-->')
    else if (s.startsWith('<![CDATA[', i)) {
      const next = past(i + 9, ']]>')
      if (stack.length === 0) throw corrupt()
      h.text(s.slice(i + 9, next - 3), true)
      i = next
    } else if (s.startsWith('<!', i))
      throw corrupt() // a DOCTYPE: never in a spreadsheet
    else if (s.startsWith('</', i)) {
      const [name, j] = nameAt(s, i + 2)
      const k = skipSpace(s, j)
      if (stack.length === 0 || s[k] !== '>' || stack[stack.length - 1] !== name) throw corrupt()
      stack.pop()
      h.end(localName(name))
      i = k + 1
    } else {
      const tag = startTag(s, i)
      if (tag === null || (stack.length === 0 && roots > 0)) throw corrupt()
      if (stack.length === 0) roots++
      h.start(localName(tag.name), tag.attrs)
      if (tag.empty) h.end(localName(tag.name))
      else stack.push(tag.name)
      i = tag.next
    }
  }
  if (stack.length > 0 || roots !== 1) throw corrupt()
}
