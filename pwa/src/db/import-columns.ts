// The import's column choice, remembered on this device for the next file with the same header
// (docs/import.md, "Columns"). A preference of this device only: kept in meta, never synced.
import type { ImportColumns } from '@/protocol/import/columns'
import { fold } from '@/protocol/import/fold'
import type { SorteioDB } from '@/db/schema'

/** The same header in other case or accents is the same file's shape. */
const key = (header: readonly string[]) => `import-columns:${JSON.stringify(header.map(fold))}`

export async function rememberedColumns(header: readonly string[], database: SorteioDB): Promise<ImportColumns | null> {
  return ((await database.meta.get(key(header)))?.value as ImportColumns | undefined) ?? null
}

export async function rememberColumns(header: readonly string[], columns: ImportColumns, database: SorteioDB): Promise<void> {
  await database.meta.put({ key: key(header), value: columns })
}
