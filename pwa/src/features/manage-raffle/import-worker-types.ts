// Messages between the page and the import Worker.
import type { ImportRead } from '@/protocol/import/read'
import type { ImportTarget } from '@/protocol/import/rows'

export interface ImportRequest {
  fileName: string
  bytes: ArrayBuffer
  target: ImportTarget
}

/** parseMs: the Worker's time to decode, parse and check the file (for the benchmarks). */
/** A read with its ticket ids and each ticket's group id, made in the Worker. */
export type ImportWithIds = ImportRead & { ids: string[]; groups: string[] }

export type ImportResponse = { ok: true; read: ImportWithIds; parseMs: number } | { ok: false; message: string }
