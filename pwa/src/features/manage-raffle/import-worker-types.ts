// Messages between the page and the import Worker. The Worker keeps the whole plan: the page gets
// only the preview (counts and the first rows), and on confirm the Worker writes the tickets and
// their ops itself, so no array of 100,000 crosses to the page or is cloned on its thread.
import type { Delimiter, FileKind, TextEncodingName } from '@/protocol/import/detect'
import type { ImportFormat, ImportTarget } from '@/protocol/import/rows'
import type { PersonRow } from '@/protocol/import/summary'

export type ImportRequest =
  | { type: 'read'; fileName: string; bytes: ArrayBuffer; target: ImportTarget; previewRows: number }
  | { type: 'save'; userId: string; raffleId: string }

/** What the confirm dialog shows. */
export interface ImportPreview {
  kind: FileKind
  encoding: TextEncodingName | null
  delimiter: Delimiter | null
  format: ImportFormat
  people: number
  tickets: number
  rows: PersonRow[]
}

/** parseMs and saveMs: the Worker's own time for each step (for the benchmarks). */
export type ImportResponse =
  | { ok: true; type: 'read'; preview: ImportPreview; parseMs: number }
  | { ok: true; type: 'save'; people: number; saveMs: number }
  | { ok: false; message: string }
