// The shared XML vectors (sync/testdata/import/xml-vectors.json), which Go's xmlscan.go runs too:
// well-formed parts pass, the rest are the corrupt-file error.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { IMPORT_MESSAGES, importMessage } from '@/protocol/import/messages'
import { scanXml } from '@/protocol/import/xml-scan'

const file = resolve(__dirname, '../../../../sync/testdata/import/xml-vectors.json')
const { vectors } = JSON.parse(readFileSync(file, 'utf8')) as { vectors: { name: string; xml: string; ok: boolean }[] }
const nothing = { start: () => {}, end: () => {}, text: () => {} }

describe('XML vectors', () => {
  it('has them', () => expect(vectors.length).toBeGreaterThanOrEqual(20))
  for (const v of vectors) {
    it(v.name, () => {
      const run = () => scanXml(new TextEncoder().encode(v.xml), nothing)
      if (v.ok) expect(run).not.toThrow()
      else expect(run).toThrow(importMessage.failed(IMPORT_MESSAGES.corrupt))
    })
  }
})
