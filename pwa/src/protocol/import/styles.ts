// The styles' number formats, the twin of sync/importfile/styles.go.
import { formatCode } from '@/protocol/import/numfmt'
import { attrValue, type XmlHandler } from '@/protocol/import/xml-scan'

/** Excel allows 64,000 cell formats: a cell naming one past those kept reads as General. */
const MAX_CELL_FORMATS = 65_536

/** The cell formats' number format codes (cellXfs, by index, as a cell's s attribute names them). */
export function styles(codes: string[]): XmlHandler {
  const own = new Map<number, string>()
  const ids: number[] = []
  let inXfs = false
  let depth = 0
  const int = (v: string) => (/^[+-]?[0-9]+$/.test(v) ? Number(v) : null)
  return {
    start(name, attrs) {
      if (name === 'numFmt') {
        const id = int(attrValue(attrs, 'numFmtId'))
        if (id !== null) own.set(id, attrValue(attrs, 'formatCode'))
      } else if (name === 'cellXfs') {
        inXfs = true
        depth = 0
      } else if (inXfs) {
        depth++
        if (depth === 1 && name === 'xf' && ids.length < MAX_CELL_FORMATS) ids.push(int(attrValue(attrs, 'numFmtId')) ?? 0)
      }
    },
    end(name) {
      if (name === 'cellXfs') {
        inXfs = false
        for (const id of ids) codes.push(formatCode(id, own))
      } else if (inXfs) depth--
    },
    text() {},
  }
}
