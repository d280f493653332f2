// What a file is: its extension and its first bytes must agree (a PDF renamed .xlsx is refused), and a
// CSV's text encoding and delimiter are found from its bytes.
import { IMPORT_MESSAGES, ImportError, importMessage, MAX_IMPORT_BYTES } from '@/protocol/import/messages'

export type FileKind = 'csv' | 'xlsx' | 'xls'
export type Delimiter = ',' | ';' | '\t'

const ZIP = [0x50, 0x4b, 0x03, 0x04]
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b)
}

/**
 * The file's kind, or an ImportError. An .xlsx that starts with the OLE header is an encrypted
 * package (Excel's "protect with password"); an .xls may be either an old workbook or a renamed
 * .xlsx. A CSV must be text: no NUL byte in its first 8 KB.
 */
export function detectKind(fileName: string, bytes: Uint8Array): FileKind {
  const dot = fileName.lastIndexOf('.')
  let ext = dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase()
  if (ext === 'txt') ext = 'csv' // Excel's 'Texto Unicode' and other text exports
  if (ext !== 'csv' && ext !== 'xlsx' && ext !== 'xls') throw new ImportError(IMPORT_MESSAGES.wrongKind)
  if (bytes.length > MAX_IMPORT_BYTES) throw new ImportError(importMessage.failed(IMPORT_MESSAGES.tooBig))
  if (bytes.length === 0) throw new ImportError(IMPORT_MESSAGES.noRows)
  const zip = startsWith(bytes, ZIP)
  const ole = startsWith(bytes, OLE)
  if (ext === 'csv') {
    if (utf16Bom(bytes) !== null) return 'csv'
    if (zip || ole || bytes.subarray(0, 8192).includes(0)) throw new ImportError(IMPORT_MESSAGES.wrongKind)
    return 'csv'
  }
  if (ext === 'xlsx' && ole) throw new ImportError(importMessage.failed(IMPORT_MESSAGES.password))
  if (zip) return 'xlsx'
  if (ole) return 'xls'
  throw new ImportError(IMPORT_MESSAGES.wrongKind)
}

export type TextEncodingName = 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be'

/** The encoding a UTF-16 byte order mark names, or null. */
function utf16Bom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (startsWith(bytes, [0xff, 0xfe])) return 'utf-16le'
  if (startsWith(bytes, [0xfe, 0xff])) return 'utf-16be'
  return null
}

/**
 * UTF-16 after its byte order mark (Excel's 'Texto Unicode'); else UTF-8 (BOM dropped) when the bytes
 * are valid UTF-8, else Windows-1252, as Excel pt-BR writes CSV.
 */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  const utf16 = utf16Bom(bytes)
  if (utf16 !== null) return { text: new TextDecoder(utf16).decode(bytes), encoding: utf16 }
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
    return { text, encoding: 'utf-8' }
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' }
  }
}

/** How many lines detectDelimiter reads: title rows may come before the header. */
const DELIMITER_LINES = 10

/**
 * The most frequent of ; , and tab (outside quotes) in the line of the first ten that holds most of
 * them (the first on a tie); a tie between them goes in that order (Excel pt-BR writes ';', and a name
 * may hold a comma). None: ',' (one column).
 */
export function detectDelimiter(text: string): Delimiter {
  let best: Delimiter = ','
  let most = 0
  let counts = { ';': 0, ',': 0, '\t': 0 }
  let quoted = false
  let line = 0
  const done = (): boolean => {
    const total = counts[';'] + counts[','] + counts['\t']
    if (total > most) {
      most = total
      best = ','
      let top = 0
      for (const d of [';', ',', '\t'] as const) {
        if (counts[d] > top) {
          best = d
          top = counts[d]
        }
      }
    }
    counts = { ';': 0, ',': 0, '\t': 0 }
    return ++line >= DELIMITER_LINES
  }
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '"') quoted = !quoted
    else if (!quoted && c === '\r' && text[i + 1] === '\n') continue
    else if (!quoted && (c === '\n' || c === '\r')) {
      if (done()) return best
    } else if (!quoted && (c === ';' || c === ',' || c === '\t')) counts[c]++
  }
  done()
  return best
}
