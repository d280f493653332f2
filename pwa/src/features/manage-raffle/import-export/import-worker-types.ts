// Messages between the page and the import Worker. The Worker keeps the whole plan: the page gets
// only the preview (counts, the first rows, the column step), and on confirm the Worker writes the
// tickets and their ops itself, so no array of 100,000 crosses to the page or is cloned on its thread.
import type { ImportChoice, ImportColumns } from '@/protocol/import/columns'
import type { Delimiter, FileKind, TextEncodingName } from '@/protocol/import/detect'
import type { ImportFormat, ImportTarget } from '@/protocol/import/rows'
import type { PersonRow } from '@/protocol/import/summary'

export type ImportRequest =
  | { type: 'read'; fileName: string; bytes: ArrayBuffer; raffleId: string; target: ImportTarget; previewRows: number }
  | { type: 'plan'; choice: ImportChoice }
  | { type: 'sheet'; sheet: number }
  | { type: 'save'; userId: string; raffleId: string }

/** A list in the preview: its first items and how many there are. */
export interface Listed<T> {
  first: T[]
  total: number
}

/** What the confirm dialog shows. */
export interface ImportPreview {
  kind: FileKind
  encoding: TextEncodingName | null
  delimiter: Delimiter | null
  /** An .xlsx's visible worksheets (a choice when more than one) and the one read. */
  sheets: string[]
  sheet: number
  format: ImportFormat
  people: number
  tickets: number
  rows: PersonRow[]
  /** A header file: its columns and the ones read (the column step). */
  header: string[]
  columns: ImportColumns | null
  grouped: number
  skipped: Listed<string>
  warnings: Listed<string>
  clashes: Listed<string>
  leftOut: string[]
  choice: ImportChoice
  /** The problem of the columns chosen (a header file), shown in the dialog; nothing can be imported. */
  error: string | null
}

/** parseMs and saveMs: the Worker's own time for each step (for the benchmarks). */
export type ImportResponse =
  { ok: true; type: 'read'; preview: ImportPreview; parseMs: number } | { ok: true; type: 'save'; people: number; saveMs: number } | { ok: false; message: string }
