// Messages between the page and the import Worker.
import type { ImportRead } from '@/protocol/import/read'
import type { ImportTarget } from '@/protocol/import/rows'

export interface ImportRequest {
  fileName: string
  bytes: ArrayBuffer
  target: ImportTarget
}

export type ImportResponse = { ok: true; read: ImportRead } | { ok: false; message: string }
