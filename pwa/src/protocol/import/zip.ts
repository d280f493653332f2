// An .xlsx's archive, read by its central directory: the parts' names and declared sizes, and each
// part inflated on demand, never past its declared size (a part that inflates further is a corrupt
// file, as Go's zip reader has it). The twin of the archive side of sync/importfile/xlsx.go.
import { corrupt } from '@/protocol/import/xml-scan'

export interface ZipEntry {
  name: string
  method: number
  /** The CRC-32 the directory declares: a part whose bytes do not match it is corrupt, as Go's zip reader has it. */
  crc: number
  compressed: number
  size: number
  offset: number
}

const u16 = (v: DataView, at: number) => v.getUint16(at, true)
const u32 = (v: DataView, at: number) => v.getUint32(at, true)

/** A zip64 extra field's 8-byte values for the fields set to 0xFFFFFFFF, in their order. */
function zip64(v: DataView, from: number, to: number, fields: number[]): number[] {
  for (let at = from; at + 4 <= to; at += 4 + u16(v, at + 2)) {
    if (u16(v, at) !== 1) continue
    return fields.map((f, i) => (f === 0xffffffff ? Number(v.getBigUint64(at + 4 + 8 * fields.slice(0, i).filter((x) => x === 0xffffffff).length, true)) : f))
  }
  return fields
}

/** The central directory's entries; throws the corrupt-file error when it cannot be read. */
export function zipEntries(bytes: Uint8Array): ZipEntry[] {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let eocd = -1
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (u32(v, at) === 0x06054b50) {
      eocd = at
      break
    }
  }
  if (eocd < 0) throw corrupt()
  const count = u16(v, eocd + 10)
  const entries: ZipEntry[] = []
  const names = new TextDecoder()
  try {
    for (let at = u32(v, eocd + 16), n = 0; n < count; n++) {
      if (u32(v, at) !== 0x02014b50) throw corrupt()
      const nameLength = u16(v, at + 28)
      const extraEnd = at + 46 + nameLength + u16(v, at + 30)
      const [size, compressed, offset] = zip64(v, at + 46 + nameLength, extraEnd, [u32(v, at + 24), u32(v, at + 20), u32(v, at + 42)])
      entries.push({
        name: names.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
        method: u16(v, at + 10),
        crc: u32(v, at + 16),
        compressed: compressed!,
        size: size!,
        offset: offset!,
      })
      at = extraEnd + u16(v, at + 32)
    }
  } catch {
    throw corrupt()
  }
  return entries
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    t[n] = c >>> 0
  }
  return t
})()

/** The CRC-32 (IEEE) of bytes. */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

/** A part's bytes, inflated; more than its declared size, a broken stream or another method is corrupt. */
export async function inflate(bytes: Uint8Array, e: ZipEntry): Promise<Uint8Array> {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (e.offset + 30 > bytes.length || u32(v, e.offset) !== 0x04034b50) throw corrupt()
  const start = e.offset + 30 + u16(v, e.offset + 26) + u16(v, e.offset + 28)
  const data = bytes.subarray(start, start + e.compressed)
  if (data.length !== e.compressed) throw corrupt()
  if (e.method === 0) {
    if (data.length !== e.size || crc32(data) !== e.crc) throw corrupt()
    return data
  }
  if (e.method !== 8) throw corrupt()
  const out = new Uint8Array(e.size)
  let filled = 0
  const source = new ReadableStream<BufferSource>({
    start(controller) {
      controller.enqueue(data as Uint8Array<ArrayBuffer>)
      controller.close()
    },
  })
  const reader = source.pipeThrough(new DecompressionStream('deflate-raw')).getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      if (filled + value.length > e.size) throw corrupt()
      out.set(value, filled)
      filled += value.length
    }
  } catch {
    void reader.cancel().catch(() => {})
    throw corrupt()
  }
  if (filled !== e.size || crc32(out) !== e.crc) throw corrupt()
  return out
}
